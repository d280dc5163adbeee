import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

let app: TestApp;
let admin: ConsoleLogin;
let shop: Merchant;
let requestCount = 0;

before(async () => {
  app = await startTestApp();
  admin = await app.consoleUser({ role: "ADMIN" });
  shop = await fundedMerchant(app, "1000.00");
});
after(() => app.close());

interface AuditRow {
  actor: string;
  actor_kind: string;
  action: string;
  object_type: string;
  object_id: string | null;
  company_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
  request_id: string | null;
}

const lastAuditId = async () => Number((await app.services.db.query("SELECT max(id) AS id FROM audit_log"))[0].id ?? 0);

/** Runs one operation as the console ADMIN and answers the audit rows it wrote. */
async function audited(query: string, variables: Record<string, unknown> = {}) {
  const since = await lastAuditId();
  requestCount += 1;
  const requestId = `req-audit-${requestCount}`;
  const res = await app.gql(query, variables, { cookie: admin.cookie, headers: { "x-request-id": requestId } });
  assert.equal(res.body.errors, undefined, `${query}: ${JSON.stringify(res.body.errors)}`);
  const rows: AuditRow[] = await app.services.db.query(
    `SELECT actor, actor_kind, action, object_type, object_id, company_id, reason, before, after, address, request_id
       FROM audit_log WHERE id > $1 ORDER BY id`,
    [since],
  );
  return { data: res.body.data, rows, requestId };
}

/** Exactly one row, by the ADMIN, from this request, with these fields. */
function assertOneRow(result: { rows: AuditRow[]; requestId: string }, expected: Partial<AuditRow>): AuditRow {
  assert.equal(result.rows.length, 1, JSON.stringify(result.rows));
  const [row] = result.rows;
  assert.equal(row.actor, `operator:${admin.userId}`);
  assert.equal(row.actor_kind, "OPERATOR");
  assert.equal(row.request_id, result.requestId);
  assert.match(row.address ?? "", /127\.0\.0\.1/);
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(row[key as keyof AuditRow], value, `${expected.action}: ${key}`);
  }
  return row;
}

