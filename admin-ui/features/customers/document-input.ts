// The server's own rules (check digits included): the form checks the document as the person types; the API checks it again.
import { canonicalizePixKey } from "@server/withdrawals/pix-key";

/** A typed CPF or CNPJ as the API takes it (`cpf` or `cnpj`), or null when it is neither. */
export function documentFields(raw: string): { cpf: string; cnpj?: never } | { cnpj: string; cpf?: never } | null {
  const text = raw.replace(/[\s.\-/]/g, "").toUpperCase();
  if (text.length === 11) {
    const check = canonicalizePixKey("CPF", text);
    return check.ok ? { cpf: check.key } : null;
  }
  if (text.length === 14) {
    const check = canonicalizePixKey("CNPJ", text);
    return check.ok ? { cnpj: check.key } : null;
  }
  return null;
}
