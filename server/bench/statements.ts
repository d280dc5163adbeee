import pg from "pg";

/**
 * Statements per request, from pg_stat_statements, when the bench database's server has
 * it loaded (shared_preload_libraries); without it the bench runs and prints no count.
 * Counts every statement of the bench database during a run: the in-process worker's
 * polling is in it too, on both sides of a case.
 */
export interface StatementCounter {
  reset(): Promise<void>;
  /** Statements since the last reset, the counter's own left out. */
  count(): Promise<number>;
  /** The most frequent statements since the last reset. */
  top(limit: number): Promise<Array<{ calls: number; meanMs: number; query: string }>>;
  close(): Promise<void>;
}

const OWN = "query NOT LIKE '%pg_stat_statements%'";
const THIS_DATABASE = "dbid = (SELECT oid FROM pg_database WHERE datname = current_database())";

export async function openStatementCounter(url: string): Promise<StatementCounter | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await client.query("SELECT count(*) FROM pg_stat_statements");
  } catch {
    await client.end();
    return null;
  }
  return {
    reset: async () => {
      await client.query("SELECT pg_stat_statements_reset()");
    },
    count: async () => {
      const { rows } = await client.query<{ n: string }>(
        `SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE ${THIS_DATABASE} AND ${OWN}`,
      );
      return Number(rows[0].n);
    },
    top: async (limit) => {
      const { rows } = await client.query<{ calls: string; mean: number; query: string }>(
        `SELECT calls, mean_exec_time AS mean, regexp_replace(query, '\\s+', ' ', 'g') AS query
           FROM pg_stat_statements WHERE ${THIS_DATABASE} AND ${OWN} ORDER BY calls DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({ calls: Number(row.calls), meanMs: row.mean, query: row.query }));
    },
    close: () => client.end(),
  };
}
