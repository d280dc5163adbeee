import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createRefund, paidCharge, simulateRefundOutcome } from "../../test/support/refund-steps";
import { approve, balanceCents, createWithdrawal, simulateOutcome } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

/*
 * Every summary of the balance adds up (CONTRACT §8): the merchant home's "Como o saldo
 * disponível é formado" (merchantOverview) and the operator's "Auditoria do saldo"
 * (balanceAudit) list each kind of movement as its own line, and the lines give the balance.
 * The account below has every kind: payments and their fees, a refund of each outcome, an
 * operator's hold of a partly refunded charge, a hold from before the payment, a hold
 * released, MED disputes open and closed, withdrawals of each outcome and adjustments posted,
 * waiting for a second operator and turned down.
 */
let app: TestApp;

before(async () => {
  // Maker-checker above R$ 1.000,00, so that an adjustment can wait for a second operator.
  app = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "1000.00" });
});
after(() => app.close());

const cents = (money: string) => BigInt(money.replace(".", ""));

async function ok(query: string, variables: Record<string, unknown> = {}) {
  const result = await app.graphql(query, variables);
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data;
}

const reserve = (id: string) =>
  ok(`mutation($id: ID!) { reserveCharge(id: $id, reason: "análise") { reserved reservedAmount } }`, { id });
const release = (id: string) => ok("mutation($id: ID!) { releaseCharge(id: $id) { reserved reservedAmount } }", { id });

async function openDispute(chargeId: string, amount: string): Promise<string> {
  const data = await ok(
    `mutation($c: ID!, $a: Money) { simulateDispute(chargeId: $c, amount: $a, nature: MED_FRAUDE,
       description: "Golpe relatado") { id heldAmount } }`,
    { c: chargeId, a: amount },
  );
  assert.equal(data.simulateDispute.heldAmount, amount);
  return data.simulateDispute.id;
}

async function settleRefund(id: string, outcome: "REFUNDED" | "FAILED") {
  const result = await simulateRefundOutcome(app, id, outcome, outcome === "FAILED" ? "conta encerrada" : undefined);
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
}

const OVERVIEW_LINES = "balance paidChargesNet reserved disputesHeld adjustments withdrawalsHeld refundsHeld";
const AUDIT_LINES =
  "consistent runningBalance recomputedBalance paidChargesNet chargesHeld adjustments withdrawalsHeld refundsHeld disputesHeld";

/** The home's lines, as the page shows them, and their sum. */
async function overviewOf(merchant: Merchant) {
  const result = await app.graphql(`{ merchantOverview { ${OVERVIEW_LINES} } }`, {}, merchant.clientSecret);
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  const o = result.data.merchantOverview;
  const sum =
    cents(o.paidChargesNet) -
    cents(o.reserved) -
    cents(o.disputesHeld) +
    cents(o.adjustments) -
    cents(o.withdrawalsHeld) -
    cents(o.refundsHeld);
  return { lines: o, sum };
}

/** The audit's lines, as the console shows them, and their sum. */
async function auditOf(merchant: Merchant) {
  const a = (await ok(`query($c: ID!) { balanceAudit(companyId: $c) { ${AUDIT_LINES} } }`, { c: merchant.companyId }))
    .balanceAudit;
  const sum =
    cents(a.paidChargesNet) -
    cents(a.chargesHeld) +
    cents(a.adjustments) -
    cents(a.withdrawalsHeld) -
    cents(a.refundsHeld) -
    cents(a.disputesHeld);
  return { lines: a, sum };
}

/** Both summaries add up to the balance the ledger keeps; answers the balance. */
async function assertSummariesAddUp(merchant: Merchant): Promise<bigint> {
  const balance = await balanceCents(app, merchant);
  const overview = await overviewOf(merchant);
  assert.equal(overview.sum, balance, `home lines ${JSON.stringify(overview.lines)}`);
  assert.equal(cents(overview.lines.balance), balance);
  const audit = await auditOf(merchant);
  assert.equal(audit.sum, balance, `audit lines ${JSON.stringify(audit.lines)}`);
  assert.equal(audit.lines.consistent, true, JSON.stringify(audit.lines));
  assert.equal(cents(audit.lines.recomputedBalance), balance);
  return balance;
}

