import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, outboxEvents, signProviderBody } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { isoDate, saoPauloDay } from "../billing/business-days";
import { CREATE_CYCLE_CHARGE_JOB, DUE_AUTO_CHARGE_SQL } from "./recurring-charges.service";

/**
 * CONTRACT §12 beyond the merchant's own calls: the first payment made with the authorisation
 * (journey 3), COMPLETED past the end date, and auto_charge's schedule (each cycle's charge
 * made by the service 7 days before its due date, claimed once whatever the number of
 * workers), on an injected clock.
 */
let app: TestApp;
let merchant: Merchant;

const PROVIDER_SECRET = "provider-secret-for-recurrence-tests-0123";

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant({ feePercent: "2.00", feeFixed: "0.50" });
});
after(() => app?.close());

const DAY_MS = 86_400_000;
const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);
/** Now, `days` later: the injected clock. */
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

async function createRecurrence(extra: Record<string, unknown> = {}) {
  const res = await app.request("POST", "/recurrences", {
    token: merchant.clientSecret,
    headers: { "Idempotency-Key": newUuid() },
    body: {
      payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
      contract: "CT-9",
      object: "Plano mensal",
      frequency: "MONTHLY",
      start_date: day(0),
      amount: 100,
      ...extra,
    },
  });
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; pix_code: string };
}

const decide = (id: string, decision: "APPROVED" | "REJECTED") =>
  app.graphql(`mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: ${decision}) { status } }`, { id });

const chargesOf = async (id: string) => {
  const res = await app.request("GET", `/recurrences/${id}/charges`, { token: merchant.clientSecret });
  assert.equal(res.status, 200, res.text);
  return res.body.data as Array<Record<string, unknown>>;
};

