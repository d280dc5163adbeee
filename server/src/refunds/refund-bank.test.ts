import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { auditedBalance, createRefund, paidCharge, readRefund } from "../../test/support/refund-steps";
import { outboxEvents, waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { RETURN_ID_PATTERN } from "../core/ids";
import {
  SANDBOX_REFUND_REFUSED_MARKER,
  SANDBOX_REFUND_REFUSED_REASON,
  SANDBOX_REFUND_UNAVAILABLE_MARKER,
} from "../provider/pix-provider";
import { startBackgroundWork } from "../worker";

/**
 * The bank's side of a refund, with the worker running: the devolução sent, the sandbox's
 * settlement after SANDBOX_SETTLE_MS, its refusals and unavailability (retried, then a
 * read-back, then FAILED).
 */
const SETTLE_MS = 400;
let app: TestApp;
let work: { stop(): Promise<void> };
let merchant: Merchant;

before(async () => {
  app = await startTestApp({ SANDBOX_SETTLE_MS: String(SETTLE_MS) });
  work = await startBackgroundWork(app.runtime);
  merchant = await app.createMerchant();
  await app.fund(merchant.companyId, "1000.00");
});
after(async () => {
  await work.stop();
  await app.close();
});

function waitForRefund(id: string, status: string, timeoutMs = 20_000) {
  return waitFor(
    `refund ${id} to be ${status}`,
    async () => {
      const refund = await readRefund(app, merchant, id);
      return refund.status === status ? refund : null;
    },
    timeoutMs,
  );
}

describe("the sandbox bank", () => {
  test("takes the devolução (its rtrId recorded) and returns the money after SANDBOX_SETTLE_MS", async () => {
    const chargeId = await paidCharge(app, merchant, 50);
    const before = await auditedBalance(app, merchant);
    const id = await createRefund(app, merchant, chargeId, { amount: 20 });
    const refunded = await waitForRefund(id, "REFUNDED");
    assert.match(refunded.return_id, RETURN_ID_PATTERN);
    assert.ok(new Date(refunded.refunded_at).getTime() >= new Date(refunded.created_at).getTime() + SETTLE_MS - 50);
    assert.equal(refunded.retry_count, 0);
    assert.equal(await auditedBalance(app, merchant), before - 2000n);
    const events = await outboxEvents(app, id);
    assert.deepEqual(
      events.map((event) => [event.event, event.return_id === null]),
      [
        ["refund.processing", true],
        ["refund.refunded", false],
      ],
    );
  });

  test("a devolução the bank refuses is FAILED with its reason, the amount back in the balance", async () => {
    const chargeId = await paidCharge(app, merchant, 50);
    const before = await auditedBalance(app, merchant);
    const id = await createRefund(app, merchant, chargeId, {
      amount: 20,
      reason: `${SANDBOX_REFUND_REFUSED_MARKER} x`,
    });
    const failed = await waitForRefund(id, "FAILED");
    assert.equal(failed.failure_reason, SANDBOX_REFUND_REFUSED_REASON);
    assert.equal(failed.return_id, null);
    assert.equal(await auditedBalance(app, merchant), before);
    const charge = await app.request("GET", `/charges/${chargeId}`, { token: merchant.clientSecret });
    assert.equal(charge.body.refunded_amount, 0);
  });

  test("an unavailable bank is retried after 1, 2 and 4 s (retry_count 3), asked what it did, then FAILED", async () => {
    const chargeId = await paidCharge(app, merchant, 50);
    const before = await auditedBalance(app, merchant);
    const id = await createRefund(app, merchant, chargeId, { amount: 20, reason: SANDBOX_REFUND_UNAVAILABLE_MARKER });
    const failed = await waitForRefund(id, "FAILED", 30_000);
    assert.equal(failed.failure_reason, "bank unavailable");
    assert.equal(failed.retry_count, 3);
    const spent = new Date(failed.updated_at).getTime() - new Date(failed.created_at).getTime();
    assert.ok(spent >= 7000, `failed after ${spent} ms`);
    assert.equal(await auditedBalance(app, merchant), before);
  });
});
