import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  auditedBalance,
  createRefund,
  paidCharge,
  postRefund,
  readCharge,
  readRefund,
  simulateRefundOutcome,
} from "../../test/support/refund-steps";
import { balanceCents, fundedMerchant, outboxEvents, postWithdrawal } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { RETURN_ID_PATTERN } from "../core/ids";

let app: TestApp;

before(async () => {
  app = await startTestApp(); // no worker: the refunds stay PROCESSING until decided by hand
});
after(async () => {
  await app.close();
});

const REFUND_FIELDS = [
  "id",
  "charge_id",
  "amount",
  "status",
  "reason",
  "return_id",
  "failure_reason",
  "idempotency_key",
  "created_at",
  "refunded_at",
];
const REFUND_EVENT_FIELDS = [
  "event",
  "event_id",
  "timestamp",
  "refund_id",
  "charge_id",
  "company_id",
  "amount",
  "status",
  "return_id",
  "reason",
  "failure_reason",
  "signature",
];

/** A merchant with R$ 100.00 of a paid charge (net 99.01 at the default 0.99 % fee) and nothing else. */
async function merchantWithPaidCharge(amount = 100): Promise<{ merchant: Merchant; chargeId: string }> {
  const merchant = await app.createMerchant();
  const chargeId = await paidCharge(app, merchant, amount);
  return { merchant, chargeId };
}

