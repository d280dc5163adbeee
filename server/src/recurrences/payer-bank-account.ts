import { validationError } from "../core/errors";
import { pixParticipantName } from "../withdrawals/model";

/**
 * The payer's account at their own bank, given by the merchant so that the authorisation is
 * sent there (the API Pix `solicrec`'s `destinatario`, journey 4). Its holder is the
 * recurrence's payer: the request carries the payer's CPF or CNPJ.
 */
export interface PayerBankAccountRequest {
  ispb?: unknown;
  branch?: unknown;
  account?: unknown;
}

export interface CheckedPayerBankAccount {
  ispb: string;
  branch: string | null;
  account: string;
}

/**
 * Checked field by field as a withdrawal's `bank_account` is (CONTRACT §15: each refusal names
 * its field, 400 VALIDATION_ERROR); the branch is optional, as the API Pix `DadosBancarios`'
 * `agencia` is. The ISPB must be a Pix participant's: a typo would only fail at the bank.
 */
export function checkPayerBankAccount(raw: PayerBankAccountRequest): CheckedPayerBankAccount {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const ispb = text(raw.ispb);
  if (!/^\d{8}$/.test(ispb)) throw validationError("payer_bank_account.ispb must be the payer's bank's ISPB: 8 digits");
  if (pixParticipantName(ispb) === null)
    throw validationError("payer_bank_account.ispb is not the ISPB of a Pix participant");
  let branch: string | null = null;
  if (raw.branch != null && raw.branch !== "") {
    branch = text(raw.branch);
    if (!/^\d{1,4}$/.test(branch)) throw validationError("payer_bank_account.branch must have 1 to 4 digits");
  }
  const account = text(raw.account);
  if (!/^\d{1,20}$/.test(account))
    throw validationError("payer_bank_account.account must have 1 to 20 digits, the check digit included");
  return { ispb, branch, account };
}
