import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { formatBrl } from "../core/money";

let app: TestApp;

before(async () => {
  app = await startTestApp();
});
after(() => app.close());

async function balanceOf(merchant: Merchant): Promise<string> {
  return (await app.graphql(`{ balance { balance currency } }`, {}, merchant.clientSecret)).data.balance.balance;
}

async function audit(companyId: string) {
  const res = await app.graphql(
    `query($c: ID!) { balanceAudit(companyId: $c) {
       consistent runningBalance ledgerSum lastEntryBalance recomputedBalance paidChargesNet adjustments withdrawalsHeld ledgerEntries } }`,
    { c: companyId },
  );
  return res.data.balanceAudit;
}

async function newPaidCharge(merchant: Merchant, amount: number): Promise<string> {
  const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
  await app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, { id: charge.body.id });
  return charge.body.id;
}

describe("adjustments", () => {
  test("credits and debits move the balance and are listed", async () => {
    const merchant = await app.createMerchant();
    const credit = await app.graphql(
      `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "250.75", description: "opening credit") { id amount description createdBy } }`,
      { c: merchant.companyId },
    );
    assert.match(credit.data.createAdjustment.id, /^adj_/);
    assert.equal(credit.data.createAdjustment.amount, "250.75");
    assert.equal(credit.data.createAdjustment.createdBy, "operator:token");
    await app.graphql(
      `mutation($c: ID!) { createAdjustment(companyId: $c, amount: -50.25, description: "chargeback") { id } }`,
      {
        c: merchant.companyId,
      },
    );
    assert.equal(await balanceOf(merchant), "200.50");
    const listed = await app.graphql(
      `query($c: ID!) { adjustments(companyId: $c) { data { amount description } total } }`,
      { c: merchant.companyId },
    );
    assert.deepEqual(
      listed.data.adjustments.data.map((a: { amount: string }) => a.amount),
      ["-50.25", "250.75"],
    );
    assert.equal(listed.data.adjustments.total, 2);
    const result = await audit(merchant.companyId);
    assert.equal(result.consistent, true);
    assert.equal(result.adjustments, "200.50");
  });

  test("refuses zero, more than two decimals, out-of-range amounts and empty descriptions", async () => {
    const merchant = await app.createMerchant();
    for (const [amount, description] of [
      ['"0"', '"x"'],
      ['"1.001"', '"x"'],
      ['"100000000.00"', '"x"'],
      ['"10"', '"  "'],
    ]) {
      const res = await app.graphql(
        `mutation($c: ID!) { createAdjustment(companyId: $c, amount: ${amount}, description: ${description}) { id } }`,
        { c: merchant.companyId },
      );
      assert.equal(res.errors?.[0].extensions.code, "VALIDATION_ERROR", `${amount} ${description}`);
    }
    assert.equal(await balanceOf(merchant), "0.00");
    const unknown = await app.graphql(
      `mutation { createAdjustment(companyId: "comp_nope", amount: "1", description: "x") { id } }`,
    );
    assert.equal(unknown.errors?.[0].extensions.code, "NOT_FOUND");
  });
});

describe("reserved charges", () => {
  test("a reserved PAID charge leaves the balance until released", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await newPaidCharge(merchant, 100); // net 99.01
    assert.equal(await balanceOf(merchant), "99.01");
    const reserved = await app.graphql(
      `mutation($id: ID!) { reserveCharge(id: $id, reason: "fraud review") { reserved reservedReason } }`,
      {
        id: chargeId,
      },
    );
    assert.deepEqual(reserved.data.reserveCharge, { reserved: true, reservedReason: "fraud review" });
    assert.equal(await balanceOf(merchant), "0.00");
    assert.equal((await audit(merchant.companyId)).consistent, true);
    const twice = await app.graphql(`mutation($id: ID!) { reserveCharge(id: $id, reason: "again") { reserved } }`, {
      id: chargeId,
    });
    assert.equal(twice.errors?.[0].extensions.code, "INVALID_STATE");
    await app.graphql(`mutation($id: ID!) { releaseCharge(id: $id) { reserved } }`, { id: chargeId });
    assert.equal(await balanceOf(merchant), "99.01");
    assert.equal((await audit(merchant.companyId)).consistent, true);
  });

  test("a charge reserved while PENDING is not credited when paid, and is once released", async () => {
    const merchant = await app.createMerchant();
    const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 10 } });
    await app.graphql(`mutation($id: ID!) { reserveCharge(id: $id, reason: "hold") { id } }`, { id: charge.body.id });
    await app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, { id: charge.body.id });
    assert.equal(await balanceOf(merchant), "0.00");
    assert.equal((await audit(merchant.companyId)).consistent, true);
    await app.graphql(`mutation($id: ID!) { releaseCharge(id: $id) { id } }`, { id: charge.body.id });
    assert.equal(await balanceOf(merchant), "9.90");
    assert.equal((await audit(merchant.companyId)).consistent, true);
  });

  test("reserved funds cannot be withdrawn", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await newPaidCharge(merchant, 50);
    await app.graphql(`mutation($id: ID!) { reserveCharge(id: $id, reason: "hold") { id } }`, { id: chargeId });
    const res = await app.request("POST", "/withdrawals", {
      token: merchant.clientSecret,
      body: { amount: 10, pix_key_type: "CPF", pix_key: "52998224725" },
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(res.body.code, "INSUFFICIENT_BALANCE");
  });
});

