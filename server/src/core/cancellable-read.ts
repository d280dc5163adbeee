import type pg from "pg";
import type { DataSource } from "typeorm";
import { targetOf } from "./data-source";
import { type DatabaseTarget, ResilientClient } from "./database-target";
import { isConnectionLost, isDatabaseUnavailable, serviceUnavailable } from "./errors";
import { replicaOf } from "./read-replica";
import { poolOf, poolRunner, queryRows, readRetries, resultRows, runPrepared, type SqlRunner } from "./sql";

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
 *
 * With `lagTolerant` the read is one the contract lets a replica serve (lists, search,
 * dashboards, statements, exports, balanceAudit; §14): it runs on DATABASE_READ_URL's
 * replica while that one is up and close enough (core/read-replica.ts), and on the primary
 * otherwise, or when the replica fails under it. Reads that must see the caller's own
 * writes never ask for it.
 */
export interface ReadOptions {
  oneSnapshot?: boolean;
  lagTolerant?: boolean;
  /** A lag-tolerant read kept on the primary this time (it checks a credential too): counted as the primary's. */
  onPrimary?: boolean;
}

/** The options of a read a replica may serve. */
export const LAG_TOLERANT: ReadOptions = { lagTolerant: true };

export async function readCancellable<T>(
  db: DataSource,
  signal: CancelSignal | undefined,
  read: (sql: SqlRunner) => Promise<T>,
  options: ReadOptions = {},
): Promise<T> {
  const replica = options.lagTolerant ? replicaOf(db) : null;
  if (replica && !options.onPrimary && replica.choose() === "replica") {
    try {
      const result = await readOnPool({ pool: replica.pool, target: replica.target }, signal, read, options);
      replica.reads.replica += 1;
      return result;
    } catch (error) {
      if (signal?.aborted || !isReplicaFailure(error)) throw error;
      replica.failed(error);
    }
  }
  if (replica) replica.reads.primary += 1;
  return readOnPool({ pool: poolOf(db), target: targetOf(db) }, signal, read, options);
}

/** Whether lag-tolerant reads on `db` go to a replica now (a read that also checks a credential then splits). */
export function replicaInUse(db: DataSource): boolean {
  return replicaOf(db)?.choose() === "replica";
}

/** One statement's rows, read where lag-tolerant reads go (see readCancellable). */
export function lagTolerantRows<T>(db: DataSource, text: string, parameters: unknown[] = []): Promise<T[]> {
  return readCancellable(db, undefined, (sql) => queryRows<T>(sql, text, parameters), { lagTolerant: true });
}

/**
 * A replica failing for want of itself (unreachable, its connection lost, a read cancelled
 * by a conflict with recovery): the read is sent to the primary instead. A statement that
 * ran into its timeout would be as slow there.
 */
function isReplicaFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) && (error as { code?: unknown }).code !== "57014";
}

interface ReadPool {
  pool: pg.Pool;
  target: DatabaseTarget;
}

async function readOnPool<T>(
  on: ReadPool,
  signal: CancelSignal | undefined,
  read: (sql: SqlRunner) => Promise<T>,
  options: ReadOptions,
): Promise<T> {
  if (!signal && !options.oneSnapshot) return read(poolRunner(on.pool, !on.target.pooler));
  try {
    return await readOnOwnConnection(on, signal, read, options);
  } catch (error) {
    // Its connection was lost under it (not ended by us: that answers CANCELLED): a read
    // runs again, once, on another connection, as poolRows does.
    if (!isConnectionLost(error) || signal?.aborted) throw error;
    readRetries.lostConnections += 1;
    return readOnOwnConnection(on, signal, read, options);
  }
}

async function readOnOwnConnection<T>(
  on: ReadPool,
  signal: CancelSignal | undefined,
  read: (sql: SqlRunner) => Promise<T>,
  options: ReadOptions,
): Promise<T> {
  if (signal?.aborted) throw serviceUnavailable(CANCELLED_MESSAGE);
  const client = await on.pool.connect();
  let cancelling: Promise<void> | null = null;
  let grace: NodeJS.Timeout | undefined;
  let unusable = false;
  const onAbort = () => {
    // Behind a pooler in transaction mode the pid is the pooler's: ending it could end
    // someone else's backend. The statement timeout bounds the read there instead.
    if (on.target.pooler) return;
    grace = setTimeout(() => {
      cancelling = endBackend(on.target, client as unknown as pg.Client);
    }, CANCEL_GRACE_MS);
  };
  // Rows straight from the client: this runs on every list page, so no async frame of its own.
  const sql: SqlRunner = { query: (text, parameters) => client.query(text, parameters).then(resultRows) };
  // Where the connection is PostgreSQL's own session, a hot read may keep its statement prepared on it.
  if (!on.target.pooler) sql.queryPrepared = (text, parameters) => runPrepared(client, text, parameters);
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
 * Asks PostgreSQL to end the backend of `client`, from a short-lived connection of its own
 * to the same server (the pool may be full of exactly the slow reads that need stopping).
 */
async function endBackend(target: DatabaseTarget, client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  const killer = new ResilientClient({
    connectionString: target.address.urlFor({ host: client.host, port: client.port }),
    connectionTimeoutMillis: 2000,
  });
  await killer.connect();
  try {
    await killer.query("SELECT pg_terminate_backend($1)", [pid]);
  } finally {
    await killer.end().catch(() => undefined);
  }
}
