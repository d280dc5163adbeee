import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { type Merchant, newUuid, type TestApp } from "./test-app";

/** Small steps shared by the lifecycle, provider and webhook tests. */

export const VALID_CPF = "529.982.247-25";

export async function fundedMerchant(app: TestApp, amount = "100.00", input: Record<string, unknown> = {}) {
  const merchant = await app.createMerchant(input);
  await app.fund(merchant.companyId, amount);
  return merchant;
}

export function postWithdrawal(
  app: TestApp,
  merchant: Merchant,
  body: Record<string, unknown> = { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF },
  key: string = newUuid(),
) {
  return app.request("POST", "/withdrawals", {
    token: merchant.clientSecret,
    body,
    headers: { "idempotency-key": key },
  });
}

/** Creates a withdrawal and returns its id (asserting the 201). */
export async function createWithdrawal(app: TestApp, merchant: Merchant, body?: Record<string, unknown>) {
  const res = await postWithdrawal(app, merchant, body);
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

export async function balanceOf(app: TestApp, merchant: Merchant): Promise<number> {
  return (await app.request("GET", "/charges/balance", { token: merchant.clientSecret })).body.balance;
}

/** The balance in centavos, read as GraphQL's exact Money string (no float on the way). */
export async function balanceCents(app: TestApp, merchant: Merchant): Promise<bigint> {
  const result = await app.graphql("query { balance { balance } }", {}, merchant.clientSecret);
  return BigInt(String(result.data.balance.balance).replace(".", ""));
}

export async function readWithdrawal(app: TestApp, merchant: Merchant, id: string) {
  const res = await app.request("GET", `/withdrawals/${id}`, { token: merchant.clientSecret });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

export async function assertAuditConsistent(app: TestApp, companyId: string) {
  const audit = await app.graphql(
    "query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance recomputedBalance ledgerSum withdrawalsHeld } }",
    { c: companyId },
  );
  assert.equal(audit.data.balanceAudit.consistent, true, JSON.stringify(audit.data.balanceAudit));
  return audit.data.balanceAudit;
}

/** Operator mutation on one withdrawal; answers the GraphQL result. */
export function operatorMutation(app: TestApp, mutation: string, variables: Record<string, unknown>) {
  const declared = "reason" in variables ? "$id: ID!, $reason: String" : "$id: ID!";
  return app.graphql(`mutation(${declared}) { ${mutation} { id status reason retryCount } }`, variables);
}

export const approve = (app: TestApp, id: string) => operatorMutation(app, "approveWithdrawal(id: $id)", { id });
export const simulateOutcome = (app: TestApp, id: string, outcome: "PAID" | "FAILED", reason?: string) =>
  operatorMutation(app, `simulateWithdrawalOutcome(id: $id, outcome: ${outcome}, reason: $reason)`, {
    id,
    reason: reason ?? null,
  });

/** Polls until `check` answers a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function waitForWithdrawalStatus(
  app: TestApp,
  merchant: Merchant,
  id: string,
  status: string,
  timeoutMs?: number,
) {
  return waitFor(
    `withdrawal ${id} to be ${status}`,
    async () => {
      const withdrawal = await readWithdrawal(app, merchant, id);
      return withdrawal.status === status ? withdrawal : null;
    },
    timeoutMs,
  );
}

/** Events written to the outbox for one subject, oldest first. */
export async function outboxEvents(app: TestApp, subjectId: string): Promise<Array<Record<string, any>>> {
  const rows: Array<{ body: string }> = await app.services.db.query(
    "SELECT body FROM webhook_events WHERE subject_id = $1 ORDER BY sequence",
    [subjectId],
  );
  return rows.map((row) => JSON.parse(row.body));
}

/** Signs a raw provider notification body as the sandbox bank does. */
export function signProviderBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}