describe("every operator action writes exactly one audit row", () => {
  test("accounts, fees and credentials", async () => {
    const created = await audited(
      `mutation { createCompany(input: {name: "Auditada", feePercent: "1.50"}) { company { id } } }`,
    );
    const companyId = created.data.createCompany.company.id;
    const row = assertOneRow(created, {
      action: "company.create",
      object_type: "company",
      object_id: companyId,
      company_id: companyId,
    });
    assert.equal((row.after as { feePercent: string }).feePercent, "1.50");

    const updated = await audited(
      `mutation { updateCompany(id: "${companyId}", input: {feePercent: "2.00", autoApproveLimit: "50.00"}) { id } }`,
    );
    const update = assertOneRow(updated, { action: "company.update", object_id: companyId });
    assert.deepEqual(
      [(update.before as Record<string, unknown>).feePercent, (update.after as Record<string, unknown>).feePercent],
      ["1.50", "2.00"],
    );
    assert.equal((update.after as Record<string, unknown>).autoApproveLimit, "50.00");

    const issued = await audited(
      `mutation { issueClientSecret(companyId: "${companyId}") { credential { id } clientSecret } }`,
    );
    const credentialId = issued.data.issueClientSecret.credential.id;
    const issue = assertOneRow(issued, {
      action: "credential.issue",
      object_type: "client_credential",
      object_id: credentialId,
    });
    assert.ok(!JSON.stringify(issue).includes(issued.data.issueClientSecret.clientSecret), "never the secret itself");

    const revoked = await audited(`mutation { revokeClientSecret(credentialId: "${credentialId}") { id } }`);
    assertOneRow(revoked, { action: "credential.revoke", object_id: credentialId, company_id: companyId });
  });

  test("withdrawals: approve, reject, simulated outcome", async () => {
    const first = await createWithdrawal(app, shop);
    assertOneRow(await audited(`mutation { approveWithdrawal(id: "${first}") { status } }`), {
      action: "withdrawal.approve",
      object_type: "withdrawal",
      object_id: first,
      company_id: shop.companyId,
      before: { status: "PENDING", approvals: 0, approvalsRequired: 1 },
      after: { status: "PROCESSING", approvals: 1, approvalsRequired: 1 },
    });
    assertOneRow(await audited(`mutation { simulateWithdrawalOutcome(id: "${first}", outcome: PAID) { status } }`), {
      action: "withdrawal.simulate_outcome",
      object_id: first,
      before: { status: "PROCESSING" },
      after: { status: "PAID", reason: null },
    });
    const second = await createWithdrawal(app, shop);
    assertOneRow(await audited(`mutation { rejectWithdrawal(id: "${second}", reason: "suspicious key") { status } }`), {
      action: "withdrawal.reject",
      object_id: second,
      reason: "suspicious key",
      before: { status: "PENDING" },
      after: { status: "CANCELLED", reason: "suspicious key" },
    });
  });

  test("adjustments, charges and payment exceptions", async () => {
    const adjusted = await audited(
      `mutation { createAdjustment(companyId: "${shop.companyId}", amount: "-3.50", description: "chargeback fee") { id } }`,
    );
    assertOneRow(adjusted, {
      action: "adjustment.create",
      object_type: "adjustment",
      object_id: adjusted.data.createAdjustment.id,
      company_id: shop.companyId,
      reason: "chargeback fee",
    });
    assert.equal((adjusted.rows[0].after as Record<string, unknown>).amount, "-3.50");

    const charge = await app.request("POST", "/charges", { token: shop.clientSecret, body: { amount: 20 } });
    const id = charge.body.id;
    assertOneRow(await audited(`mutation { simulateChargePayment(chargeId: "${id}") { status } }`), {
      action: "charge.simulate_payment",
      object_type: "charge",
      object_id: id,
    });
    const reserve = assertOneRow(await audited(`mutation { reserveCharge(id: "${id}", reason: "dispute") { id } }`), {
      action: "charge.reserve",
      object_id: id,
      reason: "dispute",
    });
    assert.deepEqual(
      [(reserve.before as { reserved: boolean }).reserved, (reserve.after as { reserved: boolean }).reserved],
      [false, true],
    );
    assertOneRow(await audited(`mutation { releaseCharge(id: "${id}") { id } }`), {
      action: "charge.release",
      object_id: id,
    });

    await app.services.db.query(
      `INSERT INTO payment_exceptions (id, kind, txid, amount_cents, company_id, paid_at, notification)
       VALUES ('pex_audit', 'UNKNOWN_TXID', 'txid-audit', 500, $1, now(), '{}')`,
      [shop.companyId],
    );
    assertOneRow(
      await audited(
        `mutation { resolvePaymentException(id: "pex_audit", resolution: "refunded at the bank") { status } }`,
      ),
      {
        action: "payment_exception.resolve",
        object_id: "pex_audit",
        reason: "refunded at the bank",
        after: { status: "RESOLVED" },
      },
    );
  });

  test("webhooks: settings, secret, redelivery", async () => {
    const settings = await audited(
      `mutation { updateWebhookSettings(companyId: "${shop.companyId}", url: "http://127.0.0.1:9/hook") { url } }`,
    );
    assertOneRow(settings, {
      action: "webhook.update_settings",
      before: { url: null },
      after: { url: "http://127.0.0.1:9/hook" },
    });
    const rotated = await audited(`mutation { rotateWebhookSecret(companyId: "${shop.companyId}") { webhookSecret } }`);
    assertOneRow(rotated, { action: "webhook.rotate_secret", object_id: shop.companyId });
    assert.ok(!JSON.stringify(rotated.rows).includes(rotated.data.rotateWebhookSecret.webhookSecret));
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, shop.clientSecret);
    const eventId = ping.data.sendTestWebhook.eventId;
    assertOneRow(await audited(`mutation { redeliverWebhook(eventId: "${eventId}") { eventId } }`), {
      action: "webhook.redeliver",
      object_type: "webhook_event",
      object_id: eventId,
      company_id: shop.companyId,
    });
  });

  test("operator management", async () => {
    const invited = await audited(
      `mutation { inviteOperator(email: "audit-op@example.com", role: VIEWER) { user { id } inviteToken } }`,
    );
    const userId = invited.data.inviteOperator.user.id;
    const invite = assertOneRow(invited, { action: "operator.invite", object_type: "console_user", object_id: userId });
    assert.ok(!JSON.stringify(invite).includes(invited.data.inviteOperator.inviteToken));
    assertOneRow(await audited(`mutation { updateOperator(id: "${userId}", role: OPERATOR) { id } }`), {
      action: "operator.update",
      object_id: userId,
    });
  });

  test("a refused action writes no row; a merchant's own charge writes none", async () => {
    const since = await lastAuditId();
    const id = await createWithdrawal(app, shop);
    await app.graphql(`mutation { rejectWithdrawal(id: "${id}", reason: "no") { id } }`);
    const refused = await app.gql(
      `mutation { approveWithdrawal(id: "${id}") { status } }`,
      {},
      { cookie: admin.cookie },
    );
    assert.equal(refused.body.errors?.[0].extensions.code, "INVALID_STATE");
    const rows = await app.services.db.query("SELECT action, actor FROM audit_log WHERE id > $1", [since]);
    assert.deepEqual(rows, [{ action: "withdrawal.reject", actor: "operator:token" }]);
  });
});

