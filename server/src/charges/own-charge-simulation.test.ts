import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, outboxEvents } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

/**
 * Merchants (and their integrators) pay their own charges in the sandbox, as Asaas's sandbox
 * lets them: simulateOwnChargePayment, only for the caller's own account and only with the
 * sandbox bank (with a real one: SANDBOX_ONLY, provider/sandbox-only.test.ts).
 */
let app: TestApp;
let shop: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp();
  shop = await app.createMerchant({ name: "Loja Teste", feePercent: "1.00", feeFixed: "0.50" });
  other = await app.createMerchant({ name: "Outra Loja" });
});
after(() => app.close());

const PAY = `mutation($id: ID!, $name: String, $document: String) {
  simulateOwnChargePayment(chargeId: $id, payerName: $name, payerDocument: $document) {
    id status netAmount payerName payerDocument e2eId paidAt } }`;

async function pendingCharge(merchant: Merchant, amount: number): Promise<string> {
  const res = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

const codeOf = (result: { errors?: Array<{ extensions: { code: string } }> }) => result.errors?.[0]?.extensions.code;

describe("simulateOwnChargePayment", () => {
  test("a merchant pays their own charge: PAID, the net credited, charge.paid in the outbox", async () => {
    const id = await pendingCharge(shop, 200);
    const before = await balanceCents(app, shop);
    const result = await app.graphql(
      PAY,
      { id: `chg_${id}`, name: "Pagador de Teste", document: "52998224725" },
      shop.clientSecret,
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const paid = result.data.simulateOwnChargePayment;
    assert.equal(paid.id, id);
    assert.equal(paid.status, "PAID");
    assert.equal(paid.netAmount, "197.50"); // 200.00 - (1 % + 0.50)
    assert.equal(paid.payerName, "Pagador de Teste");
    assert.equal(paid.payerDocument, "52998224725");
    assert.match(paid.e2eId, /^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/);
    assert.equal(await balanceCents(app, shop), before + 19750n);
    await assertAuditConsistent(app, shop.companyId);
    const events = await outboxEvents(app, id);
    assert.deepEqual(
      events.map((event) => event.event),
      ["charge.paid"],
    );
  });

  test("a merchant user of the console pays their own charge too", async () => {
    const id = await pendingCharge(shop, 10);
    const user = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: shop.companyId });
    const res = await app.gql(PAY, { id }, { cookie: user.cookie });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    assert.equal(res.body.data.simulateOwnChargePayment.status, "PAID");
  });

  test("another account's charge is NOT_FOUND, exactly as a missing one, and stays PENDING", async () => {
    const theirs = await pendingCharge(other, 50);
    const before = await balanceCents(app, other);
    const result = await app.graphql(PAY, { id: theirs }, shop.clientSecret);
    assert.equal(codeOf(result), "NOT_FOUND");
    const missing = await app.graphql(PAY, { id: "ZZZZZZZZ" }, shop.clientSecret);
    assert.equal(codeOf(missing), "NOT_FOUND");
    assert.equal(result.errors?.[0].message, missing.errors?.[0].message);
    const read = await app.request("GET", `/charges/${theirs}`, { token: other.clientSecret });
    assert.equal(read.body.status, "PENDING");
    assert.equal(await balanceCents(app, other), before);
  });

  test("a charge already paid, expired or cancelled is INVALID_STATE and credits nothing again", async () => {
    const id = await pendingCharge(shop, 30);
    assert.equal(codeOf(await app.graphql(PAY, { id }, shop.clientSecret)), undefined);
    const before = await balanceCents(app, shop);
    assert.equal(codeOf(await app.graphql(PAY, { id }, shop.clientSecret)), "INVALID_STATE");
    const cancelled = await pendingCharge(shop, 31);
    const cancel = await app.request("POST", `/charges/${cancelled}/cancel`, { token: shop.clientSecret });
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal(codeOf(await app.graphql(PAY, { id: cancelled }, shop.clientSecret)), "INVALID_STATE");
    assert.equal(await balanceCents(app, shop), before);
  });

  test("it is the merchants' operation: an operator is FORBIDDEN (they have simulateChargePayment), and a merchant still is from that one", async () => {
    const id = await pendingCharge(shop, 20);
    assert.equal(codeOf(await app.graphql(PAY, { id })), "FORBIDDEN");
    const operatorsOwn = await app.graphql(
      "mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }",
      { id },
      shop.clientSecret,
    );
    assert.equal(codeOf(operatorsOwn), "FORBIDDEN");
    const read = await app.request("GET", `/charges/${id}`, { token: shop.clientSecret });
    assert.equal(read.body.status, "PENDING");
  });
});
