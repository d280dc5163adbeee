/** A URL filter's value when it is one of the allowed ones, else null (no filter). */
export function oneOf<T extends string>(value: string | null, allowed: readonly string[]): T | null {
  return value !== null && allowed.includes(value) ? (value as T) : null;
}