describe("POST /charges/:id/refunds", () => {
  test("201: a partial refund is PROCESSING, its amount leaves the balance (the fee is not given back) and the charge stays PAID", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    assert.equal(await balanceCents(app, merchant), 9901n);
    const key = newUuid();
    const res = await postRefund(app, merchant, `chg_${chargeId}`, { amount: 30.5, reason: "troca" }, key);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body), REFUND_FIELDS);
    assert.match(res.body.id, /^rf_[A-Za-z0-9]{24}$/);
    assert.equal(res.body.charge_id, chargeId);
    assert.equal(res.body.amount, 30.5);
    assert.equal(res.body.status, "PROCESSING");
    assert.equal(res.body.reason, "troca");
    assert.equal(res.body.return_id, null);
    assert.equal(res.body.failure_reason, null);
    assert.equal(res.body.idempotency_key, key);
    assert.match(res.body.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(res.body.refunded_at, null);
    assert.equal(res.headers.get("idempotent-replayed"), null);

    assert.equal(await auditedBalance(app, merchant), 9901n - 3050n);
    const charge = await readCharge(app, merchant, chargeId);
    assert.equal(charge.status, "PAID");
    assert.equal(charge.refunded_amount, 30.5);

    const overview = await app.graphql(
      "query { merchantOverview { balance paidChargesNet refundsHeld } }",
      {},
      merchant.clientSecret,
    );
    assert.deepEqual(overview.data.merchantOverview, {
      balance: "68.51",
      paidChargesNet: "99.01",
      refundsHeld: "30.50",
    });

    const entries = await app.graphql(
      "query($c: ID!) { ledgerEntries(companyId: $c) { data { kind amount balanceAfter refundId chargeId } } }",
      { c: merchant.companyId },
    );
    assert.deepEqual(entries.data.ledgerEntries.data[0], {
      kind: "REFUND_RESERVED",
      amount: "-30.50",
      balanceAfter: "68.51",
      refundId: res.body.id,
      chargeId,
    });
  });

  test("without an amount it refunds all that remains; refunding the rest then leaves nothing refundable", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    await app.fund(merchant.companyId, "10.00"); // the fee is not given back: the full 100.00 needs more than 99.01
    await createRefund(app, merchant, chargeId, { amount: 40 });
    const rest = await postRefund(app, merchant, chargeId, {});
    assert.equal(rest.status, 201, rest.text);
    assert.equal(rest.body.amount, 60);
    assert.equal((await readCharge(app, merchant, chargeId)).refunded_amount, 100);
    assert.equal(await auditedBalance(app, merchant), 10901n - 10000n);
    const more = await postRefund(app, merchant, chargeId, { amount: 0.01 });
    assert.equal(more.status, 400);
    assert.deepEqual(more.body, { error: "Charge is already refunded in full", code: "REFUND_EXCEEDS_CHARGE" });
    const none = await postRefund(app, merchant, chargeId, {});
    assert.equal(none.status, 400);
    assert.equal(none.body.code, "REFUND_EXCEEDS_CHARGE");
  });

  test("the body may be left out entirely: a POST without one refunds all that remains", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge(10);
    await app.fund(merchant.companyId, "1.00");
    const res = await app.request("POST", `/charges/${chargeId}/refunds`, {
      token: merchant.clientSecret,
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.amount, 10);
    assert.equal(res.body.reason, null);
  });

  test("401 before anything else", async () => {
    const { chargeId } = await merchantWithPaidCharge();
    const res = await app.request("POST", `/charges/${chargeId}/refunds`, { body: { amount: "x" } });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, "UNAUTHENTICATED");
  });

  test("404 for another account's charge or a missing one, before the key and the body are looked at", async () => {
    const { chargeId } = await merchantWithPaidCharge();
    const other = await app.createMerchant();
    for (const id of [chargeId, `chg_${chargeId}`, "ZZZZZZZZ", "not-an-id"]) {
      const res = await postRefund(app, other, id, { amount: "bad", extra: 1 }, "not-a-uuid");
      assert.equal(res.status, 404, `${id}: ${res.text}`);
      assert.deepEqual(res.body, { error: "Charge not found", code: "NOT_FOUND" });
    }
  });

  test("400 for a missing or malformed Idempotency-Key, before the body", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const missing = await postRefund(app, merchant, chargeId, { amount: "bad" }, null);
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, { error: "Idempotency-Key header is required (a UUID)", code: "VALIDATION_ERROR" });
    const malformed = await postRefund(app, merchant, chargeId, { amount: "bad" }, "1234");
    assert.equal(malformed.status, 400);
    assert.deepEqual(malformed.body, { error: "Idempotency-Key must be a UUID", code: "VALIDATION_ERROR" });
  });

  test("400 for a bad body; a 400 does not consume the key and changes nothing", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const key = newUuid();
    const bad: Array<[unknown, string]> = [
      [{ amount: 0 }, "amount must be between 0.01 and 99999999.99"],
      [{ amount: -1 }, "amount must be between 0.01 and 99999999.99"],
      [{ amount: 100000000 }, "amount must be between 0.01 and 99999999.99"],
      [{ amount: 1.234 }, "amount must be a number in BRL with at most two decimals"],
      [{ amount: "10.00" }, "amount must be a number in BRL with at most two decimals"],
      [{ reason: "x".repeat(141) }, "reason must have at most 140 characters"],
      [{ reason: 12 }, "reason must be a string"],
      [{ amount: 1, currency: "BRL" }, "Unknown body field: currency"],
    ];
    for (const [body, message] of bad) {
      const res = await postRefund(app, merchant, chargeId, body as Record<string, unknown>, key);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.deepEqual(res.body, { error: message, code: "VALIDATION_ERROR" }, JSON.stringify(body));
    }
    const notJson = await app.request("POST", `/charges/${chargeId}/refunds`, {
      token: merchant.clientSecret,
      rawBody: "{amount",
      headers: { "content-type": "application/json", "idempotency-key": key },
    });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.body.code, "INVALID_JSON");
    // 140 characters as people count them (an emoji is one) is fine.
    const ok = await postRefund(app, merchant, chargeId, { amount: 1, reason: "🙂".repeat(140) }, key);
    assert.equal(ok.status, 201, ok.text);
    assert.equal(await auditedBalance(app, merchant), 9801n);
  });

  test("the same key and body answer the original 201 byte for byte; a different body or charge is 409", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const key = newUuid();
    const first = await postRefund(app, merchant, chargeId, { amount: 10, reason: "a" }, key);
    assert.equal(first.status, 201);
    await simulateRefundOutcome(app, first.body.id, "REFUNDED"); // the replay is the original answer, not today's state
    const again = await postRefund(app, merchant, chargeId, { amount: 10, reason: "a" }, key);
    assert.equal(again.status, 201);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    // The key compares in lower case, as the withdrawals' do.
    const upper = await postRefund(app, merchant, chargeId, { amount: 10, reason: "a" }, key.toUpperCase());
    assert.equal(upper.text, first.text);

    for (const body of [{ amount: 11, reason: "a" }, { amount: 10 }, {}]) {
      const reused = await postRefund(app, merchant, chargeId, body, key);
      assert.equal(reused.status, 409, JSON.stringify(body));
      assert.deepEqual(reused.body, {
        error: "This Idempotency-Key was already used for a different refund",
        code: "IDEMPOTENCY_KEY_REUSED",
      });
    }
    const otherCharge = await paidCharge(app, merchant, 20);
    const elsewhere = await postRefund(app, merchant, otherCharge, { amount: 10, reason: "a" }, key);
    assert.equal(elsewhere.status, 409);
    assert.equal(elsewhere.body.code, "IDEMPOTENCY_KEY_REUSED");
    const list = await app.request("GET", `/charges/${chargeId}/refunds`, { token: merchant.clientSecret });
    assert.equal(list.body.total, 1);
    assert.equal(await auditedBalance(app, merchant), 9901n + 1980n - 1000n);
  });

  test("409 INVALID_STATE for a charge that is not PAID (PENDING, CANCELLED, EXPIRED)", async () => {
    const merchant = await fundedMerchant(app, "50.00");
    const make = async () =>
      (await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 10 } })).body.id as string;
    const pending = await make();
    const cancelled = await make();
    await app.graphql("mutation($id: ID!) { cancelCharge(id: $id) { status } }", { id: cancelled });
    const expired = await make();
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [expired]);
    for (const [id, status] of [
      [pending, "PENDING"],
      [cancelled, "CANCELLED"],
      [expired, "PENDING"], // overdue, not yet swept: the refund refuses it all the same
    ]) {
      const res = await postRefund(app, merchant, id, { amount: 1 });
      assert.equal(res.status, 409, res.text);
      assert.deepEqual(res.body, {
        error: `Charge is ${status}; only a PAID charge can be refunded`,
        code: "INVALID_STATE",
      });
    }
    assert.equal(await auditedBalance(app, merchant), 5000n);
  });

  test("409 CHARGE_RESERVED for a charge an operator holds; released, it can be refunded", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    await app.fund(merchant.companyId, "100.00");
    await app.graphql('mutation($id: ID!) { reserveCharge(id: $id, reason: "chargeback risk") { reserved } }', {
      id: chargeId,
    });
    const res = await postRefund(app, merchant, chargeId, { amount: 1 });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, {
      error: "Charge is held by an operator; it cannot be refunded until released",
      code: "CHARGE_RESERVED",
    });
    await app.graphql("mutation($id: ID!) { releaseCharge(id: $id) { reserved } }", { id: chargeId });
    assert.equal((await postRefund(app, merchant, chargeId, { amount: 1 })).status, 201);
  });

  test("409 REFUND_WINDOW_CLOSED more than 90 days after paid_at; at 89 days it is still open", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    await app.services.db.query("UPDATE charges SET paid_at = now() - interval '90 days 1 minute' WHERE id = $1", [
      chargeId,
    ]);
    const late = await postRefund(app, merchant, chargeId, { amount: 1 });
    assert.equal(late.status, 409);
    assert.deepEqual(late.body, {
      error: "Charge was paid more than 90 days ago; it can no longer be refunded",
      code: "REFUND_WINDOW_CLOSED",
    });
    await app.services.db.query("UPDATE charges SET paid_at = now() - interval '89 days' WHERE id = $1", [chargeId]);
    assert.equal((await postRefund(app, merchant, chargeId, { amount: 1 })).status, 201);
  });

  test("400 REFUND_EXCEEDS_CHARGE above the amount minus refunds not FAILED; a FAILED refund gives its share back", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    await app.fund(merchant.companyId, "100.00");
    const above = await postRefund(app, merchant, chargeId, { amount: 100.01 });
    assert.equal(above.status, 400);
    assert.deepEqual(above.body, {
      error: "amount is above what remains refundable (100.00)",
      code: "REFUND_EXCEEDS_CHARGE",
    });
    const first = await createRefund(app, merchant, chargeId, { amount: 60 });
    const second = await postRefund(app, merchant, chargeId, { amount: 40.01 });
    assert.equal(second.status, 400);
    assert.equal(second.body.error, "amount is above what remains refundable (40.00)");
    const failed = await simulateRefundOutcome(app, first, "FAILED", "conta encerrada");
    assert.equal(failed.data.simulateRefundOutcome.status, "FAILED");
    assert.equal((await readCharge(app, merchant, chargeId)).refunded_amount, 0);
    assert.equal((await postRefund(app, merchant, chargeId, { amount: 100 })).status, 201);
  });

  test("400 INSUFFICIENT_BALANCE when the balance is below the amount; the check is the last one", async () => {
    const merchant = await fundedMerchant(app, "50.00");
    const chargeId = await paidCharge(app, merchant, 100); // balance 149.01
    const withdrawal = await postWithdrawal(app, merchant, {
      amount: 120,
      pix_key_type: "CPF",
      pix_key: "52998224725",
    });
    assert.equal(withdrawal.status, 201, withdrawal.text);
    const res = await postRefund(app, merchant, chargeId, { amount: 29.02 });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { error: "Balance is below the refund's amount", code: "INSUFFICIENT_BALANCE" });
    // Above the charge comes first.
    const both = await postRefund(app, merchant, chargeId, { amount: 100.01 });
    assert.equal(both.body.code, "REFUND_EXCEEDS_CHARGE");
    const exact = await postRefund(app, merchant, chargeId, { amount: 29.01 });
    assert.equal(exact.status, 201, exact.text);
    assert.equal(await auditedBalance(app, merchant), 0n);
  });
});

