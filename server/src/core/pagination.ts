import { validationError } from "./errors";
import { queryRows, type SqlRunner } from "./sql";

/**
 * Paging of every list, in one place. A list is read either by offset (`limit` 1..100,
 * default 20, and `offset` 0..10,000: the REST lists and shallow pages) or by keyset
 * cursor (`first` 1..100 and `after`, an opaque cursor over the list's order key: any
 * depth at the cost of the first page). Never a deep OFFSET and never a COUNT(*) over
 * history: totals come from counters (see the list_counters migration) or are counted up
 * to TOTAL_CAP and reported as capped.
 *
 * A list declares its rows as a ListQuery (table, filters, order key) and calls readPage;
 * the SQL of the page, its cursor and its capped count are built here.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The contract caps REST offsets here; deeper pages are read with cursors. */
export const MAX_OFFSET = 10_000;
/** Counted totals stop here: more rows report TOTAL_CAP with totalCapped ("10,000+"). */
export const TOTAL_CAP = 10_000;

export enum ListOrder {
  NEWEST_FIRST = "NEWEST_FIRST",
  OLDEST_FIRST = "OLDEST_FIRST",
}

/** Paging arguments as the GraphQL lists take them. */
export interface PageArgs {
  limit?: number | null;
  offset?: number | null;
  first?: number | null;
  after?: string | null;
  order?: ListOrder | null;
}

export interface PageWindow {
  size: number;
  offset: number;
  /** The raw cursor; decoded against the list's key by readPage. */
  after: string | null;
  order: ListOrder;
}

