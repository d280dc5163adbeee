import { validationError } from "../core/errors";
import { pixParticipantName } from "./pix-participants";
import { canonicalDocument } from "./recipients";

/** A payout to an account instead of a key (CONTRACT §15): the account's kinds. */
export enum BankAccountType {
  CHECKING = "CHECKING",
  SAVINGS = "SAVINGS",
  PAYMENT = "PAYMENT",
}
/** The account a withdrawal pays instead of a key, checked and in canonical form. */
export interface BankAccount {
  ispb: string;
  branch: string;
  account: string;
  accountType: BankAccountType;
  holderName: string;
  holderDocument: string;
}

const HOLDER_NAME_MAX = 140;
const ACCOUNT_TYPES = new Set<string>(Object.values(BankAccountType));

/** What a request may carry as `bank_account`: checked field by field by checkBankAccount. */
export interface BankAccountRequest {
  ispb?: unknown;
  branch?: unknown;
  account?: unknown;
  accountType?: unknown;
  holderName?: unknown;
  holderDocument?: unknown;
}

type AccountAtBankRequest = { ispb?: unknown; branch?: unknown; account?: unknown };

/** Where an account is, as the API Pix's `DadosBancarios` has it: the bank, the branch, the number. */
export interface AccountAtBank<Branch extends string | null = string> {
  ispb: string;
  branch: Branch;
  account: string;
}

/**
 * The bank, branch and number of an account a request names, under its field (`bank_account`
 * of a withdrawal, `payer_bank_account` of a recurrence): each refusal names the field (400
 * VALIDATION_ERROR). The ISPB must be a Pix participant's: a typo would otherwise only fail at
 * the bank. `whoseIspb` says whose ISPB it is in the refusal ("the institution's").
 */
export function checkAccountAtBank(
  raw: AccountAtBankRequest,
  field: string,
  whoseIspb: string,
  branch: "required",
): AccountAtBank;
export function checkAccountAtBank(
  raw: AccountAtBankRequest,
  field: string,
  whoseIspb: string,
  branch: "optional",
): AccountAtBank<string | null>;
export function checkAccountAtBank(
  raw: AccountAtBankRequest,
  field: string,
  whoseIspb: string,
  branchRule: "required" | "optional",
): AccountAtBank<string | null> {
  const ispb = text(raw.ispb);
  if (!/^\d{8}$/.test(ispb)) throw validationError(`${field}.ispb must be ${whoseIspb} ISPB: 8 digits`);
  if (pixParticipantName(ispb) === null) throw validationError(`${field}.ispb is not the ISPB of a Pix participant`);
  let branch: string | null = null;
  if (branchRule === "required" || (raw.branch != null && raw.branch !== "")) {
    branch = text(raw.branch);
    if (!/^\d{1,4}$/.test(branch)) throw validationError(`${field}.branch must have 1 to 4 digits`);
  }
  const account = text(raw.account);
  if (!/^\d{1,20}$/.test(account))
    throw validationError(`${field}.account must have 1 to 20 digits, the check digit included`);
  return { ispb, branch, account };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A requested account, checked field by field (each refusal names its field: 400
 * VALIDATION_ERROR), in canonical form: the holder's document without punctuation, the name
 * trimmed.
 */
export function checkBankAccount(raw: BankAccountRequest): BankAccount {
  const { ispb, branch, account } = checkAccountAtBank(raw, "bank_account", "the institution's", "required");
  const accountType = text(raw.accountType);
  if (!ACCOUNT_TYPES.has(accountType))
    throw validationError("bank_account.account_type must be CHECKING, SAVINGS or PAYMENT");
  const holderName = text(raw.holderName).trim();
  if (holderName.length === 0 || [...holderName].length > HOLDER_NAME_MAX)
    throw validationError(`bank_account.holder_name must have 1 to ${HOLDER_NAME_MAX} characters`);
  const document = canonicalDocument(raw.holderDocument);
  if (!document.ok)
    throw validationError(
      "bank_account.holder_document must be a CPF (11 digits) or a CNPJ (14 characters) with valid check digits",
    );
  return {
    ispb,
    branch,
    account,
    accountType: accountType as BankAccountType,
    holderName,
    holderDocument: document.document,
  };
}