describe("a refund's life", () => {
  test("REFUNDED by the bank: refunded_at and return_id set, the balance keeps the reservation; final", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const id = await createRefund(app, merchant, chargeId, { amount: 25 });
    const decided = await simulateRefundOutcome(app, id, "REFUNDED");
    assert.equal(decided.errors, undefined, JSON.stringify(decided.errors));
    const refund = await readRefund(app, merchant, id);
    assert.deepEqual(Object.keys(refund), [...REFUND_FIELDS, "retry_count", "updated_at"]);
    assert.equal(refund.status, "REFUNDED");
    assert.match(refund.return_id, RETURN_ID_PATTERN);
    assert.match(refund.refunded_at, /^\d{4}-\d{2}-\d{2}T/);
    assert.equal(refund.failure_reason, null);
    assert.equal(await auditedBalance(app, merchant), 9901n - 2500n);
    assert.equal((await readCharge(app, merchant, chargeId)).refunded_amount, 25);
    for (const outcome of ["REFUNDED", "FAILED"] as const) {
      const again = await simulateRefundOutcome(app, id, outcome);
      assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
      assert.equal(again.errors?.[0].message, "Refund is REFUNDED; only a PROCESSING refund can change");
    }
  });

  test("FAILED by the bank: failure_reason set, the amount back in the balance and off the charge; final", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const id = await createRefund(app, merchant, chargeId, { amount: 25 });
    const decided = await simulateRefundOutcome(app, id, "FAILED", "conta do pagador encerrada");
    assert.equal(decided.data.simulateRefundOutcome.failureReason, "conta do pagador encerrada");
    const refund = await readRefund(app, merchant, id);
    assert.equal(refund.status, "FAILED");
    assert.equal(refund.failure_reason, "conta do pagador encerrada");
    assert.equal(refund.refunded_at, null);
    assert.equal(await auditedBalance(app, merchant), 9901n);
    assert.equal((await readCharge(app, merchant, chargeId)).refunded_amount, 0);
    const again = await simulateRefundOutcome(app, id, "REFUNDED");
    assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
    const noReason = await simulateRefundOutcome(
      app,
      await createRefund(app, merchant, chargeId, { amount: 1 }),
      "FAILED",
    );
    assert.equal(noReason.data.simulateRefundOutcome.failureReason, "bank error");
  });

  test("webhooks refund.processing then refund.refunded / refund.failed, fields in the contract's order", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const refunded = await createRefund(app, merchant, chargeId, { amount: 10, reason: "devolução" });
    await simulateRefundOutcome(app, refunded, "REFUNDED");
    const failed = await createRefund(app, merchant, chargeId, { amount: 5 });
    await simulateRefundOutcome(app, failed, "FAILED", "recusada");
    const [processing, done] = await outboxEvents(app, refunded);
    for (const event of [processing, done]) assert.deepEqual(Object.keys(event), REFUND_EVENT_FIELDS);
    assert.deepEqual(
      { ...processing, event_id: undefined, timestamp: undefined, signature: undefined },
      {
        event: "refund.processing",
        event_id: undefined,
        timestamp: undefined,
        refund_id: refunded,
        charge_id: `chg_${chargeId}`,
        company_id: merchant.companyId,
        amount: 10,
        status: "PROCESSING",
        return_id: null,
        reason: "devolução",
        failure_reason: null,
        signature: undefined,
      },
    );
    assert.equal(done.event, "refund.refunded");
    assert.equal(done.status, "REFUNDED");
    assert.match(done.return_id, RETURN_ID_PATTERN);
    const failedEvents = await outboxEvents(app, failed);
    assert.deepEqual(
      failedEvents.map((event) => [event.event, event.status, event.failure_reason, event.amount]),
      [
        ["refund.processing", "PROCESSING", null, 5],
        ["refund.failed", "FAILED", "recusada", 5],
      ],
    );
  });
});

