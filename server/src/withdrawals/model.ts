// The model face of withdrawals/: its entities, types, errors and plain rules, apart from index.ts (its services), because features its services use import this part.
export { type BankAccount, BankAccountType } from "./bank-account";
export { canonicalCnpj, canonicalizePixKey, type PixKeyType } from "./pix-key";
export { pixParticipantName } from "./pix-participants";
export {
  KEY_NOT_DOCUMENTS_REASON,
  maskDocument,
  type RecipientAtBank,
  sandboxKeyOwner,
  sandboxKeyRecipient,
} from "./recipients";
export { Withdrawal } from "./withdrawal.entity";
export { BANK_UNAVAILABLE_REASON, TRANSIENT_RETRY_DELAYS_MS } from "./withdrawal-jobs";
