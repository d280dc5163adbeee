/**
 * Text that callers send must not hold NUL (PostgreSQL refuses it in text columns) or any
 * other C0 control character or DEL. Prose fields (a description, a reason, a resolution)
 * may hold tab and newline. One rule for every transport: the REST request schemas carry
 * these patterns, and GraphQL arguments (literals and variables) are checked against them.
 */
export const PLAIN_TEXT_PATTERN = "^[^\\u0000-\\u001f\\u007f]*$";
export const PROSE_TEXT_PATTERN = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f]*$";

const PLAIN_TEXT = new RegExp(PLAIN_TEXT_PATTERN, "u");
const PROSE_TEXT = new RegExp(PROSE_TEXT_PATTERN, "u");

/** Argument and input field names whose text is prose. */
const PROSE_FIELDS = new Set(["description", "reason", "resolution"]);

export function textPatternFor(fieldName: string): string {
  return PROSE_FIELDS.has(fieldName) ? PROSE_TEXT_PATTERN : PLAIN_TEXT_PATTERN;
}

/** True when the text may be stored as the named field. */
export function isAcceptableText(fieldName: string, text: string): boolean {
  return (PROSE_FIELDS.has(fieldName) ? PROSE_TEXT : PLAIN_TEXT).test(text);
}

export function controlCharacterMessage(field: string): string {
  return PROSE_FIELDS.has(field.split(".").pop() ?? field)
    ? `${field} must not contain control characters other than tab and newline`
    : `${field} must not contain control characters`;
}
