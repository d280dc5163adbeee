import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

let app: TestApp;
let shop: Merchant;
let other: Merchant;
let operator: ConsoleLogin;

before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
  shop = await app.createMerchant({ name: "Loja Reenvio", webhookUrl: "http://127.0.0.1:9/hook" });
  other = await app.createMerchant({ name: "Outra Reenvio", webhookUrl: "http://127.0.0.1:9/hook" });
  operator = await app.consoleUser({ role: "OPERATOR" });
});
after(() => app.close());

/** Paid charges of the merchant (a charge.paid event each), their events then marked FAILED. */
async function failedEvents(merchant: Merchant, count: number): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 5 + i } });
    await app.graphql(`mutation { simulateChargePayment(chargeId: "${created.body.id}") { status } }`);
  }
  const rows = await app.services.db.query(
    `WITH failed AS (
       UPDATE webhook_events SET delivery_status = 'FAILED', next_attempt_at = NULL WHERE company_id = $1 RETURNING id
     ) SELECT id FROM failed`,
    [merchant.companyId],
  );
  return rows.map((row: { id: string }) => row.id);
}

const BULK = "mutation($c: ID, $m: Int) { redeliverFailedWebhooks(companyId: $c, max: $m) { count eventIds } }";

test("bulk redelivery sends FAILED deliveries again, oldest first, capped, with an audit row each", async () => {
  const failed = await failedEvents(shop, 3);
  assert.ok(failed.length >= 3, String(failed.length));
  const first = await app.gql(BULK, { c: shop.companyId, m: 2 }, { cookie: operator.cookie });
  assert.equal(first.body.errors, undefined, JSON.stringify(first.body.errors));
  assert.equal(first.body.data.redeliverFailedWebhooks.count, 2);
  const sent: string[] = first.body.data.redeliverFailedWebhooks.eventIds;
  const statuses = await app.services.db.query(
    "SELECT id, delivery_status, manual_attempt FROM webhook_events WHERE id = ANY($1::text[])",
    [sent],
  );
  assert.deepEqual(
    statuses.map((row: { delivery_status: string; manual_attempt: boolean }) => [
      row.delivery_status,
      row.manual_attempt,
    ]),
    [
      ["PENDING", true],
      ["PENDING", true],
    ],
  );
  const audit = await app.services.db.query(
    "SELECT object_id, reason, before, after FROM audit_log WHERE action = 'webhook.redeliver' AND object_id = ANY($1::text[]) ORDER BY object_id",
    [sent],
  );
  assert.deepEqual(
    audit,
    [...sent].sort().map((id) => ({
      object_id: id,
      reason: "bulk",
      before: { deliveryStatus: "FAILED" },
      after: { deliveryStatus: "PENDING" },
    })),
  );
  const left = await app.services.db.query(
    "SELECT count(*)::int AS n FROM webhook_events WHERE company_id = $1 AND delivery_status = 'FAILED'",
    [shop.companyId],
  );
  assert.equal(left[0].n, failed.length - 2);

  const tooMany = await app.gql(BULK, { c: shop.companyId, m: 101 }, { cookie: operator.cookie });
  assert.equal(tooMany.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
  assert.equal(tooMany.body.data, null);
});

test("a merchant admin redelivers only its own failed deliveries; naming another account is FORBIDDEN; a viewer cannot", async () => {
  const theirs = await failedEvents(other, 1);
  const mineFailed = await app.services.db.query(
    "SELECT id FROM webhook_events WHERE company_id = $1 AND delivery_status = 'FAILED' ORDER BY id",
    [shop.companyId],
  );
  const audited = async () =>
    (await app.services.db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'webhook.redeliver'"))[0].n;
  const auditBefore = await audited();

  const named = await app.gql(BULK, { c: other.companyId }, { token: shop.clientSecret });
  assert.deepEqual(
    [named.body.errors?.[0].extensions.code, named.body.errors?.[0].message, named.body.data],
    ["FORBIDDEN", "A merchant acts only on its own company", null],
  );
  const untouched = await app.services.db.query(
    "SELECT id, delivery_status FROM webhook_events WHERE id = ANY($1::text[]) ORDER BY id",
    [[...theirs, ...mineFailed.map((row: { id: string }) => row.id)]],
  );
  assert.deepEqual(
    untouched.map((row: { delivery_status: string }) => row.delivery_status),
    Array(untouched.length).fill("FAILED"),
  );
  assert.equal(await audited(), auditBefore, "nothing audited: nothing changed");

  const mine = await app.gql(BULK, {}, { token: shop.clientSecret });
  assert.equal(mine.body.errors, undefined, JSON.stringify(mine.body.errors));
  assert.deepEqual(
    [...mine.body.data.redeliverFailedWebhooks.eventIds].sort(),
    mineFailed.map((row: { id: string }) => row.id).sort(),
  );
  const still = await app.services.db.query("SELECT delivery_status FROM webhook_events WHERE id = $1", [theirs[0]]);
  assert.equal(still[0].delivery_status, "FAILED");
  const viewer = await app.consoleUser({ role: "VIEWER" });
  const refused = await app.gql(BULK, {}, { cookie: viewer.cookie });
  assert.equal(refused.body.errors?.[0].extensions.code, "FORBIDDEN");
});

test("oldest first is the outbox's order (sequence), whatever the clock wrote", async () => {
  const late = await app.createMerchant({ name: "Loja Ordem", webhookUrl: "http://127.0.0.1:9/hook" });
  await failedEvents(late, 3);
  // created_at the reverse of the sequence (two processes' clocks apart).
  await app.services.db.query(
    "UPDATE webhook_events SET created_at = now() - make_interval(secs => sequence::double precision) WHERE company_id = $1",
    [late.companyId],
  );
  const ordered: string[] = (
    await app.services.db.query("SELECT id FROM webhook_events WHERE company_id = $1 ORDER BY sequence", [
      late.companyId,
    ])
  ).map((row: { id: string }) => row.id);
  assert.equal(ordered.length, 3);
  const first = await app.gql(BULK, { c: late.companyId, m: 2 }, { cookie: operator.cookie });
  assert.deepEqual(first.body.data.redeliverFailedWebhooks.eventIds, ordered.slice(0, 2));
  const audit = await app.services.db.query(
    `SELECT actor, actor_kind, object_type, object_id, company_id FROM audit_log
      WHERE action = 'webhook.redeliver' AND object_id = ANY($1::text[]) ORDER BY id`,
    [ordered],
  );
  assert.deepEqual(
    audit,
    ordered.slice(0, 2).map((id: string) => ({
      actor: `operator:${operator.userId}`,
      actor_kind: "OPERATOR",
      object_type: "webhook_event",
      object_id: id,
      company_id: late.companyId,
    })),
  );
});
