import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, outboxEvents } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { isoDate, saoPauloDay } from "../billing/business-days";
import { RecurrenceFrequency, RecurrenceRetryPolicy } from "./recurrence.entity";

/**
 * CONTRACT §12, recurring charges: the 2-to-10-days rule, fixed and variable amounts, only an
 * APPROVED recurrence charged, the payer's bank's debit (PAID as any charge: ledger, fee,
 * charge.paid; FAILED: the attempt, charge.payment_failed) and THREE_IN_SEVEN_DAYS' retries on
 * an injected clock, then EXPIRED.
 */
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant({ feePercent: "2.00", feeFixed: "0.50" });
  other = await app.createMerchant();
});
after(() => app?.close());

const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);
const codeOf = (result: { errors?: Array<{ extensions: { code: string } }> }) => result.errors?.[0]?.extensions.code;
const system = { actor: "test", audit: null, requestId: null };

async function recurrence(extra: Record<string, unknown> = {}, decision: "APPROVED" | "REJECTED" | null = "APPROVED") {
  const res = await app.request("POST", "/recurrences", {
    token: merchant.clientSecret,
    headers: { "Idempotency-Key": newUuid() },
    body: {
      payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
      contract: "CT-1",
      object: "Plano mensal",
      frequency: "MONTHLY",
      start_date: day(0),
      amount: 100,
      ...extra,
    },
  });
  assert.equal(res.status, 201, res.text);
  if (decision) {
    const decided = await app.graphql(
      `mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: ${decision}) { status } }`,
      { id: res.body.id },
    );
    assert.equal(decided.data.simulateRecurrenceDecision.status, decision);
  }
  return res.body as { id: string };
}

const charge = (recurrenceId: string, body: Record<string, unknown>, token = merchant.clientSecret) =>
  app.request("POST", `/recurrences/${recurrenceId}/charges`, { token, body });

const debit = (chargeId: string, outcome: "PAID" | "FAILED", reason?: string) =>
  app.graphql(
    `mutation($id: ID!, $reason: String) { simulateRecurringDebit(chargeId: $id, outcome: ${outcome}, reason: $reason) { id status debitAttempt failureReason nextAttemptOn paidAmount } }`,
    { id: chargeId, reason },
    merchant.clientSecret,
  );

