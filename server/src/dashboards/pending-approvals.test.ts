import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

// Above R$ 100,00 a second operator completes adjustments and approvals: what waits for one,
// as each operator sees it, and who asked, by name.
let app: TestApp;
let shop: Merchant;
let ana: ConsoleLogin;
let bruno: ConsoleLogin;

before(async () => {
  app = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "100.00" });
  shop = await fundedMerchant(app, "5000.00");
  ana = await app.consoleUser({ role: "OPERATOR", name: "Ana Souza" });
  bruno = await app.consoleUser({ role: "OPERATOR", name: "Bruno Lima" });
});
after(() => app.close());

const PENDING = `{ pendingApprovals { adjustments { count amount } withdrawals { count amount } } }`;
const pendingFor = async (who: ConsoleLogin) => (await app.gql(PENDING, {}, { cookie: who.cookie })).body;

test("pendingApprovals counts what another operator started, never the caller's own, and names the maker", async () => {
  const empty = await pendingFor(bruno);
  assert.deepEqual(empty.data.pendingApprovals, {
    adjustments: { count: 0, amount: "0.00" },
    withdrawals: { count: 0, amount: "0.00" },
  });

  const create = `mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "ajuste") { id status } }`;
  const credit = await app.gql(create, { c: shop.companyId, a: "250.00" }, { cookie: ana.cookie });
  const debit = await app.gql(create, { c: shop.companyId, a: "-120.50" }, { cookie: ana.cookie });
  assert.equal(credit.body.data.createAdjustment.status, "REQUESTED");
  assert.equal(debit.body.data.createAdjustment.status, "REQUESTED");
  // Under the threshold: posted at once, never waiting.
  await app.gql(create, { c: shop.companyId, a: "10.00" }, { cookie: bruno.cookie });

  const big = await createWithdrawal(app, shop, { amount: 300, pix_key_type: "CPF", pix_key: "52998224725" });
  await createWithdrawal(app, shop, { amount: 400, pix_key_type: "CPF", pix_key: "52998224725" });
  const approve = `mutation($id: ID!) { approveWithdrawal(id: $id) { status } }`;
  const first = await app.gql(approve, { id: big }, { cookie: ana.cookie });
  assert.equal(first.body.data.approveWithdrawal.status, "PENDING");

  // Bruno may be the second operator of all three; Ana of none (she asked and approved them).
  assert.deepEqual((await pendingFor(bruno)).data.pendingApprovals, {
    adjustments: { count: 2, amount: "370.50" },
    withdrawals: { count: 1, amount: "300.00" },
  });
  assert.deepEqual((await pendingFor(ana)).data.pendingApprovals, {
    adjustments: { count: 0, amount: "0.00" },
    withdrawals: { count: 0, amount: "0.00" },
  });

  // The maker by name where the second operator reads it.
  const adjustment = await app.gql(
    `query($c: ID) { adjustments(companyId: $c, status: REQUESTED) { data { amount requestedByInfo { id displayName email } } } }`,
    { c: shop.companyId },
    { cookie: bruno.cookie },
  );
  assert.deepEqual(
    adjustment.body.data.adjustments.data.map((row: { requestedByInfo: unknown }) => row.requestedByInfo),
    [
      { id: `operator:${ana.userId}`, displayName: "Ana Souza", email: ana.email },
      { id: `operator:${ana.userId}`, displayName: "Ana Souza", email: ana.email },
    ],
  );
  const withdrawal = await app.gql(
    `query($id: ID!) { withdrawal(id: $id) { approvals { operator operatorInfo { displayName email } } } }`,
    { id: big },
    { cookie: bruno.cookie },
  );
  assert.deepEqual(withdrawal.body.data.withdrawal.approvals, [
    { operator: `operator:${ana.userId}`, operatorInfo: { displayName: "Ana Souza", email: ana.email } },
  ]);

  // Confirmed and approved by Bruno: nothing waits any more.
  const confirm = `mutation($id: ID!) { confirmAdjustment(id: $id) { status } }`;
  await app.gql(confirm, { id: credit.body.data.createAdjustment.id }, { cookie: bruno.cookie });
  await app.gql(approve, { id: big }, { cookie: bruno.cookie });
  assert.deepEqual((await pendingFor(bruno)).data.pendingApprovals, {
    adjustments: { count: 1, amount: "120.50" },
    withdrawals: { count: 0, amount: "0.00" },
  });

  // Merchants are refused.
  const merchant = await app.gql(PENDING, {}, { token: shop.clientSecret });
  assert.equal(merchant.body.errors?.[0].extensions.code, "FORBIDDEN");
});
