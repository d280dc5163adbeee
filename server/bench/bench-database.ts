import { resolve } from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../src/core/embedded-postgres";
import { migrateJobQueue } from "../src/core/jobs";
import { createLogger } from "../src/core/logger";
import { openDatabase } from "../src/database";

/**
 * A fresh database for one bench run, migrated as the service migrates it: on the server
 * of DATABASE_URL, or on an embedded PostgreSQL of the bench's own (data under
 * .data/bench, its own port) so it never touches the data of `npm start` or the tests.
 */
export interface BenchDatabase {
  url: string;
  name: string;
  embedded: boolean;
  /** Drops the database and stops the embedded server; safe to call twice. */
  close(): Promise<void>;
}

const DATABASE_PREFIX = "pix_bench_";

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(adminUrl: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function adminServer(options: { databaseUrl: string | undefined; embeddedPgPort: number }) {
  if (options.databaseUrl) return { adminUrl: options.databaseUrl, stop: async () => undefined, embedded: false };
  const embedded = await startEmbeddedPostgres({
    dataDir: resolve(__dirname, "../../../.data/bench"),
    port: options.embeddedPgPort,
    databaseName: "postgres",
    logger: createLogger("warn"),
  });
  // This server holds only bench databases: drop what an interrupted run left behind.
  const leftovers = await adminQuery(embedded.url, "SELECT datname FROM pg_database WHERE datname LIKE $1", [
    `${DATABASE_PREFIX}%`,
  ]);
  for (const { datname } of leftovers.rows) {
    await adminQuery(embedded.url, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  return { adminUrl: embedded.url, stop: embedded.stop, embedded: true };
}

export async function createBenchDatabase(options: {
  databaseUrl: string | undefined;
  embeddedPgPort: number;
}): Promise<BenchDatabase> {
  const server = await adminServer(options);
  const name = `${DATABASE_PREFIX}${process.pid}`;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await server.stop().catch(() => undefined);
  };
  try {
    await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(server.adminUrl, `CREATE DATABASE "${name}"`);
    const url = withDatabase(server.adminUrl, name);
    const db = await openDatabase(url, 2);
    await db.destroy();
    await migrateJobQueue(url, createLogger("warn"));
    return { url, name, embedded: server.embedded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
