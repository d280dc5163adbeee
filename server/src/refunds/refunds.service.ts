import type { DataSource, EntityManager } from "typeorm";
import { type Acting, type AuditContext, appendAudit } from "../audit";
import { type ChargesService, receivedCents } from "../charges";
import { ChargeStatus } from "../charges/model";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, notFound, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { newRefundId } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import { queryRows } from "../core/sql";
import { truncateCodePoints } from "../core/text-input";
import { runTransaction } from "../core/transactions";
import { LedgerEntryKind, MAKER_CHECKER_OFF, type MakerCheckerPolicy, mayMoveAlone, postLedgerEntry } from "../ledger";
import { type RefundOrder, type ReturnReport, sandboxReturnId } from "../provider";
import { appendWebhookEvent, openWebhookSecret, WEBHOOK_EVENTS, type WebhookAccount } from "../webhooks";
import { Refund, RefundNature, RefundStatus, refundIdOfReturnRequest, refundReturnRequestId } from "./refund.entity";
import { returnJobPayload, SUBMIT_REFUND_JOB, TRANSIENT_RETRY_DELAYS_MS } from "./refund-jobs";
import {
  chargeNotRefundable,
  chargeReserved,
  refundExceedsCharge,
  refundIdempotencyKeyReused,
  refundInsufficientBalance,
  refundKeyOfRequest,
  refundNeedsSecondOperator,
  refundNotFound,
  refundNotProcessing,
  refundWindowClosed,
} from "./refunds.errors";
import type { ReturnBook } from "./return-book";

/** The devolução statuses in API Pix's words, for the operator reading a report. */
const API_PIX_STATUS = { PROCESSING: "EM_PROCESSAMENTO", RETURNED: "DEVOLVIDO", REFUSED: "NAO_REALIZADO" } as const;

/** The central bank allows a devolução up to 90 days after the payment. */
export const REFUND_WINDOW_DAYS = 90;
const REFUND_WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** The devolução's `descricao` holds at most 140 characters. */
export const MAX_REFUND_REASON_LENGTH = 140;
/** History actor of the sandbox's own decisions and of simulateRefundOutcome. */
const SIMULATED_ACTOR = "provider:sandbox (simulated by operator)";

export interface NewRefund {
  /** Omitted: all that remains refundable. */
  amountCents?: Cents | null;
  reason?: string | null;
}

const EVENT_OF_STATUS = {
  [RefundStatus.PROCESSING]: WEBHOOK_EVENTS.refundProcessing,
  [RefundStatus.REFUNDED]: WEBHOOK_EVENTS.refundRefunded,
  [RefundStatus.FAILED]: WEBHOOK_EVENTS.refundFailed,
} as const;

/** The refund as first returned by POST /charges/:id/refunds, for byte-identical replays. */
function asCreated(refund: Refund): Refund {
  return {
    ...refund,
    status: RefundStatus.PROCESSING,
    returnId: null,
    failureReason: null,
    retryCount: 0,
    submittedAt: null,
    refundedAt: null,
    updatedAt: refund.createdAt,
  };
}

/** What a bank's decision on a refund changes. */
interface RefundDecision {
  to: RefundStatus.REFUNDED | RefundStatus.FAILED;
  actor: string;
  returnId?: string | null;
  failureReason?: string | null;
  /** When the bank returned the money (its notification's time); default now. */
  at?: Date | null;
  requestId: string | null;
}

/** What a report of the bank about a devolução did to the refund it names. */
export type ReturnReportOutcome =
  /** The report decided the refund (REFUNDED or FAILED) or recorded its rtrId. */
  | { outcome: "APPLIED"; status: string }
  /** Already so: nothing changed. */
  | { outcome: "DUPLICATE"; status: string }
  /** Not the service's refund, or it disagrees with it: the caller records it for review. */
  | { outcome: "UNRECOGNISED"; problem: string };

