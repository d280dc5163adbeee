import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import { type DayNumber, isoDate, parseIsoDate, saoPauloDay, startOfSaoPauloDay } from "../billing";
import { CHARGE_READ_COLUMNS, type ChargesService } from "../charges";
import {
  Charge,
  ChargeStatus,
  ChargeType,
  chargeExpired,
  chargeNotPending,
  recurringChargeDueTaken,
} from "../charges/model";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, validationError } from "../core/errors";
import { newEndToEndId } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
} from "../core/pagination";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import type { PixProvider } from "../provider";
import { appendWebhookEvent, WEBHOOK_EVENTS } from "../webhooks";
import {
  type Recurrence,
  type RecurrenceFrequency,
  type RecurrenceRetryPolicy,
  RecurrenceStatus,
} from "./recurrence.entity";
import { cycleOf, firstCycleFrom } from "./recurrence-cycles";
import { recurrenceCycleTaken, recurrenceInvalidState } from "./recurrences.errors";
import type { RecurrencesService } from "./recurrences.service";
import type { RecurringDebitAttempt } from "./recurring-debit-attempt.types";
import { nextRetryDay } from "./retry-schedule";

/** The central bank's rule: a recurring charge is made 2 to 10 days before its due date. */
export const MIN_DAYS_TO_DUE = 2;
export const MAX_DAYS_TO_DUE = 10;
const MAX_FAILURE_REASON = 140;
const DEFAULT_FAILURE_REASON = "insufficient funds";
/** auto_charge (CONTRACT §12): the service makes each cycle's charge this many days before its due date. */
export const AUTO_CHARGE_DAYS_BEFORE = 7;
/** The job that makes one cycle's charge of an auto_charge recurrence (one job per cycle). */
export const CREATE_CYCLE_CHARGE_JOB = "recurrences.create-cycle-charge";
/** Recurrences the schedule's sweep reads in one transaction. */
const SCHEDULE_BATCH = 200;
/**
 * The APPROVED auto_charge recurrences whose next cycle not yet taken is due by $1 (today plus
 * the schedule's lead), after the cursor ($2, $3: the last row of the batch before), in the
 * order of recurrences_auto_charge_due: never every approved one. A row a charge's
 * transaction (or another sweep) holds is left to the next sweep.
 */
export const DUE_AUTO_CHARGE_SQL = `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date,
       to_char(end_date, 'YYYY-MM-DD') AS end_date, frequency,
       to_char(next_auto_cycle_on, 'YYYY-MM-DD') AS next_auto_cycle_on
  FROM recurrences
 WHERE status = 'APPROVED' AND auto_charge AND next_auto_cycle_on IS NOT NULL AND next_auto_cycle_on <= $1::date
   AND (next_auto_cycle_on, id) > ($2::date, $3::text)
 ORDER BY next_auto_cycle_on, id LIMIT $4 FOR NO KEY UPDATE SKIP LOCKED`;

export interface CycleChargeJob {
  recurrenceId: string;
  /** YYYY-MM-DD */
  dueDate: string;
}

/** A cycle charge job's payload, checked (a job is data from the database, not trusted blindly). */
export function readCycleChargeJob(payload: unknown): CycleChargeJob {
  const { recurrenceId, dueDate } = (payload ?? {}) as Record<string, unknown>;
  if (typeof recurrenceId !== "string" || typeof dueDate !== "string" || parseIsoDate(dueDate) === null) {
    throw new Error("cycle charge job: recurrenceId and dueDate expected");
  }
  return { recurrenceId, dueDate };
}

const DAY_TAKEN = "a charge of the recurrence is due that day";

/** Why a claimed cycle got no charge: the cycle is settled without one. */
class CycleSkipped extends Error {}

export type DebitOutcome = "PAID" | "FAILED";

function checkFailureReason(rawReason: string | null | undefined): string {
  const reason = (rawReason ?? "").trim() || DEFAULT_FAILURE_REASON;
  if ([...reason].length > MAX_FAILURE_REASON) {
    throw validationError(`reason must have at most ${MAX_FAILURE_REASON} characters`);
  }
  return reason;
}

