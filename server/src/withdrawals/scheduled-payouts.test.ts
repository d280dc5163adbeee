import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import {
  approve,
  balanceCents,
  createWithdrawal,
  fundedMerchant,
  postWithdrawal,
  readWithdrawal,
  VALID_CPF,
} from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";

/**
 * Scheduled payouts (CONTRACT §15) against the real database, with the service's clock set
 * by the test: reserved at creation, never sent before the day, sent on it once however many
 * workers race, moved off holidays, cancellable until sent.
 */
let app: TestApp;
let merchant: Merchant;

/** Thursday 10 Dec 2026, noon in São Paulo. */
const TODAY_NOON = new Date("2026-12-10T15:00:00.000Z");
const setClock = (at: Date) => {
  app.services.clock.now = () => at;
};

before(async () => {
  app = await startTestApp();
  merchant = await fundedMerchant(app, "1000.00");
});
beforeEach(() => setClock(TODAY_NOON));
after(() => app.close());

const scheduled = (scheduledFor: unknown, amount = 10) => ({
  amount,
  pix_key_type: "CPF",
  pix_key: VALID_CPF,
  scheduled_for: scheduledFor,
});

async function jobsOf(task: string, withdrawalId: string): Promise<Array<{ run_at: Date }>> {
  return app.services.db.query(
    `SELECT j.run_at FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = $1 AND j.payload->>'withdrawalId' = $2`,
    [task, withdrawalId],
  );
}
const submissionsOf = (id: string) => jobsOf("withdrawal_submit_transfer", id);
const release = (id: string) =>
  app.services.withdrawalProcessor.releaseScheduledPayout({ withdrawalId: id, requestId: null });
const submit = (id: string) => app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });

describe("scheduled_for on POST /withdrawals", () => {
  for (const [value, message] of [
    ["2026-12-1", "scheduled_for must be a date YYYY-MM-DD"],
    ["2026-02-30", "scheduled_for must be a date YYYY-MM-DD"],
    ["10/12/2026", "scheduled_for must be a date YYYY-MM-DD"],
    [20261211, "scheduled_for must be a string"],
    ["2026-12-09", "scheduled_for must be today (2026-12-10) or later"],
    ["2027-02-09", "scheduled_for must be at most 60 days ahead"],
  ] as const) {
    test(`${JSON.stringify(value)}: 400 VALIDATION_ERROR, nothing reserved`, async () => {
      const before = await balanceCents(app, merchant);
      const res = await postWithdrawal(app, merchant, scheduled(value));
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(res.body, { error: message, code: "VALIDATION_ERROR" });
      assert.equal(await balanceCents(app, merchant), before);
    });
  }

  test("today and 60 days ahead (Carnival 2027) are taken; the amount is reserved at creation", async () => {
    const before = await balanceCents(app, merchant);
    const res = await postWithdrawal(app, merchant, scheduled("2027-02-08", 12.34));
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.scheduled_for, "2027-02-08");
    assert.equal(res.body.sends_on, "2027-02-10"); // Carnival Monday and Tuesday
    assert.equal(res.body.status, "PENDING");
    assert.equal(await balanceCents(app, merchant), before - 1234n);
    const today = await postWithdrawal(app, merchant, scheduled("2026-12-10"));
    assert.equal(today.status, 201, today.text);
    assert.equal(today.body.sends_on, "2026-12-10");
  });

  test("a banking holiday or a weekend moves the send to the next business day", async () => {
    const christmas = await postWithdrawal(app, merchant, scheduled("2026-12-25"));
    assert.equal(christmas.body.scheduled_for, "2026-12-25");
    assert.equal(christmas.body.sends_on, "2026-12-28");
    const saturday = await postWithdrawal(app, merchant, scheduled("2026-12-12"));
    assert.equal(saturday.body.sends_on, "2026-12-14");
    const read = await readWithdrawal(app, merchant, christmas.body.id);
    assert.equal(read.scheduled_for, "2026-12-25");
    assert.equal(read.sends_on, "2026-12-28");
  });

  test("the same Idempotency-Key with another day is 409; with the same day, the replay", async () => {
    const key = newUuid();
    const first = await postWithdrawal(app, merchant, scheduled("2026-12-11"), key);
    assert.equal(first.status, 201);
    const again = await postWithdrawal(app, merchant, scheduled("2026-12-11"), key);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.equal(again.text, first.text);
    const other = await postWithdrawal(app, merchant, scheduled("2026-12-14"), key);
    assert.equal(other.status, 409);
    assert.equal(other.body.code, "IDEMPOTENCY_KEY_REUSED");
    const unscheduled = await postWithdrawal(
      app,
      merchant,
      { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF },
      key,
    );
    assert.equal(unscheduled.status, 409);
  });

  test("GraphQL's createWithdrawal takes scheduledFor and answers it with sendsOn", async () => {
    const result = await app.graphql(
      `mutation($input: CreateWithdrawalInput!, $key: String!) {
        createWithdrawal(input: $input, idempotencyKey: $key) { status scheduledFor sendsOn }
      }`,
      { input: { amount: 5, pixKeyType: "CPF", pixKey: VALID_CPF, scheduledFor: "2026-12-25" }, key: newUuid() },
      merchant.clientSecret,
    );
    assert.deepEqual(result.data?.createWithdrawal, {
      status: "PENDING",
      scheduledFor: "2026-12-25",
      sendsOn: "2026-12-28",
    });
    const refused = await app.graphql(
      `mutation($input: CreateWithdrawalInput!, $key: String!) { createWithdrawal(input: $input, idempotencyKey: $key) { id } }`,
      { input: { amount: 5, pixKeyType: "CPF", pixKey: VALID_CPF, scheduledFor: "2026-12-09" }, key: newUuid() },
      merchant.clientSecret,
    );
    assert.equal(refused.errors?.[0].extensions.code, "VALIDATION_ERROR");
  });
});