describe("balanceAudit", () => {
  test("agrees with the ledger after a randomized sequence of operations", async () => {
    const merchant = await app.createMerchant();
    const charges: string[] = [];
    const withdrawals: string[] = [];
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("charge" as const),
        cents: fc.integer({ min: 1, max: 500_000 }),
        pay: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant("adjust" as const),
        cents: fc.integer({ min: -20_000, max: 50_000 }).filter((c) => c !== 0),
      }),
      fc.record({ kind: fc.constant("withdraw" as const), cents: fc.integer({ min: 100, max: 100_000 }) }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("reserve" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("release" as const), pick: fc.nat() }),
    );
    const plan = fc.sample(fc.array(operation, { minLength: 60, maxLength: 60 }), { numRuns: 1, seed: 20261122 })[0];
    const money = (cents: number) => formatBrl(BigInt(cents));
    for (const op of plan) {
      switch (op.kind) {
        case "charge": {
          const res = await app.request("POST", "/charges", {
            token: merchant.clientSecret,
            body: { amount: Number(money(op.cents)) },
          });
          charges.push(res.body.id);
          if (op.pay)
            await app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, {
              id: res.body.id,
            });
          break;
        }
        case "adjust":
          await app.graphql(
            `mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "random") { id } }`,
            {
              c: merchant.companyId,
              a: money(op.cents),
            },
          );
          break;
        case "withdraw": {
          const res = await app.request("POST", "/withdrawals", {
            token: merchant.clientSecret,
            body: { amount: Number(money(op.cents)), pix_key_type: "CPF", pix_key: "52998224725" },
            headers: { "idempotency-key": newUuid() },
          });
          if (res.status === 201) withdrawals.push(res.body.id);
          else assert.equal(res.body.code, "INSUFFICIENT_BALANCE");
          break;
        }
        case "cancel":
          if (withdrawals.length)
            await app.request("POST", `/withdrawals/${withdrawals[op.pick % withdrawals.length]}/cancel`, {
              token: merchant.clientSecret,
            });
          break;
        case "reserve":
          if (charges.length)
            await app.graphql(`mutation($id: ID!) { reserveCharge(id: $id, reason: "r") { id } }`, {
              id: charges[op.pick % charges.length],
            });
          break;
        case "release":
          if (charges.length)
            await app.graphql(`mutation($id: ID!) { releaseCharge(id: $id) { id } }`, {
              id: charges[op.pick % charges.length],
            });
          break;
      }
      const result = await audit(merchant.companyId);
      assert.equal(result.consistent, true, `after ${JSON.stringify(op)}: ${JSON.stringify(result)}`);
    }
    const result = await audit(merchant.companyId);
    assert.ok(result.ledgerEntries > 10, "the sequence exercised the ledger");
    assert.equal(result.runningBalance, await balanceOf(merchant));
  });

  test("detects a running balance that disagrees with the source rows", async () => {
    const merchant = await app.createMerchant();
    await app.fund(merchant.companyId, "10.00");
    await app.services.db.query("UPDATE companies SET balance_cents = balance_cents + 1 WHERE id = $1", [
      merchant.companyId,
    ]);
    const result = await audit(merchant.companyId);
    assert.equal(result.consistent, false);
    assert.equal(result.runningBalance, "10.01");
    assert.equal(result.recomputedBalance, "10.00");
  });
});

describe("GET /charges/balance", () => {
  test("reads the running balance in BRL", async () => {
    const merchant = await app.createMerchant();
    await app.fund(merchant.companyId, "1234.56");
    const res = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
    assert.equal(res.status, 200);
    assert.equal(res.body.balance, 1234.56);
    assert.equal(res.body.currency, "BRL");
  });
});