/**
 * A recurrence's charges (CONTRACT §12): each cycle's charge made by the merchant, the payer's
 * bank's debit on the due date (simulated in the sandbox), a refused debit's record and its
 * retries (retry-schedule.ts). A PAID debit goes the way of any paid charge
 * (ChargesService.confirmChargePayment: ledger, fee, charge.paid).
 */
export class RecurringChargesService {
  private readonly chargeFromRow: (row: Record<string, unknown>) => Charge;

  constructor(
    private readonly db: DataSource,
    private readonly recurrences: Pick<RecurrencesService, "getRecurrence">,
    private readonly charges: Pick<
      ChargesService,
      "createRecurringCharge" | "lockCharge" | "confirmChargePayment" | "recordDebitFailure"
    >,
    private readonly provider: Pick<PixProvider, "ispb">,
  ) {
    this.chargeFromRow = entityRowMapper(db, Charge);
  }

  /**
   * A cycle's charge: due 2 to 10 days after today (America/Sao_Paulo), within the
   * recurrence's dates; a fixed recurrence's own amount (another is a 400), a variable one's
   * amount required. Only an APPROVED recurrence is charged (409 INVALID_STATE), checked again
   * under its row lock in the charge's transaction. One charge (not cancelled) a day (409
   * INVALID_STATE, and charges_recurring_due_once between simultaneous requests); with
   * auto_charge, one a cycle: the charge claims its cycle in recurrence_cycles, as the
   * schedule does, and a cycle the schedule took is 409 INVALID_STATE.
   */
  async createRecurringCharge(
    scopeCompanyId: string | null,
    recurrenceId: string,
    input: { dueDate: string; amountCents?: Cents | null },
    { audit }: Acting,
    now: Date = new Date(),
  ): Promise<Charge> {
    const recurrence = await this.recurrences.getRecurrence(scopeCompanyId, recurrenceId);
    const due = parseIsoDate(input.dueDate);
    if (due === null) throw validationError("due_date must be a date YYYY-MM-DD");
    const today = saoPauloDay(now);
    if (due < today + MIN_DAYS_TO_DUE || due > today + MAX_DAYS_TO_DUE) {
      throw validationError(
        `due_date must be ${MIN_DAYS_TO_DUE} to ${MAX_DAYS_TO_DUE} days after today (${isoDate(today)}, America/Sao_Paulo)`,
      );
    }
    if (due < (parseIsoDate(recurrence.startDate) as DayNumber)) {
      throw validationError(`due_date must not be before the recurrence's start_date (${recurrence.startDate})`);
    }
    if (recurrence.endDate !== null && due > (parseIsoDate(recurrence.endDate) as DayNumber)) {
      throw validationError(`due_date must not be after the recurrence's end_date (${recurrence.endDate})`);
    }
    const given = input.amountCents ?? null;
    if (given !== null && (given < 1n || given > MAX_AMOUNT_CENTS)) {
      throw validationError("amount must be between 0.01 and 99999999.99");
    }
    if (recurrence.amountCents !== null && given !== null && given !== recurrence.amountCents) {
      throw validationError(`amount must be the recurrence's fixed amount (${formatBrl(recurrence.amountCents)})`);
    }
    const amountCents = recurrence.amountCents ?? given;
    if (amountCents === null) throw validationError("amount is required: the recurrence's amount is variable");
    if (recurrence.status !== RecurrenceStatus.APPROVED) throw recurrenceInvalidState(recurrence.status, "charge");
    const dueDate = isoDate(due);
    // Refused before the bank is asked; asked again under the locks below.
    await this.refuseChargedDay(this.db.manager, recurrence.id, dueDate);
    const cycle = recurrence.autoCharge
      ? isoDate(cycleOf(parseIsoDate(recurrence.startDate) as DayNumber, recurrence.frequency, due))
      : null;
    if (cycle !== null) await this.refuseClaimedCycle(this.db.manager, recurrence.id, cycle, false);

    return this.charges.createRecurringCharge(
      recurrence.companyId,
      {
        recurrenceId: recurrence.id,
        amountCents,
        dueDate,
        payer: recurrence.payer,
        customerId: recurrence.customerId,
        description: recurrence.object,
        bankRecurrenceId: recurrence.bankRecurrenceId,
      },
      // A cancel (FOR UPDATE) waits for this charge, or this charge sees the recurrence cancelled.
      async (em) => {
        const [row] = await queryRows<{ status: RecurrenceStatus }>(
          em,
          "SELECT status FROM recurrences WHERE id = $1 FOR SHARE",
          [recurrence.id],
        );
        if (row.status !== RecurrenceStatus.APPROVED) throw recurrenceInvalidState(row.status, "charge");
        await this.refuseChargedDay(em, recurrence.id, dueDate);
        if (cycle === null) return;
        // auto_charge: the merchant's charge claims its cycle, as the schedule's sweep does, so
        // that the schedule makes no second charge for it (and a cycle it claimed is refused).
        const [claimed] = await queryRows(
          em,
          `INSERT INTO recurrence_cycles (recurrence_id, due_date, claimed_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING recurrence_id`,
          [recurrence.id, cycle, now],
        );
        if (!claimed) await this.refuseClaimedCycle(em, recurrence.id, cycle, true);
      },
      audit,
      cycle === null
        ? undefined
        : async (em, charge) => {
            await em.query(
              `UPDATE recurrence_cycles SET charge_id = $3, skipped_reason = NULL, settled_at = $4
                WHERE recurrence_id = $1 AND due_date = $2`,
              [recurrence.id, cycle, charge.id, now],
            );
          },
    );
  }

