import type { TransferDestination, TransferOrder } from "../provider";
import type { BankAccount } from "./bank-account";
import type { PixKeyType } from "./pix-key";

/** What the bank is asked to pay for a withdrawal, from its stored columns. */
export interface TransferSource {
  id: string;
  reference: string;
  amountCents: bigint;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  bankAccount: BankAccount | null;
  recipientDocument: string | null;
}

/** A key or an account: the table's check keeps exactly one of them on every row. */
export function destinationOf(
  source: Pick<TransferSource, "pixKeyType" | "pixKey" | "bankAccount">,
): TransferDestination {
  if (source.bankAccount !== null) return { pixKeyType: null, pixKey: null, bankAccount: source.bankAccount };
  if (source.pixKeyType === null || source.pixKey === null) throw new Error("withdrawal without a destination");
  return { pixKeyType: source.pixKeyType, pixKey: source.pixKey, bankAccount: null };
}

export function transferOrderOf(source: TransferSource): TransferOrder {
  return {
    ...destinationOf(source),
    withdrawalId: source.id,
    reference: source.reference,
    amountCents: source.amountCents,
    recipientDocument: source.recipientDocument,
  };
}

/** The columns a raw row needs for transferOrderOfRow. */
export const TRANSFER_ORDER_COLUMNS =
  "id, reference, amount_cents, pix_key_type, pix_key, bank_account, recipient_document";

export interface TransferOrderRow {
  id: string;
  reference: string;
  amount_cents: string;
  pix_key_type: PixKeyType | null;
  pix_key: string | null;
  bank_account: BankAccount | null;
  recipient_document: string | null;
}

export function transferOrderOfRow(row: TransferOrderRow): TransferOrder {
  return transferOrderOf({
    id: row.id,
    reference: row.reference,
    amountCents: BigInt(row.amount_cents),
    pixKeyType: row.pix_key_type,
    pixKey: row.pix_key,
    bankAccount: row.bank_account,
    recipientDocument: row.recipient_document,
  });
}
