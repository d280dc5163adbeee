import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { waitFor } from "../../test/support/scenarios";
import { type SmtpInbox, startSmtpInbox } from "../../test/support/smtp-inbox";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { startBackgroundWork } from "../worker";

// CONTRACT §15: an endpoint whose every attempt failed for WEBHOOK_DISABLE_AFTER_H is DISABLED,
// its events held; the account's admins are told at the 5th failure in a row and at disabling;
// enabling it again sends what was held, oldest first. The hours pass on the shared clock.
let app: TestApp;
let work: { stop(): Promise<void> };
let receiver: WebhookReceiver;
let inbox: SmtpInbox;

const HOUR = 3_600_000;
const T0 = new Date("2026-12-01T12:00:00.000Z");
let now = T0;

before(async () => {
  receiver = await startWebhookReceiver();
  inbox = await startSmtpInbox();
  app = await startTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: "Pix Pagamentos <avisos@pix.example>",
    WEBHOOK_DISABLE_AFTER_H: "72",
    // Two attempts a delivery, the second at once: no real waiting.
    WEBHOOK_RETRY_SCHEDULE: "1ms",
    WEBHOOK_TIMEOUT_MS: "2000",
  });
  app.services.clock.now = () => now;
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
  await receiver.close();
  await inbox.close();
});

async function endpointRow(id: string) {
  const [row] = await app.services.db.query(
    "SELECT status, disabled_reason, consecutive_failures, failing_since FROM webhook_endpoints WHERE id = $1",
    [id],
  );
  return row as { status: string; disabled_reason: string | null; consecutive_failures: number; failing_since: Date };
}

async function ping(merchant: Merchant): Promise<string> {
  const res = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.sendTestWebhook.eventId;
}

/** Waits until every delivery to the endpoint is settled (none PENDING). */
const settled = (endpointId: string) =>
  waitFor(`deliveries to ${endpointId} settled`, async () => {
    const [{ n }] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM webhook_events WHERE endpoint_id = $1 AND delivery_status = 'PENDING'",
      [endpointId],
    );
    return n === 0;
  });

