// The server's own rules: the form checks the key as the person types; the API checks it again.
import { canonicalizePixKey, PIX_KEY_TYPES, type PixKeyType } from "@server/withdrawals/pix-key";
import { normalisePhoneKey } from "./phone-key";

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
