import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import type { DataSource } from "typeorm";
import { createTestDatabase } from "../../test/support/test-app";
import { createDataSource } from "../database";
import { AppError, httpStatusFor } from "./errors";
import { runTransaction, TRANSACTION_ATTEMPTS, transactionRetries } from "./transactions";

let database: { url: string; drop: () => Promise<void> };
let db: DataSource;
let other: pg.Client;

before(async () => {
  database = await createTestDatabase();
  db = createDataSource(database.url, 4);
  await db.initialize();
  other = new pg.Client({ connectionString: database.url });
  await other.connect();
});
after(async () => {
  await other.end();
  await db.destroy();
  await database.drop();
});

async function waitForUngrantedAdvisoryLock(key: number): Promise<void> {
  for (let tries = 0; tries < 250; tries += 1) {
    const rows = await db.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [key],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no session waits for advisory lock ${key}`);
}

describe("runTransaction", () => {
  test("a transaction chosen as a deadlock's victim runs again and succeeds", async () => {
    const deadlocksBefore = transactionRetries.deadlocks;
    let runs = 0;
    let otherDone: Promise<unknown> = Promise.resolve();
    const result = await runTransaction(db, async (em) => {
      runs += 1;
      await em.query("SELECT pg_advisory_xact_lock(71)");
      if (runs === 1) {
        // A real circle: the other session holds 72 and waits for 71; this one then asks
        // for 72. This session looks for deadlocks first (50 ms against 10 s), so it is the
        // one PostgreSQL ends, with 40P01.
        await em.query("SET LOCAL deadlock_timeout = '50ms'");
        await other.query("BEGIN");
        await other.query("SET LOCAL deadlock_timeout = '10s'");
        await other.query("SELECT pg_advisory_xact_lock(72)");
        otherDone = other.query("SELECT pg_advisory_xact_lock(71)").then(() => other.query("COMMIT"));
        await waitForUngrantedAdvisoryLock(71);
      }
      await em.query("SELECT pg_advisory_xact_lock(72)");
      return "committed";
    });
    await otherDone;
    assert.equal(result, "committed");
    assert.equal(runs, 2);
    assert.equal(transactionRetries.deadlocks, deadlocksBefore + 1);
  });

  test(`a transaction that keeps failing gives up after ${TRANSACTION_ATTEMPTS} runs with a clean 503`, async () => {
    let runs = 0;
    const error = await runTransaction(db, "SERIALIZABLE", async (em) => {
      runs += 1;
      await em.query(
        "DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure'; END $$",
      );
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    assert.equal(runs, TRANSACTION_ATTEMPTS);
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, "SERVICE_UNAVAILABLE");
    assert.equal(httpStatusFor(error.code), 503);
    assert.doesNotMatch(error.message, /serializ|SQL|DO \$\$/);
  });

  test("any other failure is not retried and reaches the caller as it was", async () => {
    let runs = 0;
    const error = await runTransaction(db, async (em) => {
      runs += 1;
      await em.query("DO $$ BEGIN RAISE EXCEPTION 'duplicate' USING ERRCODE = 'unique_violation'; END $$");
    }).then(
      () => null,
      (caught: unknown) => caught as { code?: string },
    );
    assert.equal(runs, 1);
    assert.equal(error?.code, "23505");
    const appError = await runTransaction(db, async () => {
      runs += 1;
      throw new AppError("INVALID_STATE", "no");
    }).catch((caught: unknown) => caught);
    assert.equal(runs, 2);
    assert.equal((appError as AppError).code, "INVALID_STATE");
  });
});
