import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { appendWebhookEvent } from "../webhooks/webhook-outbox";
import { readCancellable } from "./cancellable-read";
import { isDatabaseUnavailable } from "./errors";
import { poolRows, queryRows, readRetries, type SqlRunner } from "./sql";

/**
 * Reads of several statements (a page, then rows that belong to it) in one snapshot: a
 * change committed between the statements is seen by none of them or by all.
 */
let app: TestApp;
let probe: pg.Client;
let merchant: Merchant;

before(async () => {
  app = await startTestApp();
  probe = new pg.Client({ connectionString: app.databaseUrl });
  await probe.connect();
  // No worker runs here: the test plays the worker's part itself.
  merchant = await app.createMerchant({ webhookUrl: "http://127.0.0.1:9/hooks" });
});
after(async () => {
  await probe.end();
  await app.close();
});

/** The account's name, read twice by `read`, with a rename committed by another session in between. */
async function readAroundRename(options: { oneSnapshot?: boolean }, signal?: AbortSignal) {
  const readName = async (sql: SqlRunner) =>
    (await queryRows<{ name: string }>(sql, "SELECT name FROM companies WHERE id = $1", [merchant.companyId]))[0].name;
  const renamed = `Renamed ${Math.random()}`;
  const names = await readCancellable(
    app.services.db,
    signal,
    async (em) => {
      const first = await readName(em);
      await probe.query("UPDATE companies SET name = $2 WHERE id = $1", [merchant.companyId, renamed]);
      return [first, await readName(em)];
    },
    options,
  );
  return { names, renamed };
}

describe("readCancellable", () => {
  test("without oneSnapshot, a second statement sees a change committed after the first", async () => {
    const { names, renamed } = await readAroundRename({});
    assert.notEqual(names[0], renamed);
    assert.equal(names[1], renamed);
  });

  test("with oneSnapshot, every statement reads as of the first, with or without a signal", async () => {
    for (const signal of [undefined, new AbortController().signal]) {
      const { names, renamed } = await readAroundRename({ oneSnapshot: true }, signal);
      assert.notEqual(names[0], renamed);
      assert.equal(names[1], names[0]);
    }
  });

  test("a snapshot read cannot write, and a failed one leaves no connection inside a transaction", async () => {
    const poolSize = app.services.config.dbPoolSize;
    for (let i = 0; i < poolSize + 2; i += 1) {
      await assert.rejects(
        readCancellable(
          app.services.db,
          undefined,
          (em) => em.query("UPDATE companies SET name = 'x' WHERE id = $1", [merchant.companyId]),
          { oneSnapshot: true },
        ),
        { code: "25006" }, // read_only_sql_transaction
      );
    }
    const [{ name }] = await app.services.db.query("SELECT name FROM companies WHERE id = $1", [merchant.companyId]);
    assert.notEqual(name, "x");
    const [{ state }] = await app.services.db.query("SELECT current_setting('transaction_read_only') AS state");
    assert.equal(state, "off", "a pooled connection is out of the read's transaction");
  });
});

describe("a delivery's history is read in one snapshot", () => {
  test("an outcome committed between the page and its attempts shows in neither: PENDING with the attempt in flight", async () => {
    const eventId = await app.services.db.transaction(
      async (em) => (await appendWebhookEvent(em, merchant.companyId, "ping", { ok: true }, null, null)).eventId,
    );
    // The worker's claim: attempt 1 started, not yet answered.
    await probe.query("UPDATE webhook_events SET attempt_count = 1 WHERE id = $1", [eventId]);
    const {
      rows: [attempt],
    } = await probe.query(
      "INSERT INTO webhook_attempts (event_id, attempt_number, manual, url) VALUES ($1, 1, false, 'http://127.0.0.1:9/hooks') RETURNING id",
      [eventId],
    );

    // The attempts' table is held, so the read stops after the page, before its attempts.
    await probe.query("BEGIN");
    await probe.query("LOCK TABLE webhook_attempts IN ACCESS EXCLUSIVE MODE");
    const query = `query { webhookDeliveries(limit: 5) { data { eventId status attempts { responseStatus finishedAt } } } }`;
    const during = app.graphql(query, {}, merchant.clientSecret);
    try {
      await waitFor("the read to wait for the attempts", async () => {
        const { rows } = await probe.query(
          "SELECT 1 FROM pg_locks WHERE relation = 'webhook_attempts'::regclass AND NOT granted",
        );
        return rows.length > 0;
      });
      // The worker's outcome, as recordOutcomes writes it: the attempt answered and the delivery moved, at once.
      await probe.query("UPDATE webhook_attempts SET response_status = 200, finished_at = now() WHERE id = $1", [
        attempt.id,
      ]);
      await probe.query("UPDATE webhook_events SET delivery_status = 'DELIVERED', delivered_at = now() WHERE id = $1", [
        eventId,
      ]);
    } finally {
      await probe.query("COMMIT");
    }
    const seen = (await during).data.webhookDeliveries.data.find(
      (item: { eventId: string }) => item.eventId === eventId,
    );
    assert.deepEqual(seen, { eventId, status: "PENDING", attempts: [{ responseStatus: null, finishedAt: null }] });

    const after = (await app.graphql(query, {}, merchant.clientSecret)).data.webhookDeliveries.data.find(
      (item: { eventId: string }) => item.eventId === eventId,
    );
    assert.equal(after.status, "DELIVERED");
    assert.equal(after.attempts[0].responseStatus, 200);
    assert.notEqual(after.attempts[0].finishedAt, null);
  });
});