test("the 5th failure in a row warns the admins; 72 h of failures disables and holds; enabling sends the held events oldest first", async () => {
  const path = "/failing";
  const merchant = await app.createMerchant({ name: "Loja Falhando", webhookUrl: receiver.url(path) });
  const admin = await app.consoleUser({
    kind: "MERCHANT",
    role: "ADMIN",
    companyId: merchant.companyId,
    email: "dona@loja.example",
  });
  const member = await app.consoleUser({
    kind: "MERCHANT",
    role: "MEMBER",
    companyId: merchant.companyId,
    email: "caixa@loja.example",
  });
  const list = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
  const endpointId = list.body.data[0].id as string;
  let answer = 503;
  receiver.respond(() => ({ status: answer, body: "fora do ar" }));

  // Two pings: 4 failed attempts, no e-mail yet.
  await ping(merchant);
  await ping(merchant);
  await settled(endpointId);
  assert.equal((await endpointRow(endpointId)).consecutive_failures, 4);
  assert.equal(inbox.messages.length, 0);

  // The 5th failure in a row: one warning, to the account's admins only.
  now = new Date(T0.getTime() + HOUR);
  await ping(merchant);
  await settled(endpointId);
  const [warning] = await inbox.waitFor(1);
  assert.deepEqual(warning.envelopeTo, [admin.email]);
  assert.match(warning.subject, /^\[webhook_endpoint\.disabled\] Endpoint de webhook falhando: /);
  assert.ok(warning.subject.includes(receiver.url(path)), warning.subject);
  assert.ok(warning.text.includes(endpointId), warning.text);
  assert.ok(warning.text.includes("HTTP 503"), warning.text);
  assert.ok(warning.text.includes(T0.toISOString()), "the streak started at the first failure");
  let row = await endpointRow(endpointId);
  assert.deepEqual(
    [row.status, row.consecutive_failures, new Date(row.failing_since).toISOString()],
    ["ENABLED", 6, T0.toISOString()],
  );

  // Just short of 72 hours of failures: still enabled, no new e-mail.
  now = new Date(T0.getTime() + 72 * HOUR - 1);
  await ping(merchant);
  await settled(endpointId);
  row = await endpointRow(endpointId);
  assert.deepEqual([row.status, row.consecutive_failures], ["ENABLED", 8]);
  assert.equal(inbox.messages.length, 1);

  // 72 hours: the next failure disables it, and says so.
  now = new Date(T0.getTime() + 72 * HOUR);
  const lastFailed = await ping(merchant);
  const [, disabledMail] = await inbox.waitFor(2);
  assert.deepEqual(disabledMail.envelopeTo, [admin.email]);
  assert.match(disabledMail.subject, /^\[webhook_endpoint\.disabled\] Endpoint de webhook desativado: /);
  assert.ok(disabledMail.text.includes(endpointId));
  assert.ok(disabledMail.text.includes("HTTP 503"));
  row = await endpointRow(endpointId);
  assert.deepEqual([row.status, row.disabled_reason], ["DISABLED", "FAILING"]);
  // The delivery whose retry was not sent yet is held, not failed.
  const [last] = await app.services.db.query(
    "SELECT delivery_status, attempt_count FROM webhook_events WHERE id = $1 AND endpoint_id = $2",
    [lastFailed, endpointId],
  );
  assert.deepEqual(last, { delivery_status: "HELD", attempt_count: 1 });

  // The panel shows why (the banner reads this).
  const gql = await app.graphql(
    "{ webhookEndpoints { data { id status disabledReason consecutiveFailures } } }",
    {},
    merchant.clientSecret,
  );
  assert.deepEqual(gql.data.webhookEndpoints.data, [
    { id: endpointId, status: "DISABLED", disabledReason: "FAILING", consecutiveFailures: 9 },
  ]);

  // The banner of every panel page: the account's admins' small query, nobody else's.
  const FAILING = "query($c: ID) { failingWebhookEndpoints(companyId: $c) { id url disabledAt } }";
  const shown = await app.gql(FAILING, {}, { cookie: admin.cookie });
  assert.deepEqual(shown.body.data.failingWebhookEndpoints, [
    { id: endpointId, url: receiver.url(path), disabledAt: now.toISOString() },
  ]);
  const asMember = await app.gql(FAILING, {}, { cookie: member.cookie });
  assert.equal(asMember.body.errors?.[0]?.extensions.code, "FORBIDDEN", "a member cannot fix it: not told");
  const stranger = await app.createMerchant({ name: "Outra Loja" });
  const strangerAdmin = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: stranger.companyId });
  const own = await app.gql(FAILING, {}, { cookie: strangerAdmin.cookie });
  assert.deepEqual(own.body.data.failingWebhookEndpoints, [], "another account sees only its own (none)");
  const named = await app.gql(FAILING, { c: merchant.companyId }, { cookie: strangerAdmin.cookie });
  assert.equal(named.body.errors?.[0]?.extensions.code, "FORBIDDEN", "naming another account is refused");
  const operator = await app.gql(FAILING, { c: merchant.companyId }, { token: TEST_ADMIN_TOKEN });
  assert.deepEqual(
    operator.body.data.failingWebhookEndpoints.map((e: { id: string }) => e.id),
    [endpointId],
  );

  // Events while disabled are kept, not sent.
  const received = receiver.received.filter((hook) => hook.path === path).length;
  const heldLater = [await ping(merchant), await ping(merchant)];
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(receiver.received.filter((hook) => hook.path === path).length, received);
  const held = await app.services.db.query(
    "SELECT id FROM webhook_events WHERE endpoint_id = $1 AND delivery_status = 'HELD' ORDER BY sequence",
    [endpointId],
  );
  assert.deepEqual(
    held.map((r: { id: string }) => r.id),
    [lastFailed, ...heldLater],
  );

  // Enabled again, the receiver back: the held events arrive, oldest first, and it is failing no more.
  answer = 200;
  const enabled = await app.request("PATCH", `/webhook-endpoints/${endpointId}`, {
    token: merchant.clientSecret,
    body: { status: "ENABLED" },
  });
  assert.equal(enabled.status, 200, enabled.text);
  const hooks = await receiver.waitForCount(received + 3, path);
  assert.deepEqual(
    hooks.slice(received).map((hook) => hook.json.event_id),
    [lastFailed, ...heldLater],
  );
  await settled(endpointId);
  row = await endpointRow(endpointId);
  assert.deepEqual(
    [row.status, row.disabled_reason, row.consecutive_failures, row.failing_since],
    ["ENABLED", null, 0, null],
  );
  assert.equal(inbox.messages.length, 2);
  const cleared = await app.gql(FAILING, {}, { cookie: admin.cookie });
  assert.deepEqual(cleared.body.data.failingWebhookEndpoints, [], "enabled again: no banner");
});

test("a delivered attempt ends the streak; a merchant's own DISABLED keeps nothing", async () => {
  const path = "/flaky";
  const merchant = await app.createMerchant({ webhookUrl: receiver.url(path) });
  const list = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
  const endpointId = list.body.data[0].id as string;
  let answer = 500;
  receiver.respond(() => ({ status: answer }));
  now = T0;
  await ping(merchant);
  await settled(endpointId);
  assert.equal((await endpointRow(endpointId)).consecutive_failures, 2);
  answer = 200;
  await ping(merchant);
  await settled(endpointId);
  const row = await endpointRow(endpointId);
  assert.deepEqual([row.consecutive_failures, row.failing_since], [0, null]);

  const off = await app.request("PATCH", `/webhook-endpoints/${endpointId}`, {
    token: merchant.clientSecret,
    body: { status: "DISABLED" },
  });
  assert.equal(off.status, 200);
  assert.deepEqual((await endpointRow(endpointId)).disabled_reason, "MERCHANT");
  const banner = await app.gql("{ failingWebhookEndpoints { id } }", {}, { token: merchant.clientSecret });
  assert.deepEqual(banner.body.data.failingWebhookEndpoints, [], "turned off by the merchant: no banner");
  const refused = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
  assert.equal(refused.errors?.[0]?.extensions.code, "VALIDATION_ERROR");
  const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM webhook_events WHERE endpoint_id = $1", [
    endpointId,
  ]);
  assert.equal(n, 2);
});
