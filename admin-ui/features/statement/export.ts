import {
  ledgerKindLabel,
  statementReference,
  type WithReference,
  withWithdrawalReferences,
} from "@/features/statement/columns";
import { dayRange } from "@/features/statement/date-range";
import { WithdrawalReferenceDocument } from "@/features/statement/documents";
import type { ExportStatementQuery } from "@/gql/graphql";
import { csvDateTime, csvMoney } from "@/lib/export/csv";
import { ExportStatementDocument } from "@/lib/export/documents";
import { defineExport } from "@/lib/export/registry-types";

type Row = ExportStatementQuery["ledgerEntries"]["data"][number] & WithReference;

/**
 * The merchant's statement (app/(merchant)/m/statement) for the days its URL names: every
 * movement newest first with the balance after it. The API scopes it to the caller's account.
 */
export const statementExport = defineExport<Row>({
  filename: "extrato",
  columns: [
    { key: "date", value: (row) => csvDateTime(row.createdAt), trusted: true },
    { key: "type", value: (row, words) => ledgerKindLabel(row.kind, words.statement) },
    { key: "description", value: (row) => row.memo },
    { key: "reference", value: statementReference },
    { key: "amount", value: (row) => csvMoney(row.amount), trusted: true },
    { key: "balanceAfter", value: (row) => csvMoney(row.balanceAfter), trusted: true },
  ],
  async page(client, filters, after) {
    const { ledgerEntries } = await client(ExportStatementDocument, {
      first: 100,
      after,
      ...dayRange(filters.get("from"), filters.get("to")),
    });
    return {
      rows: await withWithdrawalReferences(ledgerEntries.data, (id) =>
        client(WithdrawalReferenceDocument, { id }).then(({ withdrawal }) => withdrawal.withdrawalReference),
      ),
      endCursor: ledgerEntries.pageInfo.endCursor ?? null,
      hasNextPage: ledgerEntries.pageInfo.hasNextPage,
    };
  },
});
