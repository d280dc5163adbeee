import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fundedMerchant } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

let app: TestApp;
let shop: Merchant;

before(async () => {
  app = await startTestApp();
  shop = await fundedMerchant(app, "10.00");
});
after(() => app.close());

const REASON = "Suspeita de fraude";

test("an operator's hold reason reaches operators only: a merchant's charge, statement and audit log say held, not why", async () => {
  const created = await app.request("POST", "/charges", { token: shop.clientSecret, body: { amount: 20 } });
  const id: string = created.body.id;
  const paid = await app.graphql(`mutation { simulateChargePayment(chargeId: "${id}") { status } }`);
  assert.equal(paid.data.simulateChargePayment.status, "PAID");
  const held = await app.graphql(
    `mutation($id: ID!, $r: String!) { reserveCharge(id: $id, reason: $r) { reserved reservedReason } }`,
    {
      id,
      r: REASON,
    },
  );
  assert.deepEqual(held.data.reserveCharge, { reserved: true, reservedReason: REASON });

  const CHARGE = "query($id: ID!) { charge(id: $id) { reserved reservedReason } }";
  const operatorView = await app.graphql(CHARGE, { id });
  assert.deepEqual(operatorView.data.charge, { reserved: true, reservedReason: REASON });
  const merchantView = await app.gql(CHARGE, { id }, { token: shop.clientSecret });
  assert.deepEqual(merchantView.body, { data: { charge: { reserved: true, reservedReason: null } } });

  const STATEMENT = `query($c: ID) { ledgerEntries(companyId: $c, first: 10) { data { kind memo } } }`;
  const holdEntry = (rows: Array<{ kind: string; memo: string | null }>) =>
    rows.find((row) => row.kind === "CHARGE_RESERVED");
  const operatorStatement = await app.graphql(STATEMENT, { c: shop.companyId });
  assert.deepEqual(holdEntry(operatorStatement.data.ledgerEntries.data), { kind: "CHARGE_RESERVED", memo: REASON });
  const merchantStatement = await app.gql(STATEMENT, {}, { token: shop.clientSecret });
  assert.equal(merchantStatement.body.errors, undefined, JSON.stringify(merchantStatement.body.errors));
  assert.deepEqual(holdEntry(merchantStatement.body.data.ledgerEntries.data), { kind: "CHARGE_RESERVED", memo: null });

  await app.graphql(`mutation { releaseCharge(id: "${id}") { reserved } }`);
  const AUDIT = `query($c: ID) { auditLog(companyId: $c, objectType: "charge", first: 20) { data { action reason before after } } }`;
  const merchantAudit = await app.gql(AUDIT, {}, { token: shop.clientSecret });
  assert.equal(merchantAudit.body.errors, undefined, JSON.stringify(merchantAudit.body.errors));
  const merchantRows = merchantAudit.body.data.auditLog.data as Array<Record<string, unknown>>;
  assert.deepEqual(
    merchantRows.filter((row) => String(row.action).startsWith("charge.re")).map((row) => [row.action, row.reason]),
    [
      ["charge.release", null],
      ["charge.reserve", null],
    ],
  );
  assert.equal(
    JSON.stringify(merchantRows).includes(REASON),
    false,
    "the reason appears nowhere in the merchant's log",
  );
  const operatorAudit = await app.graphql(AUDIT, { c: shop.companyId });
  const reserveRow = operatorAudit.data.auditLog.data.find(
    (row: { action: string }) => row.action === "charge.reserve",
  );
  assert.equal(reserveRow.reason, REASON);
  assert.equal(reserveRow.after.reservedReason, REASON);
});
