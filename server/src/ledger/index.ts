// Ledger entries, the running balance, adjustments, the maker-checker threshold.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export { lockAccountBalance, movePendingWithdrawals, postLedgerEntry } from "./ledger.service";
export { LedgerEntryKind } from "./ledger-entry.entity";
export { MAKER_CHECKER_OFF, type MakerCheckerPolicy, mayMoveAlone } from "./maker-checker";