/**
 * What decides a MED dispute when its devolução is decided, in the same transaction (the
 * disputes service; set when the services are built).
 */
export interface DisputeReturnListener {
  /** The bank returned the money: the dispute is closed, RETURNED. */
  returned(em: EntityManager, refund: Refund, requestId: string | null): Promise<void>;
  /** The bank did not: the amount is held again and the dispute is OPEN. */
  failed(em: EntityManager, refund: Refund, requestId: string | null): Promise<void>;
}

/** The charge as locked for a refund (ChargesService.lockCharge). */
export type LockedCharge = Awaited<ReturnType<ChargesService["lockCharge"]>>;

/** The body's checks (400): the amount within 0.01..99999999.99, the reason at most 140 characters. */
export function checkRefundInput(input: NewRefund): { askedCents: Cents | null; reason: string | null } {
  const askedCents = input.amountCents ?? null;
  if (askedCents !== null && (askedCents < 1n || askedCents > MAX_AMOUNT_CENTS)) {
    throw validationError("amount must be between 0.01 and 99999999.99");
  }
  const reason = input.reason ?? null;
  if (reason !== null && [...reason].length > MAX_REFUND_REASON_LENGTH) {
    throw validationError(`reason must have at most ${MAX_REFUND_REASON_LENGTH} characters`);
  }
  return { askedCents, reason };
}

/**
 * What remains refundable of a charge: what it brought (a due-date charge's amount paid) less
 * its refunds (but FAILED ones) and what open MED disputes hold (not refundable while they
 * are open, docs/disputes.md).
 */
export function refundableCents(
  charge: Pick<LockedCharge, "amountCents" | "paidAmountCents" | "refundedAmountCents" | "disputedAmountCents">,
): Cents {
  return receivedCents(charge) - charge.refundedAmountCents - charge.disputedAmountCents;
}

export class RefundsService implements ReturnBook {
  private readonly refundFromRow: (row: Record<string, unknown>) => Refund;
  disputeReturns: DisputeReturnListener | null = null;
  /** APPROVAL_SECOND_OPERATOR_ABOVE and its window, for operators' refunds (docs/refunds.md). */
  makerChecker: MakerCheckerPolicy = MAKER_CHECKER_OFF;

  constructor(
    private readonly db: DataSource,
    private readonly charges: ChargesService,
    /** Names the sandbox bank in the rtrIds of devoluções settled without one. */
    private readonly bankIspb = "99999999",
  ) {
    this.refundFromRow = entityRowMapper(db, Refund);
  }

  /**
   * The contract's checks in order: the charge (404), the Idempotency-Key (400), the body
   * (400), the key's reuse (replay or 409), then under the charge's row lock its status
   * (409), its operator hold (409), the 90-day window (409), what remains refundable (400)
   * and, under the account's lock, the balance (400). In that one transaction the refund
   * row, the charge's refunded amount, the reservation's ledger entry, the audit row, the
   * refund.processing event and the job that sends the devolução are written.
   */
  async createRefund(
    scopeCompanyId: string | null,
    chargeIdInput: string,
    input: NewRefund,
    rawIdempotencyKey: string | null | undefined,
    { actor, audit, requestId }: Acting,
  ): Promise<{ refund: Refund; replayed: boolean }> {
    const { id: chargeId } = await this.charges.getCharge(scopeCompanyId, chargeIdInput);
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, true) as string;
    const { askedCents, reason } = checkRefundInput(input);
    const fingerprint = requestFingerprint([chargeId, askedCents, reason]);

