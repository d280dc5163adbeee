import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { paidCharge } from "../../test/support/refund-steps";
import { assertAuditConsistent, balanceCents, signProviderBody, waitFor } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { RETURN_ID_PATTERN } from "../core/ids";
import { SANDBOX_REFUND_REFUSED_MARKER, SANDBOX_REFUND_REFUSED_REASON } from "../provider/pix-provider";
import { startBackgroundWork } from "../worker";

/**
 * Payments the service did not credit, returned to their payers (a devolução of the
 * received Pix): by an operator, or at once for an account with autoReturnExceptions. The
 * merchant's balance never moves: the money was never credited.
 */
const PROVIDER_SECRET = "provider-secret-for-tests-0123456789";
let app: TestApp;
let work: { stop(): Promise<void> };

before(async () => {
  app = await startTestApp({ SANDBOX_SETTLE_MS: "300", PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
});

const EXCEPTION_FIELDS = `id kind status endToEndId amount companyId resolution resolvedBy
  returnStatus returnRequestId returnId returnReason returnFailureReason returnRetryCount returnRequestedBy returnedAt`;

function notify(items: unknown[]) {
  const rawBody = JSON.stringify({ pix: items });
  return app.request("POST", "/provider/pix", {
    rawBody,
    headers: { "content-type": "application/json", "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody) },
  });
}

const e2e = () => `E12345678202611221000${newUuid().replace(/-/g, "").slice(0, 11)}`;

async function txidOf(chargeId: string): Promise<string> {
  return (await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [chargeId]))[0].txid;
}

/** A second payment of a paid charge: an ALREADY_PAID exception. Answers the exception's id. */
async function duplicatePayment(merchant: Merchant, amount = 40): Promise<string> {
  const chargeId = await paidCharge(app, merchant, amount);
  const res = await notify([
    { endToEndId: e2e(), txid: await txidOf(chargeId), valor: amount.toFixed(2), horario: new Date().toISOString() },
  ]);
  assert.equal(res.body.results[0].exceptionKind, "ALREADY_PAID", res.text);
  return exceptionByCharge(chargeId);
}

async function exceptionByCharge(chargeId: string): Promise<string> {
  return (await app.services.db.query("SELECT id FROM payment_exceptions WHERE charge_id = $1", [chargeId]))[0].id;
}

async function readException(id: string) {
  const result = await app.graphql(`query { paymentExceptions(limit: 100) { data { ${EXCEPTION_FIELDS} } } }`);
  return result.data.paymentExceptions.data.find((row: { id: string }) => row.id === id);
}

function returnException(id: string, reason?: string, token?: string) {
  return app.graphql(
    `mutation($id: ID!, $reason: String) { returnPaymentException(id: $id, reason: $reason) { ${EXCEPTION_FIELDS} } }`,
    { id, reason: reason ?? null },
    token,
  );
}

function waitForReturn(id: string, status: string) {
  return waitFor(`the return of ${id} to be ${status}`, async () => {
    const exception = await readException(id);
    return exception?.returnStatus === status ? exception : null;
  });
}

describe("returnPaymentException", () => {
  test("a duplicate payment goes back to its payer: PROCESSING, then RETURNED and the exception RESOLVED; no balance moves", async () => {
    const merchant = await app.createMerchant();
    const id = await duplicatePayment(merchant);
    const balance = await balanceCents(app, merchant);
    const started = await returnException(id, "Pagamento em duplicidade");
    assert.equal(started.errors, undefined, JSON.stringify(started.errors));
    const asked = started.data.returnPaymentException;
    assert.equal(asked.status, "OPEN");
    assert.equal(asked.returnStatus, "PROCESSING");
    assert.equal(asked.returnRequestId, id.replace("_", ""));
    assert.equal(asked.returnReason, "Pagamento em duplicidade");
    assert.equal(asked.returnRequestedBy, "operator:token");
    const returned = await waitForReturn(id, "RETURNED");
    assert.match(returned.returnId, RETURN_ID_PATTERN);
    assert.ok(returned.returnedAt);
    assert.equal(returned.status, "RESOLVED");
    assert.equal(returned.resolution, `Returned to the payer (devolução ${returned.returnId})`);
    assert.equal(returned.resolvedBy, "operator:token");
    assert.equal(await balanceCents(app, merchant), balance);
    await assertAuditConsistent(app, merchant.companyId);
    const trail = await app.graphql(
      `query($id: ID!) { auditTrail(objectType: "payment_exception", objectId: $id) { action actor } }`,
      { id },
    );
    assert.deepEqual(trail.data.auditTrail, [{ action: "payment_exception.return", actor: "operator:token" }]);
    const again = await returnException(id);
    assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal(again.errors?.[0].message, "Payment exception is already RESOLVED");
  });

  test("refused by the bank: FAILED with its reason, the exception still OPEN; a new attempt is a new devolução", async () => {
    const merchant = await app.createMerchant();
    const id = await duplicatePayment(merchant, 15);
    await returnException(id, `${SANDBOX_REFUND_REFUSED_MARKER} teste`);
    const failed = await waitForReturn(id, "FAILED");
    assert.equal(failed.returnFailureReason, SANDBOX_REFUND_REFUSED_REASON);
    assert.equal(failed.status, "OPEN");
    const second = await returnException(id, "Devolução");
    assert.equal(second.data.returnPaymentException.returnRequestId, `${id.replace("_", "")}r2`);
    assert.equal(second.data.returnPaymentException.returnFailureReason, null);
    const returned = await waitForReturn(id, "RETURNED");
    assert.equal(returned.status, "RESOLVED");
  });

  test("409 while a return is PROCESSING, for a MALFORMED entry, past 90 days; 400 for a long reason; operators only", async () => {
    const merchant = await app.createMerchant();
    const id = await duplicatePayment(merchant, 20);
    await app.services.db.query("UPDATE payment_exceptions SET paid_at = now() - interval '91 days' WHERE id = $1", [
      id,
    ]);
    const late = await returnException(id);
    assert.equal(late.errors?.[0].extensions.code, "REFUND_WINDOW_CLOSED");
    await app.services.db.query("UPDATE payment_exceptions SET paid_at = now() WHERE id = $1", [id]);

    const long = await returnException(id, "x".repeat(141));
    assert.equal(long.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.equal(long.errors?.[0].message, "reason must have at most 140 characters");
    const forbidden = await returnException(id, undefined, merchant.clientSecret);
    assert.equal(forbidden.errors?.[0].extensions.code, "FORBIDDEN");
    const viewer = await app.consoleUser({ role: "VIEWER" });
    const viewed = await app.gql("mutation($id: ID!) { returnPaymentException(id: $id) { id } }", { id }, viewer);
    assert.equal(viewed.body.errors?.[0].extensions.code, "FORBIDDEN");
    assert.equal((await readException(id)).returnStatus, null);

    // Hold the return in PROCESSING: the worker is told nothing of it until the test's own row lock ends.
    await work.stop();
    try {
      assert.equal((await returnException(id)).errors, undefined);
      const twice = await returnException(id);
      assert.equal(twice.errors?.[0].extensions.code, "INVALID_STATE");
      assert.equal(twice.errors?.[0].message, "A return of this payment is already PROCESSING");
    } finally {
      work = await startBackgroundWork(app.runtime);
    }

    const malformed = await notify([{ endToEndId: e2e(), txid: "short", valor: "1.00", horario: "x" }]);
    assert.equal(malformed.body.results[0].exceptionKind, "MALFORMED");
    const [row] = await app.services.db.query(
      "SELECT id FROM payment_exceptions WHERE kind = 'MALFORMED' ORDER BY created_at DESC LIMIT 1",
    );
    const refused = await returnException(row.id);
    assert.equal(refused.errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal(
      refused.errors?.[0].message,
      "This payment cannot be returned: the bank's report names no readable received Pix",
    );
    const missing = await returnException("pex_nothing");
    assert.equal(missing.errors?.[0].extensions.code, "NOT_FOUND");
  });
});

describe("autoReturnExceptions", () => {
  test("an account that asks for it has its uncredited payments returned at once; another account's wait for an operator", async () => {
    const created = await app.graphql(
      `mutation { createCompany(input: { name: "Loja Devolve", autoReturnExceptions: true }) {
         company { id autoReturnExceptions } clientSecret webhookSecret } }`,
    );
    assert.equal(created.data.createCompany.company.autoReturnExceptions, true);
    const auto: Merchant = {
      companyId: created.data.createCompany.company.id,
      clientSecret: created.data.createCompany.clientSecret,
      webhookSecret: created.data.createCompany.webhookSecret,
    };
    const manual = await app.createMerchant();

    // A payment of the wrong amount, on a PENDING charge of each account.
    const [autoCharge, manualCharge] = await Promise.all(
      [auto, manual].map(async (merchant) => {
        const res = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 50 } });
        return res.body.id as string;
      }),
    );
    for (const chargeId of [autoCharge, manualCharge]) {
      const res = await notify([
        { endToEndId: e2e(), txid: await txidOf(chargeId), valor: "49.99", horario: new Date().toISOString() },
      ]);
      assert.equal(res.body.results[0].exceptionKind, "AMOUNT_MISMATCH");
    }
    const autoId = await exceptionByCharge(autoCharge);
    const returned = await waitForReturn(autoId, "RETURNED");
    assert.equal(returned.returnRequestedBy, "system:auto-return");
    assert.equal(returned.returnReason, "Valor diferente do cobrado; pagamento devolvido");
    assert.equal(returned.resolvedBy, "system:auto-return");
    assert.equal(returned.amount, "49.99");
    assert.equal(await balanceCents(app, auto), 0n);

    const manualId = await exceptionByCharge(manualCharge);
    const waiting = await readException(manualId);
    assert.equal(waiting.returnStatus, null);
    assert.equal(waiting.status, "OPEN");

    // Switched on later by an operator, it applies to the payments that arrive after.
    const updated = await app.graphql(
      "mutation($id: ID!) { updateCompany(id: $id, input: { autoReturnExceptions: true }) { autoReturnExceptions } }",
      { id: manual.companyId },
    );
    assert.equal(updated.data.updateCompany.autoReturnExceptions, true);
    const paid = await paidCharge(app, manual, 10);
    await notify([{ endToEndId: e2e(), txid: await txidOf(paid), valor: "10.00", horario: new Date().toISOString() }]);
    const duplicate = await waitForReturn(await exceptionByCharge(paid), "RETURNED");
    assert.equal(duplicate.returnReason, "Pagamento em duplicidade devolvido");
    assert.equal((await readException(manualId)).returnStatus, null);
  });
});
