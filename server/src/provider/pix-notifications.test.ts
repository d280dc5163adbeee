import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, outboxEvents, signProviderBody } from "../test-support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../test-support/test-app";

const PROVIDER_SECRET = "provider-secret-for-tests-0123456789";
let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant({ feePercent: "1.00", feeFixed: "0.00" });
});
after(() => app.close());

let sequence = 0;
/** A central-bank style end-to-end id, unique per call. */
function e2e(): string {
  sequence += 1;
  return `E12345678202611221000${String(sequence).padStart(5, "0")}${newUuid().replace(/-/g, "").slice(0, 6)}`;
}

async function newCharge(amount = 100, expiresIn?: number) {
  const res = await app.request("POST", "/charges", {
    token: merchant.clientSecret,
    body: expiresIn ? { amount, expires_in: expiresIn } : { amount },
    headers: { "idempotency-key": newUuid() },
  });
  assert.equal(res.status, 201, res.text);
  const txid = (await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [res.body.id]))[0].txid;
  return { id: res.body.id as string, txid: txid as string };
}

function notify(items: unknown[], options: { secret?: string; signature?: string; raw?: string } = {}) {
  const rawBody = options.raw ?? JSON.stringify({ pix: items });
  const signature = options.signature ?? signProviderBody(options.secret ?? PROVIDER_SECRET, rawBody);
  return app.request("POST", "/provider/pix", {
    rawBody,
    headers: { "content-type": "application/json", "x-provider-signature": signature },
  });
}

function payment(txid: string, valor = "100.00", extra: Record<string, unknown> = {}) {
  return { endToEndId: e2e(), txid, chave: "key", valor, horario: new Date().toISOString(), ...extra };
}

async function chargeRow(id: string) {
  return (
    await app.services.db.query("SELECT status, e2e_id, payer_name, payer_document FROM charges WHERE id = $1", [id])
  )[0];
}

async function exceptions(txid: string) {
  const result = await app.graphql(
    `query { paymentExceptions(limit: 100) { data { id kind status txid endToEndId amount chargeId } total } }`,
  );
  return result.data.paymentExceptions.data.filter((row: any) => row.txid === txid);
}

describe("POST /provider/pix authentication", () => {
  test("a missing or wrong X-Provider-Signature is 401 and changes nothing", async () => {
    const charge = await newCharge();
    const item = payment(charge.txid);
    const wrongKey = await notify([item], { secret: "another-secret-0123456789abcdef" });
    assert.equal(wrongKey.status, 401);
    assert.deepEqual(Object.keys(wrongKey.body), ["error", "code"]);
    const missing = await app.request("POST", "/provider/pix", { rawBody: JSON.stringify({ pix: [item] }) });
    assert.equal(missing.status, 401);
    // Signed over other bytes: the same JSON re-serialised with a space is not the signed body.
    const body = JSON.stringify({ pix: [item] });
    const tampered = await notify([], {
      raw: body.replace(":", ": "),
      signature: signProviderBody(PROVIDER_SECRET, body),
    });
    assert.equal(tampered.status, 401);
    assert.equal((await chargeRow(charge.id)).status, "PENDING");
  });

  test("a malformed batch is 400 and applies nothing, even its valid items", async () => {
    const charge = await newCharge();
    const res = await notify([payment(charge.txid), { txid: "short", valor: "1.00", horario: "x" }]);
    assert.equal(res.status, 400);
    assert.equal(res.body.code, "VALIDATION_ERROR");
    assert.match(res.body.error, /pix\[1\]/);
    assert.equal((await chargeRow(charge.id)).status, "PENDING");
    for (const raw of ["not json", "{}", '{"pix": {}}']) {
      const bad = await notify([], { raw });
      assert.equal(bad.status, 400, raw);
    }
    const badValor = await notify([payment(charge.txid, "100")]);
    assert.equal(badValor.status, 400);
  });
});