  /** 409 INVALID_STATE when a charge of the recurrence (not cancelled) is already due that day. */
  private async refuseChargedDay(em: EntityManager, recurrenceId: string, dueDate: string): Promise<void> {
    const [taken] = await queryRows<{ id: string }>(
      em,
      `SELECT id FROM charges WHERE recurrence_id = $1 AND type = 'RECURRING' AND due_date = $2
          AND status <> 'CANCELLED' LIMIT 1`,
      [recurrenceId, dueDate],
    );
    if (taken) throw recurringChargeDueTaken(dueDate, taken.id);
  }

  /**
   * 409 INVALID_STATE when an auto_charge recurrence's cycle is taken: claimed by the schedule
   * (its job on the way), or charged (not cancelled). A cycle the schedule passed over, or whose
   * charge was cancelled, is free for the merchant's. `lock`: under the cycle's row lock, in the
   * charge's transaction (a job settling it is waited for).
   */
  private async refuseClaimedCycle(em: EntityManager, recurrenceId: string, cycle: string, lock: boolean) {
    const [held] = await queryRows<{ settled: boolean; charge_status: string | null }>(
      em,
      `SELECT c.settled_at IS NOT NULL AS settled, ch.status AS charge_status
         FROM recurrence_cycles c LEFT JOIN charges ch ON ch.id = c.charge_id
        WHERE c.recurrence_id = $1 AND c.due_date = $2${lock ? " FOR UPDATE OF c" : ""}`,
      [recurrenceId, cycle],
    );
    if (!held) return;
    if (!held.settled || (held.charge_status !== null && held.charge_status !== ChargeStatus.CANCELLED)) {
      throw recurrenceCycleTaken(cycle);
    }
  }

