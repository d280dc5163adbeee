import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { CHARGE_ID_PATTERN, newChargeId } from "../core/ids";
import { ChargesService } from "./charges.service";

/**
 * Charge ids are 8 characters [A-Z0-9] (the contract's): a new id may be one already taken.
 * The service then takes another, in the same transaction, instead of failing the request.
 */
let app: TestApp;
let merchant: Merchant;
let takenId: string;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant();
  const first = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 1 } });
  assert.equal(first.status, 201, first.text);
  takenId = first.body.id;
});
after(() => app.close());

/** A charges service whose id source hands out `taken` first, `times` times, then fresh ids. */
function chargesWithTakenIds(taken: string, times: number): ChargesService {
  let handedOut = 0;
  return new ChargesService(app.services.db, app.services.provider, app.services.customers, () =>
    handedOut++ < times ? taken : newChargeId(),
  );
}

async function chargeCount(): Promise<number> {
  const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges WHERE company_id = $1", [
    merchant.companyId,
  ]);
  return n;
}

test("a new charge whose id is taken gets another one, and the taken charge is untouched", async () => {
  const before = await chargeCount();
  const { charge, replayed } = await chargesWithTakenIds(takenId, 2).createCharge(merchant.companyId, {
    amountCents: 250n,
  });
  assert.equal(replayed, false);
  assert.notEqual(charge.id, takenId);
  assert.match(charge.id, CHARGE_ID_PATTERN);
  assert.equal(await chargeCount(), before + 1);
  const [stored] = await app.services.db.query("SELECT id, amount_cents FROM charges WHERE id = $1", [charge.id]);
  assert.deepEqual(stored, { id: charge.id, amount_cents: "250" });
  const [old] = await app.services.db.query("SELECT amount_cents FROM charges WHERE id = $1", [takenId]);
  assert.equal(old.amount_cents, "100");
});

test("with an Idempotency-Key, a taken id still creates once and the key then replays that charge", async () => {
  const key = newUuid();
  const service = chargesWithTakenIds(takenId, 1);
  const created = await service.createCharge(merchant.companyId, { amountCents: 300n }, key);
  assert.equal(created.replayed, false);
  assert.notEqual(created.charge.id, takenId);
  const again = await service.createCharge(merchant.companyId, { amountCents: 300n }, key);
  assert.equal(again.replayed, true);
  assert.equal(again.charge.id, created.charge.id);
});

test("when every id tried is taken, the request fails and nothing is written", async () => {
  const before = await chargeCount();
  await assert.rejects(chargesWithTakenIds(takenId, 100).createCharge(merchant.companyId, { amountCents: 400n }), {
    message: "no free charge id in 5 attempts",
  });
  assert.equal(await chargeCount(), before);
});
