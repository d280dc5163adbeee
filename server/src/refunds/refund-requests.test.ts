import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, fundedMerchant, outboxEvents } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { totpCodeAt } from "../two-factor/totp";

// Operators' refunds under maker-checker (docs/refunds.md): above R$ 100.00 a second operator confirms.
let app: TestApp;
let shop: Merchant;
let ana: ConsoleLogin;
let bruno: ConsoleLogin;
let carla: ConsoleLogin;
let vera: ConsoleLogin;

before(async () => {
  app = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "100.00", APPROVAL_SECOND_OPERATOR_WINDOW_H: "24" });
  shop = await fundedMerchant(app, "5000.00");
  ana = await app.consoleUser({ role: "OPERATOR" });
  bruno = await app.consoleUser({ role: "OPERATOR" });
  carla = await app.consoleUser({ role: "ADMIN" });
  vera = await app.consoleUser({ role: "VIEWER" });
});
after(() => app.close());

const FIELDS = "id status amount reason chargeId refundId requestedBy requestedByEmail decidedBy decidedByEmail mine";
const REQUEST = `mutation($c: ID!, $k: String!, $i: RefundChargeInput) { requestRefund(chargeId: $c, idempotencyKey: $k, input: $i) { ${FIELDS} } }`;
const CONFIRM = `mutation($id: ID!) { confirmRefundRequest(id: $id) { ${FIELDS} } }`;
const REJECT = `mutation($id: ID!, $r: String!) { rejectRefundRequest(id: $id, reason: $r) { ${FIELDS} rejectionReason } }`;
const LIST = `query($c: ID!) { refundRequests(chargeId: $c) { ${FIELDS} } }`;

const codeOf = (res: { body: any }) => res.body.errors?.[0]?.extensions?.code ?? null;

/** A PAID charge of the shop (its own account's money is the 5000.00 adjustment plus this). */
async function paidCharge(amount: number): Promise<string> {
  const created = await app.request("POST", "/charges", { token: shop.clientSecret, body: { amount } });
  assert.equal(created.status, 201, created.text);
  const paid = await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", {
    id: created.body.id,
  });
  assert.equal(paid.data.simulateChargePayment.status, "PAID");
  return created.body.id;
}

function requestAs(who: ConsoleLogin, chargeId: string, amount: string | null, key = newUuid()) {
  return app.gql(
    REQUEST,
    { c: chargeId, k: key, i: { amount, reason: "cobrança em duplicidade" } },
    { cookie: who.cookie },
  );
}

async function refundsOf(chargeId: string) {
  const res = await app.request("GET", `/charges/${chargeId}/refunds`, { token: shop.clientSecret });
  assert.equal(res.status, 200, res.text);
  return res.body as { data: Array<Record<string, unknown>>; total: number };
}