export interface PageInfo {
  /** Cursor of the last row of this page (null when it is empty): pass it as `after`. */
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface Page<T> {
  data: T[];
  /** Exact unless totalCapped: then at least TOTAL_CAP rows match and total is TOTAL_CAP. */
  total: number;
  totalCapped: boolean;
  /** The page size (limit or first). */
  limit: number;
  /** Rows skipped by offset; 0 when paging by cursor. */
  offset: number;
  pageInfo: PageInfo;
}

export interface Total {
  total: number;
  capped: boolean;
}

function checkCount(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw validationError(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

/** Checks the paging arguments before any database work. */
export function readPageWindow(args: PageArgs): PageWindow {
  if (args.after != null && args.offset != null)
    throw validationError("after and offset cannot be used together: page with first/after or with limit/offset");
  if (args.first != null && args.limit != null) throw validationError("limit and first cannot be used together");
  if (args.first != null && args.offset != null) throw validationError("first and offset cannot be used together");
  const size =
    args.first != null
      ? checkCount("first", args.first, 1, MAX_PAGE_SIZE)
      : checkCount("limit", args.limit ?? DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
    throw validationError(
      `offset must be an integer from 0 to ${MAX_OFFSET}; read deeper pages with the GraphQL lists' first/after cursors`,
    );
  if (args.after != null && (typeof args.after !== "string" || args.after.length === 0))
    throw validationError("after is not a valid cursor");
  return { size, offset, after: args.after ?? null, order: args.order ?? ListOrder.NEWEST_FIRST };
}

/** How a key column is cast from (and written into) a cursor. */
export type KeyType = "timestamptz" | "text" | "bigint";

export interface KeyColumn {
  column: string;
  type: KeyType;
}

/** The order key of most lists: creation time, then id (unique together). */
export const CREATED_KEY: KeyColumn[] = [
  { column: "created_at", type: "timestamptz" },
  { column: "id", type: "text" },
];

/** Collects the parameters of one statement: add(value) answers its placeholder. */
export class SqlParams {
  readonly values: unknown[];

  constructor(values: unknown[] = []) {
    this.values = [...values];
  }

  add(value: unknown, cast = ""): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * A branch's predicates. A branch marked `fewRows` is a small set found by its filter's own
 * index (the overdue PENDING charges, by expiry), read whole and sorted, instead of walking
 * the order key's index past every row the filter rejects.
 */
export type ListBranch = string[] | { fewRows: string[] };

const predicatesOf = (branch: ListBranch) => (Array.isArray(branch) ? branch : branch.fewRows);

export interface ListQuery {
  /** Written into cursors: a cursor of another list (or of another order key) is refused. */
  cursorTag: string;
  /** The table (or a join), as after FROM. */
  from: string;
  /** The selected columns. */
  columns: string;
  /** The order key, unique together; NEWEST_FIRST orders it descending. */
  key: KeyColumn[];
  /**
   * The rows, as AND-ed predicates. Several branches are alternative row sets (disjoint),
   * each read by its own index and merged: `status IN (a, b)` on two indexes, say.
   */
  branches: ListBranch[];
  params: SqlParams;
}

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,512}$/;
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEY_PATTERNS: Record<Exclude<KeyType, "timestamptz">, RegExp> = {
  text: /^[A-Za-z0-9_]{1,64}$/,
  bigint: /^\d{1,18}$/,
};

function keyValueIsValid(type: KeyType, value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (type !== "timestamptz") return KEY_PATTERNS[type].test(value);
  if (!ISO_MICROS.test(value)) return false;
  // A real instant (no February 31st): PostgreSQL would refuse it with an error.
  const millis = `${value.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
}

export function encodeCursor(tag: string, values: string[]): string {
  return Buffer.from(JSON.stringify([tag, ...values]), "utf8").toString("base64url");
}

/**
 * The key values of a cursor made by this list. Anything else (not base64url, not our
 * JSON, another list's cursor, values of the wrong shape) is a 400, never a database error.
 */
export function decodeCursor(cursor: string, tag: string, key: KeyColumn[]): string[] {
  const invalid = () => validationError("after is not a valid cursor for this list");
  if (!CURSOR_TEXT.test(cursor)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(decoded) || decoded.length !== key.length + 1 || decoded[0] !== tag) throw invalid();
  const values = decoded.slice(1);
  if (!key.every((column, i) => keyValueIsValid(column.type, values[i]))) throw invalid();
  // Only the exact text we issue: no alternative spellings of the same bytes.
  if (encodeCursor(tag, values) !== cursor) throw invalid();
  return values;
}

function keyText(column: KeyColumn): string {
  return column.type === "timestamptz"
    ? `to_char(${column.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `${column.column}::text`;
}

const PG_CAST: Record<KeyType, string> = { timestamptz: "::timestamptz", text: "::text", bigint: "::bigint" };

export interface PageStatement {
  text: string;
  values: unknown[];
}

/**
 * The statement of one page: each branch walks its index from the cursor (or from the
 * start) in key order and stops after offset + size + 1 rows; branches are merged.
 */
export function pageStatement(query: ListQuery, window: PageWindow): PageStatement {
  const descending = window.order === ListOrder.NEWEST_FIRST;
  const direction = descending ? "DESC" : "ASC";
  // A copy: the count of the same query runs beside this statement without the cursor's values.
  const params = new SqlParams(query.params.values);
  const keyColumns = query.key.map((k) => k.column).join(", ");
  const afterValues = window.after === null ? null : decodeCursor(window.after, query.cursorTag, query.key);
  const keyset =
    afterValues === null
      ? null
      : `(${keyColumns}) ${descending ? "<" : ">"} (${query.key
          .map((k, i) => params.add(afterValues[i], PG_CAST[k.type]))
          .join(", ")})`;
  const orderBy = query.key.map((k) => `${k.column} ${direction}`).join(", ");
  const fetch = window.size + 1;
  const cursorColumns = query.key.map((k, i) => `${keyText(k)} AS page_cursor_${i}`).join(", ");
  const branchSql = (branch: ListBranch, columns: string, limit: number, offset: number) => {
    const where = [...predicatesOf(branch), ...(keyset ? [keyset] : [])];
    const filter = where.length ? ` WHERE ${where.join(" AND ")}` : "";
    const page = ` ORDER BY ${orderBy} LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ""}`;
    if (Array.isArray(branch)) return `SELECT ${columns} FROM ${query.from}${filter}${page}`;
    // OFFSET 0 keeps the planner from walking the order index instead of the filter's.
    return `SELECT * FROM (SELECT ${columns} FROM ${query.from}${filter} OFFSET 0) AS few${page}`;
  };
  const columns = `${query.columns}, ${cursorColumns}`;
  if (query.branches.length === 1) {
    return { text: branchSql(query.branches[0], columns, fetch, window.offset), values: params.values };
  }
  // Each branch reads at most what the merged page can use; the merge sorts those few rows.
  const keyAliases = query.key.map((k, i) => `${k.column} AS page_key_${i}`).join(", ");
  const merged = query.branches
    .map((branch) => `(${branchSql(branch, `${keyAliases}, ${columns}`, fetch + window.offset, 0)})`)
    .join(" UNION ALL ");
  const outerOrder = query.key.map((_k, i) => `page_key_${i} ${direction}`).join(", ");
  return {
    text: `SELECT * FROM (${merged}) AS page ORDER BY ${outerOrder} LIMIT ${fetch}${window.offset ? ` OFFSET ${window.offset}` : ""}`,
    values: params.values,
  };
}

/**
 * How many rows the query's filters match, counting at most TOTAL_CAP + 1 of them. In key
 * order, so that the count walks the list's own index (as its pages do) and stops at the cap,
 * instead of a scan of the table that stops wherever the matches happen to be.
 */
export function cappedCountStatement(query: ListQuery): PageStatement {
  const orderBy = query.key.map((k) => `${k.column} DESC`).join(", ");
  const counts = query.branches.map((branch) => {
    const predicates = predicatesOf(branch);
    const filter = predicates.length ? ` WHERE ${predicates.join(" AND ")}` : "";
    const order = Array.isArray(branch) ? ` ORDER BY ${orderBy}` : "";
    return `(SELECT count(*) FROM (SELECT 1 FROM ${query.from}${filter}${order} LIMIT ${TOTAL_CAP + 1}) AS capped)`;
  });
  return { text: `SELECT ${counts.join(" + ")} AS n`, values: query.params.values };
}

export async function cappedCount(db: SqlRunner, query: ListQuery): Promise<Total> {
  const statement = cappedCountStatement(query);
  const rows = await queryRows<{ n: string }>(db, statement.text, statement.values);
  const n = Number(rows[0].n);
  return n > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false };
}

/**
 * Reads one page and its total. `total` counts the list's rows (its own exact way, or
 * cappedCount); both run at once, on two connections.
 */
export async function readPage<T>(
  db: SqlRunner,
  query: ListQuery,
  window: PageWindow,
  toItem: (row: Record<string, unknown>) => T,
  total: () => Promise<Total>,
): Promise<Page<T>> {
  const statement = pageStatement(query, window);
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(db, statement.text, statement.values),
    total(),
  ]);
  return pageOfRows(query, window, rows, counted, toItem);
}

/** The page of a list from its page statement's rows (pageStatement) and its total. */
export function pageOfRows<T>(
  query: ListQuery,
  window: PageWindow,
  rows: Record<string, unknown>[],
  counted: Total,
  toItem: (row: Record<string, unknown>) => T,
): Page<T> {
  const hasNextPage = rows.length > window.size;
  const pageRows = hasNextPage ? rows.slice(0, window.size) : rows;
  const last = pageRows.at(-1);
  return {
    data: pageRows.map(toItem),
    total: counted.total,
    totalCapped: counted.capped,
    limit: window.size,
    offset: window.offset,
    pageInfo: new ListPageInfo(
      hasNextPage,
      query.cursorTag,
      last ? query.key.map((_k, i) => String(last[`page_cursor_${i}`])) : null,
    ),
  };
}

/** A page's PageInfo; its cursor is encoded when read (a REST answer never selects it). */
class ListPageInfo implements PageInfo {
  constructor(
    readonly hasNextPage: boolean,
    private readonly tag: string,
    private readonly lastKey: string[] | null,
  ) {}

  get endCursor(): string | null {
    return this.lastKey === null ? null : encodeCursor(this.tag, this.lastKey);
  }
}
