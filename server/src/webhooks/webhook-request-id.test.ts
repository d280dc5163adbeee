import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fundedMerchant, waitFor } from "../../test/support/scenarios";
import { newUuid, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { SANDBOX_REFUSING_DOMAIN } from "../provider/pix-provider";
import { startBackgroundWork } from "../worker";

const lines: string[] = [];
let app: TestApp;
let receiver: WebhookReceiver;
let worker: { stop(): Promise<void> };

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp(
    { LOG_LEVEL: "debug", WEBHOOK_RETRY_SCHEDULE: "10m" },
    { logDestination: { write: (line: string) => lines.push(line) } },
  );
  worker = await startBackgroundWork(app.runtime);
});
after(async () => {
  await worker.stop();
  await app.close();
  await receiver.close();
});

async function attemptsOf(eventId: string): Promise<Array<{ attempt_number: number; request_id: string | null }>> {
  return app.services.db.query(
    "SELECT attempt_number, request_id FROM webhook_attempts WHERE event_id = $1 ORDER BY attempt_number",
    [eventId],
  );
}

test("the request id of the call that caused an event reaches every attempt and the receiver as X-Request-Id", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/rid") });
  receiver.respond((_request, count) => (count === 1 ? { status: 500 } : { status: 200 }));

  // A charge paid through the operator's simulation: the charge.paid event belongs to that call.
  const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 5 } });
  assert.equal(charge.status, 201, charge.text);
  const paid = await app.gql(
    "mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }",
    { id: charge.body.id },
    { token: TEST_ADMIN_TOKEN, headers: { "x-request-id": "pay-req-0001" } },
  );
  assert.equal(paid.status, 200, paid.text);
  assert.equal(paid.headers.get("x-request-id"), "pay-req-0001");

  // First attempt 500, its retry is 10 minutes away: a redelivery asks for the next one now.
  const [first] = await receiver.waitForCount(1, "/rid", 10_000);
  assert.equal(first.json.event, "charge.paid");
  assert.equal(first.headers["x-request-id"], "pay-req-0001");
  const eventId: string = first.json.event_id;
  await waitFor(
    "the first attempt's outcome recorded",
    async () =>
      (
        await app.services.db.query(
          "SELECT 1 FROM webhook_attempts WHERE event_id = $1 AND attempt_number = 1 AND finished_at IS NOT NULL",
          [eventId],
        )
      ).length === 1,
    10_000,
  );

  const redelivered = await app.gql(
    "mutation($id: ID!) { redeliverWebhook(eventId: $id) { eventId } }",
    { id: eventId },
    { token: merchant.clientSecret, headers: { "x-request-id": "redeliver-req-2" } },
  );
  assert.equal(redelivered.status, 200, redelivered.text);
  const received = await receiver.waitForCount(2, "/rid", 10_000);
  assert.equal(received[1].json.event_id, eventId);
  assert.equal(received[1].headers["x-request-id"], "redeliver-req-2");
  // The attempt row exists from its claim on; its outcome is written once the answer is in.
  await waitFor(
    "the delivery recorded",
    async () =>
      (
        await app.services.db.query("SELECT 1 FROM webhook_events WHERE id = $1 AND delivery_status = 'DELIVERED'", [
          eventId,
        ])
      ).length === 1,
    10_000,
  );
  assert.deepEqual(await attemptsOf(eventId), [
    { attempt_number: 1, request_id: "pay-req-0001" },
    { attempt_number: 2, request_id: "redeliver-req-2" },
  ]);
  const [event] = await app.services.db.query(
    "SELECT request_id, redelivery_request_id, delivery_status FROM webhook_events WHERE id = $1",
    [eventId],
  );
  assert.deepEqual(event, { request_id: "pay-req-0001", redelivery_request_id: null, delivery_status: "DELIVERED" });
});