describe("crediting a charge", () => {
  test("a matching payment makes the charge PAID, credits the net amount and writes one charge.paid", async () => {
    const charge = await newCharge(100);
    const before = await balanceCents(app, merchant);
    const item = payment(charge.txid, "100.00", { pagador: { nome: "Maria Silva", cpf: "52998224725" } });
    const res = await notify([item]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.results, [{ endToEndId: item.endToEndId, txid: charge.txid, outcome: "CREDITED" }]);
    const row = await chargeRow(charge.id);
    assert.deepEqual(row, {
      status: "PAID",
      e2e_id: item.endToEndId,
      payer_name: "Maria Silva",
      payer_document: "52998224725",
    });
    assert.equal(await balanceCents(app, merchant), before + 9900n);
    const events = await outboxEvents(app, charge.id);
    assert.equal(events.length, 1);
    assert.equal(events[0].event, "charge.paid");
    assert.equal(events[0].e2e_id, item.endToEndId);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the same endToEndId twice changes nothing the second time", async () => {
    const charge = await newCharge(50);
    const item = payment(charge.txid, "50.00");
    await notify([item]);
    const balance = await balanceCents(app, merchant);
    const again = await notify([item]);
    assert.equal(again.status, 200);
    assert.equal(again.body.results[0].outcome, "DUPLICATE");
    assert.equal(await balanceCents(app, merchant), balance);
    assert.equal((await outboxEvents(app, charge.id)).length, 1);
    assert.deepEqual(await exceptions(charge.txid), []);
  });

  test("the same notification delivered 10 times in parallel is credited once (50 rounds)", async () => {
    for (let round = 0; round < 50; round += 1) {
      const charge = await newCharge(10);
      const before = await balanceCents(app, merchant);
      const item = payment(charge.txid, "10.00");
      const results = await Promise.all(Array.from({ length: 10 }, () => notify([item])));
      const outcomes = results.map((res) => res.body.results[0].outcome).sort();
      assert.deepEqual(outcomes, ["CREDITED", ...Array(9).fill("DUPLICATE")]);
      assert.equal(await balanceCents(app, merchant), before + 990n);
      assert.equal((await outboxEvents(app, charge.id)).length, 1);
    }
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("without endToEndId the charge is PAID with e2e_id null; a later one with the txid fills it in, nothing else", async () => {
    const charge = await newCharge(20);
    const before = await balanceCents(app, merchant);
    const withoutId = { txid: charge.txid, valor: "20.00", horario: new Date().toISOString() };
    const first = await notify([withoutId]);
    assert.equal(first.body.results[0].outcome, "CREDITED");
    assert.equal((await chargeRow(charge.id)).e2e_id, null);
    const repeated = await notify([withoutId]);
    assert.equal(repeated.body.results[0].outcome, "DUPLICATE");
    const withId = payment(charge.txid, "20.00");
    const second = await notify([withId]);
    assert.equal(second.body.results[0].outcome, "E2E_RECORDED");
    const row = await chargeRow(charge.id);
    assert.equal(row.status, "PAID");
    assert.equal(row.e2e_id, withId.endToEndId);
    assert.equal(await balanceCents(app, merchant), before + 1980n);
    assert.equal((await outboxEvents(app, charge.id)).length, 1);
    assert.deepEqual(await exceptions(charge.txid), []);
  });
});

describe("payments recorded for review, never credited", () => {
  async function assertException(item: ReturnType<typeof payment>, kind: string, chargeId: string | null) {
    const before = await balanceCents(app, merchant);
    const res = await notify([item]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.results[0], {
      endToEndId: item.endToEndId,
      txid: item.txid,
      outcome: "EXCEPTION",
      exceptionKind: kind,
    });
    assert.equal(await balanceCents(app, merchant), before);
    const rows = await exceptions(item.txid);
    const row = rows.find((r: any) => r.endToEndId === item.endToEndId);
    assert.ok(row, `no ${kind} exception recorded`);
    assert.equal(row.kind, kind);
    assert.equal(row.status, "OPEN");
    assert.equal(row.amount, item.valor);
    assert.equal(row.chargeId, chargeId);
    // Delivered again: still one exception, still no credit.
    const again = await notify([item]);
    assert.equal(again.body.results[0].outcome, "DUPLICATE");
    assert.equal((await exceptions(item.txid)).filter((r: any) => r.endToEndId === item.endToEndId).length, 1);
    return row;
  }

  test("an unknown txid", async () => {
    await assertException(payment("UnknownTxid0000000000000000000"), "UNKNOWN_TXID", null);
  });

  test("an amount different from the charge (the charge stays PENDING)", async () => {
    const charge = await newCharge(100);
    await assertException(payment(charge.txid, "99.99"), "AMOUNT_MISMATCH", charge.id);
    assert.equal((await chargeRow(charge.id)).status, "PENDING");
  });

  test("a payment of a cancelled charge", async () => {
    const charge = await newCharge(30);
    const cancelled = await app.graphql("mutation($id: ID!) { cancelCharge(id: $id) { status } }", { id: charge.id });
    assert.equal(cancelled.data.cancelCharge.status, "CANCELLED");
    await assertException(payment(charge.txid, "30.00"), "CHARGE_CANCELLED", charge.id);
  });

  test("a payment of an expired charge, and one made after expires_at", async () => {
    const charge = await newCharge(30, 60);
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      charge.id,
    ]);
    await assertException(payment(charge.txid, "30.00"), "CHARGE_EXPIRED", charge.id);
    assert.equal((await chargeRow(charge.id)).status, "EXPIRED");
  });

  test("a second payment of a PAID charge", async () => {
    const charge = await newCharge(40);
    await notify([payment(charge.txid, "40.00")]);
    await assertException(payment(charge.txid, "40.00"), "ALREADY_PAID", charge.id);
    assert.equal((await outboxEvents(app, charge.id)).length, 1);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("operators list exceptions by status and resolve them once; merchants cannot", async () => {
    const charge = await newCharge(15);
    const row = await assertException(payment(charge.txid, "14.00"), "AMOUNT_MISMATCH", charge.id);
    const asMerchant = await app.graphql("query { paymentExceptions { total } }", {}, merchant.clientSecret);
    assert.equal(asMerchant.errors?.[0].extensions.code, "FORBIDDEN");
    const resolve = (resolution: string) =>
      app.graphql(
        "mutation($id: ID!, $r: String!) { resolvePaymentException(id: $id, resolution: $r) { status resolution resolvedBy resolvedAt } }",
        { id: row.id, r: resolution },
      );
    assert.equal((await resolve(" ")).errors?.[0].extensions.code, "VALIDATION_ERROR");
    const resolved = await resolve("refunded to the payer at the bank");
    assert.equal(resolved.data.resolvePaymentException.status, "RESOLVED");
    assert.equal(resolved.data.resolvePaymentException.resolvedBy, "operator");
    assert.equal((await resolve("again")).errors?.[0].extensions.code, "INVALID_STATE");
    const open = await app.graphql("query { paymentExceptions(status: OPEN, limit: 100) { data { id } } }");
    assert.equal(
      open.data.paymentExceptions.data.some((r: any) => r.id === row.id),
      false,
    );
  });
});