  /**
   * The service's billing schedule (auto_charge): for each APPROVED auto_charge recurrence whose
   * next cycle not yet taken (`next_auto_cycle_on`, indexed) is due within AUTO_CHARGE_DAYS_BEFORE
   * days, the first cycle due between 2 days (the central bank's least) and that many days after
   * today is claimed once (recurrence_cycles' primary key: the merchant's own charge of the cycle
   * claims it too) and its job queued in the same transaction, so a claimed cycle always has its
   * job; `next_auto_cycle_on` then moves to the cycle after it (or to the cycle ahead when none is
   * due yet, null when none is left), so that a sweep reads only the recurrences due, not every
   * approved one. Rows are locked SKIP LOCKED: any number of workers may sweep at once. A cycle
   * first seen less than 2 days before its due date (the service was down) cannot be charged any
   * more and is passed. `now` is the clock (tests inject theirs).
   */
  async scheduleAutoCharges(now: Date = new Date(), batchSize = SCHEDULE_BATCH): Promise<number> {
    const today = saoPauloDay(now);
    const horizon = isoDate(today + AUTO_CHARGE_DAYS_BEFORE);
    let claimed = 0;
    // The cursor: rows already read move past the horizon, but a row skipped (locked) stays.
    let after = { day: "-infinity", id: "" };
    for (;;) {
      const batch = await runTransaction(this.db, async (em) => {
        const rows = await queryRows<{
          id: string;
          start_date: string;
          end_date: string | null;
          frequency: string;
          next_auto_cycle_on: string;
        }>(em, DUE_AUTO_CHARGE_SQL, [horizon, after.day, after.id, batchSize]);
        for (const row of rows) {
          const end = row.end_date === null ? null : parseIsoDate(row.end_date);
          const start = parseIsoDate(row.start_date) as DayNumber;
          const frequency = row.frequency as RecurrenceFrequency;
          const from = Math.max(today + MIN_DAYS_TO_DUE, parseIsoDate(row.next_auto_cycle_on) as DayNumber);
          const due = firstCycleFrom(start, frequency, from, end);
          let next = due;
          if (due !== null && due <= today + AUTO_CHARGE_DAYS_BEFORE) {
            const dueDate = isoDate(due);
            const inserted = await queryRows(
              em,
              `INSERT INTO recurrence_cycles (recurrence_id, due_date, claimed_at) VALUES ($1, $2, $3)
               ON CONFLICT DO NOTHING RETURNING recurrence_id`,
              [row.id, dueDate, now],
            );
            // Not inserted: the merchant charged this cycle (or another sweep did claim it).
            if (inserted.length > 0) {
              await enqueueJob(
                em,
                CREATE_CYCLE_CHARGE_JOB,
                { recurrenceId: row.id, dueDate } satisfies CycleChargeJob,
                {
                  jobKey: `recurrence-cycle:${row.id}:${dueDate}`,
                },
              );
              claimed += 1;
            }
            next = firstCycleFrom(start, frequency, due + 1, end);
          }
          await em.query("UPDATE recurrences SET next_auto_cycle_on = $2 WHERE id = $1", [
            row.id,
            next === null ? null : isoDate(next),
          ]);
        }
        return rows;
      });
      if (batch.length < batchSize) return claimed;
      const last = batch[batch.length - 1];
      after = { day: last.next_auto_cycle_on, id: last.id };
    }
  }

  /**
   * A claimed cycle's job: its charge, made as a merchant's would be (the recurrence's amount,
   * registered at the bank, written under the recurrence's lock; no event until it is paid or
   * refused, as for a charge the merchant makes), and the cycle settled with it in the same
   * transaction. Settled without a charge when the recurrence is no longer APPROVED, the day
   * is too close to the due date, or a charge of the recurrence is already due that day (the
   * merchant made it). A job run again after its cycle was settled does nothing.
   */
  async createCycleCharge(job: CycleChargeJob, now: Date = new Date()): Promise<Charge | null> {
    const [cycle] = await queryRows<{ settled_at: Date | null }>(
      this.db,
      "SELECT settled_at FROM recurrence_cycles WHERE recurrence_id = $1 AND due_date = $2",
      [job.recurrenceId, job.dueDate],
    );
    if (!cycle || cycle.settled_at !== null) return null;
    const recurrence = await this.recurrences.getRecurrence(null, job.recurrenceId);
    const due = parseIsoDate(job.dueDate) as DayNumber;
    try {
      if (recurrence.status !== RecurrenceStatus.APPROVED) throw new CycleSkipped(`recurrence ${recurrence.status}`);
      if (due < saoPauloDay(now) + MIN_DAYS_TO_DUE) throw new CycleSkipped("less than 2 days before the due date");
      if (recurrence.amountCents === null) throw new CycleSkipped("the recurrence's amount is variable");
      const amountCents = recurrence.amountCents;
      return await this.charges.createRecurringCharge(
        recurrence.companyId,
        {
          recurrenceId: recurrence.id,
          amountCents,
          dueDate: job.dueDate,
          payer: recurrence.payer,
          customerId: recurrence.customerId,
          description: recurrence.object,
          bankRecurrenceId: recurrence.bankRecurrenceId,
        },
        async (em) => {
          const [row] = await queryRows<{ status: RecurrenceStatus }>(
            em,
            "SELECT status FROM recurrences WHERE id = $1 FOR SHARE",
            [recurrence.id],
          );
          if (row.status !== RecurrenceStatus.APPROVED) throw new CycleSkipped(`recurrence ${row.status}`);
          const [locked] = await queryRows<{ settled_at: Date | null }>(
            em,
            "SELECT settled_at FROM recurrence_cycles WHERE recurrence_id = $1 AND due_date = $2 FOR UPDATE",
            [recurrence.id, job.dueDate],
          );
          if (locked.settled_at !== null) throw new CycleSkipped("settled by another run");
          const [taken] = await queryRows(
            em,
            `SELECT 1 FROM charges WHERE recurrence_id = $1 AND type = 'RECURRING' AND due_date = $2
                AND status <> 'CANCELLED' LIMIT 1`,
            [recurrence.id, job.dueDate],
          );
          if (taken) throw new CycleSkipped(DAY_TAKEN);
        },
        // Its audit row names the system: no one asked for this charge but the schedule.
        { actor: "system", actorKind: "SYSTEM", address: null, requestId: null },
        async (em, charge) => {
          await em.query(
            "UPDATE recurrence_cycles SET charge_id = $3, settled_at = $4 WHERE recurrence_id = $1 AND due_date = $2",
            [recurrence.id, job.dueDate, charge.id, now],
          );
        },
      );
    } catch (error) {
      // The charges' own guard (charges_recurring_due_once): a charge of that day committed meanwhile.
      const dayTaken = error instanceof AppError && error.code === "INVALID_STATE";
      if (!(error instanceof CycleSkipped) && !dayTaken) throw error;
      await this.db.query(
        `UPDATE recurrence_cycles SET skipped_reason = $3, settled_at = $4
          WHERE recurrence_id = $1 AND due_date = $2 AND settled_at IS NULL`,
        [recurrence.id, job.dueDate, dayTaken ? DAY_TAKEN : error.message, now],
      );
      return null;
    }
  }

