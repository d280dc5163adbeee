/**
 * Text that callers send must be well-formed Unicode (no lone UTF-16 surrogate: JSON can
 * carry "\ud800", which is no character, and PostgreSQL refuses it in jsonb) and must not
 * hold NUL (PostgreSQL refuses it in text columns) or any other C0 control character or
 * DEL. Prose fields (a description, a reason, a resolution) may hold tab and newline. One
 * rule for every transport, applied where a request's inputs are read: GraphQL arguments
 * (literals and variables, graphql/input-text.ts) and REST parameters (operation/rest-shape.ts,
 * whose JSON schemas also carry the control-character patterns for the OpenAPI document).
 */
export const PLAIN_TEXT_PATTERN = "^[^\\u0000-\\u001f\\u007f]*$";
export const PROSE_TEXT_PATTERN = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f]*$";

const PLAIN_TEXT = new RegExp(PLAIN_TEXT_PATTERN, "u");
const PROSE_TEXT = new RegExp(PROSE_TEXT_PATTERN, "u");

/** Argument and input field names whose text is prose. */
const PROSE_FIELDS = new Set(["description", "reason", "resolution", "statement"]);

export function textPatternFor(fieldName: string): string {
  return PROSE_FIELDS.has(fieldName) ? PROSE_TEXT_PATTERN : PLAIN_TEXT_PATTERN;
}

/** True when the text may be stored as the named field. */
export function isAcceptableText(fieldName: string, text: string): boolean {
  return text.isWellFormed() && (PROSE_FIELDS.has(fieldName) ? PROSE_TEXT : PLAIN_TEXT).test(text);
}

/**
 * What is wrong with a text sent as the named field (`where` names it in the message:
 * `$input.name`, `description`), or null when nothing is.
 */
export function textProblem(where: string, fieldName: string, text: string): string | null {
  if (!text.isWellFormed()) return illFormedTextMessage(where);
  if (!(PROSE_FIELDS.has(fieldName) ? PROSE_TEXT : PLAIN_TEXT).test(text)) return controlCharacterMessage(where);
  return null;
}

export function illFormedTextMessage(field: string): string {
  return `${field} must be well-formed Unicode text (it holds a lone UTF-16 surrogate)`;
}

export function controlCharacterMessage(field: string): string {
  return PROSE_FIELDS.has(field.split(".").pop() ?? field)
    ? `${field} must not contain control characters other than tab and newline`
    : `${field} must not contain control characters`;
}

/**
 * The first `max` code points of a text: a cut never splits a surrogate pair (an emoji is
 * kept whole or left out). What PostgreSQL's varchar(n) and char_length count.
 */
export function truncateCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let units = 0;
  let points = 0;
  while (units < text.length && points < max) {
    const code = text.charCodeAt(units);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(units + 1) & 0xfc00) === 0xdc00;
    units += pair ? 2 : 1;
    points++;
  }
  return text.slice(0, units);
}