describe("an approved scheduled payout", () => {
  test("is not sent before its day, and is sent on it exactly once with two workers racing", async () => {
    const id = await createWithdrawal(app, merchant, scheduled("2026-12-11"));
    await approve(app, id);
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
    assert.deepEqual(await submissionsOf(id), []);
    const [day] = await jobsOf("withdrawal_release_scheduled", id);
    assert.equal(day.run_at.toISOString(), "2026-12-11T03:00:00.000Z"); // midnight in São Paulo

    // A day's job run early (another worker's clock), and a stray submission: nothing goes.
    setClock(new Date("2026-12-11T02:59:59.999Z"));
    await release(id);
    await submit(id);
    assert.deepEqual(await submissionsOf(id), []);
    const waiting = await readWithdrawal(app, merchant, id);
    assert.equal(waiting.e2e_id, null);
    assert.equal(waiting.status, "PROCESSING");

    const simulated = await app.graphql(
      `mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: PAID) { status } }`,
      { id },
    );
    assert.equal(simulated.errors?.[0].extensions.code, "INVALID_STATE");

    setClock(new Date("2026-12-11T03:00:00.000Z"));
    await Promise.all([release(id), release(id)]);
    assert.equal((await submissionsOf(id)).length, 1);
    await submit(id);
    const sent = await readWithdrawal(app, merchant, id);
    assert.match(sent.e2e_id, /^E\d{8}/);

    const cancel = await app.request("POST", `/withdrawals/${id}/cancel`, { token: merchant.clientSecret });
    assert.equal(cancel.status, 409);
    assert.deepEqual(cancel.body, { error: "Withdrawal is PROCESSING; cannot cancel", code: "INVALID_STATE" });
  });

  test("on a holiday waits for the next business day", async () => {
    const id = await createWithdrawal(app, merchant, scheduled("2026-12-25"));
    await approve(app, id);
    const [day] = await jobsOf("withdrawal_release_scheduled", id);
    assert.equal(day.run_at.toISOString(), "2026-12-28T03:00:00.000Z");
    setClock(new Date("2026-12-25T15:00:00.000Z"));
    await release(id);
    assert.deepEqual(await submissionsOf(id), []);
    setClock(new Date("2026-12-28T12:00:00.000Z"));
    await release(id);
    assert.equal((await submissionsOf(id)).length, 1);
  });

  test("approved on its day is sent at once", async () => {
    const id = await createWithdrawal(app, merchant, scheduled("2026-12-10"));
    await approve(app, id);
    assert.equal((await submissionsOf(id)).length, 1);
    assert.deepEqual(await jobsOf("withdrawal_release_scheduled", id), []);
  });

  test("cancelled before it is sent: CANCELLED, the amount returned, and its day sends nothing", async () => {
    const before = await balanceCents(app, merchant);
    const id = await createWithdrawal(app, merchant, scheduled("2026-12-14", 20));
    await approve(app, id);
    assert.equal(await balanceCents(app, merchant), before - 2000n);
    const cancel = await app.request("POST", `/withdrawals/${id}/cancel`, { token: merchant.clientSecret });
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal(cancel.body.status, "CANCELLED");
    assert.equal(await balanceCents(app, merchant), before);
    setClock(new Date("2026-12-14T12:00:00.000Z"));
    await release(id);
    assert.deepEqual(await submissionsOf(id), []);
    const audit = await app.graphql(`query($c: ID!) { balanceAudit(companyId: $c) { consistent } }`, {
      c: merchant.companyId,
    });
    assert.equal(audit.data.balanceAudit.consistent, true);
  });
});