  /**
   * Debit attempts, newest first: a recurrence's (404 for another account's), or those
   * recorded on a day (America/Sao_Paulo) with an outcome across the scope (the operators'
   * failed debits of the day; a merchant's own).
   */
  async listDebitAttempts(
    scopeCompanyId: string | null,
    filter: PageArgs & { recurrenceId?: string | null; day?: string | null; outcome?: DebitOutcome | null },
    signal?: CancelSignal,
  ): Promise<Page<RecurringDebitAttempt>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where: string[] = [];
    if (filter.recurrenceId != null) {
      const recurrence = await this.recurrences.getRecurrence(scopeCompanyId, filter.recurrenceId);
      where.push(`c.recurrence_id = ${params.add(recurrence.id)}`);
    }
    if (scopeCompanyId !== null) where.push(`c.company_id = ${params.add(scopeCompanyId)}`);
    if (filter.day != null) {
      const day = parseIsoDate(filter.day);
      if (day === null) throw validationError("day must be a date YYYY-MM-DD");
      // Recorded that day in São Paulo: what the payers' banks answered on it.
      where.push(`a.recorded_at >= ${params.add(startOfSaoPauloDay(day))}`);
      where.push(`a.recorded_at < ${params.add(startOfSaoPauloDay(day + 1))}`);
    }
    if (filter.outcome != null) where.push(`a.outcome = ${params.add(filter.outcome)}`);
    const query = {
      cursorTag: "debit-attempts",
      from: "recurring_debit_attempts a JOIN charges c ON c.id = a.charge_id",
      columns: `a.charge_id, a.attempt, to_char(a.day, 'YYYY-MM-DD') AS day, a.outcome, a.failure_reason,
                a.recorded_at, c.company_id, c.recurrence_id, c.amount_cents`,
      key: [
        { column: "a.recorded_at", type: "timestamptz" as const },
        { column: "a.charge_id", type: "text" as const },
      ],
      branches: [where],
      params,
    };
    const fromRow = (row: Record<string, unknown>): RecurringDebitAttempt => ({
      chargeId: String(row.charge_id),
      companyId: String(row.company_id),
      recurrenceId: String(row.recurrence_id),
      attempt: Number(row.attempt),
      day: String(row.day),
      outcome: String(row.outcome),
      failureReason: (row.failure_reason as string | null) ?? null,
      amount: BigInt(String(row.amount_cents)),
      recordedAt: row.recorded_at as Date,
    });
    return readCancellable(
      this.db,
      signal,
      (sql) => readPage(sql, query, window, fromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /**
   * The next cycle's due date by the recurrence's schedule: the first cycle on or after today
   * and after the last cycle charged (a charge not cancelled), not after the end date; null
   * once the recurrence is final.
   */
  async nextCycleDate(recurrence: Recurrence, now: Date = new Date()): Promise<string | null> {
    if (recurrence.status !== RecurrenceStatus.CREATED && recurrence.status !== RecurrenceStatus.APPROVED) return null;
    const [row] = await queryRows<{ last: string | null }>(
      this.db,
      `SELECT to_char(max(due_date), 'YYYY-MM-DD') AS last FROM charges
        WHERE recurrence_id = $1 AND type = 'RECURRING' AND status <> 'CANCELLED'`,
      [recurrence.id],
    );
    const lastCharged = row?.last ? (parseIsoDate(row.last) as DayNumber) : null;
    const from = Math.max(saoPauloDay(now), lastCharged === null ? 0 : lastCharged + 1);
    const next = firstCycleFrom(
      parseIsoDate(recurrence.startDate) as DayNumber,
      recurrence.frequency,
      from,
      recurrence.endDate === null ? null : parseIsoDate(recurrence.endDate),
    );
    return next === null ? null : isoDate(next);
  }

  /** A recurrence's charges, newest first (404 for another account's recurrence). */
  async listRecurrenceCharges(
    scopeCompanyId: string | null,
    recurrenceId: string,
    filter: PageArgs,
    signal?: CancelSignal,
  ): Promise<Page<Charge>> {
    // The paging's 400 before the recurrence's 404, as every list answers.
    const window = readPageWindow(filter);
    const recurrence = await this.recurrences.getRecurrence(scopeCompanyId, recurrenceId);
    const params = new SqlParams();
    const where = [`recurrence_id = ${params.add(recurrence.id)}`];
    const query = {
      cursorTag: "recurrence-charges",
      from: "charges",
      columns: CHARGE_READ_COLUMNS,
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    const fromRow = (row: Record<string, unknown>) => {
      const charge = this.chargeFromRow(row);
      // A PENDING charge past its last attempt's day reads EXPIRED, as every charge does.
      if (row.overdue === true) charge.status = ChargeStatus.EXPIRED;
      return charge;
    };
    return readCancellable(
      this.db,
      signal,
      (sql) =>
        readPage(sql, query, window, fromRow, async () => {
          const [row] = await queryRows<{ n: string }>(
            sql,
            "SELECT count(*) AS n FROM charges WHERE recurrence_id = $1",
            params.values,
          );
          return { total: Number(row.n), capped: false };
        }),
      LAG_TOLERANT,
    );
  }

  /**
   * Sandbox: the payer's bank's outcome of the PENDING recurring charge's debit attempt in
   * progress (due on its next attempt day, or today if later). PAID: paid as any charge.
   * FAILED: the attempt's failure_reason and charge.payment_failed, then the next attempt's
   * day by the recurrence's retry policy, or EXPIRED without one. `now` is the clock (tests
   * inject theirs).
   */
  async simulateRecurringDebit(
    scopeCompanyId: string | null,
    chargeId: string,
    outcome: DebitOutcome,
    rawReason: string | null | undefined,
    acting: Acting,
    now: Date = new Date(),
  ): Promise<Charge> {
    const reason = checkFailureReason(rawReason);
    return runTransaction(this.db, async (em) => {
      const charge = await this.charges.lockCharge(em, scopeCompanyId, chargeId);
      if (charge.type !== ChargeType.RECURRING) throw validationError("The charge is not a recurring charge");
      if (charge.status !== ChargeStatus.PENDING) throw chargeNotPending(charge.status);
      if (charge.expiresAt <= now) throw chargeExpired();
      const e2eId = newEndToEndId(this.provider.ispb, now);
      return this.recordDebit(
        em,
        charge,
        outcome,
        reason,
        { e2eId, paidAt: now },
        acting,
        "charge.simulate_debit",
        now,
      );
    });
  }

  /**
   * A real bank's outcome of attempt `attempt` of a recurring charge's debit (its notification
   * read back, or its listing): PAID with the debit's end-to-end id, or FAILED with its reason,
   * as simulateRecurringDebit records it. Idempotent: an attempt already recorded (the charge
   * past it, or no longer PENDING) changes nothing and answers null.
   */
  async applyBankDebit(
    chargeId: string,
    attempt: number,
    outcome: DebitOutcome,
    rawReason: string | null | undefined,
    payment: { e2eId: string; paidAt: Date } | null,
    acting: Acting,
  ): Promise<Charge | null> {
    const reason = checkFailureReason(rawReason);
    return runTransaction(this.db, async (em) => {
      const charge = await this.charges.lockCharge(em, null, chargeId);
      if (charge.type !== ChargeType.RECURRING || charge.status !== ChargeStatus.PENDING) return null;
      if ((charge.debitAttempt ?? 1) !== attempt) return null;
      const now = new Date();
      const paidAt = payment === null ? now : new Date(Math.min(payment.paidAt.getTime(), now.getTime()));
      const e2eId = payment?.e2eId ?? newEndToEndId(this.provider.ispb, now);
      return this.recordDebit(em, charge, outcome, reason, { e2eId, paidAt }, acting, "charge.bank_debit", now);
    });
  }

  /** The attempt's row, then PAID (as any paid charge) or the failure's record and its retry; audited. */
  private async recordDebit(
    em: EntityManager,
    charge: Charge,
    outcome: DebitOutcome,
    reason: string,
    payment: { e2eId: string; paidAt: Date },
    { audit, requestId }: Acting,
    auditAction: string,
    now: Date,
  ): Promise<Charge> {
    const attempt = charge.debitAttempt ?? 1;
    const attemptDay = Math.max(parseIsoDate(charge.nextAttemptDay ?? "") ?? 0, saoPauloDay(now));
    await this.recordAttempt(em, charge.id, attempt, attemptDay, outcome, outcome === "FAILED" ? reason : null, now);
    const before = { status: charge.status, debitAttempt: attempt };
    let after: Charge;
    if (outcome === "PAID") {
      charge.nextAttemptDay = null;
      after = await this.charges.confirmChargePayment(em, charge, {
        e2eId: payment.e2eId,
        paidAt: payment.paidAt,
        payerName: charge.debtorName,
        payerDocument: charge.debtorDocument,
        requestId,
      });
    } else {
      after = await this.recordFailure(em, charge, attempt, attemptDay, reason, requestId);
    }
    await appendAudit(em, audit, {
      action: auditAction,
      objectType: "charge",
      objectId: charge.id,
      companyId: charge.companyId,
      reason: outcome === "FAILED" ? reason : null,
      before,
      after: { status: after.status, debitAttempt: after.debitAttempt, nextAttemptOn: after.nextAttemptOn },
    });
    return after;
  }

  /** One row per attempt and per day: an attempt's outcome is recorded once. */
  private async recordAttempt(
    em: EntityManager,
    chargeId: string,
    attempt: number,
    day: DayNumber,
    outcome: DebitOutcome,
    failureReason: string | null,
    now: Date,
  ): Promise<void> {
    await em.query(
      `INSERT INTO recurring_debit_attempts (charge_id, attempt, day, outcome, failure_reason, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [chargeId, attempt, isoDate(day), outcome, failureReason, now],
    );
  }

  /** The refused attempt's charge.payment_failed, then the retry's day or EXPIRED. */
  private async recordFailure(
    em: EntityManager,
    charge: Charge,
    attempt: number,
    failedOn: DayNumber,
    reason: string,
    requestId: string | null,
  ): Promise<Charge> {
    const [recurrence] = await queryRows<{ retry_policy: RecurrenceRetryPolicy }>(
      em,
      "SELECT retry_policy FROM recurrences WHERE id = $1",
      [charge.recurrenceId],
    );
    const due = parseIsoDate(charge.dueDate ?? "") as DayNumber;
    const next = nextRetryDay(recurrence.retry_policy, due, attempt, failedOn);
    const nextAttemptOn = next === null ? null : isoDate(next);
    await appendWebhookEvent(
      em,
      charge.companyId,
      WEBHOOK_EVENTS.chargePaymentFailed,
      {
        charge_id: `chg_${charge.id}`,
        company_id: charge.companyId,
        amount: brlToJsonNumber(charge.amountCents),
        attempt,
        failure_reason: reason,
        next_attempt_on: nextAttemptOn,
      },
      charge.id,
      requestId,
    );
    return this.charges.recordDebitFailure(em, charge, { reason, nextAttemptOn }, requestId);
  }
}
