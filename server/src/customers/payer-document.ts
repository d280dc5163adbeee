import { validationError } from "../core/errors";
import { canonicalizePixKey } from "../withdrawals/model";

/** Who a charge is addressed to (the API Pix `devedor`): a name and a CPF or CNPJ. */
export interface Payer {
  name: string;
  /** CPF (11 digits) or CNPJ (14 characters), canonical: no punctuation, upper case. */
  document: string;
}

export const MAX_PAYER_NAME_LENGTH = 140;

/** "cpf" or "cnpj" by the canonical document's length. */
export const documentKind = (document: string): "cpf" | "cnpj" => (document.length === 11 ? "cpf" : "cnpj");

/**
 * A payer as given (`{"name", "cpf" | "cnpj"}`), checked as withdrawal keys are: exactly one
 * of cpf and cnpj, with valid check digits; the name 1 to 140 characters. `field` prefixes
 * the messages ("payer", "" for a customer's own fields).
 */
export function checkPayer(input: { name: string; cpf?: string | null; cnpj?: string | null }, field: string): Payer {
  const prefix = field ? `${field}.` : "";
  const name = input.name.trim();
  // Characters as people count them (code points).
  if (name.length === 0 || [...name].length > MAX_PAYER_NAME_LENGTH) {
    throw validationError(`${prefix}name must have 1 to ${MAX_PAYER_NAME_LENGTH} characters`);
  }
  const cpf = input.cpf ?? null;
  const cnpj = input.cnpj ?? null;
  if ((cpf === null) === (cnpj === null))
    throw validationError(`${prefix}cpf or ${prefix}cnpj (exactly one) is required`);
  const checked = cpf !== null ? canonicalizePixKey("CPF", cpf) : canonicalizePixKey("CNPJ", cnpj as string);
  if (!checked.ok) {
    const which = cpf !== null ? "cpf" : "cnpj";
    throw validationError(`${prefix}${which} is not a valid ${which.toUpperCase()}`);
  }
  return { name, document: checked.key };
}
