import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Client } from "pg";
import { waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { startBackgroundWork } from "../worker";
import { type ClaimedAttempt, INTERRUPTED_ATTEMPT_ERROR } from "./webhook-dispatcher";
import { appendWebhookEvent } from "./webhook-outbox";
import { openQueueConnection } from "./webhook-queue";

let app: TestApp;
let receiver: WebhookReceiver;
/** Three workers' claim connections. */
let queues: Client[];

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp(); // no worker in this process unless a test starts one
  queues = await Promise.all(
    [1, 2, 3].map(() =>
      openQueueConnection(app.databaseUrl, { statementTimeoutMs: app.services.config.statementTimeoutMs }),
    ),
  );
});
after(async () => {
  for (const queue of queues) await queue.end();
  await app.close();
  await receiver.close();
});

/** Writes `count` ping events for the merchant, as committed changes would. */
async function writePings(merchant: Merchant, count: number): Promise<string[]> {
  return app.services.db.transaction(async (em) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const signed = await appendWebhookEvent(
        em,
        merchant.companyId,
        "ping",
        { company_id: merchant.companyId },
        null,
        null,
      );
      ids.push(signed.eventId);
    }
    return ids;
  });
}

function receivedIds(path: string): string[] {
  return receiver.received.filter((item) => item.path === path).map((item) => item.json.event_id);
}

async function deliveredCount(companyId: string): Promise<number> {
  const rows = await app.services.db.query(
    "SELECT count(*)::int AS n FROM webhook_events WHERE company_id = $1 AND delivery_status = 'DELIVERED'",
    [companyId],
  );
  return rows[0].n;
}

