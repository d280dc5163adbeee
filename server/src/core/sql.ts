import type pg from "pg";
import type { DataSource } from "typeorm";
import { isConnectionLost } from "./errors";

/** Anything TypeORM can run raw SQL on: a DataSource, an EntityManager or a QueryRunner. */
export interface SqlRunner {
  query(text: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Runs raw SQL and returns its rows. TypeORM's postgres driver answers UPDATE and DELETE
 * with [rows, affectedCount] but SELECT and INSERT with rows; this hides the difference.
 */
export function queryRows<T>(runner: SqlRunner, text: string, parameters: unknown[] = []): Promise<T[]> {
  return runner.query(text, parameters).then(rowsOfResult) as Promise<T[]>;
}

function rowsOfResult(result: unknown): unknown[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number") {
    return result[0];
  }
  return result as unknown[];
}

/** Runs an UPDATE or DELETE and returns how many rows it touched. */
export async function execute(runner: SqlRunner, text: string, parameters: unknown[] = []): Promise<number> {
  const result = await runner.query(text, parameters);
  return Array.isArray(result) && typeof result[1] === "number" ? result[1] : 0;
}

/** The DataSource's node-postgres pool: its connections, statement timeout and errors. */
export function poolOf(db: DataSource): pg.Pool {
  return (db.driver as unknown as { master: pg.Pool }).master;
}

/**
 * One read straight on the DataSource's pool, for reads on every request (the credential,
 * the balance, a charge, list pages): TypeORM's `query` makes, connects and releases a
 * QueryRunner around each statement, about a sixth of a balance read's CPU.
 *
 * Reads only: a statement whose connection was lost under it (an idle connection whose
 * backend was ended a moment ago, a database restart) is sent once more, on another
 * connection, instead of answering 503 for a read that would succeed.
 */
export function poolRows<T>(db: DataSource, text: string, parameters: unknown[] = []): Promise<T[]> {
  return rowsOf(poolOf(db), text, parameters);
}

/** poolRows on any pool (the read replica's too). */
export function rowsOf<T>(pool: pg.Pool, text: string, parameters: unknown[] = []): Promise<T[]> {
  return pool.query(text, parameters).then(resultRows, (error: unknown) => {
    if (!isConnectionLost(error)) throw error;
    readRetries.lostConnections += 1;
    return pool.query(text, parameters).then(resultRows);
  }) as Promise<T[]>;
}

/** Reads sent again after their connection was lost, since the process started: a test probe. */
export const readRetries = { lostConnections: 0 };

/** The rows of a node-postgres result. */
export const resultRows = (result: pg.QueryResult) => result.rows;

/** A pool as a SqlRunner whose `query` answers rows (each statement on any free connection). */
export function poolRunner(pool: pg.Pool): SqlRunner {
  return { query: (text, parameters) => rowsOf(pool, text, parameters) };
}
