import { type AccountAtBank, checkAccountAtBank } from "../withdrawals/model";

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

/**
 * Checked field by field as a withdrawal's `bank_account` is (CONTRACT §15: each refusal names
 * its field, 400 VALIDATION_ERROR); the branch is optional, as the API Pix `DadosBancarios`'
 * `agencia` is.
 */
export function checkPayerBankAccount(raw: PayerBankAccountRequest): AccountAtBank<string | null> {
  return checkAccountAtBank(raw, "payer_bank_account", "the payer's bank's", "optional");
}
