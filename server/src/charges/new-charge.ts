import { checkDueDateTerms, type DayNumber, type DueDateTerms, type DueDateTermsInput } from "../billing";
import { validationError } from "../core/errors";
import { requestFingerprint } from "../core/idempotency";
import { type Cents, MAX_AMOUNT_CENTS } from "../core/money";
import { checkPayer, type Payer } from "../customers";
import { checkMetadata, type Metadata } from "./charge-metadata";

export const DEFAULT_EXPIRES_IN_SECONDS = 3600;
export const MAX_DESCRIPTION_LENGTH = 140;
const EXTERNAL_REFERENCE = /^[A-Za-z0-9._:-]{1,64}$/;

/** A new charge as the caller asks for it (CONTRACT §2 and §11). */
export interface NewCharge {
  amountCents: Cents;
  description?: string | null;
  expiresInSeconds?: number | null;
  /** A due-date charge (`cobv`): YYYY-MM-DD. The fields below up to `discount` are for it only. */
  dueDate?: string | null;
  daysAfterDue?: number | null;
  payer?: { name: string; cpf?: string | null; cnpj?: string | null } | null;
  fine?: DueDateTermsInput["fine"];
  interest?: DueDateTermsInput["interest"];
  abatement?: DueDateTermsInput["abatement"];
  discount?: DueDateTermsInput["discount"];
  /** One of the account's customers: the charge's payer. */
  customerId?: string | null;
  externalReference?: string | null;
  metadata?: Metadata | null;
}

/** A new charge checked: what is stored, and the fingerprint its Idempotency-Key remembers. */
export interface PreparedCharge {
  amountCents: Cents;
  description: string | null;
  /** Immediate charges: seconds until expiry. Null for a due-date charge (it expires after its last payable day). */
  expiresInSeconds: number | null;
  terms: DueDateTerms | null;
  /** The payer as given (a customer's is looked up later). */
  payer: Payer | null;
  customerId: string | null;
  externalReference: string | null;
  metadata: Metadata | null;
  fingerprint: string;
}

const DUE_DATE_ONLY = ["daysAfterDue", "payer", "fine", "interest", "abatement", "discount"] as const;
const REST_NAMES: Record<(typeof DUE_DATE_ONLY)[number], string> = {
  daysAfterDue: "days_after_due",
  payer: "payer",
  fine: "fine",
  interest: "interest",
  abatement: "abatement",
  discount: "discount",
};

/**
 * Checks a new charge before anything is written or sent to the bank, in the order a caller
 * reads the errors: amount, description, the kind (due_date or expires_in, never both; the
 * due-date fields only with due_date), the terms, the payer, the reference, the metadata.
 * `today` is the day in America/Sao_Paulo. Throws VALIDATION_ERROR naming the REST field.
 */
export function prepareCharge(input: NewCharge, today: DayNumber): PreparedCharge {
  if (input.amountCents < 1n || input.amountCents > MAX_AMOUNT_CENTS) {
    throw validationError("amount must be between 0.01 and 99999999.99");
  }
  const description = input.description ?? null;
  // Characters as people count them (code points): an emoji is one, not two UTF-16 units.
  if (description !== null && [...description].length > MAX_DESCRIPTION_LENGTH) {
    throw validationError(`description must have at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  const dueDate = input.dueDate ?? null;
  let expiresInSeconds: number | null = null;
  let terms: DueDateTerms | null = null;
  let payer: Payer | null = null;
  if (dueDate === null) {
    const given = DUE_DATE_ONLY.find((field) => input[field] != null);
    if (given) throw validationError(`${REST_NAMES[given]} is only for a due-date charge: give due_date`);
    expiresInSeconds = input.expiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS;
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 60 || expiresInSeconds > 2_592_000) {
      throw validationError("expires_in must be an integer number of seconds from 60 to 2592000");
    }
  } else {
    if (input.expiresInSeconds != null) {
      throw validationError(
        "due_date and expires_in cannot be used together: a due-date charge expires after days_after_due",
      );
    }
    terms = checkDueDateTerms(input.amountCents, { ...input, dueDate }, today);
    if (input.payer != null && input.customerId != null) {
      throw validationError("give payer or customer_id, not both: customer_id sets the payer");
    }
    if (input.payer == null && input.customerId == null) {
      throw validationError("payer (name and cpf or cnpj) or customer_id is required with due_date");
    }
    payer = input.payer != null ? checkPayer(input.payer, "payer") : null;
  }
  const externalReference = input.externalReference ?? null;
  if (externalReference !== null && !EXTERNAL_REFERENCE.test(externalReference)) {
    throw validationError("external_reference must have 1 to 64 of A-Z a-z 0-9 . _ : -");
  }
  const metadata = input.metadata == null ? null : checkMetadata(input.metadata);
  const customerId = input.customerId ?? null;
  return {
    amountCents: input.amountCents,
    description,
    expiresInSeconds,
    terms,
    payer,
    customerId,
    externalReference,
    metadata,
    fingerprint: requestFingerprint([
      input.amountCents,
      description,
      expiresInSeconds,
      // An immediate charge without references keeps the fingerprint charges had before these fields.
      ...(terms === null && customerId === null && externalReference === null && metadata === null
        ? []
        : [
            JSON.stringify(terms, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
            payer === null ? null : `${payer.name}\u0000${payer.document}`,
            customerId,
            externalReference,
            metadata === null ? null : JSON.stringify(metadata),
          ]),
    ]),
  };
}
