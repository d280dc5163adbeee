import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  auditedBalance,
  createRefund,
  paidCharge,
  readRefund,
  simulateRefundOutcome,
} from "../../test/support/refund-steps";
import { outboxEvents, signProviderBody } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { refundReturnRequestId } from "./refund.entity";

/**
 * The bank's notifications of devoluções (API Pix `pix[].devolucoes[]`), without a worker:
 * the refunds wait for the bank's word.
 */
const PROVIDER_SECRET = "provider-secret-for-tests-0123456789";
let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant();
  await app.fund(merchant.companyId, "1000.00");
});
after(() => app.close());

function notify(items: unknown[]) {
  const rawBody = JSON.stringify({ pix: items });
  return app.request("POST", "/provider/pix", {
    rawBody,
    headers: { "content-type": "application/json", "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody) },
  });
}

/** The charge as the bank knows it: its txid and the received Pix's end-to-end id. */
async function paidPix(chargeId: string) {
  const [row] = await app.services.db.query("SELECT txid, e2e_id, amount_cents FROM charges WHERE id = $1", [chargeId]);
  return {
    endToEndId: row.e2e_id as string,
    txid: row.txid as string,
    valor: (Number(row.amount_cents) / 100).toFixed(2),
    horario: new Date().toISOString(),
  };
}

async function unknownReturns(txid: string) {
  const result = await app.graphql(
    "query { paymentExceptions(limit: 100) { data { kind status amount problem txid } } }",
  );
  return result.data.paymentExceptions.data.filter(
    (row: { kind: string; txid: string }) => row.kind === "UNKNOWN_RETURN" && row.txid === txid,
  );
}

/** A devolução's rtrId as the central bank writes it, ending in `tail` (11 characters). */
const rtrId = (tail: string) => `D99999999${new Date().toISOString().replace(/\D/g, "").slice(0, 12)}${tail}`;

describe("the bank's notifications: pix[].devolucoes[]", () => {
  test("DEVOLVIDO settles the refund it names, once; the payment itself stays a duplicate", async () => {
    const chargeId = await paidCharge(app, merchant, 80);
    const id = await createRefund(app, merchant, chargeId, { amount: 30 });
    const returnId = rtrId("abcdefghijk");
    const report = {
      ...(await paidPix(chargeId)),
      devolucoes: [
        {
          id: refundReturnRequestId(id),
          rtrId: returnId,
          valor: "30.00",
          horario: { solicitacao: new Date().toISOString(), liquidacao: "2026-01-02T03:04:05.678Z" },
          status: "DEVOLVIDO",
        },
      ],
    };
    const first = await notify([report]);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.results[0].outcome, "DUPLICATE");
    assert.deepEqual(first.body.results[0].returns, [
      { id: refundReturnRequestId(id), outcome: "APPLIED", status: "REFUNDED" },
    ]);
    const refund = await readRefund(app, merchant, id);
    assert.equal(refund.status, "REFUNDED");
    assert.equal(refund.return_id, returnId);
    assert.equal(refund.refunded_at, "2026-01-02T03:04:05.678Z");
    const again = await notify([report]);
    assert.deepEqual(again.body.results[0].returns, [
      { id: refundReturnRequestId(id), outcome: "DUPLICATE", status: "REFUNDED" },
    ]);
    assert.equal((await outboxEvents(app, id)).filter((event) => event.event === "refund.refunded").length, 1);
    await auditedBalance(app, merchant);
  });

  test("NAO_REALIZADO fails it with the bank's motivo; EM_PROCESSAMENTO records its rtrId only", async () => {
    const chargeId = await paidCharge(app, merchant, 80);
    const before = await auditedBalance(app, merchant);
    const id = await createRefund(app, merchant, chargeId, { amount: 12.5 });
    const pix = await paidPix(chargeId);
    const returnId = rtrId("zyxwvutsrqp");
    const processing = await notify([
      {
        ...pix,
        devolucoes: [{ id: refundReturnRequestId(id), rtrId: returnId, valor: "12.50", status: "EM_PROCESSAMENTO" }],
      },
    ]);
    assert.deepEqual(processing.body.results[0].returns, [
      { id: refundReturnRequestId(id), outcome: "APPLIED", status: "PROCESSING" },
    ]);
    assert.equal((await readRefund(app, merchant, id)).return_id, returnId);
    const refused = await notify([
      {
        ...pix,
        devolucoes: [
          {
            id: refundReturnRequestId(id),
            rtrId: returnId,
            valor: "12.50",
            status: "NAO_REALIZADO",
            motivo: "Conta encerrada",
          },
        ],
      },
    ]);
    assert.deepEqual(refused.body.results[0].returns, [
      { id: refundReturnRequestId(id), outcome: "APPLIED", status: "FAILED" },
    ]);
    const refund = await readRefund(app, merchant, id);
    assert.equal(refund.status, "FAILED");
    assert.equal(refund.failure_reason, "Conta encerrada");
    assert.equal(await auditedBalance(app, merchant), before);
  });

  test("an unknown devolução, one for another amount, or one contrary to the outcome applied is kept for review", async () => {
    const chargeId = await paidCharge(app, merchant, 40);
    const id = await createRefund(app, merchant, chargeId, { amount: 10 });
    await simulateRefundOutcome(app, id, "REFUNDED");
    const pix = await paidPix(chargeId);
    const before = await auditedBalance(app, merchant);
    const res = await notify([
      {
        ...pix,
        devolucoes: [
          { id: "rfUnknownUnknownUnknown123", valor: "1.00", status: "DEVOLVIDO" },
          { id: refundReturnRequestId(id), valor: "9.99", status: "DEVOLVIDO" },
          { id: refundReturnRequestId(id), valor: "10.00", status: "NAO_REALIZADO" },
          { id: "bad id!", valor: "1.00", status: "DEVOLVIDO" },
        ],
      },
    ]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results[0].returns.map((result: { outcome: string }) => result.outcome),
      ["EXCEPTION", "EXCEPTION", "EXCEPTION", "EXCEPTION"],
    );
    const kept = await unknownReturns(pix.txid);
    assert.deepEqual(kept.map((row: { problem: string }) => row.problem).sort(), [
      `devolução ${refundReturnRequestId(id)} reported NAO_REALIZADO, but refund ${id} is REFUNDED`,
      `devolução ${refundReturnRequestId(id)} reported for 9.99, asked for 10.00`,
      "no refund has devolução id rfUnknownUnknownUnknown123",
    ]);
    assert.equal((await readRefund(app, merchant, id)).status, "REFUNDED");
    assert.equal(await auditedBalance(app, merchant), before);
    // The same report again is the same exceptions, kept once.
    await notify([{ ...pix, devolucoes: [{ id: "rfUnknownUnknownUnknown123", valor: "1.00", status: "DEVOLVIDO" }] }]);
    assert.equal((await unknownReturns(pix.txid)).length, 3);
  });
});

