import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Merchant, startTestApp, type TestApp } from "../test-support/test-app";

let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant();
});
after(() => app.close());

describe("POST /charges", () => {
  test("creates a PENDING charge with fee and net amount", async () => {
    const res = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 100 } });
    assert.equal(res.status, 201);
    assert.equal(res.body.status, "PENDING");
    assert.equal(res.body.amount, 100);
    assert.equal(res.body.fee, 0.99);
    assert.equal(res.body.net_amount, 99.01);
  });
});
