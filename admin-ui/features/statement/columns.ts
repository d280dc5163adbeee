import type { LedgerEntryKind, StatementQuery } from "@/gql/graphql";

export type StatementRow = StatementQuery["ledgerEntries"]["data"][number];

export const LEDGER_KIND_LABELS: Record<LedgerEntryKind, string> = {
  CHARGE_PAID: "Charge paid",
  CHARGE_RESERVED: "Charge held",
  CHARGE_RELEASED: "Charge released",
  WITHDRAWAL_RESERVED: "Withdrawal",
  WITHDRAWAL_REFUNDED: "Withdrawal returned",
  ADJUSTMENT: "Adjustment",
  REFUND_RESERVED: "Refund to payer",
  REFUND_FAILED: "Refund failed (returned)",
  DISPUTE_HELD: "MED dispute hold",
  DISPUTE_RELEASED: "MED dispute hold released",
};

/** What a ledger entry is about: the refund, charge, withdrawal or adjustment it belongs to. */
export function statementReference(row: StatementRow): string {
  if (row.refundId) return row.refundId;
  if (row.chargeId) return `chg_${row.chargeId}`;
  if (row.withdrawalId) return row.withdrawalId;
  return row.adjustmentId ?? "";
}
