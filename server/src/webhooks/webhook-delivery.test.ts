import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import {
  approve,
  createWithdrawal,
  fundedMerchant,
  postWithdrawal,
  simulateOutcome,
  waitFor,
} from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { startBackgroundWork } from "../worker";
import { appendWebhookEvent } from "./webhook-outbox";
import { sealWebhookSecret } from "./webhook-secrets";

let app: TestApp;
let work: { stop(): Promise<void> };
let receiver: WebhookReceiver;

const RETRY_SCHEDULE = ["300ms", "300ms", "300ms"];
const TIMEOUT_MS = 2500;

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({
    WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE.join(","),
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
  await receiver.close();
});

/** Verifies as a merchant would: parse, drop `signature`, re-serialise, HMAC with the secret. */
function expectedSignature(rawBody: string, secret: string): string {
  const { signature: _signature, ...unsigned } = JSON.parse(rawBody);
  return createHmac("sha256", secret).update(JSON.stringify(unsigned)).digest("hex");
}

/** Verifies as a Standard Webhooks receiver would, with the official library, from the raw body. */
function verifyStandard(webhook: { body: string; headers: Record<string, unknown> }, secret: string) {
  const headers = {
    "webhook-id": String(webhook.headers["webhook-id"]),
    "webhook-timestamp": String(webhook.headers["webhook-timestamp"]),
    "webhook-signature": String(webhook.headers["webhook-signature"]),
  };
  return new Webhook(secret).verify(webhook.body, headers) as Record<string, unknown>;
}

let pathCounter = 0;
/** A merchant whose webhooks go to a path of their own on the receiver. */
async function merchantWithHook(amount = "1000.00", input: Record<string, unknown> = {}) {
  pathCounter += 1;
  const path = `/m${pathCounter}`;
  const merchant = await fundedMerchant(app, amount, { webhookUrl: receiver.url(path), ...input });
  return { merchant, path };
}

async function deliveries(merchant: Merchant, args = "") {
  const result = await app.graphql(
    `query { webhookDeliveries${args} { total data { eventId event status attemptCount requestBody
       attempts { attemptNumber event requestBody manual url responseStatus responseTimeMs responseBody error finishedAt } } } }`,
    {},
    merchant.clientSecret,
  );
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data.webhookDeliveries;
}

async function deliveryOf(eventId: string) {
  const result = await app.graphql(
    `query { webhookDeliveries(limit: 100) { data { eventId status attemptCount
       attempts { attemptNumber manual responseStatus responseTimeMs responseBody error } } } }`,
  );
  return result.data.webhookDeliveries.data.find((item: { eventId: string }) => item.eventId === eventId);
}

async function waitForDeliveryStatus(eventId: string, status: string, timeoutMs = 15_000) {
  return waitFor(
    `delivery ${eventId} to be ${status}`,
    async () => {
      const delivery = await deliveryOf(eventId);
      return delivery?.status === status ? delivery : null;
    },
    timeoutMs,
  );
}

const COMMON = ["event", "event_id", "timestamp"];
const WITHDRAWAL_FIELDS = [
  ...COMMON,
  "company_id",
  "withdrawal_id",
  "withdrawal_reference",
  "status",
  "amount",
  "retry_count",
];

