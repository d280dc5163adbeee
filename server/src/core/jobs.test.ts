import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { waitFor } from "../../test/support/scenarios";
import { createTestDatabase } from "../../test/support/test-app";
import { type JobHandler, migrateJobQueue, startJobWorker } from "./jobs";
import { createLogger } from "./logger";

/*
 * Every job attempt ends completed or failed within a bound, even when the worker cannot
 * record it: a job must never stay locked by a live worker that is no longer running it.
 */
const logger = createLogger("silent");
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Client;

before(async () => {
  database = await createTestDatabase();
  await migrateJobQueue(database.url, logger);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
after(async () => {
  await sql.end();
  await database.drop();
});

async function addJob(task: string): Promise<string> {
  const { rows } = await sql.query("SELECT (graphile_worker.add_job($1, '{}'::json)).id::text AS id", [task]);
  return rows[0].id;
}

async function jobRow(id: string) {
  const { rows } = await sql.query(
    "SELECT attempts, locked_by, last_error FROM graphile_worker.jobs WHERE id = $1::bigint",
    [id],
  );
  return rows[0] as { attempts: number; locked_by: string | null; last_error: string | null } | undefined;
}

test("a job whose completion cannot be recorded (its connection killed) is released and runs again", async () => {
  const runs: number[] = [];
  const blocker = new pg.Client({ connectionString: database.url });
  await blocker.connect();
  const handler: JobHandler = async (_payload, helpers) => {
    runs.push(helpers.job.attempts);
    if (runs.length === 1) {
      // Holds the job's row: the worker's completing DELETE waits on it, and is then killed.
      await blocker.query("BEGIN");
      await blocker.query("SELECT 1 FROM graphile_worker._private_jobs WHERE id = $1 FOR UPDATE", [helpers.job.id]);
    }
  };
  const worker = await startJobWorker(database.url, { blocked_completion: handler, plain: async () => {} }, logger, {
    concurrency: 2,
    heartbeatMs: 200,
    pollIntervalMs: 100,
  });
  try {
    const id = await addJob("blocked_completion");
    await waitFor(
      "the completing DELETE waits on the row lock",
      async () => {
        const { rows } = await sql.query(
          `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%delete from%_private_jobs%'`,
        );
        return rows.length > 0 && rows.every((row) => row.killed === true);
      },
      10_000,
    );
    await blocker.query("COMMIT");
    // The job ran once, its completion was lost: it must not stay locked by this live worker.
    await waitFor("the job ran again and was completed", async () => (await jobRow(id)) === undefined, 10_000).catch(
      async (error) => {
        throw new Error(`${error.message}: runs ${JSON.stringify(runs)}, row ${JSON.stringify(await jobRow(id))}`);
      },
    );
    assert.deepEqual(runs, [1, 2]);
    // The worker still takes new work.
    const next = await addJob("plain");
    await waitFor("a later job completed", async () => (await jobRow(next)) === undefined, 10_000);
  } finally {
    await blocker.end().catch(() => undefined);
    await worker.stop();
  }
});

test("an attempt that never settles fails after the attempt timeout, runs again, and does not block stop", async () => {
  const runs: number[] = [];
  const handler: JobHandler = (_payload, helpers) => {
    runs.push(helpers.job.attempts);
    return runs.length === 1 ? new Promise<void>(() => {}) : Promise.resolve();
  };
  const worker = await startJobWorker(database.url, { hangs_once: handler }, logger, {
    concurrency: 1,
    heartbeatMs: 200,
    pollIntervalMs: 100,
    attemptTimeoutMs: 300,
  });
  try {
    const id = await addJob("hangs_once");
    await waitFor("the hung attempt recorded as failed", async () => (await jobRow(id))?.last_error != null, 5_000);
    const row = await jobRow(id);
    assert.equal(row?.attempts, 1);
    assert.equal(row?.locked_by, null);
    assert.match(row?.last_error ?? "", /did not finish within 300 ms/);
    // Retried after graphile-worker's backoff (about 2.7 s after the first failure).
    await waitFor("the second attempt completed", async () => (await jobRow(id)) === undefined, 10_000);
    assert.deepEqual(runs, [1, 2]);
  } finally {
    const stopStarted = Date.now();
    await worker.stop();
    assert.ok(Date.now() - stopStarted < 5_000, "stop is not held by the hung attempt");
  }
});
