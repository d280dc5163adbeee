import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  approve,
  assertAuditConsistent,
  balanceCents,
  createWithdrawal,
  fundedMerchant,
  readWithdrawal,
  simulateOutcome,
} from "../../test/support/scenarios";
import { startTestApp, type TestApp } from "../../test/support/test-app";

let app: TestApp;

before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const ROUNDS = 50;

function codeOf(result: { errors?: Array<{ extensions: { code: string } }> }): string {
  return result.errors ? result.errors[0].extensions.code : "OK";
}

describe("racing transitions on one withdrawal leave exactly one winner", () => {
  test(`approve against the merchant's cancel, ${ROUNDS} times`, async () => {
    const merchant = await fundedMerchant(app, "1000.00");
    for (let round = 0; round < ROUNDS; round += 1) {
      const before = await balanceCents(app, merchant);
      const id = await createWithdrawal(app, merchant);
      const [approved, cancelled] = await Promise.all([
        approve(app, id),
        app.request("POST", `/withdrawals/${id}/cancel`, {
          token: merchant.clientSecret,
          body: { reason: "changed mind" },
        }),
      ]);
      const approveWon = codeOf(approved) === "OK";
      const cancelWon = cancelled.status === 200;
      assert.notEqual(approveWon, cancelWon, `round ${round}: approve ${codeOf(approved)}, cancel ${cancelled.status}`);
      if (approveWon) {
        assert.equal(cancelled.status, 409);
        assert.equal(cancelled.body.code, "INVALID_STATE");
      } else {
        assert.equal(codeOf(approved), "INVALID_STATE");
      }
      const read = await readWithdrawal(app, merchant, id);
      assert.equal(read.status, approveWon ? "PROCESSING" : "CANCELLED");
      // Approved: still reserved (10.00 out). Cancelled: returned.
      assert.equal(await balanceCents(app, merchant), approveWon ? before - 1000n : before);
    }
    await assertAuditConsistent(app, merchant.companyId);
  });

  test(`settle against fail, ${ROUNDS} times`, async () => {
    const merchant = await fundedMerchant(app, "1000.00");
    for (let round = 0; round < ROUNDS; round += 1) {
      const before = await balanceCents(app, merchant);
      const id = await createWithdrawal(app, merchant);
      await approve(app, id);
      const [paid, failed] = await Promise.all([
        simulateOutcome(app, id, "PAID"),
        simulateOutcome(app, id, "FAILED", "bank refused"),
      ]);
      const codes = [codeOf(paid), codeOf(failed)].sort();
      assert.deepEqual(codes, ["INVALID_STATE", "OK"], `round ${round}`);
      const read = await readWithdrawal(app, merchant, id);
      const paidWon = codeOf(paid) === "OK";
      assert.equal(read.status, paidWon ? "PAID" : "FAILED");
      assert.equal(await balanceCents(app, merchant), paidWon ? before - 1000n : before);
      const refunds = await app.services.db.query(
        "SELECT count(*)::int AS n FROM ledger_entries WHERE withdrawal_id = $1 AND kind = 'WITHDRAWAL_REFUNDED'",
        [id],
      );
      assert.equal(refunds[0].n, paidWon ? 0 : 1);
    }
    await assertAuditConsistent(app, merchant.companyId);
  });

  test(`reject against approve against cancel, ${ROUNDS} times: one wins, one history row per change`, async () => {
    const merchant = await fundedMerchant(app, "1000.00");
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await createWithdrawal(app, merchant);
      const results = await Promise.all([
        approve(app, id),
        app.graphql('mutation($id: ID!) { rejectWithdrawal(id: $id, reason: "no") { status } }', { id }),
        app.graphql("mutation($id: ID!) { cancelWithdrawal(id: $id) { status } }", { id }, merchant.clientSecret),
      ]);
      assert.equal(results.filter((result) => codeOf(result) === "OK").length, 1, `round ${round}`);
      const rows = await app.services.db.query(
        "SELECT count(*)::int AS n FROM withdrawal_transitions WHERE withdrawal_id = $1",
        [id],
      );
      assert.equal(rows[0].n, 2);
    }
    await assertAuditConsistent(app, merchant.companyId);
  });
});
