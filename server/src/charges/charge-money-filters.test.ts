import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createRefund, paidCharge, simulateRefundOutcome } from "../../test/support/refund-steps";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

/** The charges list's refunded and disputed filters (the console's "Devoluções e disputas"). */
let app: TestApp;
let merchant: Merchant;
let plain: string;
let refunded: string;
let disputed: string;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant();
  plain = await paidCharge(app, merchant, 40);
  refunded = await paidCharge(app, merchant, 100);
  disputed = await paidCharge(app, merchant, 60);
  const refund = await createRefund(app, merchant, refunded, { amount: 25 });
  const done = await simulateRefundOutcome(app, refund, "REFUNDED");
  assert.equal(done.errors, undefined, JSON.stringify(done.errors));
  const dispute = await app.graphql(
    `mutation($c: ID!) { simulateDispute(chargeId: $c, amount: "20.00", nature: MED_FRAUDE, description: "Golpe") { id } }`,
    { c: disputed },
  );
  assert.equal(dispute.errors, undefined, JSON.stringify(dispute.errors));
});
after(() => app.close());

async function listed(args: string, token?: string): Promise<{ ids: string[]; total: number }> {
  const res = await app.graphql(`query { charges(${args}) { total data { id } } }`, {}, token ?? merchant.clientSecret);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return { ids: res.data.charges.data.map((row: { id: string }) => row.id).sort(), total: res.data.charges.total };
}

test("refunded: true lists only charges with money returned, false the others, each with its exact total", async () => {
  assert.deepEqual(await listed("refunded: true"), { ids: [refunded], total: 1 });
  assert.deepEqual(await listed("refunded: false"), { ids: [plain, disputed].sort(), total: 2 });
});

test("disputed: true lists only charges with an amount blocked by MED, false the others", async () => {
  assert.deepEqual(await listed("disputed: true"), { ids: [disputed], total: 1 });
  assert.deepEqual(await listed("disputed: false"), { ids: [plain, refunded].sort(), total: 2 });
});

test("the filters combine with the others, and an operator's list of one account honours them", async () => {
  assert.deepEqual(await listed("refunded: true, status: PAID"), { ids: [refunded], total: 1 });
  assert.deepEqual(await listed("refunded: true, disputed: true"), { ids: [], total: 0 });
  const operator = await app.graphql(
    `query($c: ID!) { charges(companyId: $c, disputed: true) { total data { id } } }`,
    {
      c: merchant.companyId,
    },
  );
  assert.equal(operator.errors, undefined, JSON.stringify(operator.errors));
  assert.deepEqual(
    operator.data.charges.data.map((row: { id: string }) => row.id),
    [disputed],
  );
  // Another account sees none of them.
  const other = await app.createMerchant();
  assert.deepEqual(await listed("disputed: true", other.clientSecret), { ids: [], total: 0 });
});
