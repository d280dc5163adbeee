import { regexes } from "zod/v4/core";

/**
 * Whether the text, trimmed, is an e-mail address: zod's rule (the pattern `z.email()` checks),
 * so the console's forms check it one way. The pattern alone, not a schema: a page with an
 * e-mail field then downloads a regular expression instead of zod (about 36 kB gzip).
 */
export function isEmail(text: string): boolean {
  return regexes.email.test(text.trim());
}
