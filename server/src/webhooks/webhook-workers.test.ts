import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { waitFor } from "../test-support/scenarios";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../test-support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";
import { startBackgroundWork } from "../worker";
import { INTERRUPTED_ATTEMPT_ERROR } from "./webhook-dispatcher";
import { appendWebhookEvent } from "./webhook-outbox";

let app: TestApp;
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp(); // no worker in this process unless a test starts one
});
after(async () => {
  await app.close();
  await receiver.close();
});

/** Writes `count` ping events for the merchant, as committed changes would. */
async function writePings(merchant: Merchant, count: number): Promise<string[]> {
  return app.services.db.transaction(async (em) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const signed = await appendWebhookEvent(em, merchant.companyId, "ping", { company_id: merchant.companyId }, null);
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
  const locked = await app.services.db.query(
    "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by IS NOT NULL",
  );
  assert.ok(locked[0].n > 0, "the dead worker left jobs locked");

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

test("a PENDING delivery that lost its job is queued again by the sweep", async () => {
  const path = "/orphan";
  const merchant = await app.createMerchant({ webhookUrl: receiver.url(path) });
  const [eventId] = await writePings(merchant, 1);
  await app.services.db.query("SELECT graphile_worker.remove_job($1)", [`webhook:${eventId}`]);
  await app.services.db.query("UPDATE webhook_events SET next_attempt_at = now() - interval '1 hour' WHERE id = $1", [
    eventId,
  ]);
  assert.equal(await app.services.webhookDispatcher.requeueOrphanedDeliveries(60_000), 1);
  assert.equal(await app.services.webhookDispatcher.requeueOrphanedDeliveries(60_000), 0, "queued once");
  const worker = await startBackgroundWork(app.runtime);
  try {
    await receiver.waitForCount(1, path);
  } finally {
    await worker.stop();
  }
  assert.equal(receivedIds(path)[0], eventId);
});

test("jobs of one event running at once never send one attempt twice", async () => {
  const path = "/same-event";
  const merchant = await app.createMerchant({ webhookUrl: receiver.url(path) });
  const [eventId] = await writePings(merchant, 1);
  const dispatcher = app.services.webhookDispatcher;
  // The receiver refuses, so the event stays PENDING whether the first outcome is recorded
  // before or after the second claim: the claims alone decide how many attempts there are.
  receiver.respond(() => ({ status: 500 }));
  try {
    // The first claim runs alone; the next two share a batch and must not share an attempt.
    await Promise.all([
      dispatcher.deliverEvent(eventId, merchant.companyId),
      dispatcher.deliverEvent(eventId, merchant.companyId),
      dispatcher.deliverEvent(eventId, merchant.companyId),
    ]);
  } finally {
    receiver.respond(() => ({ status: 200 }));
  }
  const attempts: Array<{ attempt_number: number }> = await app.services.db.query(
    "SELECT attempt_number FROM webhook_attempts WHERE event_id = $1 ORDER BY attempt_number",
    [eventId],
  );
  assert.deepEqual(
    attempts.map((row) => row.attempt_number),
    [1, 2],
  );
  assert.equal(receivedIds(path).length, attempts.length, "one POST per attempt");
});