test("a job's events name the request that queued it: the approval's id reaches the bank's refusal", async () => {
  const merchant = await fundedMerchant(app, "50.00", { webhookUrl: receiver.url("/refused") });
  receiver.respond(() => ({ status: 200 }));
  // The sandbox bank refuses keys of this domain: the submission job fails the withdrawal.
  const created = await app.request("POST", "/withdrawals", {
    token: merchant.clientSecret,
    body: { amount: 10, pix_key_type: "EMAIL", pix_key: `ninguem${SANDBOX_REFUSING_DOMAIN}` },
    headers: { "idempotency-key": newUuid(), "x-request-id": "create-req-1" },
  });
  assert.equal(created.status, 201, created.text);
  const withdrawalId: string = created.body.id;
  const approved = await app.gql(
    "mutation($id: ID!) { approveWithdrawal(id: $id) { status } }",
    { id: withdrawalId },
    { token: TEST_ADMIN_TOKEN, headers: { "x-request-id": "approve-req-1" } },
  );
  assert.equal(approved.body.data?.approveWithdrawal.status, "PROCESSING", approved.text);
  const eventsOf = () =>
    app.services.db.query("SELECT event, request_id FROM webhook_events WHERE subject_id = $1 ORDER BY sequence", [
      withdrawalId,
    ]);
  await waitFor("the submission job's event", async () => (await eventsOf()).length === 3, 10_000);
  assert.deepEqual(await eventsOf(), [
    { event: "withdrawal.pending", request_id: "create-req-1" },
    { event: "withdrawal.processing", request_id: "approve-req-1" },
    { event: "withdrawal.failed", request_id: "approve-req-1" },
  ]);
  const failed = (await receiver.waitForCount(3, "/refused", 10_000)).find(
    (got) => got.json.event === "withdrawal.failed",
  );
  assert.equal(failed?.headers["x-request-id"], "approve-req-1");
});

test("without X-Request-Id the generated id answered to the caller is the one the receiver gets", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/generated") });
  receiver.respond(() => ({ status: 200 }));
  const ping = await app.gql("mutation { sendTestWebhook { eventId } }", {}, { token: merchant.clientSecret });
  assert.equal(ping.status, 200, ping.text);
  const generated = ping.headers.get("x-request-id");
  assert.match(generated ?? "", /^[0-9a-f-]{36}$/);
  const [got] = await receiver.waitForCount(1, "/generated", 10_000);
  assert.equal(got.json.event_id, ping.body.data.sendTestWebhook.eventId);
  assert.equal(got.headers["x-request-id"], generated);
});

test("the debug logs of requests and deliveries hold no secret", async () => {
  lines.length = 0;
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/logs") });
  receiver.respond(() => ({ status: 503 }));
  const ping = await app.gql(
    "mutation { sendTestWebhook { eventId } }",
    {},
    { token: merchant.clientSecret, headers: { "x-request-id": "log-secrets-1" } },
  );
  const [got] = await receiver.waitForCount(1, "/logs", 10_000);
  await waitFor(
    "the failed attempt logged",
    async () => lines.some((line) => line.includes("webhook attempt failed")),
    5000,
  );
  const text = lines.join("");
  assert.ok(text.includes("log-secrets-1"), "the request's lines are there");
  for (const secret of [merchant.clientSecret, merchant.webhookSecret, got.headers["x-signature"] as string]) {
    assert.ok(!text.includes(secret), `a secret reached the logs: ${secret.slice(0, 6)}…`);
  }
  assert.equal(got.json.event_id, ping.body.data.sendTestWebhook.eventId);
});

test("events written by jobs carry the id of the request that queued them", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/jobs"), autoApproveLimit: "500.00" });
  await app.fund(merchant.companyId, "100.00");
  receiver.respond(() => ({ status: 200 }));
  // Auto-approved: the bank submission is a job, which writes withdrawal.processing.
  const created = await app.request("POST", "/withdrawals", {
    token: merchant.clientSecret,
    body: { amount: 10, pix_key_type: "CPF", pix_key: "529.982.247-25" },
    headers: { "idempotency-key": crypto.randomUUID(), "x-request-id": "withdraw-req-7" },
  });
  assert.equal(created.status, 201, created.text);
  const id: string = created.body.id;
  const eventsOf = async () =>
    (await app.services.db.query(
      "SELECT event, request_id FROM webhook_events WHERE subject_id = $1 ORDER BY sequence",
      [id],
    )) as Array<{ event: string; request_id: string | null }>;
  await waitFor(
    "the submission's event",
    async () => (await eventsOf()).some((e) => e.event === "withdrawal.processing"),
    10_000,
  );
  const settled = await app.gql(
    'mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: PAID, reason: "ok") { status } }',
    { id },
    { token: TEST_ADMIN_TOKEN, headers: { "x-request-id": "settle-req-8" } },
  );
  assert.equal(settled.body.errors, undefined, settled.text);
  const events = await eventsOf();
  assert.deepEqual(
    events.map((e) => [e.event, e.request_id]),
    [
      ["withdrawal.pending", "withdraw-req-7"],
      ["withdrawal.processing", "withdraw-req-7"],
      ["withdrawal.paid", "settle-req-8"],
    ],
  );
  const got = await receiver.waitForCount(events.length, "/jobs", 10_000);
  const byEvent = new Map(got.map((item) => [item.json.event, item.headers["x-request-id"]]));
  assert.equal(byEvent.get("withdrawal.processing"), "withdraw-req-7");
  assert.equal(byEvent.get("withdrawal.paid"), "settle-req-8");
});
