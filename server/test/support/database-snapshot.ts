import assert from "node:assert/strict";
import type pg from "pg";

/**
 * Columns that the service's background work moves by itself, not a request's write: the
 * "nothing written when refused" snapshots of the fuzz suites leave them out, and nothing
 * else. CredentialUsage writes the credentials' last use once a minute
 * (credentials/credential-usage.ts), so in a run that lasts over a minute that write lands
 * between the two snapshots of whatever call is running then.
 */
export const MOVED_IN_BACKGROUND: Readonly<Record<string, readonly string[]>> = {
  "public.client_credentials": ["last_used_at"],
};

/** Every table of the database (schema-qualified, quoted as needed), in name order. */
export async function listTables(db: pg.Client): Promise<string[]> {
  const listed = await db.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return listed.rows.map((row) => row.name);
}

export interface TableDigest {
  table: string;
  rows: number;
  digest: string;
}

/** The row text a table's digest is made of: the whole row, but for the columns moved in the background. */
function rowText(table: string): string {
  const moved = MOVED_IN_BACKGROUND[table];
  if (!moved) return "t::text";
  return `(to_jsonb(t) ${moved.map((column) => `- '${column}'`).join(" ")})::text`;
}

/**
 * Row count and an md5 of the contents of each table, in one statement, in name order (a
 * UNION ALL has no order of its own: a parallel plan returns its parts in any order).
 */
export async function tableDigests(db: pg.Client, tables: readonly string[]): Promise<TableDigest[]> {
  const parts = tables.map(
    (table) =>
      `SELECT '${table}' AS "table", count(*)::int AS rows, ` +
      `md5(coalesce(string_agg(${rowText(table)}, '|' ORDER BY ${rowText(table)}), '')) AS digest FROM ${table} t`,
  );
  const digest = await db.query<TableDigest>(`SELECT * FROM (${parts.join(" UNION ALL ")}) d ORDER BY 1`);
  return digest.rows;
}

/**
 * Checks a suite's snapshot against the flush: a credential used and its last use flushed
 * (`useAndFlush`) changes nothing the snapshot sees, while a change of another column of the
 * credentials is seen. `differences` names the tables that differ between two snapshots.
 */
export async function blindOnlyToLastUse<S>(
  db: pg.Client,
  useAndFlush: () => Promise<void>,
  take: () => Promise<S>,
  differences: (before: S, after: S) => string[],
): Promise<void> {
  await db.query("UPDATE client_credentials SET last_used_at = NULL");
  const before = await take();
  await useAndFlush();
  const flushed = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM client_credentials WHERE last_used_at IS NOT NULL",
  );
  assert.ok(flushed.rows[0].n > 0, "the flush wrote a credential's last use");
  assert.deepEqual(differences(before, await take()), [], "the flush of the last use is not a write of the call");
  await db.query("BEGIN");
  try {
    await db.query("UPDATE client_credentials SET expires_at = coalesce(expires_at, now()) + interval '1 day'");
    assert.ok(
      differences(before, await take()).includes("public.client_credentials"),
      "another column of the credentials is still seen",
    );
  } finally {
    await db.query("ROLLBACK");
  }
}