describe("each event arrives with exact headers, body and a verifiable signature", () => {
  test("charge.paid, withdrawal.pending|processing|paid|failed|cancelled and ping", async () => {
    const { merchant, path } = await merchantWithHook();
    const charge = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 150.5 },
    });
    await app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, { id: charge.body.id });
    const paidId = await createWithdrawal(app, merchant);
    await approve(app, paidId);
    await simulateOutcome(app, paidId, "PAID");
    const failedId = await createWithdrawal(app, merchant);
    await simulateOutcome(app, failedId, "FAILED", "PIX key not found");
    const cancelledId = await createWithdrawal(app, merchant);
    await app.request("POST", `/withdrawals/${cancelledId}/cancel`, {
      token: merchant.clientSecret,
      body: { reason: "changed my mind" },
    });
    const ping = await app.graphql("mutation { sendTestWebhook { eventId event } }", {}, merchant.clientSecret);
    assert.equal(ping.data.sendTestWebhook.event, "ping");

    const got = await receiver.waitForCount(9, path);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.filter((item) => item.path === path).length, 9, "nothing sent twice");

    for (const webhook of got) {
      assert.equal(webhook.headers["content-type"], "application/json");
      assert.equal(webhook.headers["x-service-event"], webhook.json.event);
      assert.match(String(webhook.headers["x-signature"]), /^[0-9a-f]{64}$/);
      assert.equal(webhook.headers["x-signature"], webhook.json.signature);
      assert.equal(webhook.headers["x-signature"], expectedSignature(webhook.body, merchant.webhookSecret));
      assert.match(webhook.json.event_id, /^evt_[A-Za-z0-9]+$/);
      assert.match(webhook.json.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.equal(Object.keys(webhook.json).at(-1), "signature");
      assert.equal(webhook.headers["webhook-id"], webhook.json.event_id);
      assert.match(String(webhook.headers["webhook-timestamp"]), /^\d{10}$/);
      assert.match(String(webhook.headers["webhook-signature"]), /^v1,[A-Za-z0-9+/]{43}=$/);
      assert.deepEqual(verifyStandard(webhook, merchant.webhookSecret), webhook.json);
    }
    const byEvent = (event: string, subject?: string) =>
      got.filter((item) => item.json.event === event && (!subject || item.json.withdrawal_id === subject));

    const [paid] = byEvent("charge.paid");
    assert.deepEqual(Object.keys(paid.json), [
      ...COMMON,
      "charge_id",
      "status",
      "amount",
      "net_amount",
      "e2e_id",
      "endToEndId",
      "txid",
      "signature",
    ]);
    assert.equal(paid.json.charge_id, `chg_${charge.body.id}`);
    assert.equal(paid.json.status, "PAID");
    assert.equal(paid.json.amount, 150.5);
    assert.equal(paid.json.net_amount, 149.01);
    assert.match(paid.json.e2e_id, /^E\d{20}[A-Za-z0-9]{11}$/);
    assert.equal(paid.json.endToEndId, paid.json.e2e_id);
    assert.equal(paid.json.txid, charge.body.txid);

    const expectations: Array<[string, string, string, string | undefined]> = [
      ["withdrawal.pending", paidId, "PENDING", undefined],
      ["withdrawal.processing", paidId, "PROCESSING", undefined],
      ["withdrawal.paid", paidId, "PAID", undefined],
      ["withdrawal.pending", failedId, "PENDING", undefined],
      ["withdrawal.failed", failedId, "FAILED", "PIX key not found"],
      ["withdrawal.pending", cancelledId, "PENDING", undefined],
      ["withdrawal.cancelled", cancelledId, "CANCELLED", "changed my mind"],
    ];
    for (const [event, id, status, reason] of expectations) {
      const matching = byEvent(event, id);
      assert.equal(matching.length, 1, `${event} of ${id}`);
      const body = matching[0].json;
      assert.deepEqual(Object.keys(body), [...WITHDRAWAL_FIELDS, ...(reason ? ["reason"] : []), "signature"]);
      assert.equal(body.company_id, merchant.companyId);
      assert.match(body.withdrawal_reference, /^WDR_[A-Z0-9]+$/);
      assert.equal(body.status, status);
      assert.equal(body.amount, 10);
      assert.equal(body.retry_count, 0);
      if (reason) assert.equal(body.reason, reason);
    }

    const [pingWebhook] = byEvent("ping");
    assert.deepEqual(Object.keys(pingWebhook.json), [...COMMON, "company_id", "signature"]);
    assert.equal(pingWebhook.json.event_id, ping.data.sendTestWebhook.eventId);
    assert.equal(pingWebhook.json.company_id, merchant.companyId);
  });
});