describe("the first payment (journey 3)", () => {
  test("an IMMEDIATE charge of the recurrence, paid with the sandbox's authorisation: ledger, fee, charge.paid", async () => {
    const before = await balanceCents(app, merchant);
    const rec = await createRecurrence({ first_payment: { amount: 49.9 } });
    const [first, ...others] = await chargesOf(rec.id);
    assert.deepEqual(others, []);
    assert.equal(first.type, "IMMEDIATE");
    assert.equal(first.status, "PENDING");
    assert.equal(first.recurrence_id, rec.id);
    assert.equal(first.amount, 49.9);
    assert.equal(first.description, "Plano mensal");
    assert.deepEqual(first.payer, { name: "Maria da Silva", document: "52998224725" });
    assert.equal(first.debit_attempt, null);
    // Payable as long as the authorisation: until the end of the start date.
    assert.equal(first.expires_at, `${day(1)}T03:00:00.000Z`);
    // The recurrence's code carries the first payment's location, the charge's own code too.
    const [{ location_id }] = await app.services.db.query(
      "SELECT first_payment_location_id AS location_id FROM recurrences WHERE id = $1",
      [rec.id],
    );
    assert.ok(rec.pix_code.includes(location_id), rec.pix_code);
    assert.ok(String(first.pix_code).includes(location_id));

    assert.equal((await decide(rec.id, "APPROVED")).data.simulateRecurrenceDecision.status, "APPROVED");
    const [paid] = await chargesOf(rec.id);
    assert.equal(paid.status, "PAID");
    assert.equal(paid.paid_amount, 49.9);
    assert.equal(paid.fee, 1.5);
    assert.equal(paid.net_amount, 48.4);
    assert.equal(paid.payer_name, "Maria da Silva");
    assert.equal((await balanceCents(app, merchant)) - before, 4840n);
    const events = await outboxEvents(app, String(first.id));
    assert.deepEqual(
      events.map((event) => [event.event, event.amount]),
      [["charge.paid", 49.9]],
    );
    assert.deepEqual(
      (await outboxEvents(app, rec.id)).map((event) => event.event),
      ["recurrence.approved"],
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("refused by the payer: the first payment is cancelled with it; no first payment, no charge", async () => {
    const rec = await createRecurrence({ first_payment: { amount: 10 } });
    await decide(rec.id, "REJECTED");
    const [first] = await chargesOf(rec.id);
    assert.equal(first.status, "CANCELLED");
    assert.deepEqual(
      (await outboxEvents(app, String(first.id))).map((event) => event.event),
      ["charge.cancelled"],
    );
    const plain = await createRecurrence();
    assert.deepEqual(await chargesOf(plain.id), []);
    await decide(plain.id, "APPROVED");
    assert.deepEqual(await chargesOf(plain.id), []);
  });

  test("paid by the bank's Pix notification of its txid, as any charge (the path a real bank takes)", async () => {
    const rec = await createRecurrence({ first_payment: { amount: 20 } });
    const [first] = await chargesOf(rec.id);
    const [{ txid, first_payment_txid }] = await app.services.db.query(
      "SELECT c.txid, r.first_payment_txid FROM charges c JOIN recurrences r ON r.id = c.recurrence_id WHERE c.id = $1",
      [first.id],
    );
    // The charge carries the txid the bank's cob was registered with (RecurrenceRegistration.firstPayment).
    assert.equal(txid, first_payment_txid);
    const rawBody = JSON.stringify({
      pix: [
        {
          endToEndId: `E12345678202612031000${newUuid().replace(/-/g, "").slice(0, 11)}`,
          txid,
          chave: "key",
          valor: "20.00",
          horario: new Date().toISOString(),
        },
      ],
    });
    const notified = await app.request("POST", "/provider/pix", {
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody),
      },
    });
    assert.equal(notified.status, 200, notified.text);
    const [paid] = await chargesOf(rec.id);
    assert.equal(paid.status, "PAID");
    assert.deepEqual(
      (await outboxEvents(app, String(first.id))).map((event) => event.event),
      ["charge.paid"],
    );
    // The sandbox's approval afterwards pays nothing twice.
    await decide(rec.id, "APPROVED");
    assert.deepEqual(
      (await outboxEvents(app, String(first.id))).map((event) => event.event),
      ["charge.paid"],
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("an idempotent replay makes no second first payment", async () => {
    const key = newUuid();
    const body = {
      payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
      contract: "CT-R",
      object: "Plano",
      frequency: "WEEKLY",
      start_date: day(0),
      first_payment: { amount: 5 },
    };
    const first = await app.request("POST", "/recurrences", {
      token: merchant.clientSecret,
      headers: { "Idempotency-Key": key },
      body,
    });
    const again = await app.request("POST", "/recurrences", {
      token: merchant.clientSecret,
      headers: { "Idempotency-Key": key },
      body,
    });
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.equal(again.body.id, first.body.id);
    assert.equal((await chargesOf(first.body.id)).length, 1);
  });
});

describe("COMPLETED past the end date", () => {
  test("APPROVED -> COMPLETED the day after its end date (America/Sao_Paulo), its PENDING charge kept", async () => {
    const rec = await createRecurrence({ end_date: day(5) });
    await decide(rec.id, "APPROVED");
    const made = await app.request("POST", `/recurrences/${rec.id}/charges`, {
      token: merchant.clientSecret,
      body: { due_date: day(5) },
    });
    assert.equal(made.status, 201, made.text);
    const unfinished = await createRecurrence();
    await decide(unfinished.id, "APPROVED");

    // On its end date it is still APPROVED.
    await app.services.recurrences.completePastEnd(later(5));
    assert.equal(
      (await app.request("GET", `/recurrences/${rec.id}`, { token: merchant.clientSecret })).body.status,
      "APPROVED",
    );
    assert.ok((await app.services.recurrences.completePastEnd(later(6))) >= 1);
    const read = await app.request("GET", `/recurrences/${rec.id}`, { token: merchant.clientSecret });
    assert.equal(read.body.status, "COMPLETED");
    assert.equal(read.body.reason, null);
    // No end date: never completed.
    const open = await app.request("GET", `/recurrences/${unfinished.id}`, { token: merchant.clientSecret });
    assert.equal(open.body.status, "APPROVED");
    // The contract names no recurrence.completed: only the approval's event.
    assert.deepEqual(
      (await outboxEvents(app, rec.id)).map((event) => event.event),
      ["recurrence.approved"],
    );
    const [audit] = await app.services.db.query(
      "SELECT actor, actor_kind, before, after FROM audit_log WHERE object_id = $1 AND action = 'recurrence.complete'",
      [rec.id],
    );
    assert.deepEqual(audit, {
      actor: "system",
      actor_kind: "SYSTEM",
      before: { status: "APPROVED" },
      after: { status: "COMPLETED" },
    });
    // Its last cycle's charge is still debited (and retried) after the end date.
    const [cycle] = await chargesOf(rec.id);
    assert.equal(cycle.status, "PENDING");
    // Final: no new charge, no cancel.
    const refused = await app.request("POST", `/recurrences/${rec.id}/charges`, {
      token: merchant.clientSecret,
      body: { due_date: day(4) },
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, "INVALID_STATE");
    const cancel = await app.request("POST", `/recurrences/${rec.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(cancel.status, 409);
    assert.equal(cancel.body.code, "INVALID_STATE");
    // A second sweep finds nothing more of it.
    await app.services.recurrences.completePastEnd(later(6));
    assert.equal(
      (
        await app.services.db.query(
          "SELECT count(*)::int AS n FROM audit_log WHERE object_id = $1 AND action = 'recurrence.complete'",
          [rec.id],
        )
      )[0].n,
      1,
    );
  });
});

describe("auto_charge: the service's billing schedule", () => {
  const cycleRows = (id: string) =>
    app.services.db.query(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date, charge_id, skipped_reason, settled_at IS NOT NULL AS settled FROM recurrence_cycles WHERE recurrence_id = $1 ORDER BY due_date",
      [id],
    );
  const jobsOf = (id: string) =>
    app.services.db.query(
      `SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t
         ON t.id = j.task_id WHERE t.identifier = $1 AND j.payload->>'recurrenceId' = $2`,
      [CREATE_CYCLE_CHARGE_JOB, id],
    );

  test("a cycle is claimed 7 days before its due date, once, with its job; the job makes its charge once", async () => {
    const rec = await createRecurrence({ start_date: day(10), auto_charge: true, frequency: "WEEKLY" });
    const schedule = app.services.recurringCharges;
    // Not yet authorised: nothing.
    await schedule.scheduleAutoCharges(later(3));
    assert.deepEqual(await cycleRows(rec.id), []);
    await decide(rec.id, "APPROVED");
    // 10 days before its first cycle: too early.
    await schedule.scheduleAutoCharges(later(0));
    assert.deepEqual(await cycleRows(rec.id), []);
    // 7 days before, several workers at once: claimed once.
    const claims = await Promise.all([1, 2, 3, 4].map(() => schedule.scheduleAutoCharges(later(3))));
    assert.equal(
      claims.reduce((sum, n) => sum + n, 0),
      (await app.services.db.query("SELECT count(*)::int AS n FROM recurrence_cycles")).at(0).n,
    );
    assert.deepEqual(await cycleRows(rec.id), [
      { due_date: day(10), charge_id: null, skipped_reason: null, settled: false },
    ]);
    assert.deepEqual(await jobsOf(rec.id), [
      { key: `recurrence-cycle:${rec.id}:${day(10)}`, payload: { recurrenceId: rec.id, dueDate: day(10) } },
    ]);
    assert.equal(await schedule.scheduleAutoCharges(later(4)), 0);

    // The job, run twice (a retry, a second worker): one charge, the recurrence's amount.
    const job = { recurrenceId: rec.id, dueDate: day(10) };
    const [made, again] = await Promise.all([
      schedule.createCycleCharge(job, later(3)),
      schedule.createCycleCharge(job, later(3)),
    ]);
    assert.equal([made, again].filter(Boolean).length, 1);
    const charges = await chargesOf(rec.id);
    assert.equal(charges.length, 1);
    const [cycleCharge] = charges;
    assert.equal(cycleCharge.type, "RECURRING");
    assert.equal(cycleCharge.status, "PENDING");
    assert.equal(cycleCharge.amount, 100);
    assert.equal(cycleCharge.due_date, day(10));
    assert.equal(cycleCharge.debit_attempt, 1);
    assert.deepEqual(await cycleRows(rec.id), [
      { due_date: day(10), charge_id: cycleCharge.id, skipped_reason: null, settled: true },
    ]);
    assert.equal(await schedule.createCycleCharge(job, later(3)), null);
    // As a merchant's charge: no event until its debit; its audit row names the system.
    assert.deepEqual(await outboxEvents(app, String(cycleCharge.id)), []);
    const [audit] = await app.services.db.query(
      "SELECT actor, actor_kind FROM audit_log WHERE object_id = $1 AND action = 'charge.create'",
      [cycleCharge.id],
    );
    assert.deepEqual(audit, { actor: "system", actor_kind: "SYSTEM" });
    // No payer scans it: the sandbox's payment of a charge refuses it, the debit takes it.
    const scanned = await app.graphql(
      `mutation($id: ID!) { simulateOwnChargePayment(chargeId: $id) { status } }`,
      { id: cycleCharge.id },
      merchant.clientSecret,
    );
    assert.equal(scanned.errors?.[0]?.extensions.code, "VALIDATION_ERROR");
    assert.equal(
      scanned.errors?.[0]?.message,
      "A recurring charge is debited by the payer's bank: simulate it with simulateRecurringDebit",
    );
    // Debited as any recurring charge.
    const debited = await app.graphql(
      `mutation($id: ID!) { simulateRecurringDebit(chargeId: $id, outcome: PAID) { status paidAmount } }`,
      { id: cycleCharge.id },
      merchant.clientSecret,
    );
    assert.deepEqual(debited.data.simulateRecurringDebit, { status: "PAID", paidAmount: "100.00" });
    assert.deepEqual(
      (await outboxEvents(app, String(cycleCharge.id))).map((event) => event.event),
      ["charge.paid"],
    );

    // The next weekly cycle (day 17) is claimed 7 days before it.
    await schedule.scheduleAutoCharges(later(9));
    assert.deepEqual(
      (await cycleRows(rec.id)).map((row: { due_date: string }) => row.due_date),
      [day(10)],
    );
    await schedule.scheduleAutoCharges(later(10));
    assert.deepEqual(
      (await cycleRows(rec.id)).map((row: { due_date: string }) => row.due_date),
      [day(10), day(17)],
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a claimed cycle is settled without a charge once the recurrence is cancelled, or too late", async () => {
    const schedule = app.services.recurringCharges;
    const cancelled = await createRecurrence({ start_date: day(8), auto_charge: true });
    await decide(cancelled.id, "APPROVED");
    await schedule.scheduleAutoCharges(later(1));
    const cancel = await app.request("POST", `/recurrences/${cancelled.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal(await schedule.createCycleCharge({ recurrenceId: cancelled.id, dueDate: day(8) }, later(1)), null);
    assert.deepEqual(await cycleRows(cancelled.id), [
      { due_date: day(8), charge_id: null, skipped_reason: "recurrence CANCELLED", settled: true },
    ]);
    assert.deepEqual(await chargesOf(cancelled.id), []);

    // The job ran late (the workers were down): less than 2 days before the due date.
    const late = await createRecurrence({ start_date: day(8), auto_charge: true });
    await decide(late.id, "APPROVED");
    await schedule.scheduleAutoCharges(later(1));
    assert.equal(await schedule.createCycleCharge({ recurrenceId: late.id, dueDate: day(8) }, later(7)), null);
    assert.deepEqual(await cycleRows(late.id), [
      { due_date: day(8), charge_id: null, skipped_reason: "less than 2 days before the due date", settled: true },
    ]);

    // The merchant charged the cycle already: their charge claimed it, the schedule makes none.
    const merchantMade = await createRecurrence({ start_date: day(8), auto_charge: true });
    await decide(merchantMade.id, "APPROVED");
    const own = await app.request("POST", `/recurrences/${merchantMade.id}/charges`, {
      token: merchant.clientSecret,
      body: { due_date: day(8) },
    });
    assert.equal(own.status, 201, own.text);
    assert.deepEqual(await cycleRows(merchantMade.id), [
      { due_date: day(8), charge_id: own.body.id, skipped_reason: null, settled: true },
    ]);
    assert.equal(await schedule.scheduleAutoCharges(later(1)), 0);
    assert.deepEqual(await jobsOf(merchantMade.id), []);
    assert.equal(await schedule.createCycleCharge({ recurrenceId: merchantMade.id, dueDate: day(8) }, later(1)), null);
    assert.equal((await chargesOf(merchantMade.id)).length, 1);

    // Without auto_charge, or a variable amount (refused at creation): never scheduled.
    const manual = await createRecurrence({ start_date: day(8) });
    await decide(manual.id, "APPROVED");
    await schedule.scheduleAutoCharges(later(1));
    assert.deepEqual(await cycleRows(manual.id), []);
    const variable = await app.request("POST", "/recurrences", {
      token: merchant.clientSecret,
      headers: { "Idempotency-Key": newUuid() },
      body: {
        payer: { name: "Maria da Silva", cpf: "52998224725" },
        contract: "CT",
        object: "X",
        frequency: "MONTHLY",
        start_date: day(8),
        auto_charge: true,
      },
    });
    assert.equal(variable.status, 400);
    assert.equal(variable.body.code, "VALIDATION_ERROR");
  });

  test("a cycle after the end date is never scheduled", async () => {
    const schedule = app.services.recurringCharges;
    const rec = await createRecurrence({
      start_date: day(3),
      end_date: day(9),
      frequency: "WEEKLY",
      auto_charge: true,
    });
    await decide(rec.id, "APPROVED");
    await schedule.scheduleAutoCharges(later(0));
    assert.deepEqual(
      (await cycleRows(rec.id)).map((row: { due_date: string }) => row.due_date),
      [day(3)],
    );
    // Day 10 is past the end date (day 9).
    await schedule.scheduleAutoCharges(later(5));
    assert.deepEqual(
      (await cycleRows(rec.id)).map((row: { due_date: string }) => row.due_date),
      [day(3)],
    );
  });
});

describe("auto_charge: one charge a cycle, whoever makes it; the sweep reads only what is due", () => {
  const cycleRows = (id: string) =>
    app.services.db.query(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date, charge_id, skipped_reason, settled_at IS NOT NULL AS settled FROM recurrence_cycles WHERE recurrence_id = $1 ORDER BY due_date",
      [id],
    );
  const chargeBy = (id: string, dueDate: string) =>
    app.request("POST", `/recurrences/${id}/charges`, { token: merchant.clientSecret, body: { due_date: dueDate } });
  const jobCount = async (id: string) =>
    (
      await app.services.db.query(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t
           ON t.id = j.task_id WHERE t.identifier = $1 AND j.payload->>'recurrenceId' = $2`,
        [CREATE_CYCLE_CHARGE_JOB, id],
      )
    )[0].n as number;

  test("a cycle the schedule claimed or charged is 409 INVALID_STATE for the merchant; a cycle it passed over is theirs", async () => {
    const schedule = app.services.recurringCharges;
    const rec = await createRecurrence({ start_date: day(8), auto_charge: true });
    await decide(rec.id, "APPROVED");
    await schedule.scheduleAutoCharges(later(1));
    const refusal = {
      error: `The recurrence's cycle due on ${day(8)} already has its charge (auto_charge: one a cycle); cannot charge`,
      code: "INVALID_STATE",
    };
    // Claimed, its job not run yet: the same day, or another day of the same monthly cycle.
    for (const due of [day(8), day(9)]) {
      const res = await chargeBy(rec.id, due);
      assert.equal(res.status, 409, res.text);
      assert.deepEqual(res.body, refusal);
    }
    const made = await schedule.createCycleCharge({ recurrenceId: rec.id, dueDate: day(8) }, later(1));
    assert.ok(made);
    // Charged by the schedule: the day's own refusal names its charge.
    const sameDay = await chargeBy(rec.id, day(8));
    assert.equal(sameDay.status, 409);
    assert.deepEqual(sameDay.body, {
      error: `A charge of the recurrence is already due on ${day(8)} (${made.id}); cannot charge`,
      code: "INVALID_STATE",
    });
    assert.deepEqual((await chargeBy(rec.id, day(10))).body, refusal);
    assert.equal((await chargesOf(rec.id)).length, 1);

    // The job came too late (less than 2 days before): the cycle is passed over, the merchant may charge it.
    const passed = await createRecurrence({ start_date: day(8), auto_charge: true });
    await decide(passed.id, "APPROVED");
    await schedule.scheduleAutoCharges(later(1));
    assert.equal(await schedule.createCycleCharge({ recurrenceId: passed.id, dueDate: day(8) }, later(7)), null);
    const own = await chargeBy(passed.id, day(8));
    assert.equal(own.status, 201, own.text);
    assert.deepEqual(await cycleRows(passed.id), [
      { due_date: day(8), charge_id: own.body.id, skipped_reason: null, settled: true },
    ]);
    // A cancelled charge frees its cycle (and its day) for another.
    const cancelled = await app.request("POST", `/charges/${own.body.id}/cancel`, { token: merchant.clientSecret });
    assert.equal(cancelled.status, 200, cancelled.text);
    const again = await chargeBy(passed.id, day(9));
    assert.equal(again.status, 201, again.text);
    assert.equal((await cycleRows(passed.id))[0].charge_id, again.body.id);
  });

  test("a merchant's charge racing the schedule's sweep and job: one charge for the cycle, whichever wins", async () => {
    const schedule = app.services.recurringCharges;
    for (let round = 0; round < 6; round += 1) {
      const rec = await createRecurrence({ start_date: day(7), auto_charge: true });
      await decide(rec.id, "APPROVED");
      // The sweep on the day the cycle is 7 days ahead, the merchant's charge at the same moment.
      const [manual] = await Promise.all([chargeBy(rec.id, day(7)), schedule.scheduleAutoCharges(later(0))]);
      assert.ok(manual.status === 201 || manual.status === 409, manual.text);
      if (manual.status === 409) assert.equal(manual.body.code, "INVALID_STATE");
      // The job, whenever it runs, never makes a second charge.
      await schedule.createCycleCharge({ recurrenceId: rec.id, dueDate: day(7) }, later(0));
      await schedule.scheduleAutoCharges(later(0));
      const charges = await chargesOf(rec.id);
      assert.equal(charges.length, 1, `round ${round}: ${JSON.stringify(charges)}`);
      const [cycle] = await cycleRows(rec.id);
      assert.deepEqual(cycle, { due_date: day(7), charge_id: charges[0].id, skipped_reason: null, settled: true });
      assert.equal(await jobCount(rec.id), manual.status === 201 ? 0 : 1);
    }
  });

  test("two charges of one day at once: one is made, the other is 409 INVALID_STATE", async () => {
    const rec = await createRecurrence({ start_date: day(2) });
    await decide(rec.id, "APPROVED");
    const results = await Promise.all([chargeBy(rec.id, day(5)), chargeBy(rec.id, day(5)), chargeBy(rec.id, day(5))]);
    assert.deepEqual(results.map((res) => res.status).sort(), [201, 409, 409]);
    const made = results.find((res) => res.status === 201);
    for (const res of results.filter((r) => r.status === 409)) {
      assert.deepEqual(res.body, {
        error: `A charge of the recurrence is already due on ${day(5)} (${made?.body.id}); cannot charge`,
        code: "INVALID_STATE",
      });
    }
    // Without auto_charge, other days of the cycle are the merchant's to choose.
    assert.equal((await chargeBy(rec.id, day(6))).status, 201);
    assert.equal((await chargesOf(rec.id)).length, 2);
  });

  test("the sweep reads the recurrences whose next cycle is due, by its index, not every approved one", async () => {
    const schedule = app.services.recurringCharges;
    const soon = await createRecurrence({ start_date: day(20), auto_charge: true, frequency: "WEEKLY" });
    const far = await createRecurrence({ start_date: day(60), auto_charge: true });
    const started = await createRecurrence({ start_date: day(0), auto_charge: true, frequency: "WEEKLY" });
    for (const rec of [soon, far, started]) await decide(rec.id, "APPROVED");
    const nextOf = async (id: string) =>
      (
        await app.services.db.query(
          "SELECT to_char(next_auto_cycle_on, 'YYYY-MM-DD') AS next FROM recurrences WHERE id = $1",
          [id],
        )
      )[0].next as string | null;
    // Made with its start date.
    assert.deepEqual([await nextOf(soon.id), await nextOf(far.id)], [day(20), day(60)]);
    // Due today: too close for the central bank's 2 days, passed; the next (day 7) is claimed, then day 14 is next.
    await schedule.scheduleAutoCharges(later(0));
    assert.deepEqual(
      (await cycleRows(started.id)).map((row: { due_date: string }) => row.due_date),
      [day(7)],
    );
    assert.equal(await nextOf(started.id), day(14));
    assert.equal(await nextOf(soon.id), day(20));
    const due = async (at: Date) =>
      (await app.services.db.query(DUE_AUTO_CHARGE_SQL, [isoDate(saoPauloDay(at) + 7), "-infinity", "", 1000])).map(
        (row: { id: string }) => row.id,
      );
    // Thirteen days on, only the weekly one is due: the other is not even read.
    assert.deepEqual(
      (await due(later(13))).filter((id: string) => [soon.id, far.id].includes(id)),
      [soon.id],
    );
    await schedule.scheduleAutoCharges(later(13));
    assert.deepEqual(
      (await cycleRows(soon.id)).map((row: { due_date: string }) => row.due_date),
      [day(20)],
    );
    // Claimed: its next is the week after, out of the window until then.
    assert.equal(await nextOf(soon.id), day(27));
    assert.deepEqual(
      (await due(later(13))).filter((id: string) => id === soon.id),
      [],
    );
    // A cancelled or completed recurrence is never read again (the index holds APPROVED ones).
    await app.request("POST", `/recurrences/${far.id}/cancel`, { token: merchant.clientSecret, body: {} });
    assert.deepEqual(
      (await due(later(60))).filter((id: string) => id === far.id),
      [],
    );
    // The plan: the partial index, never a scan of the table (sequential scans off to ask the planner what it can use).
    const plan = await app.services.db.transaction(async (em) => {
      await em.query("SET LOCAL enable_seqscan = off");
      const [row] = await em.query(`EXPLAIN (FORMAT JSON) ${DUE_AUTO_CHARGE_SQL}`, [day(7), "-infinity", "", 200]);
      return JSON.stringify(row["QUERY PLAN"]);
    });
    assert.match(plan, /recurrences_auto_charge_due/);
  });
});

describe("debit attempts and the next cycle, for the console", () => {
  const attemptsQuery = `query($recurrenceId: ID, $day: String, $outcome: RecurringDebitOutcome, $companyId: ID) {
    recurringDebitAttempts(recurrenceId: $recurrenceId, day: $day, outcome: $outcome, companyId: $companyId) {
      total data { chargeId companyId recurrenceId attempt day outcome failureReason amount }
    }
  }`;

  test("a recurrence's attempts, the day's failed debits across accounts (operators) or of one's own", async () => {
    const other = await app.createMerchant();
    const rec = await createRecurrence({ retry_policy: "THREE_IN_SEVEN_DAYS" });
    await decide(rec.id, "APPROVED");
    const made = await app.request("POST", `/recurrences/${rec.id}/charges`, {
      token: merchant.clientSecret,
      body: { due_date: day(3) },
    });
    const chargeId = made.body.id as string;
    const failed = await app.graphql(
      `mutation($id: ID!) { simulateRecurringDebit(chargeId: $id, outcome: FAILED, reason: "saldo insuficiente") { status } }`,
      { id: chargeId },
      merchant.clientSecret,
    );
    assert.equal(failed.data.simulateRecurringDebit.status, "PENDING");
    const expected = {
      chargeId,
      companyId: merchant.companyId,
      recurrenceId: rec.id,
      attempt: 1,
      day: day(3),
      outcome: "FAILED",
      failureReason: "saldo insuficiente",
      amount: "100.00",
    };
    const own = await app.graphql(attemptsQuery, { recurrenceId: rec.id }, merchant.clientSecret);
    assert.deepEqual(own.data.recurringDebitAttempts, { total: 1, data: [expected] });
    // The operators' page: the failed debits recorded today, every account's.
    const today = await app.graphql(attemptsQuery, { day: day(0), outcome: "FAILED" });
    assert.ok(today.data.recurringDebitAttempts.data.some((row: { chargeId: string }) => row.chargeId === chargeId));
    const yesterday = await app.graphql(attemptsQuery, { day: day(-1), outcome: "FAILED" });
    assert.deepEqual(yesterday.data.recurringDebitAttempts, { total: 0, data: [] });
    const paidOnly = await app.graphql(attemptsQuery, { recurrenceId: rec.id, outcome: "PAID" });
    assert.equal(paidOnly.data.recurringDebitAttempts.total, 0);
    // Another account sees none of it.
    const theirs = await app.graphql(attemptsQuery, { day: day(0) }, other.clientSecret);
    assert.deepEqual(theirs.data.recurringDebitAttempts, { total: 0, data: [] });
    const notTheirs = await app.graphql(attemptsQuery, { recurrenceId: rec.id }, other.clientSecret);
    assert.equal(notTheirs.errors?.[0]?.extensions.code, "NOT_FOUND");
    const badDay = await app.graphql(attemptsQuery, { day: "2026-02-30" });
    assert.equal(badDay.errors?.[0]?.extensions.code, "VALIDATION_ERROR");
  });

  test("nextCycleDate: the schedule's next due date after the last cycle charged, null once final", async () => {
    const monthly = await createRecurrence({ start_date: day(4) });
    const read = `query($id: ID!) { recurrence(id: $id) { status nextCycleDate } }`;
    assert.deepEqual((await app.graphql(read, { id: monthly.id })).data.recurrence, {
      status: "CREATED",
      nextCycleDate: day(4),
    });
    const weekly = await createRecurrence({ start_date: day(2), frequency: "WEEKLY" });
    await decide(weekly.id, "APPROVED");
    assert.equal((await app.graphql(read, { id: weekly.id })).data.recurrence.nextCycleDate, day(2));
    const made = await app.request("POST", `/recurrences/${weekly.id}/charges`, {
      token: merchant.clientSecret,
      body: { due_date: day(2) },
    });
    assert.equal(made.status, 201, made.text);
    assert.equal((await app.graphql(read, { id: weekly.id })).data.recurrence.nextCycleDate, day(9));
    await app.request("POST", `/recurrences/${monthly.id}/cancel`, { token: merchant.clientSecret, body: {} });
    assert.deepEqual((await app.graphql(read, { id: monthly.id })).data.recurrence, {
      status: "CANCELLED",
      nextCycleDate: null,
    });
  });
});