/** Ends (pg_terminate_backend) the backend running the statement that contains `marker`, once it runs. */
async function endBackendRunning(marker: string): Promise<number> {
  let pid = 0;
  await waitFor(`a backend running ${marker}`, async () => {
    const { rows } = await probe.query(
      `SELECT pid, pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE '%' || $1 || '%' LIMIT 1`,
      [marker],
    );
    pid = rows[0]?.ended ? rows[0].pid : 0;
    return pid !== 0;
  });
  return pid;
}

describe("a read whose connection is lost under it", () => {
  /** A read of 42 that takes 300 ms, named by `marker` so that the test can find its backend. */
  const slowRead = (marker: string) => `SELECT 42 AS answer, pg_sleep(0.3) AS "${marker}"`;

  test("poolRows sends it once more on another connection and answers its rows", async () => {
    const before = readRetries.lostConnections;
    const read = poolRows<{ answer: number }>(app.services.db, slowRead("pool_read_lost_once"));
    const endedPid = await endBackendRunning("pool_read_lost_once");
    const rows = await read;
    assert.equal(rows[0].answer, 42);
    assert.equal(readRetries.lostConnections, before + 1);
    const { rows: alive } = await probe.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [endedPid]);
    assert.equal(alive.length, 0, "the first attempt's backend is gone: the answer came from another");
  });

  test("a read on its own connection (a signal, one snapshot) runs again once and answers", async () => {
    const before = readRetries.lostConnections;
    const read = readCancellable(
      app.services.db,
      new AbortController().signal,
      (sql) => queryRows<{ answer: number }>(sql, slowRead("own_read_lost_once")),
      { oneSnapshot: true },
    );
    await endBackendRunning("own_read_lost_once");
    assert.equal((await read)[0].answer, 42);
    assert.equal(readRetries.lostConnections, before + 1);
  });

  test("lost twice, the read gives up: the error is the database's, answered 503", async () => {
    const before = readRetries.lostConnections;
    const read = poolRows(app.services.db, slowRead("pool_read_lost_twice"));
    const outcome = read.then(
      () => null,
      (error: unknown) => error,
    );
    const first = await endBackendRunning("pool_read_lost_twice");
    await waitFor("the second attempt on another backend", async () => {
      const { rows } = await probe.query(
        "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pool_read_lost_twice%' AND pid <> pg_backend_pid()",
      );
      return rows.length > 0 && rows[0].pid !== first;
    });
    await endBackendRunning("pool_read_lost_twice");
    const error = await outcome;
    assert.equal((error as { code?: string }).code, "57P01");
    assert.ok(isDatabaseUnavailable(error));
    assert.equal(readRetries.lostConnections, before + 1);
  });

  test("a read that fails for what it asks is not sent again", async () => {
    const before = readRetries.lostConnections;
    await assert.rejects(poolRows(app.services.db, "SELECT 1 / 0"), { code: "22012" });
    await assert.rejects(
      readCancellable(app.services.db, new AbortController().signal, (sql) => sql.query("SELECT 1 / 0")),
      { code: "22012" },
    );
    assert.equal(readRetries.lostConnections, before);
  });
});
