import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { auditedBalance, paidCharge, postRefund, readCharge } from "../../test/support/refund-steps";
import { balanceCents, postWithdrawal, VALID_CPF } from "../../test/support/scenarios";
import { newUuid, startTestApp, type TestApp } from "../../test/support/test-app";

/**
 * Refunds at the same moment: of one charge (never above it), against the balance with
 * withdrawals (never below zero), and with one Idempotency-Key (exactly one refund). The
 * charge's row lock serializes refunds of a charge; the account's row lock makes the
 * balance check and the reservation one step, for refunds and withdrawals alike.
 */
let app: TestApp;

before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("concurrent refunds", () => {
  test("30 refunds of 10.00 at once on a 100.00 charge: exactly 10 pass, the rest REFUND_EXCEEDS_CHARGE", async () => {
    const merchant = await app.createMerchant();
    await app.fund(merchant.companyId, "1000.00");
    const chargeId = await paidCharge(app, merchant, 100);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => postRefund(app, merchant, chargeId, { amount: 10 })),
    );
    const statuses = results.map((res) => res.status);
    assert.equal(count(statuses, 201), 10, JSON.stringify(statuses));
    assert.equal(count(statuses, 400), 20, JSON.stringify(statuses));
    for (const res of results.filter((r) => r.status === 400)) assert.equal(res.body.code, "REFUND_EXCEEDS_CHARGE");
    assert.equal((await readCharge(app, merchant, chargeId)).refunded_amount, 100);
    assert.equal(await auditedBalance(app, merchant), 100000n + 9901n - 10000n);
  });

  test("refunds and withdrawals racing for one balance never take it below zero", async () => {
    const merchant = await app.createMerchant();
    const charges = await Promise.all(Array.from({ length: 4 }, () => paidCharge(app, merchant, 50)));
    const start = await balanceCents(app, merchant); // 4 × 49.50 = 198.00 (the 0.99 % fee rounds to 0.50)
    assert.equal(start, 19800n);
    const attempts = [
      ...charges.flatMap((chargeId) => [
        postRefund(app, merchant, chargeId, { amount: 20 }).then((res) => ({ kind: "refund", cents: 2000n, res })),
        postRefund(app, merchant, chargeId, { amount: 20 }).then((res) => ({ kind: "refund", cents: 2000n, res })),
      ]),
      ...Array.from({ length: 8 }, () =>
        postWithdrawal(app, merchant, { amount: 20, pix_key_type: "CPF", pix_key: VALID_CPF }).then((res) => ({
          kind: "withdrawal",
          cents: 2000n,
          res,
        })),
      ),
    ];
    const results = await Promise.all(attempts);
    const passed = results.filter((result) => result.res.status === 201);
    for (const result of results.filter((r) => r.res.status !== 201)) {
      assert.equal(result.res.status, 400, result.res.text);
      assert.equal(result.res.body.code, "INSUFFICIENT_BALANCE");
    }
    // 16 asks of 20.00 against 198.00: exactly 9 fit, whichever kind wins each race.
    assert.equal(passed.length, 9, JSON.stringify(results.map((r) => [r.kind, r.res.status])));
    const end = await auditedBalance(app, merchant);
    assert.equal(end, start - 9n * 2000n);
    const [lowest] = await app.services.db.query(
      "SELECT min(balance_after_cents) AS min FROM ledger_entries WHERE company_id = $1",
      [merchant.companyId],
    );
    assert.ok(BigInt(lowest.min) >= 0n, `the balance went to ${lowest.min}`);
  });

  test("one Idempotency-Key sent 10 times at once: one refund, the others its replay", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const key = newUuid();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => postRefund(app, merchant, chargeId, { amount: 5 }, key)),
    );
    assert.deepEqual(
      results.map((res) => res.status),
      Array(10).fill(201),
    );
    assert.equal(new Set(results.map((res) => res.text)).size, 1);
    assert.equal(results.filter((res) => res.headers.get("idempotent-replayed") === "true").length, 9);
    const list = await app.request("GET", `/charges/${chargeId}/refunds`, { token: merchant.clientSecret });
    assert.equal(list.body.total, 1);
    assert.equal(await auditedBalance(app, merchant), 9901n - 500n);
  });
});