test("two workers on one database never send one attempt twice", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/two-workers") });
  const workers = [await startBackgroundWork(app.runtime), await startBackgroundWork(app.runtime)];
  try {
    const ids = await writePings(merchant, 300);
    await waitFor("every delivery", async () => (await deliveredCount(merchant.companyId)) === ids.length, 30_000);
    const got = receivedIds("/two-workers");
    assert.equal(got.length, ids.length, "each event was sent exactly once");
    assert.deepEqual(new Set(got), new Set(ids));
    const attempts = await app.services.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS events, max(attempt_number) AS highest
         FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id WHERE e.company_id = $1`,
      [merchant.companyId],
    );
    assert.deepEqual(attempts[0], { n: ids.length, events: ids.length, highest: 1 });
  } finally {
    for (const worker of workers) await worker.stop();
  }
});

/** `npm run worker` as its own process, on the test database. */
function startWorkerProcess(): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [join(__dirname, "..", "worker.js")], {
    env: {
      ...process.env,
      DATABASE_URL: app.databaseUrl,
      ADMIN_API_TOKEN: TEST_ADMIN_TOKEN,
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_TIMEOUT_MS: "3000",
      WORKER_HEARTBEAT_MS: "200",
      WEBHOOK_CONCURRENCY: "8",
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  return { child, exited: new Promise((resolve) => child.on("exit", resolve)) };
}

test("a worker killed with SIGKILL in the middle of deliveries loses no event", async () => {
  const path = "/crash";
  const merchant = await app.createMerchant({ webhookUrl: receiver.url(path) });
  receiver.respond(() => ({ status: 200, delayMs: 40 }));
  const ids = await writePings(merchant, 400);

  const first = startWorkerProcess();
  await waitFor("deliveries to be under way", async () => receivedIds(path).length >= 60, 30_000);
  first.child.kill("SIGKILL");
  await first.exited;

  const deliveredBefore = await deliveredCount(merchant.companyId);
  assert.ok(deliveredBefore < ids.length, "the worker died with deliveries left to do");
  const leased = await app.services.db.query(
    `SELECT count(*)::int AS n FROM webhook_events
      WHERE company_id = $1 AND delivery_status = 'PENDING' AND leased_until > now()`,
    [merchant.companyId],
  );
  assert.ok(leased[0].n > 0, "the dead worker left events leased");

  const second = startWorkerProcess();
  try {
    await waitFor(
      "every event delivered",
      async () => (await deliveredCount(merchant.companyId)) === ids.length,
      60_000,
    );
  } finally {
    second.child.kill("SIGTERM");
    await second.exited;
    receiver.respond(() => ({ status: 200 }));
  }
  const got = new Set(receivedIds(path));
  for (const id of ids) assert.ok(got.has(id), `${id} was delivered`);
  const unfinished = await app.services.db.query(
    `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
      WHERE e.company_id = $1 AND a.finished_at IS NULL`,
    [merchant.companyId],
  );
  assert.equal(unfinished[0].n, 0, "attempts cut off by the kill are closed as interrupted");
  const interrupted = await app.services.db.query(
    `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
      WHERE e.company_id = $1 AND a.error = $2`,
    [merchant.companyId, INTERRUPTED_ATTEMPT_ERROR],
  );
  // Each interrupted attempt is followed by a new one: redeliveries are the only duplicates.
  assert.ok(receivedIds(path).length <= ids.length + interrupted[0].n);
});

const NO_ROOMS = { accounts: [], rooms: [] };

/** The attempts of an event: number and error, oldest first. */
async function attemptsOf(eventId: string) {
  return app.services.db.query(
    "SELECT attempt_number, error, finished_at IS NOT NULL AS finished FROM webhook_attempts WHERE event_id = $1 ORDER BY attempt_number",
    [eventId],
  );
}

test("an event leased by a worker that died is claimed again once its lease ends, as a new attempt", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/lease") });
  const [eventId] = await writePings(merchant, 1);
  const dispatcher = app.services.webhookDispatcher;
  const first = await dispatcher.claimDue(queues[0], 10, NO_ROOMS, 5, 60_000);
  assert.deepEqual(
    first.map((attempt) => [attempt.event_id, attempt.attempt_number]),
    [[eventId, 1]],
  );
  // The claiming worker "dies": nothing is sent, no outcome recorded.
  assert.deepEqual(await dispatcher.claimDue(queues[0], 10, NO_ROOMS, 5, 60_000), [], "leased: nobody claims it again");
  await app.services.db.query("UPDATE webhook_events SET leased_until = now() - interval '1 ms' WHERE id = $1", [
    eventId,
  ]);
  const second = await dispatcher.claimDue(queues[0], 10, NO_ROOMS, 5, 60_000);
  assert.deepEqual(
    second.map((attempt) => [attempt.event_id, attempt.attempt_number]),
    [[eventId, 2]],
  );
  assert.deepEqual(await attemptsOf(eventId), [
    { attempt_number: 1, error: INTERRUPTED_ATTEMPT_ERROR, finished: true },
    { attempt_number: 2, error: null, finished: false },
  ]);
  await dispatcher.deliver(second[0]);
  const rows = await app.services.db.query(
    "SELECT delivery_status, leased_until, attempt_count FROM webhook_events WHERE id = $1",
    [eventId],
  );
  assert.deepEqual(rows[0], { delivery_status: "DELIVERED", leased_until: null, attempt_count: 2 });
  assert.deepEqual(receivedIds("/lease"), [eventId]);
});

test("a redelivery asked for while an attempt is in flight stands, whatever that attempt's outcome", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/overtaken") });
  const [eventId] = await writePings(merchant, 1);
  const dispatcher = app.services.webhookDispatcher;
  const [inFlight] = await dispatcher.claimDue(queues[0], 10, NO_ROOMS, 5, 60_000);
  assert.equal(inFlight.attempt_number, 1);
  await app.services.webhooks.redeliver(merchant.companyId, eventId);
  // The attempt in flight answers after the redelivery was asked for, before any claim.
  await dispatcher.deliver(inFlight);
  const [event] = await app.services.db.query(
    "SELECT delivery_status, next_attempt_at <= now() AS due, leased_until FROM webhook_events WHERE id = $1",
    [eventId],
  );
  assert.deepEqual(event, { delivery_status: "PENDING", due: true, leased_until: null });
  const [redelivery] = await dispatcher.claimDue(queues[0], 10, NO_ROOMS, 5, 60_000);
  assert.equal(redelivery.attempt_number, 2);
  await dispatcher.deliver(redelivery);
  assert.deepEqual(await attemptsOf(eventId), [
    { attempt_number: 1, error: null, finished: true },
    { attempt_number: 2, error: null, finished: true },
  ]);
  assert.deepEqual(receivedIds("/overtaken"), [eventId, eventId]);
});

test("the claims' connection reaches rows by index only, plans once, under the statement timeout", async () => {
  const settings = await queues[0].query(
    `SELECT name, setting FROM pg_settings
      WHERE name IN ('enable_bitmapscan', 'enable_seqscan', 'plan_cache_mode', 'statement_timeout') ORDER BY name`,
  );
  assert.ok(app.services.config.statementTimeoutMs > 0);
  assert.deepEqual(settings.rows, [
    { name: "enable_bitmapscan", setting: "off" },
    { name: "enable_seqscan", setting: "off" },
    { name: "plan_cache_mode", setting: "force_generic_plan" },
    { name: "statement_timeout", setting: String(app.services.config.statementTimeoutMs) },
  ]);
  // The claim's plan, as the connection runs it: an index of the events (the due index when many are
  // pending; the status index and a sort when the statistics say few are, as after a long run of
  // delivered ones: CI saw both), primary keys, the attempts' unique index.
  assert.deepEqual(await app.services.webhookDispatcher.claimDue(queues[0], 0, NO_ROOMS, 5, 60_000), []);
  const prepared = await queues[0].query(
    "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'webhook_claim'",
  );
  assert.equal(prepared.rows[0].custom_plans, "0");
  const { rows } = await queues[0].query(
    "EXPLAIN (COSTS OFF) EXECUTE webhook_claim(10, '{}', '{}', '{}', 5, 60000, 'x')",
  );
  const plan = rows.map((row: { "QUERY PLAN": string }) => row["QUERY PLAN"]).join("\n");
  assert.doesNotMatch(plan, /Seq Scan|Bitmap/);
  assert.match(plan, /Index Scan using webhook_events_(due|status_sequence) on webhook_events e\n/);
  for (const index of ["webhook_events_pkey", "webhook_attempts_event_id_attempt_number_key"]) {
    assert.match(plan, new RegExp(`Index Scan using ${index}`));
  }
});

test("claims of three workers racing for one due event take it once", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/race") });
  const [eventId] = await writePings(merchant, 1);
  const dispatcher = app.services.webhookDispatcher;
  const claims = await Promise.all(queues.map((queue) => dispatcher.claimDue(queue, 10, NO_ROOMS, 5, 60_000)));
  assert.deepEqual(
    claims.flat().map((attempt) => [attempt.event_id, attempt.attempt_number]),
    [[eventId, 1]],
  );
  assert.deepEqual(await attemptsOf(eventId), [{ attempt_number: 1, error: null, finished: false }]);
  await dispatcher.deliver(claims.flat()[0]);
});

test("a claim takes no more of an account's events than its room, and none of a full account's", async () => {
  const full = await app.createMerchant({ webhookUrl: receiver.url("/full") });
  const narrow = await app.createMerchant({ webhookUrl: receiver.url("/narrow") });
  const fresh = await app.createMerchant({ webhookUrl: receiver.url("/fresh") });
  const fullIds = await writePings(full, 2);
  const narrowIds = await writePings(narrow, 4);
  const freshIds = await writePings(fresh, 4);
  const dispatcher = app.services.webhookDispatcher;
  const rooms = { accounts: [full.companyId, narrow.companyId], rooms: [0, 2] };
  const perAccount = (attempts: ClaimedAttempt[]) =>
    [full, narrow, fresh].map((merchant) => attempts.filter((a) => a.company_id === merchant.companyId).length);
  const claimed = await dispatcher.claimDue(queues[0], 100, rooms, 3, 60_000);
  assert.deepEqual(perAccount(claimed), [0, 2, 3]);
  // What was left is claimed later, when the windows have room again.
  const rest = await dispatcher.claimDue(queues[0], 100, NO_ROOMS, 10, 60_000);
  assert.deepEqual(perAccount(rest), [2, 2, 1]);
  assert.deepEqual(
    [...claimed, ...rest].map((attempt) => attempt.event_id).sort(),
    [...fullIds, ...narrowIds, ...freshIds].sort(),
  );
  assert.ok(
    [...claimed, ...rest].every((attempt) => attempt.attempt_number === 1),
    "one attempt each",
  );
  await Promise.all([...claimed, ...rest].map((attempt) => dispatcher.deliver(attempt)));
});

test("a PENDING event of an account whose URL was removed is marked NO_URL when claimed", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/removed") });
  const [eventId] = await writePings(merchant, 1);
  await app.services.db.query("UPDATE companies SET webhook_url = NULL WHERE id = $1", [merchant.companyId]);
  assert.deepEqual(await app.services.webhookDispatcher.claimDue(queues[0], 10, NO_ROOMS, 5, 60_000), []);
  const rows = await app.services.db.query(
    "SELECT delivery_status, next_attempt_at, attempt_count FROM webhook_events WHERE id = $1",
    [eventId],
  );
  assert.deepEqual(rows[0], { delivery_status: "NO_URL", next_attempt_at: null, attempt_count: 0 });
  assert.deepEqual(await attemptsOf(eventId), []);
});
