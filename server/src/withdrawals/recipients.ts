import { canonicalCnpj, canonicalCpf, type PixKeyType } from "./pix-key";

/**
 * Who a withdrawal pays (CONTRACT §15): the merchant's declared recipient (a CPF or CNPJ, a
 * name), what the bank tells of the key's or account's holder, and the sandbox's directory.
 */

/** The reason of a transfer the bank refused because the key is not the declared document's. */
export const KEY_NOT_DOCUMENTS_REASON = "PIX key does not belong to the recipient's document";

/** The recipient as the bank tells it: the holder's name, the document masked, the institution. */
export interface RecipientAtBank {
  name: string;
  document: string;
  institution: string | null;
}

export type DocumentCheck = { ok: true; document: string; kind: "CPF" | "CNPJ" } | { ok: false };

/** A CPF (11 digits) or CNPJ (14 characters), plain or formatted, in canonical form. */
export function canonicalDocument(raw: unknown): DocumentCheck {
  if (typeof raw !== "string") return { ok: false };
  const cpf = canonicalCpf(raw);
  if (cpf !== null) return { ok: true, document: cpf, kind: "CPF" };
  const cnpj = canonicalCnpj(raw);
  if (cnpj !== null) return { ok: true, document: cnpj, kind: "CNPJ" };
  return { ok: false };
}

/**
 * A document as the central bank shows it to a payer: a CPF with its first three and last two
 * digits hidden (`***.456.789-**`); a CNPJ, a company's public registration, in full
 * (`12.345.678/0001-95`). Anything else (already masked by the bank) as it came.
 */
export function maskDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) {
    return `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
  }
  return document;
}

/** The sandbox's holder of keys that name no document (CONTRACT §15). */
export const SANDBOX_DEFAULT_HOLDER_DOCUMENT = "52998224725";
export const SANDBOX_INSTITUTION = "Banco Sandbox";

/**
 * The sandbox's directory: whose a key is. A CPF or CNPJ key is that document's; an EMAIL key
 * whose local part is 11 or 14 digits, that CPF's or CNPJ's; any other key, CPF 52998224725.
 */
export function sandboxKeyOwner(pixKeyType: PixKeyType, pixKey: string): string {
  if (pixKeyType === "CPF" || pixKeyType === "CNPJ") return pixKey;
  if (pixKeyType === "EMAIL") {
    const local = pixKey.split("@")[0];
    if (/^(\d{11}|\d{14})$/.test(local)) return local;
  }
  return SANDBOX_DEFAULT_HOLDER_DOCUMENT;
}

/** The sandbox's holder of a key: `Titular Sandbox <last 4 digits>`, at `Banco Sandbox`. */
export function sandboxKeyRecipient(pixKeyType: PixKeyType, pixKey: string): RecipientAtBank {
  const owner = sandboxKeyOwner(pixKeyType, pixKey);
  return {
    name: `Titular Sandbox ${owner.slice(-4)}`,
    document: maskDocument(owner),
    institution: SANDBOX_INSTITUTION,
  };
}

/** Words that say what a name is, not whose: connectives and company forms. */
const NAME_NOISE = new Set([
  "de",
  "da",
  "do",
  "das",
  "dos",
  "e",
  "ltda",
  "me",
  "epp",
  "eireli",
  "sa",
  "s",
  "a",
  "cia",
  "mei",
  "ss",
]);

function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((word) => word.length > 0 && !NAME_NOISE.has(word));
}

/** An initial ("J") stands for a word it starts; otherwise words match whole. */
function wordMatches(word: string, other: string): boolean {
  if (word === other) return true;
  if (word.length === 1) return other.startsWith(word);
  if (other.length === 1) return word.startsWith(other);
  return false;
}

/**
 * Whether the bank's holder name looks like the name the merchant declared: accents, case,
 * punctuation, connectives (de, da, dos) and company forms (LTDA, ME, S.A.) aside, at least
 * half of the declared words (one of them whole, not an initial) are in the bank's name.
 * A name with no words left is not compared (true).
 */
export function namesLookAlike(declared: string, atBank: string): boolean {
  const declaredWords = nameWords(declared);
  const bankWords = nameWords(atBank);
  if (declaredWords.length === 0 || bankWords.length === 0) return true;
  const matched = declaredWords.filter((word) => bankWords.some((other) => wordMatches(word, other)));
  const wholeMatch = matched.some((word) => word.length > 1);
  return wholeMatch && matched.length * 2 >= declaredWords.length;
}
