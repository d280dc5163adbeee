import assert from "node:assert/strict";
import { balanceCents } from "./scenarios";
import { type Merchant, newUuid, TEST_ADMIN_TOKEN, type TestApp } from "./test-app";

/** Small steps shared by the refund tests. */

/** A charge of `amount` created by the merchant and paid through the sandbox; answers its id. */
export async function paidCharge(app: TestApp, merchant: Merchant, amount = 100): Promise<string> {
  const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
  assert.equal(created.status, 201, created.text);
  const paid = await app.graphql(
    'mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Maria Pagadora", payerDocument: "52998224725") { status } }',
    { id: created.body.id },
  );
  assert.equal(paid.errors, undefined, JSON.stringify(paid.errors));
  return created.body.id as string;
}

export function postRefund(
  app: TestApp,
  merchant: Merchant | null,
  chargeId: string,
  body: Record<string, unknown> | undefined = {},
  key: string | null = newUuid(),
) {
  return app.request("POST", `/charges/${chargeId}/refunds`, {
    token: merchant ? merchant.clientSecret : TEST_ADMIN_TOKEN,
    body,
    headers: key === null ? {} : { "idempotency-key": key },
  });
}

/** Refunds and answers the refund's id (asserting the 201). */
export async function createRefund(
  app: TestApp,
  merchant: Merchant,
  chargeId: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await postRefund(app, merchant, chargeId, body);
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

export function simulateRefundOutcome(app: TestApp, id: string, outcome: "REFUNDED" | "FAILED", reason?: string) {
  return app.graphql(
    `mutation($id: ID!, $reason: String) { simulateRefundOutcome(id: $id, outcome: ${outcome}, reason: $reason) {
       id status returnId failureReason refundedAt } }`,
    { id, reason: reason ?? null },
  );
}

export async function readRefund(app: TestApp, merchant: Merchant, id: string) {
  const res = await app.request("GET", `/refunds/${id}`, { token: merchant.clientSecret });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

export async function readCharge(app: TestApp, merchant: Merchant, id: string) {
  const res = await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** The balance in centavos and the account's ledger audit, which must agree with it. */
export async function auditedBalance(app: TestApp, merchant: Merchant): Promise<bigint> {
  const audit = await app.graphql(
    "query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance refundsHeld } }",
    { c: merchant.companyId },
  );
  assert.equal(audit.data.balanceAudit.consistent, true, JSON.stringify(audit.data.balanceAudit));
  return balanceCents(app, merchant);
}