describe("POST /recurrences/:id/charges", () => {
  test("201 a PENDING charge of type RECURRING with recurrence_id, the recurrence's amount and payer", async () => {
    const rec = await recurrence();
    const res = await charge(rec.id, { due_date: day(5) });
    assert.equal(res.status, 201, res.text);
    const made = res.body;
    assert.equal(made.type, "RECURRING");
    assert.equal(made.status, "PENDING");
    assert.equal(made.recurrence_id, rec.id);
    assert.equal(made.due_date, day(5));
    assert.equal(made.amount, 100);
    assert.equal(made.fee, 2.5);
    assert.equal(made.net_amount, 97.5);
    assert.equal(made.amount_due, 100);
    assert.equal(made.days_after_due, null);
    assert.deepEqual(made.payer, { name: "Maria da Silva", document: "52998224725" });
    assert.equal(made.description, "Plano mensal");
    assert.equal(made.debit_attempt, 1);
    assert.equal(made.next_attempt_on, day(5));
    assert.equal(made.failure_reason, null);
    // Payable until the end of its due date in São Paulo, unless a retry moves it.
    assert.equal(made.expires_at, `${day(6)}T03:00:00.000Z`);
    const read = await app.request("GET", `/charges/${made.id}`, { token: merchant.clientSecret });
    assert.deepEqual(read.body, made);
    const list = await app.request("GET", `/recurrences/${rec.id}/charges`, { token: merchant.clientSecret });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 1);
    assert.deepEqual(list.body.data, [made]);
  });

  test("nothing to scan: pix_code is null (REST and GraphQL) and its QR code is 409 INVALID_STATE", async () => {
    const rec = await recurrence();
    const made = await charge(rec.id, { due_date: day(4) });
    assert.equal(made.status, 201, made.text);
    // The API Pix CobR has no pixCopiaECola: the payer's bank debits it on the due date.
    assert.equal(made.body.pix_code, null);
    assert.equal(Object.keys(made.body)[4], "pix_code");
    const read = await app.graphql("query($id: ID!) { charge(id: $id) { pixCode type } }", { id: made.body.id });
    assert.deepEqual(read.data.charge, { pixCode: null, type: "RECURRING" });
    for (const format of ["", "?format=svg"]) {
      const image = await app.request("GET", `/charges/${made.body.id}/qrcode${format}`, {
        token: merchant.clientSecret,
      });
      assert.equal(image.status, 409, image.text);
      assert.deepEqual(image.body, {
        error: "A recurring charge has no QR code: the payer's bank debits it",
        code: "INVALID_STATE",
      });
    }
    // The database holds every other charge's code, and none for a recurring one.
    const [row] = await app.runtime.db.query("SELECT pix_code FROM charges WHERE id = $1", [made.body.id]);
    assert.equal(row.pix_code, null);
    await assert.rejects(
      app.runtime.db.query("UPDATE charges SET pix_code = '000201' WHERE id = $1", [made.body.id]),
      /charges_pix_code_unless_recurring/,
    );
  });

  test("the due date is 2 to 10 days after today (America/Sao_Paulo), within the recurrence's dates", async () => {
    const rec = await recurrence({ end_date: day(8) });
    for (const [due, status] of [
      [day(1), 400],
      [day(2), 201],
      [day(8), 201],
      [day(9), 400],
      ["2026-13-01", 400],
    ] as const) {
      const res = await charge(rec.id, { due_date: due });
      assert.equal(res.status, status, `${due}: ${res.text}`);
      if (status === 400) assert.equal(res.body.code, "VALIDATION_ERROR");
    }
    const early = await charge(rec.id, { due_date: day(1) });
    assert.equal(early.body.error, `due_date must be 2 to 10 days after today (${day(0)}, America/Sao_Paulo)`);
    const late = await charge(rec.id, { due_date: day(9) });
    assert.equal(late.body.error, `due_date must not be after the recurrence's end_date (${day(8)})`);
    const open = await recurrence({ start_date: day(3) });
    assert.equal((await charge(open.id, { due_date: day(10) })).status, 201);
    assert.equal((await charge(open.id, { due_date: day(11) })).status, 400);
    const beforeStart = await charge(open.id, { due_date: day(2) });
    assert.equal(beforeStart.body.error, `due_date must not be before the recurrence's start_date (${day(3)})`);
  });

  test("a fixed amount is enforced; a variable one is required", async () => {
    const fixed = await recurrence();
    const wrong = await charge(fixed.id, { due_date: day(4), amount: 99.99 });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body, {
      error: "amount must be the recurrence's fixed amount (100.00)",
      code: "VALIDATION_ERROR",
    });
    assert.equal((await charge(fixed.id, { due_date: day(4), amount: 100 })).status, 201);
    const variable = await recurrence({ amount: undefined });
    const missing = await charge(variable.id, { due_date: day(4) });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, "amount is required: the recurrence's amount is variable");
    const given = await charge(variable.id, { due_date: day(4), amount: 37.15 });
    assert.equal(given.status, 201, given.text);
    assert.equal(given.body.amount, 37.15);
  });

  test("409 INVALID_STATE unless APPROVED; another account's recurrence is 404", async () => {
    const waiting = await recurrence({}, null);
    const rejected = await recurrence({}, "REJECTED");
    const cancelled = await recurrence();
    await app.request("POST", `/recurrences/${cancelled.id}/cancel`, { token: merchant.clientSecret, body: {} });
    for (const [rec, status] of [
      [waiting, "CREATED"],
      [rejected, "REJECTED"],
      [cancelled, "CANCELLED"],
    ] as const) {
      const res = await charge(rec.id, { due_date: day(4) });
      assert.equal(res.status, 409, res.text);
      assert.deepEqual(res.body, { error: `Recurrence is ${status}; cannot charge`, code: "INVALID_STATE" });
    }
    const foreign = await charge(waiting.id, { due_date: day(4) }, other.clientSecret);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, "NOT_FOUND");
    const foreignList = await app.request("GET", `/recurrences/${waiting.id}/charges`, { token: other.clientSecret });
    assert.equal(foreignList.status, 404);
    const [{ n }] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM charges WHERE recurrence_id = ANY($1)",
      [[waiting.id, rejected.id, cancelled.id]],
    );
    assert.equal(n, 0);
  });

  test("createRecurringCharge over GraphQL; cancelling the recurrence cancels its PENDING charges", async () => {
    const rec = await recurrence();
    const made = await app.graphql(
      `mutation($id: ID!, $input: CreateRecurringChargeInput!) {
        createRecurringCharge(recurrenceId: $id, input: $input) { id type status recurrenceId amount dueDate }
      }`,
      { id: rec.id, input: { dueDate: day(3) } },
      merchant.clientSecret,
    );
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const created = made.data.createRecurringCharge;
    assert.deepEqual(
      { ...created, id: undefined },
      { id: undefined, type: "RECURRING", status: "PENDING", recurrenceId: rec.id, amount: "100.00", dueDate: day(3) },
    );
    const cancelled = await app.request("POST", `/recurrences/${rec.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(cancelled.status, 200);
    const read = await app.request("GET", `/charges/${created.id}`, { token: merchant.clientSecret });
    assert.equal(read.body.status, "CANCELLED");
    assert.equal(read.body.next_attempt_on, null);
    assert.deepEqual(
      (await outboxEvents(app, created.id)).map((event) => [event.event, event.status]),
      [["charge.cancelled", "CANCELLED"]],
    );
    assert.equal(codeOf(await debit(created.id, "PAID")), "INVALID_STATE");
  });
});

describe("the payer's bank's debit", () => {
  test("PAID: as any charge paid, the net credited once, charge.paid, the attempt recorded", async () => {
    const before = await balanceCents(app, merchant);
    const rec = await recurrence();
    const made = (await charge(rec.id, { due_date: day(2) })).body;
    const paid = await debit(made.id, "PAID");
    assert.equal(paid.errors, undefined, JSON.stringify(paid.errors));
    assert.deepEqual(paid.data.simulateRecurringDebit, {
      id: made.id,
      status: "PAID",
      debitAttempt: 1,
      failureReason: null,
      nextAttemptOn: null,
      paidAmount: "100.00",
    });
    assert.equal(await balanceCents(app, merchant), before + 9750n);
    assert.equal(codeOf(await debit(made.id, "PAID")), "INVALID_STATE");
    assert.equal(await balanceCents(app, merchant), before + 9750n);
    const events = await outboxEvents(app, made.id);
    assert.deepEqual(
      events.map((event) => [event.event, event.amount, event.net_amount]),
      [["charge.paid", 100, 97.5]],
    );
    const attempts = await app.services.db.query(
      "SELECT attempt, to_char(day, 'YYYY-MM-DD') AS day, outcome, failure_reason FROM recurring_debit_attempts WHERE charge_id = $1",
      [made.id],
    );
    assert.deepEqual(attempts, [{ attempt: 1, day: day(2), outcome: "PAID", failure_reason: null }]);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("FAILED without retries: the reason, charge.payment_failed with no next attempt, then EXPIRED", async () => {
    const before = await balanceCents(app, merchant);
    const rec = await recurrence();
    const made = (await charge(rec.id, { due_date: day(3) })).body;
    const failed = await debit(made.id, "FAILED", "saldo insuficiente");
    assert.deepEqual(failed.data.simulateRecurringDebit, {
      id: made.id,
      status: "EXPIRED",
      debitAttempt: 1,
      failureReason: "saldo insuficiente",
      nextAttemptOn: null,
      paidAmount: null,
    });
    const events = await outboxEvents(app, made.id);
    assert.deepEqual(
      events.map((event) => Object.keys(event)),
      [
        [
          "event",
          "event_id",
          "timestamp",
          "charge_id",
          "company_id",
          "amount",
          "attempt",
          "failure_reason",
          "next_attempt_on",
          "signature",
        ],
        ["event", "event_id", "timestamp", "charge_id", "company_id", "amount", "status", "signature"],
      ],
    );
    assert.deepEqual(
      { ...events[0], event_id: undefined, timestamp: undefined, signature: undefined },
      {
        event: "charge.payment_failed",
        event_id: undefined,
        timestamp: undefined,
        charge_id: `chg_${made.id}`,
        company_id: merchant.companyId,
        amount: 100,
        attempt: 1,
        failure_reason: "saldo insuficiente",
        next_attempt_on: null,
        signature: undefined,
      },
    );
    assert.equal(events[1].event, "charge.expired");
    assert.equal(await balanceCents(app, merchant), before);
    const audit = await app.services.db.query(
      "SELECT action, actor_kind, reason FROM audit_log WHERE object_id = $1 ORDER BY id",
      [made.id],
    );
    assert.deepEqual(audit, [
      { action: "charge.simulate_debit", actor_kind: "MERCHANT", reason: "saldo insuficiente" },
    ]);
  });

  test("only a recurring charge is debited", async () => {
    const immediate = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 10 } });
    const res = await debit(immediate.body.id, "PAID");
    assert.equal(codeOf(res), "VALIDATION_ERROR");
    assert.equal(res.errors?.[0].message, "The charge is not a recurring charge");
  });
});

describe("THREE_IN_SEVEN_DAYS, on an injected clock", () => {
  // Wednesday 14 April 2027, 12:00 in São Paulo; the charge is due Friday the 16th.
  const at = (date: string, time = "15:00:00") => new Date(`${date}T${time}Z`);

  async function dueOnFriday() {
    const { recurrence: rec } = await app.services.recurrences.createRecurrence(
      merchant.companyId,
      {
        payer: { name: "João Pereira", cpf: "111.444.777-35" },
        contract: "RETRY",
        object: "Plano anual",
        frequency: RecurrenceFrequency.ANNUAL,
        startDate: "2027-04-14",
        amountCents: 5000n,
        retryPolicy: RecurrenceRetryPolicy.THREE_IN_SEVEN_DAYS,
      },
      newUuid(),
      system,
      at("2027-04-14"),
    );
    await app.services.recurrences.simulateDecision(null, rec.id, "APPROVED", system);
    return app.services.recurringCharges.createRecurringCharge(
      null,
      rec.id,
      { dueDate: "2027-04-16" },
      system,
      at("2027-04-14"),
    );
  }

  const fail = (id: string, date: string, reason = "saldo insuficiente") =>
    app.services.recurringCharges.simulateRecurringDebit(null, id, "FAILED", reason, system, at(date));

  test("3 retries on the next business days (weekend and Tiradentes skipped), never twice a day, then EXPIRED", async () => {
    const made = await dueOnFriday();
    assert.equal(made.expiresAt.toISOString(), "2027-04-17T03:00:00.000Z");
    const steps: Array<[string, string | null, string]> = [
      ["2027-04-16", "2027-04-19", "2027-04-20T03:00:00.000Z"],
      ["2027-04-19", "2027-04-20", "2027-04-21T03:00:00.000Z"],
      // 21 April is Tiradentes, a national banking holiday.
      ["2027-04-20", "2027-04-22", "2027-04-23T03:00:00.000Z"],
    ];
    for (const [index, [failedOn, nextOn, expiresAt]] of steps.entries()) {
      const failed = await fail(made.id, failedOn);
      assert.equal(failed.status, "PENDING", failedOn);
      assert.equal(failed.debitAttempt, index + 2);
      assert.equal(failed.nextAttemptOn, nextOn);
      assert.equal(failed.failureReason, "saldo insuficiente");
      assert.equal(failed.expiresAt.toISOString(), expiresAt);
    }
    // The last retry refused: nothing left.
    const last = await fail(made.id, "2027-04-22", "conta encerrada");
    assert.equal(last.status, "EXPIRED");
    assert.equal(last.debitAttempt, 4);
    assert.equal(last.failureReason, "conta encerrada");
    const events = await outboxEvents(app, made.id);
    assert.deepEqual(
      events.map((event) => [event.event, event.attempt, event.next_attempt_on, event.failure_reason]),
      [
        ["charge.payment_failed", 1, "2027-04-19", "saldo insuficiente"],
        ["charge.payment_failed", 2, "2027-04-20", "saldo insuficiente"],
        ["charge.payment_failed", 3, "2027-04-22", "saldo insuficiente"],
        ["charge.payment_failed", 4, null, "conta encerrada"],
        ["charge.expired", undefined, undefined, undefined],
      ],
    );
    const attempts = await app.services.db.query(
      "SELECT attempt, to_char(day, 'YYYY-MM-DD') AS day, outcome FROM recurring_debit_attempts WHERE charge_id = $1 ORDER BY attempt",
      [made.id],
    );
    assert.deepEqual(
      attempts.map((row: { attempt: number; day: string; outcome: string }) => [row.attempt, row.day, row.outcome]),
      [
        [1, "2027-04-16", "FAILED"],
        [2, "2027-04-19", "FAILED"],
        [3, "2027-04-20", "FAILED"],
        [4, "2027-04-22", "FAILED"],
      ],
    );
  });

  test("a refusal reported early counts on its attempt's day; a retry that succeeds is paid as any charge", async () => {
    const before = await balanceCents(app, merchant);
    const made = await dueOnFriday();
    // The due date's refusal, reported on Thursday: the retry is still Monday's, not Friday's.
    const failed = await fail(made.id, "2027-04-15");
    assert.equal(failed.nextAttemptOn, "2027-04-19");
    const paid = await app.services.recurringCharges.simulateRecurringDebit(
      null,
      made.id,
      "PAID",
      null,
      system,
      at("2027-04-19"),
    );
    assert.equal(paid.status, "PAID");
    assert.equal(paid.debitAttempt, 2);
    assert.equal(paid.nextAttemptOn, null);
    assert.equal(paid.paidAt?.toISOString(), "2027-04-19T15:00:00.000Z");
    // 50.00 less 2% and 0.50.
    assert.equal(await balanceCents(app, merchant), before + 4850n);
    assert.deepEqual(
      (await outboxEvents(app, made.id)).map((event) => event.event),
      ["charge.payment_failed", "charge.paid"],
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("an attempt past its day's end is refused: the charge has expired", async () => {
    const made = await dueOnFriday();
    await assert.rejects(fail(made.id, "2027-04-17", "late"), { code: "INVALID_STATE" });
  });
});
