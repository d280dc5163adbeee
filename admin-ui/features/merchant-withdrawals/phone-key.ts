/**
 * A phone key as people write it ("(11) 98765-4321", "11 98765-4321", "+55 11 98765-4321")
 * in the form the API takes: +55 and the digits. Only spaces, dashes and parentheses are
 * dropped (a dot is a CPF's mask, never read as a phone), and a number without +55 must look
 * like a Brazilian one: an area code and 8 digits, or 9 digits starting with 9 (mobiles).
 * Anything else is returned trimmed, for the API's rules to judge and refuse.
 */
export function normalisePhoneKey(raw: string): string {
  const text = raw.trim();
  if (!/^\+?[\d\s()-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, "");
  if (text.startsWith("+")) return `+${digits}`;
  const national = digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
  const brazilian = national.length === 10 || (national.length === 11 && national[2] === "9");
  return brazilian ? `+55${national}` : text;
}
