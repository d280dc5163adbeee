import { ChargesListDocument } from "@/features/charges/documents";
import {
  CHARGE_STATUSES,
  CHARGE_TYPES,
  createdRange,
  MONEY_BACK_FILTERS,
  moneyBackArguments,
  RESERVED_FILTERS,
  reservedArgument,
} from "@/features/charges/search-params";
import type { ChargeRowFragment, ChargeStatus, ChargeType } from "@/gql/graphql";
import { withCompanyNames } from "@/lib/export/company-names";
import { csvDateTime, csvMoney } from "@/lib/export/csv";
import { oneOf } from "@/lib/export/filters";
import { defineExport } from "@/lib/export/registry-types";

/** The charges list (app/(operator)/ops/charges) with its filters: status, hold, refunds and MED, type, company, days. */
export const chargesExport = defineExport<ChargeRowFragment & { companyName: string | null }>({
  filename: "cobrancas",
  columns: [
    { key: "id", value: (row) => `chg_${row.id}` },
    { key: "company", value: (row) => row.companyName },
    { key: "companyId", value: (row) => row.companyId },
    { key: "created", value: (row) => csvDateTime(row.createdAt), trusted: true },
    { key: "status", value: (row) => row.status },
    { key: "reserved", value: (row, words) => (row.reserved ? words.yes : words.no) },
    { key: "reserveReason", value: (row) => row.reservedReason },
    { key: "amount", value: (row) => csvMoney(row.amount), trusted: true },
    { key: "fee", value: (row) => csvMoney(row.fee), trusted: true },
    { key: "net", value: (row) => csvMoney(row.netAmount), trusted: true },
    { key: "description", value: (row) => row.description },
    { key: "payer", value: (row) => row.payerName },
    { key: "payerDocument", value: (row) => row.payerDocument },
    { key: "paid", value: (row) => csvDateTime(row.paidAt), trusted: true },
    { key: "txid", value: (row) => row.txid },
    { key: "e2eId", value: (row) => row.e2eId },
  ],
  async page(client, filters, after) {
    const { charges } = await client(ChargesListDocument, {
      first: 100,
      after,
      status: oneOf<ChargeStatus>(filters.get("status"), CHARGE_STATUSES),
      reserved: reservedArgument(oneOf(filters.get("reserved"), RESERVED_FILTERS)),
      ...moneyBackArguments(oneOf(filters.get("moneyBack"), MONEY_BACK_FILTERS)),
      type: oneOf<ChargeType>(filters.get("type"), CHARGE_TYPES),
      companyId: filters.get("company") || null,
      ...createdRange(filters.get("from"), filters.get("to")),
    });
    return {
      rows: await withCompanyNames(client, charges.data),
      endCursor: charges.pageInfo.endCursor ?? null,
      hasNextPage: charges.pageInfo.hasNextPage,
    };
  },
});
