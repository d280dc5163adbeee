import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { type ReceiverAnswer, startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { startBackgroundWork } from "../worker";
import { AccountWindows, accountWindowLimits } from "./webhook-account-windows";
import { appendWebhookEvent } from "./webhook-outbox";
import { WebhookSender } from "./webhook-sender";

/**
 * Receivers that hang, crawl, cut the connection, redirect or are gone, each a real
 * server of its own on 127.0.0.1 behind an account of its own, next to a healthy one.
 */
// Wide enough that a loaded machine does not turn the slow receiver into a timeout.
const TIMEOUT_MS = 8000;
const CONCURRENCY = 8;
const LIMITS = accountWindowLimits(CONCURRENCY, TIMEOUT_MS);

let app: TestApp;
let work: { stop(): Promise<void> };
const receivers: WebhookReceiver[] = [];

before(async () => {
  app = await startTestApp({
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_RETRY_SCHEDULE: "10m", // one retry, long after the test: each event shows its first attempt
    WEBHOOK_CONCURRENCY: String(CONCURRENCY),
  });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
  for (const receiver of receivers) await receiver.close();
});

/** A receiver of its own answering `answer`, and an account whose webhooks go there. */
async function accountWithReceiver(answer: ReceiverAnswer) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  receiver.respond(() => answer);
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/hooks") });
  return { receiver, merchant };
}

/** `count` ping events of the account, committed at once, as a burst of changes would write them. */
async function writePings(merchant: Merchant, count: number): Promise<string[]> {
  return app.services.db.transaction(async (em) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(
        (await appendWebhookEvent(em, merchant.companyId, "ping", { company_id: merchant.companyId }, null, null))
          .eventId,
      );
    }
    return ids;
  });
}

async function attemptsOf(companyId: string) {
  const rows: Array<{ finished: boolean }> = await app.services.db.query(
    `SELECT a.finished_at IS NOT NULL AS finished FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
      WHERE e.company_id = $1`,
    [companyId],
  );
  return { inFlight: rows.filter((row) => !row.finished).length, finished: rows.filter((row) => row.finished).length };
}

/** The merchant's history of one event, as the API shows it. */
async function historyOf(merchant: Merchant, eventId: string) {
  const result = await app.graphql(
    `query { webhookDeliveries(limit: 100) { data { eventId status attempts {
       attemptNumber url responseStatus responseTimeMs responseBody error finishedAt } } } }`,
    {},
    merchant.clientSecret,
  );
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data.webhookDeliveries.data.find((item: { eventId: string }) => item.eventId === eventId);
}

async function firstAttemptOf(merchant: Merchant, eventId: string) {
  return waitFor(`the first attempt of ${eventId} to finish`, async () => {
    const delivery = await historyOf(merchant, eventId);
    return delivery?.attempts[0]?.finishedAt ? delivery : null;
  });
}

describe("account windows", () => {
  test("a new account gets a quarter of the slots; quick attempts widen it to three quarters, slow ones halve it", () => {
    assert.deepEqual(LIMITS, { initial: 2, max: 6, slowMs: 4000 });
    const windows = new AccountWindows(LIMITS);
    assert.equal(windows.tryAcquire("a"), true);
    assert.equal(windows.tryAcquire("a"), true);
    assert.equal(windows.tryAcquire("a"), false, "a full window");
    assert.equal(windows.tryAcquire("b"), true, "another account is not held up");
    for (let i = 0; i < 10; i += 1) {
      windows.release("a", 5);
      assert.equal(windows.tryAcquire("a"), true);
    }
    assert.equal(windows.window("a"), 6);
    windows.release("a", 4100);
    assert.equal(windows.window("a"), 3);
    windows.release("a", 4100);
    assert.equal(windows.window("a"), 1);
    assert.equal(windows.inFlight("a"), 0);
  });

  test("rooms: accounts in flight or narrowed are listed with their room, any other account has the initial window", () => {
    const windows = new AccountWindows(LIMITS);
    assert.deepEqual(windows.rooms(), { accounts: [], rooms: [] });
    windows.take("busy");
    windows.take("full");
    windows.take("full");
    windows.take("full"); // claimed while its window narrowed: taken all the same
    windows.take("slow");
    windows.release("slow", 4100); // halved to 1, nothing in flight: remembered
    windows.take("fast");
    windows.release("fast", 5); // widened to 3, nothing in flight: starts from initial again
    assert.deepEqual(windows.rooms(), { accounts: ["busy", "full", "slow"], rooms: [1, 0, 1] });
    assert.equal(windows.room("full"), -1);
    assert.equal(windows.room("fast"), 3);
    assert.equal(windows.room("unknown"), LIMITS.initial);
    assert.equal(windows.tryAcquire("full"), false);
    assert.equal(windows.tryAcquire("busy"), true);
    assert.equal(windows.tryAcquire("busy"), false);
  });
});

