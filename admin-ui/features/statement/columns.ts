import type { StatementQuery } from "@/gql/graphql";
import type { Messages } from "@/messages";

export type StatementRow = StatementQuery["ledgerEntries"]["data"][number];

/** A key of `statement.kinds`. */
export type LedgerKindKey = `kinds.${keyof Messages["statement"]["kinds"]}`;

/** Ledger entry kinds that `statement.kinds` names; a kind the console does not know yet shows its name. */
const NAMED_KINDS = new Set<string>([
  "CHARGE_PAID",
  "CHARGE_RESERVED",
  "CHARGE_RELEASED",
  "WITHDRAWAL_RESERVED",
  "WITHDRAWAL_REFUNDED",
  "ADJUSTMENT",
  "REFUND_RESERVED",
  "REFUND_FAILED",
  "DISPUTE_HELD",
  "DISPUTE_RELEASED",
]);

/** A ledger entry kind in the reader's language, from `t` over the `statement` catalogue. */
export function ledgerKindLabel(kind: string, t: (key: LedgerKindKey) => string): string {
  return NAMED_KINDS.has(kind) ? t(`kinds.${kind}` as LedgerKindKey) : kind;
}

/** What a ledger entry is about: the refund, charge, withdrawal or adjustment it belongs to. */
export function statementReference(row: StatementRow & WithReference): string {
  if (row.refundId) return row.refundId;
  if (row.chargeId) return `chg_${row.chargeId}`;
  if (row.withdrawalId) return row.withdrawalReference ?? row.withdrawalId;
  return row.adjustmentId ?? "";
}

/** A ledger entry with its withdrawal's reference beside the withdrawal's id. */
export interface WithReference {
  withdrawalReference?: string | null;
}

/**
 * The entries with the reference (WDR_…) of their withdrawals: the statement names a
 * withdrawal as its list, its page and its toasts do, not by its internal `wd_` id. One read
 * per withdrawal on the page (a page holds at most 100 entries); an unreadable one keeps its id.
 */
export async function withWithdrawalReferences<R extends { withdrawalId?: string | null }>(
  rows: R[],
  readReference: (id: string) => Promise<string>,
): Promise<Array<R & WithReference>> {
  const ids = [...new Set(rows.flatMap((row) => (row.withdrawalId ? [row.withdrawalId] : [])))];
  const found = new Map(
    await Promise.all(ids.map(async (id) => [id, await readReference(id).catch(() => null)] as const)),
  );
  return rows.map((row) => ({ ...row, withdrawalReference: row.withdrawalId ? found.get(row.withdrawalId) : null }));
}
