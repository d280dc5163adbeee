import { WITHDRAWAL_STATUSES } from "@/features/withdrawals/search-params";
import type { ExportWithdrawalsQuery, WithdrawalStatus } from "@/gql/graphql";
import { withCompanyNames } from "@/lib/export/company-names";
import { csvDateTime, csvMoney } from "@/lib/export/csv";
import { ExportWithdrawalsDocument } from "@/lib/export/documents";
import { oneOf } from "@/lib/export/filters";
import { defineExport } from "@/lib/export/registry-types";

type Row = ExportWithdrawalsQuery["withdrawals"]["data"][number];

/**
 * The withdrawals list (app/(operator)/ops/withdrawals) as its URL shows it: the queue is
 * every PENDING one oldest first; "all" is one status or every one, newest first unless
 * sorted by request time ascending.
 */
export const withdrawalsExport = defineExport<Row & { companyName: string | null }>({
  filename: "saques",
  columns: [
    { key: "id", value: (row) => row.id },
    { key: "reference", value: (row) => row.withdrawalReference },
    { key: "company", value: (row) => row.companyName },
    { key: "companyId", value: (row) => row.companyId },
    { key: "requested", value: (row) => csvDateTime(row.createdAt), trusted: true },
    { key: "status", value: (row) => row.status },
    { key: "amount", value: (row) => csvMoney(row.amount), trusted: true },
    { key: "pixKeyType", value: (row) => row.pixKeyType },
    { key: "pixKey", value: (row) => row.pixKey },
    { key: "reason", value: (row) => row.reason },
    { key: "e2eId", value: (row) => row.e2eId },
    { key: "lastChange", value: (row) => csvDateTime(row.updatedAt), trusted: true },
    { key: "scheduledFor", value: (row) => row.scheduledFor },
    { key: "sendsOn", value: (row) => row.sendsOn },
    // The holder as the bank tells it: its document masked as the central bank masks it.
    { key: "recipientName", value: (row) => row.recipient?.name },
    { key: "recipientDocument", value: (row) => row.recipient?.document },
    { key: "recipientInstitution", value: (row) => row.recipient?.institution },
    { key: "bankIspb", value: (row) => row.bankAccount?.ispb },
    { key: "bankBranch", value: (row) => row.bankAccount?.branch },
    { key: "bankAccount", value: (row) => row.bankAccount?.account },
    { key: "bankAccountType", value: (row) => row.bankAccount?.accountType },
    { key: "bankHolderName", value: (row) => row.bankAccount?.holderName },
    { key: "bankHolderDocument", value: (row) => row.bankAccount?.holderDocument },
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
      rows: await withCompanyNames(client, withdrawals.data),
      endCursor: withdrawals.pageInfo.endCursor ?? null,
      hasNextPage: withdrawals.pageInfo.hasNextPage,
    };
  },
});