describe("reads", () => {
  test("GET /charges/:id/refunds lists them oldest first; GET /refunds/:id; another account's are 404", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const ids = [
      await createRefund(app, merchant, chargeId, { amount: 1 }),
      await createRefund(app, merchant, chargeId, { amount: 2 }),
      await createRefund(app, merchant, chargeId, { amount: 3 }),
    ];
    const list = await app.request("GET", `/charges/chg_${chargeId}/refunds`, { token: merchant.clientSecret });
    assert.equal(list.status, 200);
    assert.deepEqual(Object.keys(list.body), ["data", "total"]);
    assert.equal(list.body.total, 3);
    assert.deepEqual(
      list.body.data.map((refund: { id: string }) => refund.id),
      ids,
    );
    assert.deepEqual(Object.keys(list.body.data[0]), [...REFUND_FIELDS, "retry_count", "updated_at"]);
    const empty = await paidCharge(app, merchant, 5);
    assert.deepEqual((await app.request("GET", `/charges/${empty}/refunds`, { token: merchant.clientSecret })).body, {
      data: [],
      total: 0,
    });

    const other = await app.createMerchant();
    const theirs = await app.request("GET", `/charges/${chargeId}/refunds`, { token: other.clientSecret });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.code, "NOT_FOUND");
    const one = await app.request("GET", `/refunds/${ids[0]}`, { token: other.clientSecret });
    assert.equal(one.status, 404);
    assert.deepEqual(one.body, { error: "Refund not found", code: "NOT_FOUND" });
    const missing = await app.request("GET", "/refunds/rf_nothing", { token: merchant.clientSecret });
    assert.equal(missing.status, 404);
    assert.equal((await app.request("GET", `/refunds/${ids[0]}`)).status, 401);
  });
});