describe("operator refunds above APPROVAL_SECOND_OPERATOR_ABOVE", () => {
  test("at or under the amount the request makes the refund at once", async () => {
    const chargeId = await paidCharge(150);
    const before_ = await balanceCents(app, shop);
    const res = await requestAs(ana, chargeId, "100.00");
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    const request = res.body.data.requestRefund;
    assert.equal(request.status, "CONFIRMED");
    assert.equal(request.decidedBy, null, "nobody else decided: within the rule");
    assert.match(request.refundId, /^rf_[A-Za-z0-9]{24}$/);
    assert.equal(await balanceCents(app, shop), before_ - 10000n);
    const refunds = await refundsOf(chargeId);
    assert.equal(refunds.total, 1);
    assert.equal(refunds.data[0].id, request.refundId);
    assert.equal(refunds.data[0].status, "PROCESSING");
    assert.equal(refunds.data[0].amount, 100);
    await assertAuditConsistent(app, shop.companyId);
  });

  test("above it nothing moves until a second, different operator confirms; the requester cannot", async () => {
    const chargeId = await paidCharge(300);
    const before_ = await balanceCents(app, shop);
    const asked = await requestAs(ana, chargeId, "250.00");
    assert.equal(asked.body.errors, undefined, JSON.stringify(asked.body.errors));
    const request = asked.body.data.requestRefund;
    assert.match(request.id, /^rfq_[A-Za-z0-9]{24}$/);
    assert.deepEqual(
      [request.status, request.amount, request.refundId, request.requestedBy, request.requestedByEmail, request.mine],
      ["REQUESTED", "250.00", null, `operator:${ana.userId}`, ana.email, true],
    );
    // No refund, no reservation, nothing the merchant sees.
    assert.equal(await balanceCents(app, shop), before_);
    assert.equal((await refundsOf(chargeId)).total, 0);
    const merchantCharge = await app.request("GET", `/charges/${chargeId}`, { token: shop.clientSecret });
    assert.equal(merchantCharge.body.refunded_amount, 0);

    const own = await app.gql(CONFIRM, { id: request.id }, { cookie: ana.cookie });
    assert.equal(codeOf(own), "INVALID_STATE");
    assert.equal(own.body.errors[0].message, "You requested this refund: a second, different operator must confirm it");
    assert.equal(await balanceCents(app, shop), before_);

    const listed = await app.gql(LIST, { c: chargeId }, { cookie: bruno.cookie });
    assert.deepEqual(
      listed.body.data.refundRequests.map((r: any) => [r.id, r.status, r.mine]),
      [[request.id, "REQUESTED", false]],
    );

    const confirmed = await app.gql(CONFIRM, { id: request.id }, { cookie: bruno.cookie });
    assert.equal(confirmed.body.errors, undefined, JSON.stringify(confirmed.body.errors));
    const done = confirmed.body.data.confirmRefundRequest;
    assert.deepEqual(
      [done.status, done.decidedBy, done.decidedByEmail],
      ["CONFIRMED", `operator:${bruno.userId}`, bruno.email],
    );
    assert.equal(await balanceCents(app, shop), before_ - 25000n);
    const refunds = await refundsOf(chargeId);
    assert.equal(refunds.total, 1);
    assert.deepEqual(
      [refunds.data[0].id, refunds.data[0].status, refunds.data[0].amount, refunds.data[0].reason],
      [done.refundId, "PROCESSING", 250, "cobrança em duplicidade"],
    );
    const [row] = await app.services.db.query("SELECT requested_by FROM refunds WHERE id = $1", [done.refundId]);
    assert.equal(row.requested_by, `operator:${ana.userId}`, "the refund names its maker");
    const ledger = await app.services.db.query(
      "SELECT kind, amount_cents FROM ledger_entries WHERE refund_id = $1 ORDER BY id",
      [done.refundId],
    );
    assert.deepEqual(
      ledger.map((e: any) => [e.kind, String(e.amount_cents)]),
      [["REFUND_RESERVED", "-25000"]],
    );
    assert.deepEqual(
      (await outboxEvents(app, done.refundId)).map((e) => e.event),
      ["refund.processing"],
    );
    const audit = await app.services.db.query(
      "SELECT action, actor FROM audit_log WHERE object_id = ANY($1) ORDER BY id",
      [[request.id, done.refundId]],
    );
    assert.deepEqual(
      audit.map((a: any) => [a.action, a.actor]),
      [
        ["refund_request.create", `operator:${ana.userId}`],
        ["refund.create", `operator:${bruno.userId}`],
        ["refund_request.confirm", `operator:${bruno.userId}`],
      ],
    );
    const again = await app.gql(CONFIRM, { id: request.id }, { cookie: carla.cookie });
    assert.equal(codeOf(again), "INVALID_STATE");
    assert.equal(again.body.errors[0].message, "Refund request is CONFIRMED; only a REQUESTED request can be decided");
    await assertAuditConsistent(app, shop.companyId);
  });

  test("two operators confirming at once make one refund", async () => {
    const chargeId = await paidCharge(400);
    const before_ = await balanceCents(app, shop);
    const request = (await requestAs(ana, chargeId, null)).body.data.requestRefund;
    assert.equal(request.status, "REQUESTED");
    assert.equal(request.amount, "400.00", "no amount: all that remains");
    const answers = await Promise.all(
      [bruno, carla, bruno, carla].map((who) => app.gql(CONFIRM, { id: request.id }, { cookie: who.cookie })),
    );
    const codes = answers.map(codeOf).sort();
    assert.deepEqual(codes, ["INVALID_STATE", "INVALID_STATE", "INVALID_STATE", null].sort());
    assert.equal((await refundsOf(chargeId)).total, 1);
    assert.equal(await balanceCents(app, shop), before_ - 40000n);
    await assertAuditConsistent(app, shop.companyId);
  });

  test("an operator's refundCharge above it is refused and writes nothing; a merchant's is not under the rule", async () => {
    const chargeId = await paidCharge(500);
    const before_ = await balanceCents(app, shop);
    const refused = await app.gql(
      `mutation($c: ID!, $k: String!) { refundCharge(chargeId: $c, idempotencyKey: $k, input: {amount: "100.01"}) { id } }`,
      { c: chargeId, k: newUuid() },
      { cookie: carla.cookie },
    );
    assert.equal(codeOf(refused), "INVALID_STATE");
    assert.match(refused.body.errors[0].message, /second operator must confirm this refund/);
    assert.equal((await refundsOf(chargeId)).total, 0);
    assert.equal(await balanceCents(app, shop), before_);
    const merchant = await app.request("POST", `/charges/${chargeId}/refunds`, {
      token: shop.clientSecret,
      body: { amount: 400 },
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(merchant.status, 201, merchant.text);
  });

  test("what an operator refunded alone in the window counts: the next small one waits", async () => {
    const other = await fundedMerchant(app, "1000.00");
    const created = await app.request("POST", "/charges", { token: other.clientSecret, body: { amount: 200 } });
    await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", {
      id: created.body.id,
    });
    const ask = (amount: string) =>
      app.gql(REQUEST, { c: created.body.id, k: newUuid(), i: { amount } }, { cookie: bruno.cookie });
    assert.equal((await ask("60.00")).body.data.requestRefund.status, "CONFIRMED");
    assert.equal((await ask("40.00")).body.data.requestRefund.status, "CONFIRMED", "100.00 in all: at the limit");
    assert.equal((await ask("0.01")).body.data.requestRefund.status, "REQUESTED");
    const direct = await app.gql(
      `mutation($c: ID!, $k: String!) { refundCharge(chargeId: $c, idempotencyKey: $k, input: {amount: "0.01"}) { id } }`,
      { c: created.body.id, k: newUuid() },
      { cookie: bruno.cookie },
    );
    assert.equal(codeOf(direct), "INVALID_STATE");
    // Another operator has moved nothing alone on this account.
    assert.equal(
      (await app.gql(REQUEST, { c: created.body.id, k: newUuid(), i: { amount: "1.00" } }, { cookie: ana.cookie })).body
        .data.requestRefund.status,
      "CONFIRMED",
    );
  });

  test("the key answers the same request; another body is 409; rejected and expired requests cannot be confirmed", async () => {
    const chargeId = await paidCharge(600);
    const key = newUuid();
    const first = (await requestAs(ana, chargeId, "500.00", key)).body.data.requestRefund;
    const again = (await requestAs(ana, chargeId, "500.00", key)).body.data.requestRefund;
    assert.equal(again.id, first.id);
    const other = await requestAs(ana, chargeId, "500.01", key);
    assert.equal(codeOf(other), "IDEMPOTENCY_KEY_REUSED");

    const empty = await app.gql(REJECT, { id: first.id, r: "  " }, { cookie: bruno.cookie });
    assert.equal(codeOf(empty), "VALIDATION_ERROR");
    const rejected = await app.gql(REJECT, { id: first.id, r: "valor errado" }, { cookie: bruno.cookie });
    assert.deepEqual(
      [rejected.body.data.rejectRefundRequest.status, rejected.body.data.rejectRefundRequest.rejectionReason],
      ["REJECTED", "valor errado"],
    );
    assert.equal(codeOf(await app.gql(CONFIRM, { id: first.id }, { cookie: carla.cookie })), "INVALID_STATE");

    const late = (await requestAs(ana, chargeId, "500.00")).body.data.requestRefund;
    await app.services.db.query("UPDATE refund_requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
      late.id,
    ]);
    const listed = await app.gql(LIST, { c: chargeId }, { cookie: carla.cookie });
    assert.equal(listed.body.data.refundRequests.find((r: any) => r.id === late.id).status, "EXPIRED");
    const expired = await app.gql(CONFIRM, { id: late.id }, { cookie: carla.cookie });
    assert.equal(codeOf(expired), "INVALID_STATE");
    assert.match(expired.body.errors[0].message, /expired/);
    assert.equal((await refundsOf(chargeId)).total, 0);
    const missing = await app.gql(CONFIRM, { id: "rfq_nope" }, { cookie: carla.cookie });
    assert.equal(codeOf(missing), "NOT_FOUND");
  });

  test("eight requests at once with one key and one body: one request, seven replays, never a 500", async () => {
    const chargeId = await paidCharge(900);
    const key = newUuid();
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestAs(ana, chargeId, "800.00", key)));
    assert.deepEqual(
      answers.map((res) => [res.status, res.body.errors]),
      Array.from({ length: 8 }, () => [200, undefined]),
    );
    const ids = new Set(answers.map((res) => res.body.data.requestRefund.id));
    assert.equal(ids.size, 1);
    assert.deepEqual(
      answers.map((res) => res.headers.get("idempotent-replayed")).sort(),
      [null, "true", "true", "true", "true", "true", "true", "true"].sort(),
    );
    const rows = await app.services.db.query(
      "SELECT id, status FROM refund_requests WHERE company_id = $1 AND idempotency_key = $2",
      [shop.companyId, key],
    );
    assert.deepEqual(rows, [{ id: [...ids][0], status: "REQUESTED" }]);
  });

  test("eight requests at once within the rule with one key: one refund, the balance moved once", async () => {
    const chargeId = await paidCharge(90);
    const before_ = await balanceCents(app, shop);
    const key = newUuid();
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestAs(carla, chargeId, "10.00", key)));
    assert.deepEqual(
      answers.map((res) => [res.status, res.body.errors, res.body.data.requestRefund.status]),
      Array.from({ length: 8 }, () => [200, undefined, "CONFIRMED"]),
    );
    assert.equal(new Set(answers.map((res) => res.body.data.requestRefund.refundId)).size, 1);
    assert.equal(answers.filter((res) => res.headers.get("idempotent-replayed") === "true").length, 7);
    assert.equal((await refundsOf(chargeId)).total, 1);
    assert.equal(await balanceCents(app, shop), before_ - 1000n);
    await assertAuditConsistent(app, shop.companyId);
  });

  test("eight requests at once with one key on eight charges: one made, seven IDEMPOTENCY_KEY_REUSED", async () => {
    const charges: string[] = [];
    for (let i = 0; i < 8; i++) charges.push(await paidCharge(950 + i));
    const before_ = await balanceCents(app, shop);
    const key = newUuid();
    const answers = await Promise.all(charges.map((chargeId) => requestAs(ana, chargeId, "900.00", key)));
    assert.deepEqual(answers.map((res) => res.status).sort(), Array(8).fill(200));
    assert.deepEqual(answers.map(codeOf).sort(), [null, ...Array(7).fill("IDEMPOTENCY_KEY_REUSED")].sort());
    const made = answers.find((res) => codeOf(res) === null)?.body.data.requestRefund;
    const rows = await app.services.db.query(
      "SELECT id, charge_id FROM refund_requests WHERE company_id = $1 AND idempotency_key = $2",
      [shop.companyId, key],
    );
    assert.deepEqual(rows, [{ id: made.id, charge_id: made.chargeId }]);
    assert.equal(await balanceCents(app, shop), before_, "requests above the rule move nothing");
  });

  test("the key of a refund made directly is IDEMPOTENCY_KEY_REUSED for a request, same body or not", async () => {
    const chargeId = await paidCharge(120);
    const key = newUuid();
    const direct = await app.gql(
      `mutation($c: ID!, $k: String!) { refundCharge(chargeId: $c, idempotencyKey: $k, input: {amount: "20.00", reason: "cobrança em duplicidade"}) { id } }`,
      { c: chargeId, k: key },
      { cookie: carla.cookie },
    );
    assert.equal(direct.body.errors, undefined, JSON.stringify(direct.body.errors));
    const before_ = await balanceCents(app, shop);
    const same = await requestAs(carla, chargeId, "20.00", key);
    assert.equal(codeOf(same), "IDEMPOTENCY_KEY_REUSED");
    assert.equal(
      same.body.errors[0].message,
      "This Idempotency-Key was already used for a refund made without a request",
    );
    const other = await requestAs(carla, chargeId, "30.00", key);
    assert.equal(codeOf(other), "IDEMPOTENCY_KEY_REUSED");
    assert.equal(other.body.errors[0].message, "This Idempotency-Key was already used for a different refund");
    const rows = await app.services.db.query("SELECT id FROM refund_requests WHERE idempotency_key = $1", [key]);
    assert.deepEqual(rows, []);
    assert.equal((await refundsOf(chargeId)).total, 1);
    assert.equal(await balanceCents(app, shop), before_);
  });

  test("a request's key is the account's: a refund naming it is IDEMPOTENCY_KEY_REUSED, and of the two at once one wins", async () => {
    const asked = await paidCharge(1100);
    const refunded = await paidCharge(50);
    const key = newUuid();
    assert.equal((await requestAs(ana, asked, "1000.00", key)).body.data.requestRefund.status, "REQUESTED");
    const merchantRefund = (k: string) =>
      app.request("POST", `/charges/${refunded}/refunds`, {
        token: shop.clientSecret,
        body: { amount: 1 },
        headers: { "idempotency-key": k },
      });
    const refused = await merchantRefund(key);
    assert.deepEqual(
      [refused.status, refused.body],
      [409, { error: "This Idempotency-Key was already used for a refund request", code: "IDEMPOTENCY_KEY_REUSED" }],
    );
    assert.equal((await refundsOf(refunded)).total, 0);

    const raced = newUuid();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        n % 2 === 0 ? merchantRefund(raced) : requestAs(ana, asked, "1000.00", raced),
      ),
    );
    // The merchant's: 201 or 409; the operator's: a request or IDEMPOTENCY_KEY_REUSED. Never a 500.
    const outcomes = answers.map((res, n) =>
      n % 2 === 0 ? `rest ${res.status} ${res.body.code ?? ""}` : `graphql ${res.status} ${codeOf(res) ?? "made"}`,
    );
    const allowed = [
      "rest 201 ",
      "rest 409 IDEMPOTENCY_KEY_REUSED",
      "graphql 200 made",
      "graphql 200 IDEMPOTENCY_KEY_REUSED",
    ];
    assert.deepEqual(
      outcomes.filter((outcome) => !allowed.includes(outcome)),
      [],
    );
    const [owners] = await app.services.db.query(
      `SELECT (SELECT count(*)::int FROM refunds WHERE company_id = $1 AND idempotency_key = $2) AS refunds,
              (SELECT count(*)::int FROM refund_requests WHERE company_id = $1 AND idempotency_key = $2) AS requests`,
      [shop.companyId, raced],
    );
    assert.equal(owners.refunds + owners.requests, 1, JSON.stringify(owners));
  });

  test("a refund confirms one request: a second request naming it is refused by the database", async () => {
    const chargeId = await paidCharge(1000);
    // An operator who has moved nothing alone on the account yet.
    const dan = await app.consoleUser({ role: "OPERATOR" });
    const made = (await requestAs(dan, chargeId, "10.00")).body.data.requestRefund;
    assert.equal(made.status, "CONFIRMED");
    const waiting = (await requestAs(ana, chargeId, "500.00")).body.data.requestRefund;
    assert.equal(waiting.status, "REQUESTED");
    await assert.rejects(
      app.services.db.query(
        `UPDATE refund_requests SET status = 'CONFIRMED', refund_id = $2, decided_by = $3, decided_at = now()
          WHERE id = $1`,
        [waiting.id, made.refundId, `operator:${bruno.userId}`],
      ),
      (error: { code?: string; constraint?: string }) => {
        assert.deepEqual([error.code, error.constraint], ["23505", "refund_requests_refund_once"]);
        return true;
      },
    );
    const [row] = await app.services.db.query("SELECT status, refund_id FROM refund_requests WHERE id = $1", [
      waiting.id,
    ]);
    assert.deepEqual(row, { status: "REQUESTED", refund_id: null });
  });

  test("viewers read but cannot ask or confirm; merchants see no requests", async () => {
    const chargeId = await paidCharge(700);
    const request = (await requestAs(ana, chargeId, "650.00")).body.data.requestRefund;
    assert.equal(codeOf(await requestAs(vera, chargeId, "650.00")), "FORBIDDEN");
    assert.equal(codeOf(await app.gql(CONFIRM, { id: request.id }, { cookie: vera.cookie })), "FORBIDDEN");
    const read = await app.gql(LIST, { c: chargeId }, { cookie: vera.cookie });
    assert.equal(read.body.data.refundRequests.length, 1);
    const merchant = await app.gql(LIST, { c: chargeId }, { token: shop.clientSecret });
    assert.equal(codeOf(merchant), "FORBIDDEN");
  });

  test("a console user with a second factor steps up before asking or confirming above it", async () => {
    const chargeId = await paidCharge(800);
    // Dora enrols a second factor from her session; her step-up then lapses.
    const dora = await app.consoleUser({ role: "OPERATOR" });
    const started = await app.gql("mutation { startTwoFactorEnrolment { secret } }", {}, { cookie: dora.cookie });
    assert.equal(started.body.errors, undefined, JSON.stringify(started.body.errors));
    const { secret } = started.body.data.startTwoFactorEnrolment;
    const code = () => totpCodeAt(secret, Date.now());
    const enrolled = await app.gql(
      "mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) { recoveryCodes } }",
      { code: code() },
      { cookie: dora.cookie },
    );
    assert.equal(enrolled.body.errors, undefined, JSON.stringify(enrolled.body.errors));
    const lapse = () =>
      app.services.db.query(
        "UPDATE console_sessions SET second_factor_at = now() - interval '11 minutes' WHERE id_hash = $1",
        [hashSecret(dora.cookie.split("=")[1])],
      );
    await lapse();
    assert.equal(codeOf(await requestAs(dora, chargeId, "700.00")), "STEP_UP_REQUIRED");
    assert.equal((await requestAs(dora, chargeId, "50.00")).body.data.requestRefund.status, "CONFIRMED");
    const request = (await requestAs(ana, chargeId, "700.00")).body.data.requestRefund;
    assert.equal(codeOf(await app.gql(CONFIRM, { id: request.id }, { cookie: dora.cookie })), "STEP_UP_REQUIRED");
    // The enrolment used this time step's code: forget it rather than wait up to 30 s for the next step.
    await app.services.db.query("UPDATE console_user_factors SET last_used_step = 0 WHERE user_id = $1", [dora.userId]);
    const stepped = await app.gql(
      "mutation($code: String!) { verifyStepUp(code: $code) }",
      { code: code() },
      {
        cookie: dora.cookie,
      },
    );
    assert.equal(stepped.body.errors, undefined, JSON.stringify(stepped.body.errors));
    const confirmed = await app.gql(CONFIRM, { id: request.id }, { cookie: dora.cookie });
    assert.equal(confirmed.body.data.confirmRefundRequest.status, "CONFIRMED");
  });
});
