// withdrawals/'s model face: bank accounts, PIX keys and participants, recipients, the withdrawal entity. It stands
// apart from index.ts (its services) because the provider's port takes these while withdrawals/ calls the port.
export { type AccountAtBank, type BankAccount, BankAccountType, checkAccountAtBank } from "./bank-account";
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