describe("operators", () => {
  test("an operator refunds any account's charge (GraphQL refundCharge); a merchant cannot simulate outcomes", async () => {
    const { merchant, chargeId } = await merchantWithPaidCharge();
    const key = newUuid();
    const result = await app.graphql(
      `mutation($c: ID!, $k: String!) { refundCharge(chargeId: $c, idempotencyKey: $k, input: { amount: "12.34", reason: "duplicado" }) {
         id chargeId amount status reason requestedBy companyId } }`,
      { c: chargeId, k: key },
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    assert.deepEqual(
      { ...result.data.refundCharge, id: undefined },
      {
        id: undefined,
        chargeId,
        amount: "12.34",
        status: "PROCESSING",
        reason: "duplicado",
        requestedBy: "operator:token",
        companyId: merchant.companyId,
      },
    );
    assert.equal(await auditedBalance(app, merchant), 9901n - 1234n);
    const audit = await app.graphql(
      `query($id: ID!) { auditTrail(objectType: "refund", objectId: $id) { action actor } }`,
      { id: result.data.refundCharge.id },
    );
    assert.deepEqual(audit.data?.auditTrail, [{ action: "refund.create", actor: "operator:token" }]);
    const denied = await app.graphql(
      "mutation($id: ID!) { simulateRefundOutcome(id: $id, outcome: REFUNDED) { id } }",
      { id: result.data.refundCharge.id },
      merchant.clientSecret,
    );
    assert.equal(denied.errors?.[0].extensions.code, "FORBIDDEN");
  });
});
