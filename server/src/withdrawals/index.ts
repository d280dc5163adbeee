// Withdrawals, PIX key rules, transitions, recipients, the transfer orders sent to the bank.
// Its public face (with model.ts): what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { TRANSFER_ORDER_COLUMNS, type TransferOrderRow, transferOrderOfRow } from "./transfer-order";
export type { WithdrawalBankOutcomes } from "./withdrawal-bank-outcomes";
export type { WithdrawalsService } from "./withdrawals.service";
