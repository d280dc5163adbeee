import { registerEnumType } from "type-graphql";
import { maskDocument, namesLookAlike } from "./recipients";
import type { Withdrawal } from "./withdrawal.entity";

export enum RecipientWarning {
  NAME_MISMATCH = "NAME_MISMATCH",
  DOCUMENT_MISMATCH = "DOCUMENT_MISMATCH",
}
registerEnumType(RecipientWarning, {
  name: "RecipientWarning",
  description: "Where the holder the bank tells differs from the recipient the merchant declared.",
});

/**
 * The holder the bank tells against the recipient the merchant declared: the name (when one
 * was declared) must look alike, the document (when one was declared) must be the same as the
 * bank shows it (a CPF masked, compared by the digits the bank leaves visible).
 */
export function recipientWarningsOf(
  withdrawal: Pick<Withdrawal, "recipient" | "recipientName" | "recipientDocument">,
): RecipientWarning[] {
  const { recipient } = withdrawal;
  if (recipient === null) return [];
  const warnings: RecipientWarning[] = [];
  if (withdrawal.recipientName !== null && !namesLookAlike(withdrawal.recipientName, recipient.name))
    warnings.push(RecipientWarning.NAME_MISMATCH);
  if (
    withdrawal.recipientDocument !== null &&
    maskDocument(withdrawal.recipientDocument) !== maskDocument(recipient.document)
  )
    warnings.push(RecipientWarning.DOCUMENT_MISMATCH);
  return warnings;
}
