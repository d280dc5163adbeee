import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  assertAuditConsistent,
  balanceCents,
  fundedMerchant,
  postWithdrawal,
  VALID_CPF,
} from "../../test/support/scenarios";
import { newUuid, startTestApp, type TestApp } from "../../test/support/test-app";

/*
 * Found by the model-based test (server/test/reliability/money-model.test.ts): a client sending its
 * POST /withdrawals again (same Idempotency-Key) while an operator or the bank moves that
 * withdrawal to a status that returns its amount. The replay held the account's row lock
 * and waited at the key's unique index for the transition, which held the withdrawal's row
 * and waited for the account: PostgreSQL broke the deadlock by failing one of them (500).
 */
let app: TestApp;

before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const ROUNDS = 60;

describe("a replayed withdrawal request racing a transition of that withdrawal", () => {
  test(`replays and a refunding transition at the same moment, ${ROUNDS} times: no 500, one change, the replay answers the original`, async () => {
    const merchant = await fundedMerchant(app, "10000.00");
    const body = { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF };
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const key = newUuid();
      const created = await postWithdrawal(app, merchant, body, key);
      assert.equal(created.status, 201, created.text);
      const id = created.body.id as string;
      const before = await balanceCents(app, merchant);
      const transition =
        round % 2 === 0
          ? app.graphql(
              'mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: FAILED, reason: "conta encerrada") { status } }',
              { id },
            )
          : app.graphql('mutation($id: ID!) { rejectWithdrawal(id: $id, reason: "documentos") { status } }', { id });
      const [moved, ...replays] = await Promise.all([
        transition,
        postWithdrawal(app, merchant, body, key),
        postWithdrawal(app, merchant, body, key),
        postWithdrawal(app, merchant, { ...body, amount: 11 }, key),
      ]);
      if (moved.errors) failures.push(`round ${round}: transition ${JSON.stringify(moved.errors[0].extensions)}`);
      for (const replay of replays.slice(0, 2)) {
        if (replay.status !== 201 || replay.text !== created.text) {
          failures.push(`round ${round}: replay ${replay.status} ${replay.text.slice(0, 120)}`);
        }
      }
      if (replays[2].status !== 409) failures.push(`round ${round}: other body ${replays[2].status}`);
      // Exactly one refund of the 10.00 reserved at creation.
      if (!moved.errors) assert.equal(await balanceCents(app, merchant), before + 1000n, `round ${round}`);
    }
    assert.deepEqual(failures, []);
    await assertAuditConsistent(app, merchant.companyId);
  });
});
