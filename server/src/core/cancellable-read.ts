import pg from "pg";
import type { DataSource, EntityManager } from "typeorm";
import { serviceUnavailable } from "./errors";

export const CANCELLED_MESSAGE = "The request was cancelled: the client went away";

/**
 * Runs a read that may be slow (a list, a history) so that it stops in PostgreSQL when
 * the client goes away: `signal` aborts, and the backend running the read is ended
 * (pg_terminate_backend), instead of working on for nobody while holding a connection.
 * The read gets a connection of its own for that (the pool's usual checkout; the
 * backend's pid comes with the connection, no extra round trip). Without a signal it is
 * an ordinary read on the pool.
 *
 * Ended rather than cancelled: a read may have several statements queued on its
 * connection (a page and its count), and a cancel stops only the one running, after
 * which the next would start. The ended connection is dropped from the pool, never reused.
 */
export async function readCancellable<T>(
  db: DataSource,
  signal: AbortSignal | undefined,
  read: (em: EntityManager) => Promise<T>,
): Promise<T> {
  if (!signal) return read(db.manager);
  if (signal.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
  const runner = db.createQueryRunner();
  let cancelling: Promise<void> | null = null;
  const onAbort = () => {
    const pid = (runner as unknown as { databaseConnection?: { processID?: number } }).databaseConnection?.processID;
    if (pid) cancelling = endBackend(db, pid);
  };
  try {
    await runner.connect();
    if (signal.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await read(runner.manager);
    } catch (error) {
      if (signal.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
      throw error;
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    const ended = cancelling !== null;
    await (cancelling ?? Promise.resolve()).catch(() => undefined);
    // An ended backend's connection is dropped from the pool, not reused.
    const release = (runner as unknown as { releasePostgresConnection(error?: Error): Promise<void> })
      .releasePostgresConnection;
    await release.call(runner, ended ? new Error("read abandoned by its client") : undefined).catch(() => undefined);
  }
}

/**
 * Asks PostgreSQL to end the backend `pid`, from a short-lived connection of its own: the
 * pool may be full of exactly the slow reads that need stopping.
 */
async function endBackend(db: DataSource, pid: number): Promise<void> {
  const client = new pg.Client({
    connectionString: (db.options as { url?: string }).url,
    connectionTimeoutMillis: 2000,
  });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("SELECT pg_terminate_backend($1)", [pid]);
  } finally {
    await client.end().catch(() => undefined);
  }
}