describe("a devolução reported inside a Pix without endToEndId", () => {
  test("is unknown: kept for review, and another account's refund stays PROCESSING with its balance", async () => {
    const victim = await app.createMerchant();
    await app.fund(victim.companyId, "100.00");
    const victimCharge = await paidCharge(app, victim, 50);
    const victimRefund = await createRefund(app, victim, victimCharge, { amount: 20 });
    const victimBefore = await auditedBalance(app, victim);
    const ownCharge = await paidCharge(app, merchant, 15);
    const { endToEndId: _omitted, ...pixWithoutE2e } = await paidPix(ownCharge);
    const res = await notify([
      {
        ...pixWithoutE2e,
        devolucoes: [
          { id: refundReturnRequestId(victimRefund), valor: "20.00", status: "NAO_REALIZADO", motivo: "forjado" },
        ],
      },
    ]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.results[0].returns, [
      {
        id: refundReturnRequestId(victimRefund),
        outcome: "EXCEPTION",
        problem: `devolução ${refundReturnRequestId(victimRefund)} reported without its Pix's endToEndId`,
      },
    ]);
    const refund = await readRefund(app, victim, victimRefund);
    assert.equal(refund.status, "PROCESSING");
    assert.equal(refund.failure_reason, null);
    assert.equal(await auditedBalance(app, victim), victimBefore, "nothing went back to the balance");
    assert.deepEqual(
      (await unknownReturns(pixWithoutE2e.txid)).map((row: { problem: string }) => row.problem),
      [`devolução ${refundReturnRequestId(victimRefund)} reported without its Pix's endToEndId`],
    );
  });
});

describe("the bank's notifications of returned payment exceptions", () => {
  test("DEVOLVIDO for an exception's devolução returns it and resolves the exception; the same report again changes nothing", async () => {
    const chargeId = await paidCharge(app, merchant, 33);
    const pix = await paidPix(chargeId);
    const second = { ...pix, endToEndId: `E12345678202611221000${crypto.randomUUID().replace(/-/g, "").slice(0, 11)}` };
    await notify([second]);
    const [row] = await app.services.db.query("SELECT id FROM payment_exceptions WHERE end_to_end_id = $1", [
      second.endToEndId,
    ]);
    const started = await app.graphql("mutation($id: ID!) { returnPaymentException(id: $id) { returnRequestId } }", {
      id: row.id,
    });
    const returnRequestId = started.data.returnPaymentException.returnRequestId;
    const returnId = rtrId("exceptional");
    const report = {
      ...second,
      devolucoes: [{ id: returnRequestId, rtrId: returnId, valor: "33.00", status: "DEVOLVIDO" }],
    };
    // Without its Pix's endToEndId the report is unknown: kept for review, the return still PROCESSING.
    const { endToEndId: _omitted, ...withoutE2e } = report;
    const blind = await notify([withoutE2e]);
    assert.deepEqual(blind.body.results[0].returns, [
      {
        id: returnRequestId,
        outcome: "EXCEPTION",
        problem: `devolução ${returnRequestId} reported without its Pix's endToEndId`,
      },
    ]);
    const res = await notify([report]);
    assert.deepEqual(res.body.results[0].returns, [{ id: returnRequestId, outcome: "APPLIED", status: "RETURNED" }]);
    const again = await notify([report]);
    assert.deepEqual(again.body.results[0].returns, [
      { id: returnRequestId, outcome: "DUPLICATE", status: "RETURNED" },
    ]);
    const [after] = await app.services.db.query(
      "SELECT status, return_status, return_id FROM payment_exceptions WHERE id = $1",
      [row.id],
    );
    assert.deepEqual(after, { status: "RESOLVED", return_status: "RETURNED", return_id: returnId });
    // A report for an attempt the service never made is kept for review.
    const stray = await notify([
      { ...second, devolucoes: [{ id: `${returnRequestId}r7`, valor: "33.00", status: "DEVOLVIDO" }] },
    ]);
    assert.deepEqual(stray.body.results[0].returns, [
      {
        id: `${returnRequestId}r7`,
        outcome: "EXCEPTION",
        problem: `no payment return has devolução id ${returnRequestId}r7`,
      },
    ]);
    await auditedBalance(app, merchant);
  });
});
