import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit/audit";
import { type DayNumber, isoDate, parseIsoDate, saoPauloDay } from "../billing/business-days";
import { Charge, ChargeStatus, ChargeType } from "../charges/charge.entity";
import { chargeExpired, chargeNotPending } from "../charges/charges.errors";
import { CHARGE_READ_COLUMNS, type ChargesService } from "../charges/charges.service";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { validationError } from "../core/errors";
import { newEndToEndId } from "../core/ids";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import { CREATED_KEY, type Page, type PageArgs, readPage, readPageWindow, SqlParams } from "../core/pagination";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import type { PixProvider } from "../provider/pix-provider";
import { WEBHOOK_EVENTS } from "../webhooks/webhook-event-names";
import { appendWebhookEvent } from "../webhooks/webhook-outbox";
import { type RecurrenceRetryPolicy, RecurrenceStatus } from "./recurrence.entity";
import { recurrenceInvalidState } from "./recurrences.errors";
import type { RecurrencesService } from "./recurrences.service";
import { nextRetryDay } from "./retry-schedule";

/** The central bank's rule: a recurring charge is made 2 to 10 days before its due date. */
export const MIN_DAYS_TO_DUE = 2;
export const MAX_DAYS_TO_DUE = 10;
const MAX_FAILURE_REASON = 140;
const DEFAULT_FAILURE_REASON = "insufficient funds";

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
   * under its row lock in the charge's transaction.
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

    return this.charges.createRecurringCharge(
      recurrence.companyId,
      {
        recurrenceId: recurrence.id,
        amountCents,
        dueDate: isoDate(due),
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
      },
      audit,
    );
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
