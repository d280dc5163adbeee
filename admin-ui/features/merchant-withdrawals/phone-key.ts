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
