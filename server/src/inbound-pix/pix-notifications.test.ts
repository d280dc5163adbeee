import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, outboxEvents, signProviderBody } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { PaymentExceptionExpectedAmount1763801100000 } from "../migrations/1763801100000-payment-exception-expected-amount";

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
    `query { paymentExceptions(limit: 100) { data { id kind status txid endToEndId amount expectedAmount chargeId } total } }`,
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

  test("the sandbox's door is open: serviceInfo says the bank is the sandbox, to operators and merchants", async () => {
    for (const token of [undefined, merchant.clientSecret]) {
      const result = await app.graphql("query { serviceInfo { pixProvider sandbox } }", {}, token);
      assert.deepEqual(result.data, { serviceInfo: { pixProvider: "sandbox", sandbox: true } });
    }
  });

  test("a body that is not a batch is 400 and applies nothing", async () => {
    for (const raw of ["not json", "{}", '{"pix": {}}', "[]", "null"]) {
      const bad = await notify([], { raw });
      assert.equal(bad.status, 400, raw);
      assert.equal(bad.body.code, "VALIDATION_ERROR", raw);
    }
  });
});

describe("a batch with bad entries", () => {
  async function malformedRows(problem: RegExp) {
    const rows = await app.services.db.query(
      "SELECT kind, txid, amount_cents, problem, notification FROM payment_exceptions WHERE kind = 'MALFORMED'",
    );
    return rows.filter((row: any) => problem.test(row.problem));
  }

  test("a malformed entry is kept for review by itself; the valid ones beside it are credited", async () => {
    const first = await newCharge(10);
    const last = await newCharge(30);
    const before = await balanceCents(app, merchant);
    const bad = { txid: "not-a-txid", valor: "20", horario: "x", chave: "key" };
    const items = [payment(first.txid, "10.00"), bad, payment(last.txid, "30.00")];
    const res = await notify(items);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: any) => r.outcome),
      ["CREDITED", "EXCEPTION", "CREDITED"],
    );
    assert.deepEqual(res.body.results[1], {
      endToEndId: null,
      txid: null,
      outcome: "EXCEPTION",
      exceptionKind: "MALFORMED",
      problem: "pix[1]: txid must be 1 to 35 letters and digits",
    });
    assert.equal((await chargeRow(first.id)).status, "PAID");
    assert.equal((await chargeRow(last.id)).status, "PAID");
    assert.equal(await balanceCents(app, merchant), before + 990n + 2970n);
    const kept = await malformedRows(/^pix\[1\]: txid/);
    assert.equal(kept.length, 1);
    assert.deepEqual(kept[0].notification, bad);
    assert.equal(kept[0].txid, null);
    // The provider sends the same batch again: nothing changes, nothing is kept twice.
    const again = await notify(items);
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(
      again.body.results.map((r: any) => r.outcome),
      ["DUPLICATE", "DUPLICATE", "DUPLICATE"],
    );
    assert.equal((await malformedRows(/^pix\[1\]: txid/)).length, 1);
    assert.equal(await balanceCents(app, merchant), before + 990n + 2970n);
    // Operators see it with what could be read and why.
    const listed = await app.graphql(
      "query { paymentExceptions(limit: 100) { data { kind txid amount paidAt problem } } }",
    );
    assert.ok(
      listed.data.paymentExceptions.data.some(
        (row: any) => row.kind === "MALFORMED" && row.problem === "pix[1]: txid must be 1 to 35 letters and digits",
      ),
      JSON.stringify(listed),
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("NUL and control characters in the payer's fields are taken out; the payment is credited", async () => {
    const charge = await newCharge(12);
    const other = await newCharge(13);
    const before = await balanceCents(app, merchant);
    const items = [
      payment(charge.txid, "12.00", {
        pagador: { nome: "Maria\u0000 Silva\u0007\u001b", cpf: "529\u000098224725" },
        infoPagador: "pedido\u0000 42",
      }),
      payment(other.txid, "13.00"),
    ];
    const res = await notify(items);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: any) => r.outcome),
      ["CREDITED", "CREDITED"],
    );
    assert.deepEqual(await chargeRow(charge.id), {
      status: "PAID",
      e2e_id: items[0].endToEndId,
      payer_name: "Maria Silva",
      payer_document: "52998224725",
    });
    assert.equal(await balanceCents(app, merchant), before + 1188n + 1287n);
  });

  test("NUL inside an entry kept as an exception is taken out of the stored notification", async () => {
    const charge = await newCharge(14);
    const item = payment(charge.txid, "13.99", { chave: "k\u0000ey", "info\u0000Pagador": "a\u0000b\ud800" });
    const res = await notify([item]);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.results[0].exceptionKind, "AMOUNT_MISMATCH");
    const rows = await app.services.db.query("SELECT notification FROM payment_exceptions WHERE end_to_end_id = $1", [
      item.endToEndId,
    ]);
    assert.equal(rows[0].notification.chave, "key");
    assert.equal(rows[0].notification.infoPagador, "ab\ufffd");
    const unreadable = await notify([
      { txid: `${charge.txid}\u0000`, valor: "14.00", horario: "2026-11-22T10:00:00Z" },
    ]);
    assert.equal(unreadable.status, 200, unreadable.text);
    assert.equal(unreadable.body.results[0].exceptionKind, "MALFORMED");
    assert.equal((await chargeRow(charge.id)).status, "PENDING");
  });

  test("an entry nested too deep is kept as MALFORMED without its body", async () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 100; level += 1) deep = { next: deep };
    const charge = await newCharge(15);
    const res = await notify([payment(charge.txid, "15.00", { extra: deep }), "not an object"]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: any) => [r.outcome, r.exceptionKind, r.problem]),
      [
        ["EXCEPTION", "MALFORMED", "pix[0]: nested deeper than 16 levels"],
        ["EXCEPTION", "MALFORMED", "pix[1]: must be an object"],
      ],
    );
    const kept = await malformedRows(/^pix\[0\]: nested deeper/);
    assert.deepEqual(kept[0].notification, { unreadable: "nested deeper than 16 levels" });
    assert.equal(kept[0].txid, charge.txid);
    assert.equal(kept[0].amount_cents, "1500");
  });

  test("an entry that fails to apply leaves the others applied; the batch is answered 500 and applied in full when sent again", async () => {
    const [a, b, c] = [await newCharge(16), await newCharge(17), await newCharge(18)];
    const before = await balanceCents(app, merchant);
    await app.services.db.query(`
      CREATE FUNCTION test_fail_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.txid = '${b.txid}' THEN RAISE EXCEPTION 'simulated failure'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_payment BEFORE INSERT ON inbound_pix_payments
        FOR EACH ROW EXECUTE FUNCTION test_fail_payment();
    `);
    const items = [payment(a.txid, "16.00"), payment(b.txid, "17.00"), payment(c.txid, "18.00")];
    try {
      const failed = await notify(items);
      assert.equal(failed.status, 500, failed.text);
      assert.deepEqual(failed.body, { error: "Internal server error", code: "INTERNAL_ERROR" });
      assert.equal((await chargeRow(a.id)).status, "PAID");
      assert.equal((await chargeRow(b.id)).status, "PENDING");
      assert.equal((await chargeRow(c.id)).status, "PAID");
    } finally {
      await app.services.db.query(
        "DROP TRIGGER test_fail_payment ON inbound_pix_payments; DROP FUNCTION test_fail_payment()",
      );
    }
    const retried = await notify(items);
    assert.equal(retried.status, 200, retried.text);
    assert.deepEqual(
      retried.body.results.map((r: any) => r.outcome),
      ["DUPLICATE", "CREDITED", "DUPLICATE"],
    );
    assert.equal(await balanceCents(app, merchant), before + 1584n + 1683n + 1782n);
    await assertAuditConsistent(app, merchant.companyId);
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
  /** `expectedAmount`: what the matched charge asked for, kept beside what was paid. */
  async function assertException(
    item: ReturnType<typeof payment>,
    kind: string,
    chargeId: string | null,
    expectedAmount: string | null,
  ) {
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
    assert.equal(row.expectedAmount, expectedAmount);
    // Delivered again: still one exception, still no credit.
    const again = await notify([item]);
    assert.equal(again.body.results[0].outcome, "DUPLICATE");
    assert.equal((await exceptions(item.txid)).filter((r: any) => r.endToEndId === item.endToEndId).length, 1);
    return row;
  }

  test("an unknown txid", async () => {
    await assertException(payment("UnknownTxid0000000000000000000"), "UNKNOWN_TXID", null, null);
  });

  test("one without endToEndId is kept once however often it is sent", async () => {
    const item = { txid: "UnknownTxid0000000000000000001", valor: "5.00", horario: new Date().toISOString() };
    const first = await notify([item]);
    assert.equal(first.body.results[0].exceptionKind, "UNKNOWN_TXID");
    const again = await notify([item]);
    assert.equal(again.body.results[0].outcome, "DUPLICATE");
    assert.equal((await exceptions(item.txid)).length, 1);
  });

  test("an amount different from the charge (the charge stays PENDING)", async () => {
    const charge = await newCharge(100);
    await assertException(payment(charge.txid, "99.99"), "AMOUNT_MISMATCH", charge.id, "100.00");
    assert.equal((await chargeRow(charge.id)).status, "PENDING");
  });

  test("a payment of a cancelled charge", async () => {
    const charge = await newCharge(30);
    const cancelled = await app.graphql("mutation($id: ID!) { cancelCharge(id: $id) { status } }", { id: charge.id });
    assert.equal(cancelled.data.cancelCharge.status, "CANCELLED");
    await assertException(payment(charge.txid, "30.00"), "CHARGE_CANCELLED", charge.id, "30.00");
  });

  test("a payment of an expired charge, and one made after expires_at", async () => {
    const charge = await newCharge(30, 60);
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      charge.id,
    ]);
    await assertException(payment(charge.txid, "30.00"), "CHARGE_EXPIRED", charge.id, "30.00");
    assert.equal((await chargeRow(charge.id)).status, "EXPIRED");
  });

  test("a wrong amount for an overdue charge not yet swept is CHARGE_EXPIRED, as readers already see it", async () => {
    const charge = await newCharge(30, 60);
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      charge.id,
    ]);
    assert.equal((await chargeRow(charge.id)).status, "PENDING", "the sweep has not written it yet");
    await assertException(payment(charge.txid, "30.01"), "CHARGE_EXPIRED", charge.id, "30.00");
    assert.equal((await chargeRow(charge.id)).status, "EXPIRED");
  });

  test("a second payment of a PAID charge", async () => {
    const charge = await newCharge(40);
    await notify([payment(charge.txid, "40.00")]);
    await assertException(payment(charge.txid, "40.00"), "ALREADY_PAID", charge.id, "40.00");
    assert.equal((await outboxEvents(app, charge.id)).length, 1);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("operators list exceptions by status and resolve them once; merchants cannot", async () => {
    const charge = await newCharge(15);
    const row = await assertException(payment(charge.txid, "14.00"), "AMOUNT_MISMATCH", charge.id, "15.00");
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
    assert.equal(resolved.data.resolvePaymentException.resolvedBy, "operator:token");
    assert.equal((await resolve("again")).errors?.[0].extensions.code, "INVALID_STATE");
    const open = await app.graphql("query { paymentExceptions(status: OPEN, limit: 100) { data { id } } }");
    assert.equal(
      open.data.paymentExceptions.data.some((r: any) => r.id === row.id),
      false,
    );
  });
});

describe("the expected-amount migration", () => {
  test("fills the exceptions recorded before it from their charges", async () => {
    const charge = await newCharge(25);
    await notify([payment(charge.txid, "24.50")]);
    const unknown = payment("UnknownTxid0000000000000000009", "3.00");
    await notify([unknown]);
    const runner = app.services.db.createQueryRunner();
    try {
      const migration = new PaymentExceptionExpectedAmount1763801100000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const mismatch = (await exceptions(charge.txid))[0];
    assert.equal(mismatch.amount, "24.50");
    assert.equal(mismatch.expectedAmount, "25.00");
    assert.equal((await exceptions(unknown.txid))[0].expectedAmount, null);
  });
});