describe("the audit log table", () => {
  test("refuses UPDATE, DELETE and TRUNCATE", async () => {
    await app.graphql(`mutation { updateCompany(id: "${shop.companyId}", input: {city: "RIO"}) { id } }`);
    for (const statement of [
      "UPDATE audit_log SET actor = 'someone else'",
      "DELETE FROM audit_log",
      "TRUNCATE audit_log",
    ]) {
      await assert.rejects(app.services.db.query(statement), /audit_log is append-only/, statement);
    }
    const [{ n }] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE actor = 'someone else'",
    );
    assert.equal(n, 0);
  });

  test("auditLog pages newest first by cursor, filters, and auditTrail tells one object's story", async () => {
    const company = (await app.createMerchant({ name: "Paginada" })).companyId;
    for (const fee of ["1.00", "1.10", "1.20", "1.30", "1.40"]) {
      await app.graphql(`mutation { updateCompany(id: "${company}", input: {feePercent: "${fee}"}) { id } }`);
    }
    const page = `query($after: String, $c: ID) { auditLog(companyId: $c, first: 2, after: $after) {
      data { id at action after } pageInfo { endCursor hasNextPage } } }`;
    const seen: Array<{ id: string; after: { feePercent?: string }; action: string }> = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const res: any = await app.gql(page, { after, c: company }, { cookie: admin.cookie });
      seen.push(...res.body.data.auditLog.data);
      after = res.body.data.auditLog.pageInfo.endCursor;
      if (!res.body.data.auditLog.pageInfo.hasNextPage) break;
    }
    assert.deepEqual(
      seen.map((row) => row.action),
      ["company.update", "company.update", "company.update", "company.update", "company.update", "company.create"],
    );
    assert.deepEqual(
      seen.slice(0, 5).map((row) => row.after.feePercent),
      ["1.40", "1.30", "1.20", "1.10", "1.00"],
    );
    assert.equal(new Set(seen.map((row) => row.id)).size, 6);

    const filtered = await app.gql(
      `{ auditLog(action: "company.create", objectId: "${company}") { data { objectId } } }`,
      {},
      {
        cookie: admin.cookie,
      },
    );
    assert.deepEqual(filtered.body.data.auditLog.data, [{ objectId: company }]);
    const future = await app.gql(
      `{ auditLog(from: "2999-01-01T00:00:00.000Z") { data { id } pageInfo { hasNextPage endCursor } } }`,
      {},
      {
        cookie: admin.cookie,
      },
    );
    assert.deepEqual(future.body.data.auditLog, { data: [], pageInfo: { hasNextPage: false, endCursor: null } });
    const bad = await app.gql(`{ auditLog(after: "not-a-cursor") { data { id } } }`, {}, { cookie: admin.cookie });
    assert.equal(bad.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const tooMany = await app.gql(`{ auditLog(first: 201) { data { id } } }`, {}, { cookie: admin.cookie });
    assert.equal(tooMany.body.errors?.[0].extensions.code, "VALIDATION_ERROR");

    const trail = await app.gql(
      `{ auditTrail(objectType: "company", objectId: "${company}") { action actor actorKind } }`,
      {},
      {
        cookie: admin.cookie,
      },
    );
    assert.deepEqual(
      trail.body.data.auditTrail.map((row: { action: string }) => row.action),
      ["company.create", "company.update", "company.update", "company.update", "company.update", "company.update"],
    );
    assert.equal(trail.body.data.auditTrail[0].actor, "operator:token");
  });
});
