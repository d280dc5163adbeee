import { WITHDRAWAL_STATUSES } from "@/features/withdrawals/search-params";
import type { ExportWithdrawalsQuery, WithdrawalStatus } from "@/gql/graphql";
import { csvDateTime, csvMoney } from "../csv";
import { ExportWithdrawalsDocument } from "../documents";
import { defineExport } from "../registry-types";
import { oneOf } from "./filters";

type Row = ExportWithdrawalsQuery["withdrawals"]["data"][number];

/**
 * The withdrawals list (app/(operator)/ops/withdrawals) as its URL shows it: the queue is
 * every PENDING one oldest first; "all" is one status or every one, newest first unless
 * sorted by request time ascending.
 */
export const withdrawalsExport = defineExport<Row>({
  filename: "withdrawals",
  columns: [
    { header: "ID", value: (row) => row.id },
    { header: "Reference", value: (row) => row.withdrawalReference },
    { header: "Company ID", value: (row) => row.companyId },
    { header: "Requested", value: (row) => csvDateTime(row.createdAt), trusted: true },
    { header: "Status", value: (row) => row.status },
    { header: "Amount (R$)", value: (row) => csvMoney(row.amount), trusted: true },
    { header: "PIX key type", value: (row) => row.pixKeyType },
    { header: "PIX key", value: (row) => row.pixKey },
    { header: "Reason", value: (row) => row.reason },
    { header: "E2E ID", value: (row) => row.e2eId },
    { header: "Last change", value: (row) => csvDateTime(row.updatedAt), trusted: true },
  ],
  async page(client, filters, after) {
    const queue = filters.get("view") !== "all";
    const oldestFirst = queue || filters.get("sort") === "requested.asc";
    const { withdrawals } = await client(ExportWithdrawalsDocument, {
      first: 100,
      after,
      status: queue ? "PENDING" : oneOf<WithdrawalStatus>(filters.get("status"), WITHDRAWAL_STATUSES),
      companyId: filters.get("company") || null,
      order: oldestFirst ? "OLDEST_FIRST" : "NEWEST_FIRST",
    });
    return {
      rows: withdrawals.data,
      endCursor: withdrawals.pageInfo.endCursor ?? null,
      hasNextPage: withdrawals.pageInfo.hasNextPage,
    };
  },
});