describe("Standard Webhooks", () => {
  test("secrets are issued in standard base64; a tampered body or an old timestamp is refused by the library", async () => {
    const { merchant, path } = await merchantWithHook();
    assert.match(merchant.webhookSecret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const rotated = await app.graphql(
      "mutation { rotateWebhookSecret { webhookSecret settings { secretIsBase64url } } }",
      {},
      merchant.clientSecret,
    );
    const secret: string = rotated.data.rotateWebhookSecret.webhookSecret;
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(rotated.data.rotateWebhookSecret.settings.secretIsBase64url, false);
    await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const [webhook] = await receiver.waitForCount(1, path);
    assert.equal(verifyStandard(webhook, secret).event, "ping");
    assert.throws(() => verifyStandard({ ...webhook, body: webhook.body.replace("ping", "pong") }, secret), {
      message: "No matching signature found",
    });
    assert.throws(() => verifyStandard(webhook, merchant.webhookSecret), { message: "No matching signature found" });
    const old = {
      ...webhook,
      headers: { ...webhook.headers, "webhook-timestamp": String(Number(webhook.headers["webhook-timestamp"]) - 600) },
    };
    assert.throws(() => verifyStandard(old, secret), { message: "Message timestamp too old" });
  });

  test("an older base64url secret: the library refuses it, its standard-base64 form (same bytes) verifies", async () => {
    const { merchant, path } = await merchantWithHook();
    // Older secrets were base64url; these bytes make both of its own characters appear.
    const bytes = Buffer.concat([Buffer.from([0xfb, 0xff, 0xfe]), randomBytes(29)]);
    const legacy = `whsec_${bytes.toString("base64url")}`;
    assert.match(legacy, /[-_]/);
    await app.services.db.query("UPDATE companies SET webhook_secret = $2 WHERE id = $1", [
      merchant.companyId,
      sealWebhookSecret(app.services.db, merchant.companyId, legacy),
    ]);
    const settings = await app.graphql("query { webhookSettings { secretIsBase64url } }", {}, merchant.clientSecret);
    assert.equal(settings.data.webhookSettings.secretIsBase64url, true);
    const revealed = await app.graphql(
      "mutation { revealStandardWebhookSecret { standardBase64Secret } }",
      {},
      merchant.clientSecret,
    );
    const standard: string = revealed.data.revealStandardWebhookSecret.standardBase64Secret;
    assert.equal(standard, `whsec_${bytes.toString("base64")}`);

    await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const [webhook] = await receiver.waitForCount(1, path);
    assert.equal(verifyStandard(webhook, standard).event, "ping");
    assert.throws(() => verifyStandard(webhook, legacy));
    // The section 4 signature still uses the secret exactly as shown.
    assert.equal(webhook.headers["x-signature"], expectedSignature(webhook.body, legacy));
  });
});

describe("retries", () => {
  test("500 twice then 200: three byte-identical deliveries with one event_id, three attempts in the history", async () => {
    const { merchant, path } = await merchantWithHook();
    receiver.respond((request, count) =>
      request.path === path && count <= 2 ? { status: 500, body: `boom ${count}` } : { status: 200, body: "ok" },
    );
    try {
      const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const eventId = ping.data.sendTestWebhook.eventId;
      const got = await receiver.waitForCount(3, path);
      assert.equal(new Set(got.map((item) => item.body)).size, 1, "the same bytes every time");
      assert.equal(got[0].json.event_id, eventId);
      assert.equal(new Set(got.map((item) => item.headers["x-signature"])).size, 1);
      for (const webhook of got) assert.equal(verifyStandard(webhook, merchant.webhookSecret).event_id, eventId);

      const delivery = await waitForDeliveryStatus(eventId, "DELIVERED");
      assert.equal(delivery.attemptCount, 3);
      assert.deepEqual(
        delivery.attempts.map((attempt: { attemptNumber: number; responseStatus: number }) => [
          attempt.attemptNumber,
          attempt.responseStatus,
        ]),
        [
          [1, 500],
          [2, 500],
          [3, 200],
        ],
      );
      assert.deepEqual(
        delivery.attempts.map((attempt: { responseBody: string }) => attempt.responseBody),
        ["boom 1", "boom 2", "ok"],
      );
      assert.equal(delivery.attempts[0].error, "HTTP 500");
      assert.equal(delivery.attempts[2].error, null);
      for (const attempt of delivery.attempts) assert.ok(Number.isInteger(attempt.responseTimeMs));

      const history = await deliveries(merchant, '(event: "ping")');
      assert.equal(history.data[0].requestBody, got[0].body, "the history keeps the exact request body");
      for (const attempt of history.data[0].attempts) {
        assert.equal(attempt.url, receiver.url(path));
        assert.equal(attempt.event, "ping");
        assert.equal(attempt.requestBody, got[0].body);
        assert.ok(attempt.finishedAt);
      }
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });

  test("after the last retry the delivery is FAILED; redeliverWebhook sends it once more by hand", async () => {
    const { merchant, path } = await merchantWithHook();
    let failing = true;
    receiver.respond((request) => (request.path === path && failing ? { status: 503 } : { status: 204, body: "" }));
    try {
      const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const eventId = ping.data.sendTestWebhook.eventId;
      const failed = await waitForDeliveryStatus(eventId, "FAILED");
      assert.equal(failed.attemptCount, 1 + RETRY_SCHEDULE.length);
      assert.equal(receiver.received.filter((item) => item.path === path).length, 1 + RETRY_SCHEDULE.length);

      // A merchant ADMIN may redeliver its own events, never another account's.
      const other = await app.createMerchant();
      const byOtherMerchant = await app.graphql(
        "mutation($id: ID!) { redeliverWebhook(eventId: $id) { status } }",
        { id: eventId },
        other.clientSecret,
      );
      assert.equal(byOtherMerchant.errors?.[0].extensions.code, "NOT_FOUND");

      failing = false;
      const redelivered = await app.graphql("mutation($id: ID!) { redeliverWebhook(eventId: $id) { status } }", {
        id: eventId,
      });
      assert.equal(redelivered.data.redeliverWebhook.status, "PENDING");
      const delivered = await waitForDeliveryStatus(eventId, "DELIVERED");
      assert.equal(delivered.attemptCount, 2 + RETRY_SCHEDULE.length);
      const last = delivered.attempts.at(-1);
      assert.equal(last.manual, true);
      assert.equal(last.responseStatus, 204);
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });

  test("a failed manual redelivery is one attempt: the retry schedule does not start again", async () => {
    const { merchant, path } = await merchantWithHook();
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const eventId = ping.data.sendTestWebhook.eventId;
    await waitForDeliveryStatus(eventId, "DELIVERED");
    receiver.respond((request) => (request.path === path ? { status: 500 } : { status: 200 }));
    try {
      await app.graphql("mutation($id: ID!) { redeliverWebhook(eventId: $id) { status } }", { id: eventId });
      const failed = await waitForDeliveryStatus(eventId, "FAILED");
      assert.equal(failed.attemptCount, 2);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal((await deliveryOf(eventId)).attemptCount, 2);
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });

  test("a redirect is not followed and counts as a failed attempt", async () => {
    const { merchant, path } = await merchantWithHook();
    receiver.respond((request) =>
      request.path === path ? { status: 302, headers: { location: receiver.url("/elsewhere") } } : { status: 200 },
    );
    try {
      const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const eventId = ping.data.sendTestWebhook.eventId;
      await waitFor("the first attempt", async () => (await deliveryOf(eventId))?.attempts[0]?.responseStatus);
      const delivery = await deliveryOf(eventId);
      assert.equal(delivery.attempts[0].responseStatus, 302);
      assert.match(delivery.attempts[0].error, /redirect .* not followed/);
      assert.equal(receiver.received.filter((item) => item.path === "/elsewhere").length, 0);
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });

  test("only the first 1 kB of the answer is kept", async () => {
    const { merchant, path } = await merchantWithHook();
    receiver.respond((request) => (request.path === path ? { status: 200, body: "x".repeat(5000) } : { status: 200 }));
    try {
      const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const delivery = await waitForDeliveryStatus(ping.data.sendTestWebhook.eventId, "DELIVERED");
      assert.equal(delivery.attempts[0].responseBody.length, 1024);
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });
});

describe("isolation of slow receivers", () => {
  test("a hanging receiver times out without blocking other deliveries", async () => {
    const hanging = await merchantWithHook();
    const healthy = await merchantWithHook();
    receiver.respond((request) => (request.path === hanging.path ? { hang: true } : { status: 200 }));
    try {
      const stuck = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, hanging.merchant.clientSecret);
      await receiver.waitForCount(1, hanging.path);
      for (let i = 0; i < 5; i += 1) {
        await app.graphql("mutation { sendTestWebhook { eventId } }", {}, healthy.merchant.clientSecret);
      }
      await receiver.waitForCount(5, healthy.path);
      // The healthy deliveries all arrived while the hanging attempt was still waiting.
      const inFlight = await app.services.db.query("SELECT finished_at FROM webhook_attempts WHERE event_id = $1", [
        stuck.data.sendTestWebhook.eventId,
      ]);
      assert.deepEqual(inFlight, [{ finished_at: null }]);
      const eventId = stuck.data.sendTestWebhook.eventId;
      const first = await waitFor("the timed-out attempt", async () => {
        const delivery = await deliveryOf(eventId);
        return delivery?.attempts[0]?.error ? delivery.attempts[0] : null;
      });
      assert.match(first.error, /^timeout/);
      assert.equal(first.responseStatus, null);
      assert.ok(first.responseTimeMs >= TIMEOUT_MS - 50, `took ${first.responseTimeMs} ms`);
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });
});

describe("the outbox", () => {
  test("a rolled-back change writes and sends nothing", async () => {
    const { merchant, path } = await merchantWithHook("5.00");
    const refused = await postWithdrawal(app, merchant, { amount: 50, pix_key_type: "CPF", pix_key: "52998224725" });
    assert.equal(refused.body.code, "INSUFFICIENT_BALANCE");
    await assert.rejects(
      app.services.db.transaction(async (em) => {
        await appendWebhookEvent(em, merchant.companyId, "ping", { company_id: merchant.companyId }, null, null);
        throw new Error("the change fails after its event was written");
      }),
      /the change fails/,
    );
    const rows = await app.services.db.query("SELECT count(*)::int AS n FROM webhook_events WHERE company_id = $1", [
      merchant.companyId,
    ]);
    assert.equal(rows[0].n, 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(receiver.received.filter((item) => item.path === path).length, 0);
  });

  test("exactly one charge.paid per charge", async () => {
    const { merchant, path } = await merchantWithHook();
    const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 20 } });
    const pay = () =>
      app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, { id: charge.body.id });
    const results = await Promise.all([pay(), pay(), pay()]);
    assert.equal(results.filter((result) => !result.errors).length, 1);
    await receiver.waitForCount(1, path);
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal(receiver.received.filter((item) => item.path === path && item.json.event === "charge.paid").length, 1);
    // The database refuses a second one outright.
    await assert.rejects(
      app.services.db.transaction((em) =>
        appendWebhookEvent(em, merchant.companyId, "charge.paid", {}, charge.body.id, null),
      ),
      /webhook_events_charge_paid_once/,
    );
  });

  test("an account without a URL keeps its events as NO_URL; ping asks for a URL first", async () => {
    const merchant = await fundedMerchant(app);
    await createWithdrawal(app, merchant);
    const history = await deliveries(merchant);
    assert.equal(history.total, 1);
    assert.equal(history.data[0].status, "NO_URL");
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    assert.equal(ping.errors?.[0].extensions.code, "VALIDATION_ERROR");
  });
});

describe("settings", () => {
  test("webhookSettings and updateWebhookSettings validate the URL", async () => {
    const { merchant } = await merchantWithHook();
    const read = await app.graphql("query { webhookSettings { companyId url secretHint } }", {}, merchant.clientSecret);
    assert.equal(read.data.webhookSettings.companyId, merchant.companyId);
    assert.match(read.data.webhookSettings.secretHint, /^whsec_/);
    assert.ok(!read.data.webhookSettings.secretHint.includes(merchant.webhookSecret));
    for (const bad of ["not a url", "ftp://example.com/hook", "https://user:pass@example.com/hook"]) {
      const result = await app.graphql(
        "mutation($url: String) { updateWebhookSettings(url: $url) { url } }",
        { url: bad },
        merchant.clientSecret,
      );
      assert.equal(result.errors?.[0].extensions.code, "VALIDATION_ERROR", bad);
    }
    const updated = await app.graphql(
      "mutation($url: String) { updateWebhookSettings(url: $url) { url } }",
      { url: "https://example.com/pix/hook" },
      merchant.clientSecret,
    );
    assert.equal(updated.data.updateWebhookSettings.url, "https://example.com/pix/hook");
    const cleared = await app.graphql(
      "mutation { updateWebhookSettings(url: null) { url } }",
      {},
      merchant.clientSecret,
    );
    assert.equal(cleared.data.updateWebhookSettings.url, null);
  });

  test("rotateWebhookSecret: the new secret is shown once and signs the events created after it", async () => {
    const { merchant, path } = await merchantWithHook();
    const rotated = await app.graphql(
      "mutation { rotateWebhookSecret { webhookSecret settings { secretHint } } }",
      {},
      merchant.clientSecret,
    );
    const newSecret = rotated.data.rotateWebhookSecret.webhookSecret;
    assert.match(newSecret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(newSecret, merchant.webhookSecret);
    assert.equal(rotated.data.rotateWebhookSecret.settings.secretHint, `${newSecret.slice(0, 10)}…`);
    await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const [webhook] = await receiver.waitForCount(1, path);
    assert.equal(webhook.headers["x-signature"], expectedSignature(webhook.body, newSecret));
    assert.notEqual(webhook.headers["x-signature"], expectedSignature(webhook.body, merchant.webhookSecret));
  });
});

describe("history", () => {
  test("merchants see their own deliveries; operators filter by account, event and status", async () => {
    const first = await merchantWithHook();
    const second = await merchantWithHook();
    await createWithdrawal(app, first.merchant);
    await createWithdrawal(app, second.merchant);
    await receiver.waitForCount(1, first.path);
    await receiver.waitForCount(1, second.path);

    const own = await deliveries(first.merchant);
    assert.equal(own.total, 1);
    assert.equal(own.data[0].event, "withdrawal.pending");
    const peek = await app.graphql(
      "query($c: ID) { webhookDeliveries(companyId: $c) { total } }",
      { c: second.merchant.companyId },
      first.merchant.clientSecret,
    );
    assert.equal(peek.errors?.[0].extensions.code, "FORBIDDEN");

    await waitFor("the delivery to be recorded", async () => {
      const again = await app.graphql(
        `query($c: ID) { webhookDeliveries(companyId: $c, status: DELIVERED) { total } }`,
        {
          c: second.merchant.companyId,
        },
      );
      return again.data.webhookDeliveries.total === 1;
    });
    const filtered = await app.graphql(
      `query($c: ID) { webhookDeliveries(companyId: $c, event: "withdrawal.pending", status: DELIVERED) {
         total data { companyId event status } } }`,
      { c: second.merchant.companyId },
    );
    assert.equal(filtered.data.webhookDeliveries.total, 1);
    assert.equal(filtered.data.webhookDeliveries.data[0].companyId, second.merchant.companyId);
    const everything = await app.graphql("query { webhookDeliveries(limit: 100) { total } }");
    assert.ok(everything.data.webhookDeliveries.total >= 2, "the operator sees every account");
    const none = await app.graphql(
      `query($c: ID) { webhookDeliveries(companyId: $c, event: "charge.paid") { total } }`,
      { c: second.merchant.companyId },
    );
    assert.equal(none.data.webhookDeliveries.total, 0);
    const unknown = await app.graphql(`query { webhookDeliveries(event: "charge.refunded") { total } }`);
    assert.equal(unknown.errors?.[0].extensions.code, "VALIDATION_ERROR");
    // The message names every event there is, the refunds' and disputes' too.
    assert.match(
      unknown.errors?.[0].message,
      /^Unknown webhook event "charge\.refunded"; expected one of .*refund\.refunded.*dispute\.opened/,
    );
  });
});