    return runTransaction(this.db, async (em) => {
      const charge = await this.charges.lockCharge(em, scopeCompanyId, chargeId);
      await lockAccountForKeys(em, charge.companyId);
      const replay = await this.replayRefund(em, charge.companyId, idempotencyKey, fingerprint);
      if (replay) return replay;
      // An operator's refund request holds its key from the start (its refund carries it later).
      if (await keyOfRefundRequest(em, charge.companyId, idempotencyKey)) throw refundKeyOfRequest();
      const { amountCents, account } = await this.refundableNow(em, charge, askedCents);
      // An operator's refund is money leaving an account: the withdrawals' maker-checker rule.
      if (!(await this.mayRefundAlone(em, actor, charge.companyId, amountCents))) throw refundNeedsSecondOperator();
      const order = { amountCents, reason, idempotencyKey, fingerprint, actor };
      return this.insertRefund(em, charge, account, order, audit, requestId);
    });
  }

  /**
   * Under the charge's row lock (the caller's): its status (409), its operator hold (409), the
   * 90-day window (409), what remains refundable (400) and, under the account's lock, the
   * balance (400). Answers the amount (all that remains when none was asked) and the account.
   */
  async refundableNow(em: EntityManager, charge: LockedCharge, askedCents: Cents | null) {
    if (charge.status !== ChargeStatus.PAID) throw chargeNotRefundable(charge.status);
    if (charge.reserved) throw chargeReserved();
    if (charge.paidAt === null || Date.now() > charge.paidAt.getTime() + REFUND_WINDOW_MS) {
      throw refundWindowClosed();
    }
    const remaining = refundableCents(charge);
    const amountCents = askedCents ?? remaining;
    if (remaining === 0n || amountCents > remaining) throw refundExceedsCharge(remaining);
    if (charge.e2eId === null) {
      throw invalidState("The bank has not reported this payment's end-to-end id yet; try again later");
    }
    const account = await lockAccountWithBalance(em, charge.companyId);
    if (account.balanceCents < amountCents) throw refundInsufficientBalance();
    return { amountCents, account };
  }

  /**
   * Whether this actor may refund the amount without a second operator: a merchant always; an
   * operator as APPROVAL_SECOND_OPERATOR_ABOVE and its window allow (mayMoveAlone, the rule of
   * withdrawal approvals and adjustments). The caller holds the account's lock.
   */
  async mayRefundAlone(em: EntityManager, actor: string, companyId: string, amountCents: Cents): Promise<boolean> {
    if (!actor.startsWith("operator:")) return true;
    return mayMoveAlone(em, this.makerChecker, actor, companyId, amountCents);
  }

  /**
   * In the caller's transaction, holding the charge's and the account's locks: the refund row,
   * the charge's refunded amount, the reservation's ledger entry, the audit row, the
   * refund.processing event and the job that sends the devolução.
   */
  async insertRefund(
    em: EntityManager,
    charge: LockedCharge,
    account: WebhookAccount,
    order: { amountCents: Cents; reason: string | null; idempotencyKey: string; fingerprint: string; actor: string },
    audit: AuditContext | null,
    requestId: string | null,
  ): Promise<{ refund: Refund; replayed: boolean }> {
    const { amountCents, reason, idempotencyKey, fingerprint } = order;
    const now = new Date();
    const refund = em.getRepository(Refund).create({
      id: newRefundId(),
      companyId: charge.companyId,
      chargeId: charge.id,
      amountCents,
      status: RefundStatus.PROCESSING,
      reason,
      returnId: null,
      failureReason: null,
      retryCount: 0,
      nature: RefundNature.ORIGINAL,
      disputeId: null,
      idempotencyKey,
      requestFingerprint: fingerprint,
      requestedBy: order.actor,
      submittedAt: null,
      refundedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    if (!(await insertUnlessTaken(em, Refund, refund))) {
      const replay = await this.replayRefund(em, charge.companyId, idempotencyKey, fingerprint);
      if (replay) return replay;
      throw new Error("refund not inserted: its id was taken (24 random characters: not expected)");
    }
    await moveRefundedAmount(em, charge.id, amountCents);
    await postLedgerEntry(em, {
      companyId: charge.companyId,
      kind: LedgerEntryKind.REFUND_RESERVED,
      amountCents: -amountCents,
      chargeId: charge.id,
      refundId: refund.id,
      memo: reason,
    });
    await appendAudit(em, audit, {
      action: "refund.create",
      objectType: "refund",
      objectId: refund.id,
      companyId: charge.companyId,
      reason,
      after: refundAuditFields(refund),
    });
    await this.appendEvent(em, refund, requestId, account);
    await enqueueJob(em, SUBMIT_REFUND_JOB, returnJobPayload({ subject: "refund", id: refund.id, requestId }));
    return { refund, replayed: false };
  }

  /**
   * The answer to a request whose Idempotency-Key was already used on the account: the
   * original refund as first returned (same request) or 409 (a different one); null when unused.
   */
  async replayRefund(
    em: EntityManager,
    companyId: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ refund: Refund; replayed: true } | null> {
    const original = await findOriginalRequest(em, Refund, companyId, idempotencyKey, fingerprint, () =>
      refundIdempotencyKeyReused(),
    );
    return original ? { refund: asCreated(original), replayed: true } : null;
  }

  /** A refund of the account (of any account for the operator); another account's is 404. */
  async getRefund(scopeCompanyId: string | null, id: string): Promise<Refund> {
    const [row] = await queryRows<Record<string, unknown>>(this.db, "SELECT * FROM refunds WHERE id = $1", [id]);
    const refund = row ? this.refundFromRow(row) : null;
    if (!refund || (scopeCompanyId !== null && refund.companyId !== scopeCompanyId)) throw refundNotFound();
    return refund;
  }

  /** The charge's refunds, oldest first (404 for another account's charge). */
  async listChargeRefunds(scopeCompanyId: string | null, chargeIdInput: string): Promise<Refund[]> {
    const { id } = await this.charges.getCharge(scopeCompanyId, chargeIdInput);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      "SELECT * FROM refunds WHERE charge_id = $1 ORDER BY created_at, id",
      [id],
    );
    return rows.map(this.refundFromRow);
  }

  /** The refunds of many charges at once (the console's charge pages), oldest first per charge. */
  async refundsOfCharges(chargeIds: string[]): Promise<Map<string, Refund[]>> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      "SELECT * FROM refunds WHERE charge_id = ANY($1) ORDER BY created_at, id",
      [chargeIds],
    );
    const byCharge = new Map<string, Refund[]>(chargeIds.map((id) => [id, []]));
    for (const row of rows) {
      const refund = this.refundFromRow(row);
      byCharge.get(refund.chargeId)?.push(refund);
    }
    return byCharge;
  }

  /** What the bank is asked for, while the refund is PROCESSING; null once it is decided (or unknown). */
  async returnOrder(id: string): Promise<RefundOrder | null> {
    const [row] = await queryRows<{
      amount_cents: string;
      reason: string | null;
      e2e_id: string;
      nature: RefundNature;
    }>(
      this.db,
      `SELECT r.amount_cents, r.reason, r.nature, c.e2e_id FROM refunds r JOIN charges c ON c.id = r.charge_id
        WHERE r.id = $1 AND r.status = 'PROCESSING'`,
      [id],
    );
    if (!row) return null;
    return {
      endToEndId: row.e2e_id,
      returnRequestId: refundReturnRequestId(id),
      amountCents: BigInt(row.amount_cents),
      description: row.reason,
      nature: row.nature,
    };
  }

  /**
   * The bank took the devolução: its rtrId and the time are kept once (a second acceptance
   * of the same devolução, a retried job, renames nothing). A decided refund is left alone.
   */
  async recordBankAcceptance(id: string, returnId: string | null): Promise<void> {
    await this.db.query(
      `UPDATE refunds SET return_id = coalesce(return_id, $2), submitted_at = coalesce(submitted_at, now()),
                          updated_at = now()
        WHERE id = $1 AND status = 'PROCESSING'`,
      [id, returnId],
    );
  }

  /**
   * The bank could not take the devolução now: under the row lock, one more retry after 1,
   * 2 then 4 seconds ("retrying"), or "spent" when the retries are used up (the caller asks
   * the bank what it did before failing the refund). A decided refund is "decided".
   */
  async recordTransientBankFailure(id: string, requestId: string | null): Promise<"retrying" | "spent" | "decided"> {
    return runTransaction(this.db, async (em) => {
      const refund = await em.getRepository(Refund).findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!refund) throw refundNotFound();
      if (refund.status !== RefundStatus.PROCESSING) return "decided";
      if (refund.retryCount >= TRANSIENT_RETRY_DELAYS_MS.length) return "spent";
      const delayMs = TRANSIENT_RETRY_DELAYS_MS[refund.retryCount];
      await em.query("UPDATE refunds SET retry_count = retry_count + 1, updated_at = now() WHERE id = $1", [id]);
      await enqueueJob(em, SUBMIT_REFUND_JOB, returnJobPayload({ subject: "refund", id, requestId }), {
        runAt: new Date(Date.now() + delayMs),
      });
      return "retrying";
    });
  }

  /** The bank returned the money: PROCESSING -> REFUNDED. */
  settleReturn(
    id: string,
    returnId: string | null,
    at: Date | null,
    actor: string,
    requestId: string | null = null,
  ): Promise<Refund> {
    return runTransaction(this.db, (em) =>
      this.decideInTransaction(em, id, { to: RefundStatus.REFUNDED, returnId, at, actor, requestId }),
    );
  }

  /** The bank did not return it: PROCESSING -> FAILED; the amount goes back to the balance. */
  failReturn(id: string, reason: string, actor: string, requestId: string | null = null): Promise<Refund> {
    return runTransaction(this.db, (em) =>
      this.decideInTransaction(em, id, { to: RefundStatus.FAILED, failureReason: reason, actor, requestId }),
    );
  }

  /** Sandbox: the operator plays the bank and decides the refund now. */
  simulateRefundOutcome(
    id: string,
    outcome: "REFUNDED" | "FAILED",
    reason: string | null,
    { audit, requestId }: Acting,
  ): Promise<Refund> {
    const text = reason?.trim() ?? "";
    if (text.length > 500) throw validationError("reason must have at most 500 characters");
    return runTransaction(this.db, async (em) => {
      const decision: RefundDecision =
        outcome === "REFUNDED"
          ? { to: RefundStatus.REFUNDED, actor: SIMULATED_ACTOR, requestId }
          : { to: RefundStatus.FAILED, failureReason: text || "bank error", actor: SIMULATED_ACTOR, requestId };
      const refund = await this.decideInTransaction(em, id, decision);
      await appendAudit(em, audit, {
        action: "refund.simulate_outcome",
        objectType: "refund",
        objectId: id,
        companyId: refund.companyId,
        reason: refund.failureReason,
        before: { status: RefundStatus.PROCESSING },
        after: refundAuditFields(refund),
      });
      return refund;
    });
  }

  /**
   * The one way a refund is decided: under its row lock, PROCESSING -> REFUNDED or FAILED,
   * with (for FAILED) the charge's refunded amount and the balance given back, and its
   * webhook event. Anything but PROCESSING is INVALID_STATE.
   */
  private async decideInTransaction(em: EntityManager, id: string, decision: RefundDecision): Promise<Refund> {
    const repo = em.getRepository(Refund);
    const refund = await repo.findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
    if (!refund) throw refundNotFound();
    if (refund.status !== RefundStatus.PROCESSING) throw refundNotProcessing(refund.status);
    const now = new Date();
    refund.status = decision.to;
    refund.updatedAt = now;
    if (decision.returnId) refund.returnId ??= decision.returnId;
    if (decision.to === RefundStatus.REFUNDED) {
      refund.refundedAt = decision.at ?? now;
      refund.returnId ??= sandboxReturnId(this.bankIspb, refundReturnRequestId(id), refund.refundedAt);
      refund.submittedAt ??= now;
    } else {
      refund.failureReason = truncateCodePoints(decision.failureReason || "bank error", 500);
    }
    await repo.save(refund);
    if (decision.to === RefundStatus.FAILED) {
      await moveRefundedAmount(em, refund.chargeId, -refund.amountCents);
      await postLedgerEntry(em, {
        companyId: refund.companyId,
        kind: LedgerEntryKind.REFUND_FAILED,
        amountCents: refund.amountCents,
        chargeId: refund.chargeId,
        refundId: refund.id,
        disputeId: refund.disputeId,
        memo: refund.failureReason,
      });
    }
    await this.appendEvent(em, refund, decision.requestId);
    if (refund.disputeId !== null) {
      if (!this.disputeReturns) throw new Error("a MED devolução was decided with no disputes service to tell");
      if (decision.to === RefundStatus.REFUNDED) await this.disputeReturns.returned(em, refund, decision.requestId);
      else await this.disputeReturns.failed(em, refund, decision.requestId);
    }
    return refund;
  }

  /**
   * A devolução the bank reports (a notification's `devolucoes[]` entry, idempotently): it
   * decides the refund it names, or records its rtrId. A report of a devolução that is not
   * a refund's, of another payment or amount, or contrary to an outcome already applied, is
   * UNRECOGNISED: the caller keeps it for an operator.
   */
  async applyReturnReport(report: ReturnReport, requestId: string | null = null): Promise<ReturnReportOutcome> {
    const refundId = refundIdOfReturnRequest(report.returnRequestId);
    if (refundId === null) {
      return { outcome: "UNRECOGNISED", problem: `no refund has devolução id ${report.returnRequestId}` };
    }
    return runTransaction(this.db, async (em) => {
      const [row] = await queryRows<Record<string, unknown> & { charge_e2e_id: string | null }>(
        em,
        `SELECT r.*, c.e2e_id AS charge_e2e_id FROM refunds r JOIN charges c ON c.id = r.charge_id
          WHERE r.id = $1 FOR NO KEY UPDATE OF r`,
        [refundId],
      );
      if (!row) return { outcome: "UNRECOGNISED", problem: `no refund has devolução id ${report.returnRequestId}` };
      const refund = this.refundFromRow(row);
      // Without the Pix's end-to-end id the report cannot show it is this refund's Pix: unknown, never applied.
      if (report.endToEndId === null) {
        return {
          outcome: "UNRECOGNISED",
          problem: `devolução ${report.returnRequestId} reported without its Pix's endToEndId`,
        };
      }
      if (report.endToEndId !== row.charge_e2e_id) {
        return { outcome: "UNRECOGNISED", problem: `devolução ${report.returnRequestId} reported for another Pix` };
      }
      if (report.amountCents !== refund.amountCents) {
        return {
          outcome: "UNRECOGNISED",
          problem: `devolução ${report.returnRequestId} reported for ${formatBrl(report.amountCents)}, asked for ${formatBrl(refund.amountCents)}`,
        };
      }
      const reported =
        report.status === "RETURNED"
          ? RefundStatus.REFUNDED
          : report.status === "REFUSED"
            ? RefundStatus.FAILED
            : RefundStatus.PROCESSING;
      if (refund.status !== RefundStatus.PROCESSING) {
        if (reported === refund.status || reported === RefundStatus.PROCESSING) {
          return { outcome: "DUPLICATE", status: refund.status };
        }
        return {
          outcome: "UNRECOGNISED",
          problem: `devolução ${report.returnRequestId} reported ${API_PIX_STATUS[report.status]}, but refund ${refund.id} is ${refund.status}`,
        };
      }
      if (reported === RefundStatus.PROCESSING) {
        if (refund.returnId !== null || report.returnId === null)
          return { outcome: "DUPLICATE", status: refund.status };
        await em.query(
          "UPDATE refunds SET return_id = $2, submitted_at = coalesce(submitted_at, now()), updated_at = now() WHERE id = $1",
          [refund.id, report.returnId],
        );
        return { outcome: "APPLIED", status: refund.status };
      }
      const decided = await this.decideInTransaction(em, refund.id, {
        to: reported,
        actor: "provider",
        returnId: report.returnId,
        failureReason: report.reason ?? "devolução não realizada",
        at: report.at,
        requestId,
      });
      return { outcome: "APPLIED", status: decided.status };
    });
  }

  private appendEvent(
    em: EntityManager,
    refund: Refund,
    requestId: string | null,
    account?: WebhookAccount,
  ): Promise<unknown> {
    return appendWebhookEvent(
      em,
      refund.companyId,
      EVENT_OF_STATUS[refund.status],
      refundEventFields(refund),
      refund.id,
      requestId,
      account,
    );
  }
}

