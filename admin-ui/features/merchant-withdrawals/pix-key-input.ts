// The server's own rules: the form checks the key as the person types; the API checks it again.
import { canonicalizePixKey, PIX_KEY_TYPES, type PixKeyType } from "@server/withdrawals/pix-key";

/**
 * A phone key as people write it ("(11) 98765-4321", "11 98765-4321", "+55 11 98765-4321")
 * in the form the API takes: +55 and the digits. Other text is returned trimmed, for the
 * API's rules to judge; only spaces, dots, dashes and parentheses are dropped.
 */
export function normalisePhoneKey(raw: string): string {
  const text = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, "");
  if (text.startsWith("+")) return `+${digits}`;
  // A national number (area code + 8 or 9 digits) gets Brazil's country code.
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`;
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) return `+${digits}`;
  return text;
}

/** The key as it will be sent for this type: phones normalised, everything else trimmed. */
export function keyToSend(type: PixKeyType, raw: string): string {
  return type === "TELEFONE" ? normalisePhoneKey(raw) : raw.trim();
}

export type PixKeyInputCheck =
  | { ok: true; key: string }
  | { ok: false; type: PixKeyType; looksLike: PixKeyType | undefined };

/**
 * The typed key checked against its declared type by the API's rules; when it fails, which
 * other type it would pass as (the likeliest mistake), so the form can say so in words.
 */
export function checkPixKeyInput(type: PixKeyType, raw: string): PixKeyInputCheck {
  const check = canonicalizePixKey(type, keyToSend(type, raw));
  if (check.ok) return { ok: true, key: check.key };
  const looksLike = PIX_KEY_TYPES.find(
    (other) => other !== type && canonicalizePixKey(other, keyToSend(other, raw)).ok,
  );
  return { ok: false, type, looksLike };
}
