import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { approve, createWithdrawal, simulateOutcome } from "../../test/support/scenarios";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { E2E_ID_PATTERN } from "../core/ids";

let app: TestApp;
let shop: Merchant;
let rival: Merchant;
/** The keys of one charge and one withdrawal of `shop`. */
const keys = {} as {
  chargeId: string;
  txid: string;
  chargeE2e: string;
  withdrawalId: string;
  reference: string;
  withdrawalE2e: string;
};

before(async () => {
  app = await startTestApp();
  shop = await app.createMerchant({ name: "Padaria Pão_Quente", cnpj: "12.ABC.345/01DE-35" });
  rival = await app.createMerchant({ name: "Padaria Rival", cnpj: "11222333000181" });
  await app.fund(shop.companyId, "100.00");
  const charge = await app.request("POST", "/charges", { token: shop.clientSecret, body: { amount: 25 } });
  keys.chargeId = charge.body.id;
  keys.txid = charge.body.txid;
  await app.graphql(`mutation { simulateChargePayment(chargeId: "${keys.chargeId}") { id } }`);
  keys.chargeE2e = (await app.request("GET", `/charges/${keys.chargeId}`, { token: shop.clientSecret })).body.e2e_id;
  keys.withdrawalId = await createWithdrawal(app, shop, { amount: 5, pix_key_type: "CPF", pix_key: "52998224725" });
  await approve(app, keys.withdrawalId);
  // The worker's submission: the sandbox bank accepts the transfer and names it.
  await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: keys.withdrawalId, requestId: null });
  const read = await app.request("GET", `/withdrawals/${keys.withdrawalId}`, { token: shop.clientSecret });
  keys.reference = read.body.withdrawal_reference;
  keys.withdrawalE2e = read.body.e2e_id;
  // Rows of the other account under the same kinds of keys.
  const rivalCharge = await app.request("POST", "/charges", { token: rival.clientSecret, body: { amount: 7 } });
  await app.graphql(`mutation { simulateChargePayment(chargeId: "${rivalCharge.body.id}") { id } }`);
});
after(() => app.close());

const SEARCH = `query($q: String!) { search(query: $q) {
  charges { id status companyId } withdrawals { id withdrawalReference e2eId companyId } companies { id name cnpj } } }`;

async function search(query: string, token = TEST_ADMIN_TOKEN) {
  const result = await app.graphql(SEARCH, { q: query }, token);
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data.search;
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("withdrawal e2e id", () => {
  test("the bank names the transfer when it accepts it; settling keeps the name", async () => {
    assert.match(keys.withdrawalE2e, E2E_ID_PATTERN);
    await simulateOutcome(app, keys.withdrawalId, "PAID");
    const settled = await app.graphql(`{ withdrawal(id: "${keys.withdrawalId}") { status e2eId paidAt } }`);
    assert.equal(settled.data.withdrawal.status, "PAID");
    assert.equal(settled.data.withdrawal.e2eId, keys.withdrawalE2e);
    assert.ok(settled.data.withdrawal.paidAt);
  });

  test("a transfer settled without an acceptance (by hand in the sandbox) gets one at settlement", async () => {
    const id = await createWithdrawal(app, shop, { amount: 2, pix_key_type: "CPF", pix_key: "52998224725" });
    await approve(app, id);
    await simulateOutcome(app, id, "PAID");
    const read = await app.request("GET", `/withdrawals/${id}`, { token: shop.clientSecret });
    assert.match(read.body.e2e_id, E2E_ID_PATTERN);
  });
});

describe("search", () => {
  test("finds a charge by id, chg_ id (any case), txid and e2e id", async () => {
    for (const query of [
      keys.chargeId,
      `chg_${keys.chargeId}`,
      keys.chargeId.toLowerCase(),
      keys.txid,
      keys.chargeE2e,
    ]) {
      const found = await search(query);
      assert.deepEqual(ids(found.charges), [keys.chargeId], query);
      assert.deepEqual(found.withdrawals, [], query);
    }
  });

  test("finds a withdrawal by id, WDR_ reference (any case) and e2e id", async () => {
    for (const query of [keys.withdrawalId, keys.reference, keys.reference.toLowerCase(), keys.withdrawalE2e]) {
      const found = await search(query);
      assert.deepEqual(ids(found.withdrawals), [keys.withdrawalId], query);
      assert.deepEqual(found.charges, [], query);
    }
  });

  test("finds a company by id, CNPJ (any punctuation or case) and name prefix (any case)", async () => {
    for (const query of [shop.companyId, "12ABC34501DE35", "12.abc.345/01de-35", "padaria pão", "PADARIA PÃO_"]) {
      assert.deepEqual(ids((await search(query)).companies), [shop.companyId], query);
    }
    assert.deepEqual(ids((await search("Padaria")).companies).sort(), [shop.companyId, rival.companyId].sort());
    // % and _ are themselves, not wildcards.
    assert.deepEqual((await search("Padaria%")).companies, []);
    assert.deepEqual((await search("Padaria_")).companies, []);
    assert.deepEqual((await search("adaria")).companies, []);
  });

  test("a merchant finds only its own account's rows", async () => {
    for (const query of [
      keys.chargeId,
      keys.txid,
      keys.chargeE2e,
      keys.withdrawalId,
      keys.reference,
      keys.withdrawalE2e,
    ]) {
      const own = await search(query, shop.clientSecret);
      assert.equal(own.charges.length + own.withdrawals.length, 1, query);
      const stranger = await search(query, rival.clientSecret);
      assert.deepEqual(stranger, { charges: [], withdrawals: [], companies: [] }, query);
    }
    assert.deepEqual(ids((await search("Padaria", rival.clientSecret)).companies), [rival.companyId]);
    assert.deepEqual((await search(shop.companyId, rival.clientSecret)).companies, []);
  });

  test("at most 10 of a kind; an empty or too long query is a 400", async () => {
    for (let i = 0; i < 12; i++) await app.createMerchant({ name: `Mercado ${i}` });
    assert.equal((await search("mercado")).companies.length, 10);
    for (const query of ["", "   ", "x".repeat(101)]) {
      const result = await app.graphql(SEARCH, { q: query });
      assert.equal(result.errors?.[0].extensions.code, "VALIDATION_ERROR", JSON.stringify(query));
    }
  });
});

describe("company CNPJ", () => {
  test("validated and stored plain; updateCompany sets and clears it", async () => {
    const created = await app.graphql(`{ company(id: "${shop.companyId}") { cnpj } }`);
    assert.equal(created.data.company.cnpj, "12ABC34501DE35");
    const invalid = await app.graphql(
      `mutation { createCompany(input: { name: "X", cnpj: "11.222.333/0001-80" }) { company { id } } }`,
    );
    assert.equal(invalid.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const set = await app.graphql(
      `mutation { updateCompany(id: "${rival.companyId}", input: { cnpj: "11.444.777/0001-61" }) { cnpj } }`,
    );
    assert.equal(set.data.updateCompany.cnpj, "11444777000161");
    assert.deepEqual(ids((await search("11444777000161")).companies), [rival.companyId]);
    const kept = await app.graphql(
      `mutation { updateCompany(id: "${rival.companyId}", input: { name: "Padaria Rival" }) { cnpj } }`,
    );
    assert.equal(kept.data.updateCompany.cnpj, "11444777000161");
    const cleared = await app.graphql(
      `mutation { updateCompany(id: "${rival.companyId}", input: { cnpj: null }) { cnpj } }`,
    );
    assert.equal(cleared.data.updateCompany.cnpj, null);
  });
});