/** Moves the charge's refunded amount in the caller's transaction (the CHECK keeps it within the charge). */
async function moveRefundedAmount(em: EntityManager, chargeId: string, deltaCents: Cents): Promise<void> {
  await em.query(
    "UPDATE charges SET refunded_amount_cents = refunded_amount_cents + $2, updated_at = now() WHERE id = $1",
    [chargeId, deltaCents.toString()],
  );
}

/** What the audit log keeps of a refund. */
function refundAuditFields(refund: Refund) {
  return {
    status: refund.status,
    chargeId: refund.chargeId,
    amount: formatBrl(refund.amountCents),
    reason: refund.reason,
    returnId: refund.returnId,
    failureReason: refund.failureReason,
  };
}

/** refund.* fields in the contract's order (event, event_id, timestamp come first; signature last). */
export function refundEventFields(refund: Refund): Record<string, unknown> {
  return {
    refund_id: refund.id,
    charge_id: `chg_${refund.chargeId}`,
    company_id: refund.companyId,
    amount: brlToJsonNumber(refund.amountCents),
    status: refund.status,
    return_id: refund.returnId,
    reason: refund.reason,
    failure_reason: refund.failureReason,
  };
}

/**
 * Locks the account row (after the charge's: the refunds' order) before an Idempotency-Key is
 * looked up. Refunds and operators' refund requests share the account's keys across two
 * tables, and every row of either is inserted under this lock, so a lookup made under it sees
 * every earlier use of the key, whichever table holds it.
 */
