import pg from "pg";
import type { DataSource } from "typeorm";
import { preparesStatements } from "./data-source";
import { isConnectionLost } from "./errors";

/** Anything TypeORM can run raw SQL on: a DataSource, an EntityManager or a QueryRunner. */
export interface SqlRunner {
  query(text: string, parameters?: unknown[]): Promise<unknown>;
  /**
   * The same, the statement prepared once per connection (see preparedRows): only runners
   * whose connections talk to PostgreSQL itself have it.
   */
  queryPrepared?(text: string, parameters: unknown[]): Promise<unknown[]>;
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

/** The name each hot read's text is prepared under, per process (names are per connection in PostgreSQL). */
const statementNames = new Map<string, string>();
/** Texts PostgreSQL refused to run prepared (their result changed under them, see preparedRows): sent unnamed from then on. */
const unpreparedTexts = new Set<string>();

/**
 * poolRows for the hottest reads (the balance, a charge; a charges page through
 * preparedQueryRows), with the statement prepared once
 * per connection: PostgreSQL then parses and plans it once, not on every request. Planning
 * was most of such a read's time in the database: 0.13 ms for the balance read as a client
 * secret against 0.02 ms of execution (pg_stat_statements, docs/benchmarks.md), on the same
 * cores as the service. Only where the pool talks to PostgreSQL itself (preparesStatements):
 * behind a pooler in transaction mode every statement is sent unnamed, as before.
 *
 * A statement that selects `*` changes its result when a column is added (a newer version's
 * migration, say): PostgreSQL then refuses the prepared form ("cached plan must not change
 * result type", 0A000). The read is sent again unnamed, and so is every later one of that
 * text in this process.
 */
export function preparedRows<T>(db: DataSource, text: string, parameters: unknown[]): Promise<T[]> {
  if (!preparesStatements(db)) return poolRows(db, text, parameters);
  const pool = poolOf(db);
  return runPrepared<T>(pool, text, parameters).catch((error: unknown) => {
    if (!isConnectionLost(error)) throw error;
    readRetries.lostConnections += 1;
    return runPrepared<T>(pool, text, parameters);
  });
}

/** A statement run through a runner's prepared form when it has one (a runner of preparedRows' kind), else plainly. */
export function preparedQueryRows<T>(runner: SqlRunner, text: string, parameters: unknown[]): Promise<T[]> {
  return runner.queryPrepared
    ? (runner.queryPrepared(text, parameters) as Promise<T[]>)
    : queryRows<T>(runner, text, parameters);
}

/** Where a prepared read goes: a pool (any free connection) or one connection of it. */
export type PreparedTarget = pg.Pool | pg.ClientBase;

/** Runs `text` prepared under its name (or unnamed, once PostgreSQL refused its prepared form) on `target`. */
export function runPrepared<T>(target: PreparedTarget, text: string, parameters: unknown[]): Promise<T[]> {
  if (unpreparedTexts.has(text)) return submit(target, undefined, text, parameters).then(resultRows) as Promise<T[]>;
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `pix_read_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return submit(target, name, text, parameters).then(resultRows, (error: unknown) => {
    if (!isPlanResultChanged(error)) throw error;
    unpreparedTexts.add(text);
    return submit(target, undefined, text, parameters).then(resultRows);
  }) as Promise<T[]>;
}

/**
 * Sends a statement as a pg Query made from its text, named after. node-postgres copies a
 * query given as an object (`{ name, text, values }`) through its property descriptors on
 * every call (`cloneQueryConfig`: about 1.5 µs and 1 KB a statement on this machine, 0.13 µs
 * for a text), and a text alone cannot carry the statement's name.
 */
function submit(target: PreparedTarget, name: string | undefined, text: string, values: unknown[]) {
  const query = new pg.Query(text, values) as pg.Query & { name?: string };
  query.name = name;
  // A Query takes its callback as the argument after it (pg's typings know only the form without).
  const sender = target as unknown as {
    query(query: pg.Query, callback: (error: Error | undefined, result: pg.QueryResult) => void): void;
  };
  return new Promise<pg.QueryResult>((resolve, reject) => {
    sender.query(query, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed since it was prepared. */
function isPlanResultChanged(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "0A000" && typeof message === "string" && message.startsWith("cached plan must not change result type")
  );
}

/** Reads sent again after their connection was lost, since the process started: a test probe. */
export const readRetries = { lostConnections: 0 };

/** The rows of a node-postgres result. */
export const resultRows = (result: pg.QueryResult) => result.rows;

/**
 * A pool as a SqlRunner whose `query` answers rows (each statement on any free connection);
 * with `prepares` (a pool that talks to PostgreSQL itself), `queryPrepared` too.
 */
export function poolRunner(pool: pg.Pool, prepares = false): SqlRunner {
  const runner: SqlRunner = { query: (text, parameters) => rowsOf(pool, text, parameters) };
  if (prepares) runner.queryPrepared = (text, parameters) => runPrepared(pool, text, parameters);
  return runner;
}
