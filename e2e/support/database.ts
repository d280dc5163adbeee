import { readFileSync } from "node:fs";
import pg from "pg";

/**
 * The run's database itself (e2e/support/server.mjs writes where it is), for what no request
 * can do: making days pass for a rule that counts them (an endpoint failing for
 * WEBHOOK_DISABLE_AFTER_H). Everything else goes through the API, as users do.
 */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: readFileSync("e2e/.auth/database-url", "utf8").trim() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