export async function lockAccountForKeys(em: EntityManager, companyId: string): Promise<void> {
  await em.query("SELECT 1 FROM companies WHERE id = $1 FOR NO KEY UPDATE", [companyId]);
}

/** Whether an operator's refund request of the account was made with this key. */
async function keyOfRefundRequest(em: EntityManager, companyId: string, idempotencyKey: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    em,
    "SELECT id FROM refund_requests WHERE company_id = $1 AND idempotency_key = $2",
    [companyId, idempotencyKey],
  );
  return rows.length > 0;
}

/** An account's row, locked: its balance and what its webhook events need. */
export interface LockedAccount extends WebhookAccount {
  balanceCents: Cents;
}

/**
 * Locks the account row for the rest of the transaction (after the charge's: refunds and
 * disputes take them in that order) and reads the balance and what the events need: the
 * balance check and the reservation are one step, as a withdrawal's.
 */
export async function lockAccountWithBalance(em: EntityManager, companyId: string): Promise<LockedAccount> {
  const rows = await queryRows<{ balance_cents: string; webhook_secret: string; webhook_url: string | null }>(
    em,
    "SELECT balance_cents, webhook_secret, webhook_url FROM companies WHERE id = $1 FOR NO KEY UPDATE",
    [companyId],
  );
  if (rows.length === 0) throw notFound("Company");
  return {
    balanceCents: BigInt(rows[0].balance_cents),
    webhookSecret: openWebhookSecret(em, companyId, rows[0].webhook_secret),
    webhookUrl: rows[0].webhook_url,
  };
}