describe("misbehaving receivers", () => {
  test("a hanging receiver with more events than worker slots holds only its window; another account is served meanwhile", async () => {
    const hanging = await accountWithReceiver({ hang: true });
    const healthy = await accountWithReceiver({ status: 200 });
    const stuck = await writePings(hanging.merchant, 3 * CONCURRENCY);
    await hanging.receiver.waitForCount(LIMITS.initial);

    const served = await writePings(healthy.merchant, 5);
    await healthy.receiver.waitForCount(served.length);

    // Measured by attempts, not by the clock: every hanging attempt is still waiting for its
    // answer, so the healthy account did not wait for any of their slots, and the hanging
    // account never had more than its window in flight.
    const attempts = await attemptsOf(hanging.merchant.companyId);
    assert.deepEqual(attempts, { inFlight: LIMITS.initial, finished: 0 });
    assert.equal(hanging.receiver.received.length, LIMITS.initial);

    const timedOut = await firstAttemptOf(hanging.merchant, hanging.receiver.received[0].json.event_id);
    assert.equal(timedOut.status, "PENDING");
    assert.equal(timedOut.attempts[0].error, `timeout: no complete answer within ${TIMEOUT_MS} ms`);
    assert.equal(timedOut.attempts[0].responseStatus, null);
    assert.ok(timedOut.attempts[0].responseTimeMs >= TIMEOUT_MS - 50, `${timedOut.attempts[0].responseTimeMs} ms`);
    assert.ok(stuck.length > CONCURRENCY);
  });

  test("slow, cut off, redirecting and gone receivers: the history says what happened; a healthy account is served meanwhile", async () => {
    const slow = await accountWithReceiver({ status: 200, body: "took my time", delayMs: 3000 });
    const cutMid = await accountWithReceiver({ status: 200, body: "partial", cut: "mid-body" });
    const cutBefore = await accountWithReceiver({ cut: "before-answer" });
    const redirect = await accountWithReceiver({ status: 301, headers: { location: "http://127.0.0.1:9/elsewhere" } });
    const gone = await accountWithReceiver({ status: 410, body: "endpoint removed" });
    const healthy = await accountWithReceiver({ status: 200 });

    const [slowEvent] = await writePings(slow.merchant, 1);
    await slow.receiver.waitForCount(1);
    const events = {
      cutMid: (await writePings(cutMid.merchant, 1))[0],
      cutBefore: (await writePings(cutBefore.merchant, 1))[0],
      redirect: (await writePings(redirect.merchant, 1))[0],
      gone: (await writePings(gone.merchant, 1))[0],
    };
    const served = await writePings(healthy.merchant, 3);
    await healthy.receiver.waitForCount(served.length);
    assert.equal((await attemptsOf(slow.merchant.companyId)).inFlight, 1, "the slow answer was still on its way");

    const slowHistory = await firstAttemptOf(slow.merchant, slowEvent);
    assert.equal(slowHistory.status, "DELIVERED", JSON.stringify(slowHistory.attempts));
    assert.equal(slowHistory.attempts[0].responseStatus, 200);
    assert.equal(slowHistory.attempts[0].responseBody, "took my time");
    assert.equal(slowHistory.attempts[0].error, null);
    assert.ok(slowHistory.attempts[0].responseTimeMs >= 3000, `${slowHistory.attempts[0].responseTimeMs} ms`);

    const mid = await firstAttemptOf(cutMid.merchant, events.cutMid);
    assert.equal(mid.status, "PENDING", "an answer cut off is no answer: it is retried");
    assert.equal(mid.attempts[0].responseStatus, 200);
    assert.equal(mid.attempts[0].responseBody, "partial");
    assert.equal(mid.attempts[0].error, "connection closed mid-answer: HTTP 200 and 7 bytes of body before it ended");

    const before = await firstAttemptOf(cutBefore.merchant, events.cutBefore);
    assert.equal(before.status, "PENDING");
    assert.equal(before.attempts[0].responseStatus, null);
    assert.equal(before.attempts[0].error, "connection closed before an answer");

    const moved = await firstAttemptOf(redirect.merchant, events.redirect);
    assert.equal(moved.status, "PENDING");
    assert.equal(moved.attempts[0].responseStatus, 301);
    assert.equal(moved.attempts[0].error, "redirect to http://127.0.0.1:9/elsewhere not followed");

    const removed = await firstAttemptOf(gone.merchant, events.gone);
    assert.equal(removed.status, "PENDING", "410 is retried like any other status (contract §4)");
    assert.equal(removed.attempts[0].responseStatus, 410);
    assert.equal(removed.attempts[0].responseBody, "endpoint removed");
    assert.equal(removed.attempts[0].error, "HTTP 410");

    for (const item of [cutMid, cutBefore, redirect, gone]) assert.equal(item.receiver.received.length, 1);
  });
});

describe("the sender's read limit", () => {
  test("an endless answer is read up to 64 kB, kept to 1 kB, and its connection closed", async () => {
    let closed = false;
    let written = 0;
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "y".repeat(16 * 1024);
      const pump = setInterval(() => {
        written += chunk.length;
        res.write(chunk);
      }, 2);
      res.on("close", () => {
        closed = true;
        clearInterval(pump);
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const sender = new WebhookSender(TIMEOUT_MS, true);
    try {
      const { port } = server.address() as AddressInfo;
      const response = await sender.send({
        url: `http://127.0.0.1:${port}/endless`,
        body: "{}",
        event: "ping",
        signature: "x",
        eventId: "evt_test",
        standardKey: Buffer.alloc(32),
      });
      assert.deepEqual(
        { ok: response.ok, status: response.status, error: response.error, kept: response.bodyStart },
        { ok: true, status: 200, error: null, kept: "y".repeat(1024) },
      );
      assert.ok(response.timeMs < TIMEOUT_MS / 2, `${response.timeMs} ms`);
      await waitFor("the connection closed", async () => closed, 5_000);
      assert.ok(written < 1024 * 1024, `${written} bytes written before the close`);
    } finally {
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