describe("the balance's summaries", () => {
  test("add up to the balance for an account with every kind of movement", async () => {
    const shop = await app.createMerchant({ name: "Loja Completa" }); // fee 0.99 %
    // Payments (net of the fee, rounded half up): 99.01, 198.02, 49.50, 79.21, 19.80, 59.41.
    const plain = await paidCharge(app, shop, 100);
    const partlyRefunded = await paidCharge(app, shop, 200);
    const failedRefund = await paidCharge(app, shop, 50);
    const disputed = await paidCharge(app, shop, 80);
    const disputeClosed = await paidCharge(app, shop, 20);
    const heldAndReleased = await paidCharge(app, shop, 60);
    await assertSummariesAddUp(shop);

    // Refunds: 50.00 of the 200.00 REFUNDED, 10.00 of the 50.00 FAILED, 25.00 of the 100.00 PROCESSING.
    await settleRefund(await createRefund(app, shop, partlyRefunded, { amount: 50 }), "REFUNDED");
    await settleRefund(await createRefund(app, shop, failedRefund, { amount: 10 }), "FAILED");
    await createRefund(app, shop, plain, { amount: 25 });
    await assertSummariesAddUp(shop);

    // Holds: the partly refunded charge holds what remains of it, 198.02 - 50.00 = 148.02.
    let before = await balanceCents(app, shop);
    assert.deepEqual((await reserve(partlyRefunded)).reserveCharge, { reserved: true, reservedAmount: "148.02" });
    assert.equal(await balanceCents(app, shop), before - 14802n);
    await reserve(heldAndReleased);
    await release(heldAndReleased);
    // A charge held before it is paid: its whole net (10.00 - 0.10 = 9.90) stays out of the balance.
    const created = await app.request("POST", "/charges", { token: shop.clientSecret, body: { amount: 10 } });
    await reserve(created.body.id);
    before = await balanceCents(app, shop);
    const paid = await ok(
      "mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status reserved reservedAmount } }",
      { id: created.body.id },
    );
    assert.deepEqual(paid.simulateChargePayment, { status: "PAID", reserved: true, reservedAmount: "9.90" });
    assert.equal(await balanceCents(app, shop), before);
    await assertSummariesAddUp(shop);

    // MED disputes: 30.00 held (OPEN); 20.00 held then released (closed).
    await openDispute(disputed, "30.00");
    const closing = await openDispute(disputeClosed, "20.00");
    await ok(`mutation($id: ID!) { closeDispute(id: $id, note: "improcedente") { status } }`, { id: closing });
    await assertSummariesAddUp(shop);

    // Adjustments: +40.00 and -15.25 posted; +5000.00 waits for a second operator; +2000.00 turned down.
    await app.fund(shop.companyId, "40.00");
    await app.fund(shop.companyId, "-15.25");
    const waiting = await ok(
      `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "5000.00", description: "Crédito grande") { status } }`,
      { c: shop.companyId },
    );
    assert.equal(waiting.createAdjustment.status, "REQUESTED");
    const refused = await ok(
      `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "2000.00", description: "Outro") { id status } }`,
      { c: shop.companyId },
    );
    await ok(`mutation($id: ID!) { rejectAdjustment(id: $id, reason: "sem respaldo") { status } }`, {
      id: refused.createAdjustment.id,
    });
    await assertSummariesAddUp(shop);

    // Withdrawals: 30.00 PAID, 5.00 FAILED (given back), 12.00 PENDING.
    const paidOut = await createWithdrawal(app, shop, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" });
    const failedOut = await createWithdrawal(app, shop, { amount: 5, pix_key_type: "CPF", pix_key: "52998224725" });
    await createWithdrawal(app, shop, { amount: 12, pix_key_type: "CPF", pix_key: "52998224725" });
    for (const id of [paidOut, failedOut]) await approve(app, id);
    await simulateOutcome(app, paidOut, "PAID");
    await simulateOutcome(app, failedOut, "FAILED");

    // Every line, exactly: 514.85 - 157.92 - 30.00 + 24.75 - 42.00 - 75.00 = 234.68.
    const balance = await assertSummariesAddUp(shop);
    assert.equal(balance, 23468n);
    assert.deepEqual((await overviewOf(shop)).lines, {
      balance: "234.68",
      paidChargesNet: "514.85",
      reserved: "157.92",
      disputesHeld: "30.00",
      adjustments: "24.75",
      withdrawalsHeld: "42.00",
      refundsHeld: "75.00",
    });
    assert.deepEqual((await auditOf(shop)).lines, {
      consistent: true,
      runningBalance: "234.68",
      recomputedBalance: "234.68",
      paidChargesNet: "514.85",
      chargesHeld: "157.92",
      adjustments: "24.75",
      withdrawalsHeld: "42.00",
      refundsHeld: "75.00",
      disputesHeld: "30.00",
    });
  });

  test("a hold of a partly refunded charge takes only what remains, and its release gives back exactly that", async () => {
    const shop = await app.createMerchant();
    await app.fund(shop.companyId, "500.00");
    const charge = await paidCharge(app, shop, 100); // net 99.01
    await createRefund(app, shop, charge, { amount: 30.5 });
    const before = await balanceCents(app, shop);
    assert.deepEqual((await reserve(charge)).reserveCharge, { reserved: true, reservedAmount: "68.51" });
    assert.equal(await balanceCents(app, shop), before - 6851n);
    const entries: Array<{ kind: string; amount_cents: string }> = await app.services.db.query(
      "SELECT kind, amount_cents FROM ledger_entries WHERE charge_id = $1 AND kind LIKE 'CHARGE_%' ORDER BY id",
      [charge],
    );
    assert.deepEqual(
      entries.map((e) => [e.kind, e.amount_cents]),
      [
        ["CHARGE_PAID", "9901"],
        ["CHARGE_RESERVED", "-6851"],
      ],
    );
    await assertSummariesAddUp(shop);
    assert.deepEqual((await release(charge)).releaseCharge, { reserved: false, reservedAmount: "0.00" });
    assert.equal(await balanceCents(app, shop), before);
    await assertSummariesAddUp(shop);
  });

  test("a refund that fails while its charge is held gives its own amount back; the release gives the hold's", async () => {
    const shop = await app.createMerchant();
    const charge = await paidCharge(app, shop, 100); // net 99.01
    const refund = await createRefund(app, shop, charge, { amount: 30 });
    assert.equal(await balanceCents(app, shop), 6901n);
    assert.equal((await reserve(charge)).reserveCharge.reservedAmount, "69.01");
    assert.equal(await balanceCents(app, shop), 0n);
    await settleRefund(refund, "FAILED");
    assert.equal(await balanceCents(app, shop), 3000n);
    await assertSummariesAddUp(shop);
    await release(charge);
    assert.equal(await assertSummariesAddUp(shop), 9901n);
  });

  test("a hold of a charge refunded beyond its net takes nothing (never below zero)", async () => {
    const shop = await app.createMerchant();
    await app.fund(shop.companyId, "10.00");
    const charge = await paidCharge(app, shop, 100); // net 99.01; the fee is not given back
    await createRefund(app, shop, charge, { amount: 100 });
    const before = await balanceCents(app, shop);
    assert.equal(before, 901n);
    assert.deepEqual((await reserve(charge)).reserveCharge, { reserved: true, reservedAmount: "0.00" });
    assert.equal(await balanceCents(app, shop), before);
    await assertSummariesAddUp(shop);
    await release(charge);
    assert.equal(await assertSummariesAddUp(shop), before);
  });
});
