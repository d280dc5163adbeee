/** One field of an audit entry's before/after. */
export interface FieldChange {
  field: string;
  /** JSON text of the value before; null when the field was absent. */
  before: string | null;
  /** JSON text of the value after; null when the field was absent. */
  after: string | null;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as the dialog shows it: strings bare, everything else as JSON. */
function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The fields of an entry's `before` and `after`, in the order they first appear (before's,
 * then after's new ones): a field is changed when its value differs (compared as JSON) or it
 * exists on one side only. A side that is not an object reads as one field, `value`.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  const side = (value: unknown): Record<string, unknown> =>
    value === null || value === undefined ? {} : isRecord(value) ? value : { value };
  const old = side(before);
  const now = side(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields.map((field) => {
    const had = Object.hasOwn(old, field);
    const has = Object.hasOwn(now, field);
    const beforeText = had ? shown(old[field]) : null;
    const afterText = has ? shown(now[field]) : null;
    const changed = had !== has || JSON.stringify(old[field]) !== JSON.stringify(now[field]);
    return { field, before: beforeText, after: afterText, changed };
  });
}
