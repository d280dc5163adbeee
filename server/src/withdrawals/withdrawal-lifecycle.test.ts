import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  approve,
  assertAuditConsistent,
  balanceOf,
  createWithdrawal,
  fundedMerchant,
  outboxEvents,
  postWithdrawal,
  readWithdrawal,
  simulateOutcome,
  waitForWithdrawalStatus,
} from "../../test/support/scenarios";
import { newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { startBackgroundWork } from "../worker";

let app: TestApp;
let work: { stop(): Promise<void> };

before(async () => {
  app = await startTestApp(); // SANDBOX_SETTLE_MS=0: settlement only by hand
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
});

const reject = (id: string, reason: string) =>
  app.graphql(
    "mutation($id: ID!, $reason: String!) { rejectWithdrawal(id: $id, reason: $reason) { id status reason } }",
    {
      id,
      reason,
    },
  );

async function history(id: string) {
  const result = await app.graphql(
    "query($id: ID!) { withdrawalHistory(id: $id) { fromStatus toStatus actor reason createdAt } }",
    { id },
  );
  return result.data.withdrawalHistory as Array<Record<string, any>>;
}

describe("approval", () => {
  test("approveWithdrawal moves PENDING to PROCESSING, keeps the reservation and writes history and events", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" });
    assert.equal(await balanceOf(app, merchant), 70);
    const result = await approve(app, id);
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    assert.equal(result.data.approveWithdrawal.status, "PROCESSING");
    const read = await readWithdrawal(app, merchant, id);
    assert.equal(read.status, "PROCESSING");
    assert.equal(read.queue_position, null);
    assert.equal(await balanceOf(app, merchant), 70);
    const rows = await history(id);
    assert.deepEqual(
      rows.map((row) => [row.fromStatus, row.toStatus, row.actor.split(":")[0]]),
      [
        [null, "PENDING", "merchant"],
        ["PENDING", "PROCESSING", "operator"],
      ],
    );
    const events = await outboxEvents(app, id);
    assert.deepEqual(
      events.map((event) => event.event),
      ["withdrawal.pending", "withdrawal.processing"],
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the sandbox bank settles a PROCESSING withdrawal by simulateWithdrawalOutcome PAID", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant);
    await approve(app, id);
    const paid = await simulateOutcome(app, id, "PAID");
    assert.equal(paid.data.simulateWithdrawalOutcome.status, "PAID");
    assert.equal(await balanceOf(app, merchant), 90);
    const events = await outboxEvents(app, id);
    assert.equal(events.at(-1)?.event, "withdrawal.paid");
    assert.equal(events.at(-1)?.status, "PAID");
    assert.equal("reason" in (events.at(-1) ?? {}), false);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("only PENDING can be approved; a merchant cannot approve", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant);
    const asMerchant = await app.graphql(
      "mutation($id: ID!) { approveWithdrawal(id: $id) { id } }",
      { id },
      merchant.clientSecret,
    );
    assert.equal(asMerchant.errors?.[0].extensions.code, "FORBIDDEN");
    await approve(app, id);
    const again = await approve(app, id);
    assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
    const unknown = await approve(app, "wd_doesnotexist");
    assert.equal(unknown.errors?.[0].extensions.code, "NOT_FOUND");
  });

  test("PROCESSING, PAID, FAILED and CANCELLED cannot be cancelled by the merchant (409 INVALID_STATE)", async () => {
    const merchant = await fundedMerchant(app);
    const processing = await createWithdrawal(app, merchant);
    await approve(app, processing);
    const paid = await createWithdrawal(app, merchant);
    await approve(app, paid);
    await simulateOutcome(app, paid, "PAID");
    const failed = await createWithdrawal(app, merchant);
    await simulateOutcome(app, failed, "FAILED", "closed account");
    const cancelled = await createWithdrawal(app, merchant);
    await reject(cancelled, "suspicious");
    for (const id of [processing, paid, failed, cancelled]) {
      const res = await app.request("POST", `/withdrawals/${id}/cancel`, { token: merchant.clientSecret, body: {} });
      assert.equal(res.status, 409, `${id}: ${res.text}`);
      assert.equal(res.body.code, "INVALID_STATE");
    }
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("rejection and failure return the amount", () => {
  test("rejectWithdrawal needs a reason, cancels with it and returns the amount", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, { amount: 25, pix_key_type: "CPF", pix_key: "52998224725" });
    const noReason = await reject(id, "  ");
    assert.equal(noReason.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PENDING");
    const rejected = await reject(id, "beneficiary under review");
    assert.equal(rejected.data.rejectWithdrawal.status, "CANCELLED");
    const read = await readWithdrawal(app, merchant, id);
    assert.equal(read.reason, "beneficiary under review");
    assert.equal(await balanceOf(app, merchant), 100);
    const last = (await outboxEvents(app, id)).at(-1);
    assert.equal(last?.event, "withdrawal.cancelled");
    assert.equal(last?.reason, "beneficiary under review");
    const rows = await history(id);
    assert.equal(rows.at(-1)?.actor, "operator:token");
    assert.equal(rows.at(-1)?.reason, "beneficiary under review");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("an operator's rejection is told apart from a cancellation (rejected), by the merchant or an operator", async () => {
    const merchant = await fundedMerchant(app);
    const rejectedId = await createWithdrawal(app, merchant, {
      amount: 10,
      pix_key_type: "CPF",
      pix_key: "52998224725",
    });
    const byMerchant = await createWithdrawal(app, merchant, {
      amount: 10,
      pix_key_type: "CPF",
      pix_key: "52998224725",
    });
    const byOperator = await createWithdrawal(app, merchant, {
      amount: 10,
      pix_key_type: "CPF",
      pix_key: "52998224725",
    });
    const pending = await createWithdrawal(app, merchant, { amount: 10, pix_key_type: "CPF", pix_key: "52998224725" });
    assert.equal((await reject(rejectedId, "documentos pendentes")).data.rejectWithdrawal.status, "CANCELLED");
    const cancel = 'mutation($id: ID!) { cancelWithdrawal(id: $id, reason: "desisti") { status rejected } }';
    const cancelled = await app.graphql(cancel, { id: byMerchant }, merchant.clientSecret);
    assert.deepEqual(cancelled.data.cancelWithdrawal, { status: "CANCELLED", rejected: false });
    assert.deepEqual((await app.graphql(cancel, { id: byOperator })).data.cancelWithdrawal, {
      status: "CANCELLED",
      rejected: false,
    });
    // Read back in one list (one batched look-up), by the operator and by the merchant.
    const list = "query($c: ID) { withdrawals(companyId: $c, first: 20) { data { id status rejected } } }";
    for (const [variables, token] of [
      [{ c: merchant.companyId }, undefined],
      [{}, merchant.clientSecret],
    ] as const) {
      const { data } = await app.graphql(list, variables, token);
      const rejectedOf = new Map(
        (data.withdrawals.data as Array<{ id: string; rejected: boolean }>).map((row) => [row.id, row.rejected]),
      );
      assert.equal(rejectedOf.get(rejectedId), true);
      assert.equal(rejectedOf.get(byMerchant), false);
      assert.equal(rejectedOf.get(byOperator), false);
      assert.equal(rejectedOf.get(pending), false);
    }
  });

  test("the bank may fail a PENDING or a PROCESSING withdrawal; PAID needs PROCESSING", async () => {
    const merchant = await fundedMerchant(app);
    const pending = await createWithdrawal(app, merchant);
    const earlyPaid = await simulateOutcome(app, pending, "PAID");
    assert.equal(earlyPaid.errors?.[0].extensions.code, "INVALID_STATE");
    const failed = await simulateOutcome(app, pending, "FAILED");
    assert.equal(failed.data.simulateWithdrawalOutcome.status, "FAILED");
    assert.equal(failed.data.simulateWithdrawalOutcome.reason, "bank error");
    const processing = await createWithdrawal(app, merchant);
    await approve(app, processing);
    const failedLater = await simulateOutcome(app, processing, "FAILED", "account closed");
    assert.equal(failedLater.data.simulateWithdrawalOutcome.reason, "account closed");
    assert.equal(await balanceOf(app, merchant), 100);
    const again = await simulateOutcome(app, processing, "PAID");
    assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
    const event = (await outboxEvents(app, processing)).at(-1);
    assert.equal(event?.event, "withdrawal.failed");
    assert.equal(event?.reason, "account closed");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test('a key at fail.invalid is refused by the bank: FAILED, "PIX key not found", amount returned', async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, {
      amount: 40,
      pix_key_type: "EMAIL",
      pix_key: "nobody@fail.invalid",
    });
    await approve(app, id);
    const failed = await waitForWithdrawalStatus(app, merchant, id, "FAILED");
    assert.equal(failed.reason, "PIX key not found");
    assert.equal(failed.retry_count, 0);
    assert.equal(await balanceOf(app, merchant), 100);
    assert.equal((await history(id)).at(-1)?.actor, "provider");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a key at unavailable.invalid is retried after 1, 2 and 4 s, then FAILED with retry_count 3", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, {
      amount: 40,
      pix_key_type: "EMAIL",
      pix_key: "someone@unavailable.invalid",
    });
    const approvedAt = Date.now();
    await approve(app, id);
    const failed = await waitForWithdrawalStatus(app, merchant, id, "FAILED", 20_000);
    assert.equal(failed.retry_count, 3);
    assert.equal(failed.reason, "bank unavailable");
    // 1 + 2 + 4 seconds of back-off at the least.
    assert.ok(Date.now() - approvedAt >= 7000, `failed after ${Date.now() - approvedAt} ms`);
    assert.equal(await balanceOf(app, merchant), 100);
    const events = await outboxEvents(app, id);
    assert.deepEqual(
      events.map((event) => event.event),
      ["withdrawal.pending", "withdrawal.processing", "withdrawal.failed"],
    );
    assert.equal(events[2].retry_count, 3);
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("auto-approve limit and the queue", () => {
  test("withdrawals at or under autoApproveLimit go straight to PROCESSING; above it they wait", async () => {
    const merchant = await fundedMerchant(app, "200.00", { autoApproveLimit: "50.00" });
    const key = newUuid();
    const atLimit = await postWithdrawal(
      app,
      merchant,
      { amount: 50, pix_key_type: "CPF", pix_key: "52998224725" },
      key,
    );
    assert.equal(atLimit.status, 201);
    assert.equal(atLimit.body.status, "PROCESSING");
    assert.equal(atLimit.body.queue_position, null);
    const replay = await postWithdrawal(
      app,
      merchant,
      { amount: 50, pix_key_type: "CPF", pix_key: "52998224725" },
      key,
    );
    assert.equal(replay.headers.get("idempotent-replayed"), "true");
    assert.equal(replay.text, atLimit.text);
    const above = await postWithdrawal(app, merchant, { amount: 50.01, pix_key_type: "CPF", pix_key: "52998224725" });
    assert.equal(above.body.status, "PENDING");
    assert.equal(above.body.queue_position, 1);
    const rows = await history(atLimit.body.id);
    assert.deepEqual(
      rows.map((row) => row.actor),
      [rows[0].actor, "system:auto-approve"],
    );
    assert.deepEqual(
      (await outboxEvents(app, atLimit.body.id)).map((event) => event.event),
      ["withdrawal.pending", "withdrawal.processing"],
    );
    const audit = await assertAuditConsistent(app, merchant.companyId);
    assert.equal(audit.withdrawalsHeld, "100.01");
  });

  test("operators can change the limit; without one every withdrawal waits", async () => {
    const merchant = await fundedMerchant(app);
    assert.equal((await postWithdrawal(app, merchant)).body.status, "PENDING");
    const updated = await app.graphql(
      'mutation($id: ID!) { updateCompany(id: $id, input: { autoApproveLimit: "20.00" }) { autoApproveLimit } }',
      { id: merchant.companyId },
    );
    assert.equal(updated.errors, undefined, JSON.stringify(updated.errors));
    assert.equal(updated.data.updateCompany.autoApproveLimit, "20.00");
    assert.equal((await postWithdrawal(app, merchant)).body.status, "PROCESSING");
  });

  test("queue_position is the place among the account's PENDING withdrawals, oldest first", async () => {
    const merchant = await fundedMerchant(app);
    const first = await createWithdrawal(app, merchant);
    const second = await createWithdrawal(app, merchant);
    const third = await createWithdrawal(app, merchant);
    const other = await fundedMerchant(app);
    await createWithdrawal(app, other);
    assert.deepEqual(
      await Promise.all(
        [first, second, third].map(async (id) => (await readWithdrawal(app, merchant, id)).queue_position),
      ),
      [1, 2, 3],
    );
    await approve(app, first);
    assert.equal((await readWithdrawal(app, merchant, first)).queue_position, null);
    assert.equal((await readWithdrawal(app, merchant, second)).queue_position, 1);
    assert.equal((await readWithdrawal(app, merchant, third)).queue_position, 2);
    const list = await app.request("GET", "/withdrawals?status=PENDING", { token: merchant.clientSecret });
    assert.deepEqual(
      list.body.data.map((w: any) => [w.id, w.queue_position]),
      [
        [third, 2],
        [second, 1],
      ],
    );
  });

  test("the merchant's read shows reason, retry_count and withdrawal_reference", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant);
    await reject(id, "limit exceeded");
    const read = await readWithdrawal(app, merchant, id);
    assert.equal(read.reason, "limit exceeded");
    assert.equal(read.retry_count, 0);
    assert.match(read.withdrawal_reference, /^WDR_[A-Z0-9]+$/);
  });
});

describe("sandbox settlement delay", () => {
  test("with SANDBOX_SETTLE_MS set, an approved withdrawal settles by itself", async () => {
    const timed = await startTestApp({ SANDBOX_SETTLE_MS: "300" });
    const timedWork = await startBackgroundWork(timed.runtime);
    try {
      const merchant = await fundedMerchant(timed);
      const id = await createWithdrawal(timed, merchant);
      await approve(timed, id);
      const paid = await waitForWithdrawalStatus(timed, merchant, id, "PAID");
      assert.equal(paid.reason, null);
      assert.equal((await outboxEvents(timed, id)).at(-1)?.event, "withdrawal.paid");
      await assertAuditConsistent(timed, merchant.companyId);
    } finally {
      await timedWork.stop();
      await timed.close();
    }
  });
});
