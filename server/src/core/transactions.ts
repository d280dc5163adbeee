import {
  type DataSource,
  type EntityManager,
  QueryRunnerAlreadyReleasedError,
  QueryRunnerProviderAlreadyReleasedError,
} from "typeorm";
import { DatabaseUnavailableError, serviceUnavailable } from "./errors";

/**
 * Every service transaction runs through runTransaction. PostgreSQL may end a transaction
 * that did nothing wrong: a deadlock (40P01) or, above READ COMMITTED, a serialization
 * failure (40001). Such a transaction is run again from the start, a bounded number of
 * times with a short random pause, before the request is answered; when it still fails
 * the caller gets a clean 503 SERVICE_UNAVAILABLE (DATABASE_UNAVAILABLE when its
 * connections were lost: a failover). A transaction whose COMMIT was sent and not answered
 * is never run again: it may have committed, and the caller's retry with the same
 * Idempotency-Key finds it.
 *
 * The work may therefore run more than once: it must keep every effect inside the
 * transaction (rows, outbox events, jobs) and not change objects it did not load itself.
 * Calls to the bank or other services belong before or after it, never inside.
 *
 * Lock order (the same in every transaction, so no two of them wait on each other in a
 * circle):
 *   1. claims of a request: the inbound payment's end-to-end id, an idempotency key (by
 *      the unique insert);
 *   2. the one row the operation is about (a charge, a withdrawal or a webhook event),
 *      FOR NO KEY UPDATE;
 *   3. the account row (companies), FOR NO KEY UPDATE, explicitly or by the ledger's
 *      UPDATE of its running balance.
 * A transaction never locks two charges, two withdrawals or two accounts. A row it
 * inserts is invisible to every other transaction until commit, so createWithdrawal may
 * lock the account and then its new withdrawal (auto-approval) without breaking the order.
 * Rows it inserts (charges, ledger entries, history, outbox events, jobs) only take
 * FOR KEY SHARE on the rows they reference, which FOR NO KEY UPDATE does not block: that
 * is why the account row is never locked FOR UPDATE (its key never changes), or a charge
 * insert would wait on it. The expiry sweep locks many charges in one statement and
 * nothing else, so it cannot close a circle either.
 *
 *   createCharge        (bank call first, outside) -> insert charge (key share on account)
 *   createWithdrawal    account -> insert withdrawal -> ledger, history, outbox, job
 *   approve, reject, cancel, settle, fail, bank retry
 *                       withdrawal -> account (ledger or PENDING count) -> history, outbox, job
 *   simulate payment, reserve, release, cancel charge
 *                       charge -> account (ledger) -> outbox
 *   inbound payment     end-to-end id claim -> charge -> account (ledger) -> outbox / exception
 *   adjustment          account -> insert adjustment -> ledger
 *   company settings    account (companies module)
 *   redeliver           webhook event -> job (the account is only read)
 */
export type IsolationLevel = "READ COMMITTED" | "REPEATABLE READ" | "SERIALIZABLE";

/** How many times a transaction may run in all before the request is answered 503. */
export const TRANSACTION_ATTEMPTS = 3;

/** SQLSTATEs after which the same transaction, run again, may well succeed. */
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

export function isRetryableTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === "string" && RETRYABLE_SQLSTATES.has(code)) || isLostBeforeCommit(error);
}

/**
 * TypeORM releases a transaction's connection the moment the connection fails (its backend
 * killed, the socket lost) while the work runs; the next statement, or the COMMIT, then
 * throws one of these instead of being sent. The COMMIT was never sent, so PostgreSQL rolled
 * the transaction back: running it again on a fresh connection is safe.
 */
function isLostBeforeCommit(error: unknown): boolean {
  return error instanceof QueryRunnerAlreadyReleasedError || error instanceof QueryRunnerProviderAlreadyReleasedError;
}

/** Transactions run again since the process started, by cause: a metric and a test probe. */
export const transactionRetries = { deadlocks: 0, serializationFailures: 0, lostConnections: 0 };

/** 5 to 25 ms before the second run, 10 to 50 ms before the third: apart, but quickly. */
function backoffMs(attempt: number): number {
  return attempt * (5 + Math.random() * 20);
}

type Work<T> = (em: EntityManager) => Promise<T>;

/** Called like TypeORM's db.transaction: (work) or (isolation level, work). */
export function runTransaction<T>(db: DataSource, work: Work<T>): Promise<T>;
export function runTransaction<T>(db: DataSource, isolation: IsolationLevel, work: Work<T>): Promise<T>;
export async function runTransaction<T>(
  db: DataSource,
  isolationOrWork: IsolationLevel | Work<T>,
  maybeWork?: Work<T>,
): Promise<T> {
  const isolation = typeof isolationOrWork === "string" ? isolationOrWork : null;
  const work = (typeof isolationOrWork === "function" ? isolationOrWork : maybeWork) as Work<T>;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return isolation ? await db.transaction(isolation, work) : await db.transaction(work);
    } catch (error) {
      if (!isRetryableTransactionError(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS)
        throw isLostBeforeCommit(error)
          ? new DatabaseUnavailableError()
          : serviceUnavailable("The database could not complete the change; try again");
      if (isLostBeforeCommit(error)) transactionRetries.lostConnections += 1;
      else if ((error as { code: string }).code === "40P01") transactionRetries.deadlocks += 1;
      else transactionRetries.serializationFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
