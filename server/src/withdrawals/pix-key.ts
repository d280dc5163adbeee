/**
 * Destination keys for PIX withdrawals. Pure validation: a key is checked against the type the
 * caller declared (never guessed from its shape) and returned in the canonical form we store and
 * send to the provider, so the same key always compares equal.
 */
export const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "TELEFONE", "ALEATORIA"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export type PixKeyCheck = { ok: true; key: string } | { ok: false; message: string };

export function isPixKeyType(value: unknown): value is PixKeyType {
  return typeof value === "string" && (PIX_KEY_TYPES as readonly string[]).includes(value);
}

const EXPECTED: Record<PixKeyType, string> = {
  CPF: "11 digits with valid check digits",
  CNPJ: "14 characters with valid check digits; the first 12 may be letters",
  EMAIL: "an e-mail address of at most 77 characters",
  TELEFONE: "+55, a two-digit area code and 8 or 9 digits",
  ALEATORIA: "a UUID like 123e4567-e89b-12d3-a456-426614174000",
};

const EMAIL_MAX_LENGTH = 77;

/** Validates a destination key against its declared type and returns its canonical form. */
export function canonicalizePixKey(type: PixKeyType, raw: string): PixKeyCheck {
  if (!isPixKeyType(type)) {
    return { ok: false, message: `pix_key_type must be one of ${PIX_KEY_TYPES.join(", ")}` };
  }
  if (typeof raw !== "string" || raw.length === 0) {
    return { ok: false, message: `pix_key must not be empty (expected ${EXPECTED[type]})` };
  }
  const key = CANONICALIZERS[type](raw);
  if (key !== null) return { ok: true, key };

  // Say so when the key is fine but filed under the wrong type: the likeliest mistake.
  const actualType = PIX_KEY_TYPES.find((other) => other !== type && CANONICALIZERS[other](raw) !== null);
  const hint = actualType ? `; it looks like a ${actualType} key` : "";
  return { ok: false, message: `pix_key is not a valid ${type} (${EXPECTED[type]})${hint}` };
}

/** Each returns the canonical key, or null when raw is not a key of that type. */
const CANONICALIZERS: Record<PixKeyType, (raw: string) => string | null> = {
  CPF: canonicalCpf,
  CNPJ: canonicalCnpj,
  EMAIL: canonicalEmail,
  TELEFONE: canonicalPhone,
  ALEATORIA: canonicalRandomKey,
};

const CPF_PLAIN = /^\d{11}$/;
const CPF_FORMATTED = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;

/** A CPF (plain or formatted) in canonical form, or null when it is not one. */
export function canonicalCpf(raw: string): string | null {
  // Either no punctuation at all or the full mask: half-formatted input is more likely a typo.
  if (!CPF_PLAIN.test(raw) && !CPF_FORMATTED.test(raw)) return null;
  const digits = raw.replace(/[.-]/g, "");
  if (/^(\d)\1{10}$/.test(digits)) return null; // 111.111.111-11 passes mod-11 but is not issued
  const values = [...digits].map(Number);
  const first = mod11CheckDigit(values.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11CheckDigit(values.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return values[9] === first && values[10] === second ? digits : null;
}

const CNPJ_PLAIN = /^[0-9A-Z]{12}\d{2}$/;
const CNPJ_FORMATTED = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/;
const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CNPJ (plain or formatted, numeric or alphanumeric) in canonical form, or null when it is not one. */
export function canonicalCnpj(raw: string): string | null {
  const upper = raw.toUpperCase();
  if (!CNPJ_PLAIN.test(upper) && !CNPJ_FORMATTED.test(upper)) return null;
  const chars = upper.replace(/[./-]/g, "");
  if (/^(.)\1{13}$/.test(chars)) return null;
  // Alphanumeric CNPJ (July 2026): each character weighs its ASCII code minus 48, so digits keep
  // their value and 'A' is 17; the classic numeric algorithm is the special case.
  const values = [...chars].map((char) => char.charCodeAt(0) - 48);
  const first = mod11CheckDigit(values.slice(0, 12), CNPJ_FIRST_WEIGHTS);
  const second = mod11CheckDigit(values.slice(0, 13), CNPJ_SECOND_WEIGHTS);
  return values[12] === first && values[13] === second ? chars : null;
}

/** The Receita Federal rule shared by CPF and CNPJ: remainder below 2 gives 0, else 11 - remainder. */
function mod11CheckDigit(values: number[], weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += values[i] * weights[i];
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const EMAIL_LOCAL_PART = /^[^\s@]+$/;
const EMAIL_DOMAIN = /^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

function canonicalEmail(raw: string): string | null {
  if (raw.length > EMAIL_MAX_LENGTH) return null;
  const parts = raw.split("@");
  if (parts.length !== 2) return null;
  const [localPart, domain] = parts;
  if (!EMAIL_LOCAL_PART.test(localPart) || !EMAIL_DOMAIN.test(domain)) return null;
  const key = raw.toLowerCase();
  // Lower-casing a few non-ASCII letters lengthens them; the stored key must still fit.
  return key.length <= EMAIL_MAX_LENGTH ? key : null;
}

// Area codes 11..99 never contain a 0; the subscriber number has 8 (landline) or 9 (mobile) digits.
const PHONE = /^\+55[1-9]{2}\d{8,9}$/;

function canonicalPhone(raw: string): string | null {
  return PHONE.test(raw) ? raw : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function canonicalRandomKey(raw: string): string | null {
  return UUID.test(raw) ? raw.toLowerCase() : null;
}
