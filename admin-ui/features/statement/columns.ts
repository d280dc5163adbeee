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
export function statementReference(row: StatementRow): string {
  if (row.refundId) return row.refundId;
  if (row.chargeId) return `chg_${row.chargeId}`;
  if (row.withdrawalId) return row.withdrawalId;
  return row.adjustmentId ?? "";
}
