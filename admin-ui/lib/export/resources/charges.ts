import { ChargesListDocument } from "@/features/charges/documents";
import { CHARGE_STATUSES, createdRange, RESERVED_FILTERS, reservedArgument } from "@/features/charges/search-params";
import type { ChargeRowFragment, ChargeStatus } from "@/gql/graphql";
import { csvDateTime, csvMoney } from "../csv";
import { defineExport } from "../registry-types";
import { oneOf } from "./filters";

/** The charges list (app/(operator)/ops/charges) with its status, reserve and company filters. */
export const chargesExport = defineExport<ChargeRowFragment>({
  filename: "charges",
  columns: [
    { header: "ID", value: (row) => `chg_${row.id}` },
    { header: "Company ID", value: (row) => row.companyId },
    { header: "Created", value: (row) => csvDateTime(row.createdAt), trusted: true },
    { header: "Status", value: (row) => row.status },
    { header: "Reserved", value: (row) => (row.reserved ? "yes" : "no") },
    { header: "Reserve reason", value: (row) => row.reservedReason },
    { header: "Amount (R$)", value: (row) => csvMoney(row.amount), trusted: true },
    { header: "Fee (R$)", value: (row) => csvMoney(row.fee), trusted: true },
    { header: "Net (R$)", value: (row) => csvMoney(row.netAmount), trusted: true },
    { header: "Description", value: (row) => row.description },
    { header: "Payer", value: (row) => row.payerName },
    { header: "Payer document", value: (row) => row.payerDocument },
    { header: "Paid", value: (row) => csvDateTime(row.paidAt), trusted: true },
    { header: "txid", value: (row) => row.txid },
    { header: "E2E ID", value: (row) => row.e2eId },
  ],
  async page(client, filters, after) {
    const { charges } = await client(ChargesListDocument, {
      first: 100,
      after,
      status: oneOf<ChargeStatus>(filters.get("status"), CHARGE_STATUSES),
      reserved: reservedArgument(oneOf(filters.get("reserved"), RESERVED_FILTERS)),
      companyId: filters.get("company") || null,
      ...createdRange(filters.get("from"), filters.get("to")),
    });
    return {
      rows: charges.data,
      endCursor: charges.pageInfo.endCursor ?? null,
      hasNextPage: charges.pageInfo.hasNextPage,
    };
  },
});
