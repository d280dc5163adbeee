import pg from "pg";
import type { DataSource } from "typeorm";
import { isConnectionLost, serviceUnavailable } from "./errors";
import { poolOf, poolRunner, readRetries, resultRows, type SqlRunner } from "./sql";

export const CANCELLED_MESSAGE = "The request was cancelled: the client went away";

/**
 * What a cancellable read needs of its caller: whether the client left, and a call when it
 * does. An AbortSignal fits; the HTTP layer gives a lighter one of its own (no EventTarget
 * per request).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * How long a read may go on after its client left before its backend is ended. Nearly every
 * read is done within it and gives its connection back whole: ending a backend costs a new
 * one (a process forked and warmed up in PostgreSQL), and a load balancer or a client pool
 * that drops many connections at once would otherwise end and reopen as many backends.
 */
export const CANCEL_GRACE_MS = 200;

/**
 * Runs a read that may be slow (a list, a history) so that it stops in PostgreSQL when
 * the client goes away: `signal` aborts, and the backend running the read is ended
 * (pg_terminate_backend) if the read is still running CANCEL_GRACE_MS later, instead of
 * working on for nobody while holding a connection.
 * The read gets a connection of its own for that (node-postgres's checkout from the
 * service's pool; the backend's pid comes with the connection, no extra round trip) and
 * sends plain SQL on it: `sql.query` answers the rows. Without a signal it is an ordinary
 * read on the pool (one connection of its own, with `oneSnapshot`).
 *
 * Ended rather than cancelled: a read may have several statements queued on its
 * connection (a page and its count), and a cancel stops only the one running, after
 * which the next would start. The ended connection is dropped from the pool, never reused.
 *
 * With `oneSnapshot`, the read's statements run in one REPEATABLE READ, READ ONLY
 * transaction: rows read by a second statement (a delivery's attempts, a withdrawal's
 * place in the queue) are as of the same moment as the page, never a change committed
 * between the two (a delivery still PENDING beside its attempt answered 200).
 *
 * A read whose connection is lost under it (its backend ended by someone else, the socket
 * closed) runs again once on another connection, as poolRows does.
 */
export async function readCancellable<T>(
  db: DataSource,
  signal: CancelSignal | undefined,
  read: (sql: SqlRunner) => Promise<T>,
  options: { oneSnapshot?: boolean } = {},
): Promise<T> {
  if (!signal && !options.oneSnapshot) return read(poolRunner(db));
  try {
    return await readOnOwnConnection(db, signal, read, options);
  } catch (error) {
    // Its connection was lost under it (not ended by us: that answers CANCELLED): a read
    // runs again, once, on another connection, as poolRows does.
    if (!isConnectionLost(error) || signal?.aborted) throw error;
    readRetries.lostConnections += 1;
    return readOnOwnConnection(db, signal, read, options);
  }
}

async function readOnOwnConnection<T>(
  db: DataSource,
  signal: CancelSignal | undefined,
  read: (sql: SqlRunner) => Promise<T>,
  options: { oneSnapshot?: boolean },
): Promise<T> {
  if (signal?.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
  const client = await poolOf(db).connect();
  let cancelling: Promise<void> | null = null;
  let grace: NodeJS.Timeout | undefined;
  let unusable = false;
  const onAbort = () => {
    grace = setTimeout(() => {
      cancelling = endBackend(db, (client as unknown as { processID: number }).processID);
    }, CANCEL_GRACE_MS);
  };
  // Rows straight from the client: this runs on every list page, so no async frame of its own.
  const sql: SqlRunner = { query: (text, parameters) => client.query(text, parameters).then(resultRows) };
  try {
    if (signal?.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      if (!options.oneSnapshot) return await read(sql);
      // One round trip to open the snapshot and one to close it.
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      try {
        const result = await read(sql);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {
          unusable = true;
        });
        throw error;
      }
    } catch (error) {
      if (signal?.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
      throw error;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    clearTimeout(grace);
    const ended = cancelling !== null;
    if (cancelling !== null) await (cancelling as Promise<void>).catch(() => undefined);
    // An ended backend's connection (or one left inside a transaction) is dropped from the pool, not reused.
    client.release(ended || unusable ? new Error("read abandoned mid-way") : undefined);
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
