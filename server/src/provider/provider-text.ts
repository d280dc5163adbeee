/**
 * Text from the provider is stored, never refused: a payer's name is the bank's data and
 * the payment must still be credited. PostgreSQL cannot store NUL in text or jsonb, nor
 * an unpaired UTF-16 surrogate in jsonb, so both are taken out before anything is written.
 */

import { truncateCodePoints } from "../core/text-input";

/** Unicode's control characters (C0, DEL, C1): nothing a name or a document number carries. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * A provider's text field for a column: control characters removed, unpaired surrogates
 * replaced (U+FFFD), trimmed, cut to `max` code points (never inside a pair); null when empty.
 */
export function cleanProviderText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = truncateCodePoints(value.replace(CONTROL_CHARACTERS, "").toWellFormed().trim(), max);
  return text.length === 0 ? null : text;
}

/** Deeper than this, an entry is not kept as sent (and is not a payment notification anyway). */
export const MAX_STORED_DEPTH = 16;

function storableString(text: string): string {
  return text.replaceAll("\u0000", "").toWellFormed();
}

/**
 * The entry as received, in a form jsonb accepts: NUL taken out of every string and key,
 * unpaired surrogates replaced. Null when it nests deeper than MAX_STORED_DEPTH.
 */
export function storableJson(value: unknown, depth = 0): unknown | null {
  if (typeof value === "string") return storableString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_STORED_DEPTH) return null;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const stored = storableJson(item, depth + 1);
      if (stored === null && item !== null) return null;
      items.push(stored);
    }
    return items;
  }
  const entries: Array<[string, unknown]> = [];
  for (const [key, item] of Object.entries(value)) {
    const stored = storableJson(item, depth + 1);
    if (stored === null && item !== null) return null;
    entries.push([storableString(key), stored]);
  }
  return Object.fromEntries(entries); // own properties, "__proto__" included
}
