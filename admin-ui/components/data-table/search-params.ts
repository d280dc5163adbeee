import { createParser, parseAsInteger, parseAsString } from "nuqs/server";

/**
 * URL state every list shares: page (1-based), page size, sort ("field.asc" / "field.desc"),
 * search text and the keyset cursor (lists whose query offers `first`/`after`). Features add
 * their own filters beside these in their `search-params.ts`; the server page parses the same
 * parsers (createLoader) that the table's hooks write, so a view survives reload and sharing.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface SortValue {
  id: string;
  desc: boolean;
}

export const parseAsSort = createParser<SortValue>({
  parse(value) {
    const match = /^([A-Za-z][\w]*)\.(asc|desc)$/.exec(value);
    return match ? { id: match[1], desc: match[2] === "desc" } : null;
  },
  serialize: (value) => `${value.id}.${value.desc ? "desc" : "asc"}`,
  eq: (a, b) => a.id === b.id && a.desc === b.desc,
});

export const parseAsPageSize = createParser<number>({
  parse(value) {
    const size = Number(value);
    return (PAGE_SIZES as readonly number[]).includes(size) ? size : null;
  },
  serialize: String,
});

export const tableParsers = {
  page: parseAsInteger.withDefault(1),
  perPage: parseAsPageSize.withDefault(20),
  sort: parseAsSort,
  q: parseAsString.withDefault(""),
  after: parseAsString,
};

/** The API's deepest offset (CONTRACT: offset 0..10,000); deeper pages read by cursor. */
export const MAX_OFFSET = 10_000;

/**
 * The page as limit/offset, clamped to what the API accepts: a page past the API's deepest
 * offset (a typed or stale `?page=600`) reads the deepest one, which is past the data too,
 * so the table shows its "past the last page" state instead of the API refusing the read.
 */
export function toLimitOffset(page: number, perPage: number): { limit: number; offset: number } {
  const safePage = Number.isFinite(page) && page > 0 ? Math.floor(page) : 1;
  return { limit: perPage, offset: Math.min((safePage - 1) * perPage, MAX_OFFSET) };
}
