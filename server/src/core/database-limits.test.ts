import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { fundedMerchant, postWithdrawal } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { CANCEL_GRACE_MS, CANCELLED_MESSAGE } from "./cancellable-read";
import { AppError, DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE, toPublicError } from "./errors";

/** A session of the test's own, to hold locks the service then has to wait for. */
async function openProbe(app: TestApp): Promise<pg.Client> {
  const probe = new pg.Client({ connectionString: app.databaseUrl });
  await probe.connect();
  return probe;
}

describe("a database too slow for the request answers 503", () => {
  let app: TestApp;
  let merchant: Merchant;
  let probe: pg.Client;
  before(async () => {
    app = await startTestApp({ STATEMENT_TIMEOUT_MS: "300" });
    merchant = await fundedMerchant(app, "100.00");
    probe = await openProbe(app);
  });
  after(async () => {
    await probe.end();
    await app.close();
  });

  test("a read stuck behind a lock is cut off by statement_timeout: 503 SERVICE_UNAVAILABLE", async () => {
    await probe.query("BEGIN");
    await probe.query("LOCK TABLE charges IN ACCESS EXCLUSIVE MODE");
    try {
      const started = Date.now();
      const res = await app.request("GET", "/charges/ABCDEFGH", { token: merchant.clientSecret });
      assert.equal(res.status, 503, res.text);
      assert.deepEqual(res.body, {
        error: "The database is too busy or unreachable; try again shortly",
        code: "SERVICE_UNAVAILABLE",
      });
      assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);
      const gql = await app.graphql("{ charges { total } }", {}, merchant.clientSecret);
      assert.deepEqual(gql.errors?.[0].extensions, { code: "SERVICE_UNAVAILABLE" });
    } finally {
      await probe.query("ROLLBACK");
    }
  });

  test("a withdrawal waiting on its account's lock gives up at the timeout and keeps its key unused", async () => {
    const key = newUuid();
    await probe.query("BEGIN");
    await probe.query("SELECT 1 FROM companies WHERE id = $1 FOR NO KEY UPDATE", [merchant.companyId]);
    let res: Awaited<ReturnType<typeof postWithdrawal>>;
    try {
      res = await postWithdrawal(app, merchant, undefined, key);
    } finally {
      await probe.query("ROLLBACK");
    }
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.code, "SERVICE_UNAVAILABLE");
    const again = await postWithdrawal(app, merchant, undefined, key);
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers.get("idempotent-replayed"), null);
  });

  test("idle in a transaction past twice the timeout, the session is ended and its locks freed", async () => {
    const runner = app.services.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query("SELECT 1 FROM companies WHERE id = $1 FOR NO KEY UPDATE", [merchant.companyId]);
    await new Promise((resolve) => setTimeout(resolve, 900));
    const locks = await probe.query(
      `SELECT count(*)::int AS n FROM pg_locks l
        WHERE l.relation = 'companies'::regclass AND l.pid <> pg_backend_pid()
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    assert.equal(locks.rows[0].n, 0);
    await assert.rejects(runner.query("SELECT 1"));
    await runner.release();
  });
});

describe("a pool with no free connection fails fast", () => {
  let app: TestApp;
  let merchant: Merchant;
  before(async () => {
    app = await startTestApp({ STATEMENT_TIMEOUT_MS: "300", DB_POOL_SIZE: "1" });
    merchant = await app.createMerchant();
  });
  after(() => app.close());

  test("waiting longer than the timeout for a connection answers 503, not a hang", async () => {
    const held = app.services.db.createQueryRunner();
    await held.connect(); // the only connection of the pool
    try {
      const started = Date.now();
      const res = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
      assert.equal(res.status, 503, res.text);
      assert.equal(res.body.code, "SERVICE_UNAVAILABLE");
      assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);
    } finally {
      await held.release();
    }
    const res = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
    assert.equal(res.status, 200, res.text);
  });

  test("an unreachable server is a 503 too: DATABASE_UNAVAILABLE, with when to retry", async () => {
    const client = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/none" });
    const error = await client.connect().catch((caught: unknown) => caught);
    assert.deepEqual(toPublicError(error), {
      code: "DATABASE_UNAVAILABLE",
      message: DATABASE_UNAVAILABLE_MESSAGE,
      retryAfterSeconds: DATABASE_RETRY_AFTER_S,
    });
  });
});

describe("a read whose client went away is cancelled in PostgreSQL", () => {
  let app: TestApp;
  let merchant: Merchant;
  let probe: pg.Client;
  before(async () => {
    app = await startTestApp(); // statement timeout at its default (5 s): the cancel is what stops the read
    merchant = await fundedMerchant(app, "100.00");
    probe = await openProbe(app);
  });
  after(async () => {
    await probe.end();
    await app.close();
  });

  /** The backend waiting for a lock on `table` (the one the probe holds). */
  async function backendWaitingOn(table: string): Promise<number> {
    for (let tries = 0; tries < 250; tries += 1) {
      const rows = await probe.query(
        `SELECT pid FROM pg_locks
          WHERE NOT granted AND relation = $1::regclass
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [table],
      );
      if (rows.rowCount) return rows.rows[0].pid;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no backend waits on ${table}`);
  }

  for (const [name, table, list] of [
    [
      "withdrawal list",
      "withdrawals",
      (signal: AbortSignal) => app.services.withdrawals.listWithdrawals(merchant.companyId, {}, signal),
    ],
    [
      "charge list",
      "charges",
      (signal: AbortSignal) => app.services.charges.listCharges(merchant.companyId, {}, signal),
    ],
    [
      "webhook deliveries",
      "webhook_events",
      (signal: AbortSignal) => app.services.webhooks.listDeliveries(merchant.companyId, {}, signal),
    ],
    [
      "payment exceptions",
      "payment_exceptions",
      (signal: AbortSignal) => app.services.inboundPix.listPaymentExceptions({}, signal),
    ],
  ] as const) {
    test(`${name}: aborted, the backend stops within a second and is gone after`, async () => {
      await probe.query("BEGIN");
      await probe.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      try {
        const controller = new AbortController();
        const reading = list(controller.signal).then(
          () => null,
          (error: unknown) => error,
        );
        const pid = await backendWaitingOn(table);
        const abortedAt = Date.now();
        controller.abort();
        const error = await reading;
        assert.ok(Date.now() - abortedAt < 1000, `stopped ${Date.now() - abortedAt} ms after the abort`);
        assert.ok(error instanceof AppError, String(error));
        assert.equal(error.code, "SERVICE_UNAVAILABLE");
        assert.equal(error.message, CANCELLED_MESSAGE);
        // The backend was ended while the lock was still held: it is gone, nothing waits on.
        await probe.query("SELECT pg_stat_clear_snapshot()");
        const state = await probe.query("SELECT state, wait_event_type FROM pg_stat_activity WHERE pid = $1", [pid]);
        assert.deepEqual(state.rows, []);
        const waiting = await probe.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        assert.equal(waiting.rows[0].n, 0);
      } finally {
        await probe.query("ROLLBACK");
      }
    });
  }

  test("over HTTP, a client that leaves in the middle of GET /charges ends the read's backend", async () => {
    await probe.query("BEGIN");
    await probe.query("LOCK TABLE charges IN ACCESS EXCLUSIVE MODE");
    try {
      const client = new AbortController();
      const request = fetch(`${app.baseUrl}/charges?limit=5`, {
        headers: { authorization: `Bearer ${merchant.clientSecret}` },
        signal: client.signal,
      }).catch((error: unknown) => error);
      const pid = await backendWaitingOn("charges");
      client.abort();
      await request;
      // The request's connection closed unanswered: the service ends the backend at once.
      let gone = false;
      for (let tries = 0; tries < 50 && !gone; tries += 1) {
        await probe.query("SELECT pg_stat_clear_snapshot()");
        const state = await probe.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
        gone = state.rowCount === 0;
        if (!gone) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(gone, "the backend of the abandoned read is gone while the lock is still held");
    } finally {
      await probe.query("ROLLBACK");
    }
    const after = await app.request("GET", "/charges?limit=5", { token: merchant.clientSecret });
    assert.equal(after.status, 200);
  });

  test("a read that ends within the grace after its client left keeps its connection: its backend lives on", async () => {
    // The lock makes the read wait; the abort comes while it waits, and the lock goes well
    // within CANCEL_GRACE_MS, so the read ends by itself and gives its connection back.
    await probe.query("BEGIN");
    await probe.query("LOCK TABLE charges IN ACCESS EXCLUSIVE MODE");
    const controller = new AbortController();
    let reading: Promise<unknown>;
    let pid: number;
    try {
      reading = app.services.charges.listCharges(merchant.companyId, {}, controller.signal).catch((e) => e);
      pid = await backendWaitingOn("charges");
      controller.abort();
    } finally {
      await probe.query("ROLLBACK");
    }
    const page = await reading;
    assert.ok(!(page instanceof Error), `the read answered: ${String(page)}`);
    assert.equal((page as { total: number }).total, 0);
    // Past the grace, the backend that ran the read is still there (idle, back in the pool).
    await new Promise((resolve) => setTimeout(resolve, CANCEL_GRACE_MS + 100));
    await probe.query("SELECT pg_stat_clear_snapshot()");
    const state = await probe.query("SELECT state FROM pg_stat_activity WHERE pid = $1", [pid]);
    assert.deepEqual(state.rows, [{ state: "idle" }]);
  });

  test("a signal that never aborts changes nothing; one aborted before the read runs no query", async () => {
    const page = await app.services.withdrawals.listWithdrawals(merchant.companyId, {}, new AbortController().signal);
    assert.equal(page.total, 0);
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(app.services.charges.listCharges(merchant.companyId, {}, aborted.signal), {
      code: "SERVICE_UNAVAILABLE",
    });
  });
});
