import type { DataSource, EntityManager } from "typeorm";
import { type Acting, type AuditContext, appendAudit } from "../audit";
import type { ChargesService } from "../charges";
import { ChargeStatus } from "../charges/model";
import { LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, invalidState, notFound, validationError } from "../core/errors";
import { newDisputeId, newRefundId, randomString } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  cappedCount,
  type KeyColumn,
  ListOrder,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
} from "../core/pagination";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import {
  LedgerEntryKind,
  lockAccountBalance,
  MAKER_CHECKER_OFF,
  type MakerCheckerPolicy,
  mayMoveAlone,
  postLedgerEntry,
} from "../ledger";
import { type PixProvider, providerActor } from "../provider";
import {
  type DisputeReturnListener,
  lockAccountWithBalance,
  Refund,
  RefundNature,
  RefundStatus,
  refundableCents,
  refundEventFields,
  refundExceedsCharge,
  refundWindowClosed,
  returnJobPayload,
  SUBMIT_REFUND_JOB,
} from "../refunds";
import { appendWebhookEvent, WEBHOOK_EVENTS, type WebhookAccount } from "../webhooks";
import { Dispute, DisputeNature, DisputeOutcome, DisputeStatus } from "./dispute.entity";

/** MED: the receiving PSP concludes its analysis within 7 days of the notification (docs/disputes.md). */
export const DISPUTE_ANALYSIS_DAYS = 7;
/** MED: the payer's bank may notify an infraction up to 80 days after the payment. */
export const DISPUTE_WINDOW_DAYS = 80;
const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_STATEMENT_LENGTH = 2000;
const MAX_DESCRIPTION_LENGTH = 500;
const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Who opens a dispute in the sandbox: the simulated bank, at an operator's request. */
const SIMULATED_ACTOR = "provider:sandbox (simulated by operator)";

/** The sandbox's bank opening a dispute an operator simulates: its history actor, on the operator's audit context. */
export const sandboxBankFor = ({ audit, requestId }: Acting): Acting => ({ actor: SIMULATED_ACTOR, audit, requestId });

/** The devolução's descricao, sent to the payer's bank. */
const RETURN_DESCRIPTION: Record<DisputeNature, string> = {
  [DisputeNature.MED_FRAUDE]: "Devolução MED: fundada suspeita de fraude",
  [DisputeNature.MED_OPERACIONAL]: "Devolução MED: falha operacional",
};

/** What the bank is told when an operator accepts a claim (it, or our devolução, returns the amount). */
const ACCEPTED_ANSWER = "Infração aceita pelo recebedor: o valor bloqueado é devolvido ao pagador";

/** Queue order: the nearest deadline first. */
const DEADLINE_KEY: KeyColumn[] = [
  { column: "deadline_at", type: "timestamptz" },
  { column: "id", type: "text" },
];

export const disputeNotFound = () => notFound("Dispute");
const disputeNotIn = (status: DisputeStatus, allowed: string) =>
  invalidState(`Dispute is ${status}; only ${allowed} dispute can change this way`);

export interface OpenDisputeInput {
  chargeId: string;
  /** Omitted: all that is still refundable. */
  amountCents?: Cents | null;
  nature: DisputeNature;
  /** The bank's id of the notification; omitted, the sandbox names one. */
  reportId?: string | null;
  description?: string | null;
  /** The bank's deadline for the analysis; omitted, 7 days from now. */
  deadlineAt?: Date | null;
}

/** An operator's decision, answered to the bank that notified the claim (its report id). */
export interface DisputeAnswer {
  reportId: string;
  accepted: boolean;
  statement: string;
}

export interface DisputeFilter extends PageArgs {
  status?: DisputeStatus | null;
}

function checkText(field: string, value: string | null | undefined, max: number, required: boolean): string | null {
  const text = value?.trim() ?? "";
  if (text.length === 0) {
    if (required) throw validationError(`${field} must not be empty`);
    return null;
  }
  if ([...text].length > max) throw validationError(`${field} must have at most ${max} characters`);
  return text;
}

/**
 * MED disputes (docs/disputes.md): opened by the payer's bank (the sandbox's simulateDispute),
 * decided by an operator. Every change runs in one transaction with its ledger entries, its
 * audit row and its events, under the charge's row lock and then the account's (the order
 * refunds use), so a dispute racing a refund or a withdrawal never takes refunds and holds
 * above the charge or the balance below zero.
 */
export class DisputesService implements DisputeReturnListener {
  private readonly disputeFromRow: (row: Record<string, unknown>) => Dispute;
  /**
   * A bank that takes the account's answer to a claim (Efí): the job that answers it, queued
   * in the transaction of the operator's decision (null: the sandbox, nothing to answer).
   */
  answerJob: string | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly charges: ChargesService,
    private readonly provider: Pick<PixProvider, "name" | "returnsMedItself">,
    /** APPROVAL_SECOND_OPERATOR_ABOVE and its window: when an acceptance needs a second operator, as a refund does. */
    private readonly makerChecker: MakerCheckerPolicy = MAKER_CHECKER_OFF,
  ) {
    this.disputeFromRow = entityRowMapper(db, Dispute);
  }

  /**
   * True when the bank returns this dispute's money itself once the claim is accepted: the
   * provider does (Efí's MED, `returnsMedItself`) and it notified this claim (it opened the
   * dispute from its infraction). Then accepting answers the bank and sends no devolução.
   * A dispute the sandbox opened (simulateDispute) is returned by the service's devolução.
   */
  returnedByBank(dispute: Pick<Dispute, "openedBy">): boolean {
    return this.provider.returnsMedItself && dispute.openedBy === providerActor(this.provider);
  }

  /** ACCEPTED and answered to the bank, which returns the held amount itself: still held, nothing sent. */
  private awaitingBankReturn(dispute: Dispute): boolean {
    return dispute.status === DisputeStatus.ACCEPTED && dispute.refundId === null && dispute.closedAt === null;
  }

  /**
   * The payer's bank notified an infraction: the dispute is OPEN and what it claims is held,
   * as far as the balance allows (never below zero). The same notification (report id) again
   * answers the dispute it opened and changes nothing.
   */
  async openDispute(
    input: OpenDisputeInput,
    { actor, audit, requestId }: Acting,
  ): Promise<{ dispute: Dispute; replayed: boolean }> {
    const asked = input.amountCents ?? null;
    if (asked !== null && (asked < 1n || asked > MAX_AMOUNT_CENTS)) {
      throw validationError("amount must be between 0.01 and 99999999.99");
    }
    if (!Object.values(DisputeNature).includes(input.nature)) throw validationError("nature is not a MED nature");
    const description = checkText("description", input.description, MAX_DESCRIPTION_LENGTH, false);
    const reportId = input.reportId ?? `sandbox-${randomString("abcdefghijklmnopqrstuvwxyz0123456789", 20)}`;
    if (!REPORT_ID_PATTERN.test(reportId)) throw validationError("reportId must be 1 to 64 letters, digits, - or _");

    return runTransaction(this.db, async (em) => {
      const charge = await this.charges.lockCharge(em, null, input.chargeId);
      const [known] = await queryRows<Record<string, unknown>>(em, "SELECT * FROM disputes WHERE report_id = $1", [
        reportId,
      ]);
      if (known) {
        const dispute = this.disputeFromRow(known);
        if (dispute.chargeId !== charge.id) {
          throw new AppError("CONFLICT", "This report id already opened a dispute on another charge");
        }
        return { dispute, replayed: true };
      }
      if (charge.status !== ChargeStatus.PAID) {
        throw invalidState(`Charge is ${charge.status}; only a PAID charge can be disputed`);
      }
      const now = new Date();
      if (charge.paidAt === null || now.getTime() > charge.paidAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS) {
        throw refundWindowClosed();
      }
      const refundable = refundableCents(charge);
      const amountCents = asked ?? refundable;
      if (refundable === 0n || amountCents > refundable) throw refundExceedsCharge(refundable);

      const account = await lockAccountWithBalance(em, charge.companyId);
      const available = account.balanceCents > 0n ? account.balanceCents : 0n;
      const heldCents = amountCents < available ? amountCents : available;
      const dispute = em.getRepository(Dispute).create({
        id: newDisputeId(),
        companyId: charge.companyId,
        chargeId: charge.id,
        reportId,
        nature: input.nature,
        amountCents,
        heldAmountCents: heldCents,
        status: DisputeStatus.OPEN,
        outcome: null,
        description,
        merchantStatement: null,
        contestStatement: null,
        refundId: null,
        returnFailureReason: null,
        openedBy: actor,
        decidedBy: null,
        closedBy: null,
        openedAt: now,
        deadlineAt: input.deadlineAt ?? new Date(now.getTime() + DISPUTE_ANALYSIS_DAYS * DAY_MS),
        decidedAt: null,
        closedAt: null,
        updatedAt: now,
      });
      await em.getRepository(Dispute).insert(dispute);
      await moveDisputedAmount(em, charge.id, heldCents);
      if (heldCents > 0n) {
        await postLedgerEntry(em, {
          companyId: charge.companyId,
          kind: LedgerEntryKind.DISPUTE_HELD,
          amountCents: -heldCents,
          chargeId: charge.id,
          disputeId: dispute.id,
          memo: `MED ${dispute.nature}`,
        });
      }
      await appendAudit(em, audit, {
        action: "dispute.open",
        objectType: "dispute",
        objectId: dispute.id,
        companyId: dispute.companyId,
        reason: description,
        after: disputeAuditFields(dispute),
      });
      await appendDisputeEvent(em, dispute, WEBHOOK_EVENTS.disputeOpened, requestId, account);
      return { dispute, replayed: false };
    });
  }

  /**
   * The operator accepts the claim. The service's own return: the held amount becomes a
   * devolução of the dispute's MED nature (a refund, sent by the refunds' jobs); the hold ends
   * and the refund's reservation takes its place, so the balance does not move. The dispute
   * closes when the bank returns the money; if the bank does not, the amount is held again
   * and the dispute is OPEN.
   *
   * A claim the bank returns itself (`returnedByBank`: Efí's infractions): the bank is answered
   * `aceito` and nothing is sent. The dispute is ACCEPTED with no refund and no outcome, its
   * amount still held, until the bank's decision is read back: its return recorded
   * (recordBankReturn) or the hold released (recordBankRelease).
   */
  acceptDispute(id: string, { actor, audit, requestId }: Acting): Promise<Dispute> {
    return this.change(
      id,
      async (em, dispute, charge) => {
        if (dispute.status !== DisputeStatus.OPEN) throw disputeNotIn(dispute.status, "an OPEN");
        if (dispute.heldAmountCents === 0n) {
          throw invalidState("Nothing is held for this dispute (the balance was empty): contest or close it");
        }
        if (!(await this.acceptedByEnoughOperators(em, dispute, actor))) {
          return { action: "dispute.accept_requested", reason: null };
        }
        if (this.returnedByBank(dispute)) {
          dispute.status = DisputeStatus.ACCEPTED;
          dispute.decidedBy = actor;
          dispute.decidedAt = new Date();
          await this.answerBank(em, dispute, true, ACCEPTED_ANSWER);
          return { action: "dispute.accept", reason: null };
        }
        if (charge.e2eId === null) {
          throw invalidState("The bank has not reported this payment's end-to-end id yet; try again later");
        }
        const refund = await this.heldToReturn(em, dispute, actor, requestId, null);
        await enqueueJob(em, SUBMIT_REFUND_JOB, returnJobPayload({ subject: "refund", id: refund.id, requestId }));
        await this.answerBank(em, dispute, true, ACCEPTED_ANSWER);
        return { action: "dispute.accept", reason: null };
      },
      audit,
    );
  }

  /**
   * The refunds' maker-checker for the money an acceptance returns: an operator may accept
   * alone what they may move alone (the held amount, and with it what they moved alone on
   * the account in the window, at or under APPROVAL_SECOND_OPERATOR_ABOVE); above it the
   * first acceptance is recorded and a second, different operator's returns the money. The
   * same operator again is INVALID_STATE. Takes the account's lock (mayMoveAlone's rule).
   */
  private async acceptedByEnoughOperators(em: EntityManager, dispute: Dispute, actor: string): Promise<boolean> {
    if (this.makerChecker.aboveCents === null) return true;
    if (dispute.acceptRequestedBy !== null) {
      if (dispute.acceptRequestedBy === actor) {
        throw invalidState("You already accepted this dispute: a second, different operator must accept it");
      }
      return true;
    }
    await lockAccountBalance(em, dispute.companyId);
    if (await mayMoveAlone(em, this.makerChecker, actor, dispute.companyId, dispute.heldAmountCents)) return true;
    dispute.acceptRequestedBy = actor;
    dispute.acceptRequestedAt = new Date();
    return false;
  }

  /**
   * The bank decided the claim stands and returned the held amount itself (Efí's MED: it
   * blocks the amount at its side and makes the devolução when the claim is accepted). The
   * devolução is recorded as made, never sent: a REFUNDED refund of the dispute's nature for
   * the held amount, and the dispute ACCEPTED and RETURNED at once. Whatever an operator did
   * first (contested: REJECTED; accepted, answered to the bank and still held) the bank's
   * decision stands; a dispute whose devolução we sent, or CLOSED, is INVALID_STATE (the
   * caller records the difference).
   */
  recordBankReturn(id: string, note: string, { actor, audit, requestId }: Acting): Promise<Dispute> {
    const text = checkText("note", note, MAX_DESCRIPTION_LENGTH, true);
    return this.change(
      id,
      async (em, dispute) => {
        this.assertBankMayDecide(dispute);
        if (dispute.heldAmountCents === 0n) {
          throw invalidState("Nothing is held for this dispute (the balance was empty): nothing to record as returned");
        }
        await this.heldToReturn(em, dispute, actor, requestId, new Date());
        return { action: "dispute.bank_return", reason: text };
      },
      audit,
    );
  }

  /**
   * The bank decided the claim does not stand, or cancelled it: CLOSED, RELEASED, as
   * closeDispute (audited as dispute.close), and also for a dispute accepted here and answered
   * to a bank that returns the money itself (still held until its decision). A dispute whose
   * devolução we sent, or CLOSED, is INVALID_STATE.
   */
  recordBankRelease(id: string, note: string, { actor, audit, requestId }: Acting): Promise<Dispute> {
    const text = checkText("note", note, MAX_DESCRIPTION_LENGTH, true);
    return this.change(
      id,
      async (em, dispute) => {
        this.assertBankMayDecide(dispute);
        await this.releaseHold(em, dispute, text, actor, requestId);
        return { action: "dispute.close", reason: text };
      },
      audit,
    );
  }

  /** Still undecided at the bank with its amount held: OPEN, REJECTED, or accepted and awaiting the bank's return. */
  private assertBankMayDecide(dispute: Dispute): void {
    const undecided =
      dispute.status === DisputeStatus.OPEN ||
      dispute.status === DisputeStatus.REJECTED ||
      this.awaitingBankReturn(dispute);
    if (!undecided) {
      throw disputeNotIn(dispute.status, "an OPEN, REJECTED or accepted and still held (awaiting the bank's return)");
    }
  }

  /**
   * The held amount becomes the dispute's MED devolução (a refund of its nature): the hold
   * ends (DISPUTE_RELEASED) and the refund's reservation takes its place (REFUND_RESERVED),
   * so the balance does not move; the dispute is ACCEPTED. Sent by the refunds' jobs
   * (`returnedAt` null: PROCESSING, the caller queues it), or already made by the bank
   * (REFUNDED at `returnedAt`, the dispute RETURNED and closed in the same transaction).
   */
  private async heldToReturn(
    em: EntityManager,
    dispute: Dispute,
    actor: string,
    requestId: string | null,
    returnedAt: Date | null,
  ): Promise<Refund> {
    const account = await lockAccountWithBalance(em, dispute.companyId);
    const now = new Date();
    const refund = em.getRepository(Refund).create({
      id: newRefundId(),
      companyId: dispute.companyId,
      chargeId: dispute.chargeId,
      amountCents: dispute.heldAmountCents,
      status: returnedAt ? RefundStatus.REFUNDED : RefundStatus.PROCESSING,
      reason: RETURN_DESCRIPTION[dispute.nature],
      returnId: null,
      failureReason: null,
      retryCount: 0,
      nature: dispute.nature === DisputeNature.MED_FRAUDE ? RefundNature.MED_FRAUDE : RefundNature.MED_OPERACIONAL,
      disputeId: dispute.id,
      idempotencyKey: null,
      requestFingerprint: null,
      requestedBy: actor,
      submittedAt: returnedAt,
      refundedAt: returnedAt,
      createdAt: now,
      updatedAt: now,
    });
    await em.getRepository(Refund).insert(refund);
    await em.query(
      `UPDATE charges SET disputed_amount_cents = disputed_amount_cents - $2,
                        refunded_amount_cents = refunded_amount_cents + $2, updated_at = now()
      WHERE id = $1`,
      [dispute.chargeId, dispute.heldAmountCents.toString()],
    );
    await postLedgerEntry(em, {
      companyId: dispute.companyId,
      kind: LedgerEntryKind.DISPUTE_RELEASED,
      amountCents: dispute.heldAmountCents,
      chargeId: dispute.chargeId,
      disputeId: dispute.id,
      memo: returnedAt
        ? `MED ${dispute.nature}: accepted by the bank, returned by it (recorded as ${refund.id})`
        : `MED ${dispute.nature}: accepted, returned by devolução ${refund.id}`,
    });
    await postLedgerEntry(em, {
      companyId: dispute.companyId,
      kind: LedgerEntryKind.REFUND_RESERVED,
      amountCents: -dispute.heldAmountCents,
      chargeId: dispute.chargeId,
      refundId: refund.id,
      disputeId: dispute.id,
      memo: refund.reason,
    });
    if (dispute.status !== DisputeStatus.ACCEPTED) {
      // An operator's accept answered to the bank stays the decision; the bank only returned.
      dispute.status = DisputeStatus.ACCEPTED;
      dispute.decidedBy = actor;
      dispute.decidedAt = now;
    }
    dispute.refundId = refund.id;
    await appendWebhookEvent(
      em,
      refund.companyId,
      returnedAt ? WEBHOOK_EVENTS.refundRefunded : WEBHOOK_EVENTS.refundProcessing,
      refundEventFields(refund),
      refund.id,
      requestId,
      account,
    );
    if (returnedAt) {
      dispute.outcome = DisputeOutcome.RETURNED;
      dispute.closedAt = returnedAt;
      dispute.closedBy = actor;
      await appendDisputeEvent(em, dispute, WEBHOOK_EVENTS.disputeClosed, requestId, account);
    }
    return refund;
  }

  /** The operator contests the claim with a statement: REJECTED, still held until closed. */
  contestDispute(id: string, statement: string, { actor, audit }: Acting): Promise<Dispute> {
    const text = checkText("statement", statement, MAX_STATEMENT_LENGTH, true);
    return this.change(
      id,
      async (em, dispute) => {
        if (dispute.status !== DisputeStatus.OPEN) throw disputeNotIn(dispute.status, "an OPEN");
        dispute.status = DisputeStatus.REJECTED;
        dispute.contestStatement = text;
        dispute.decidedBy = actor;
        dispute.decidedAt = new Date();
        await this.answerBank(em, dispute, false, text ?? "");
        return { action: "dispute.contest", reason: text };
      },
      audit,
    );
  }

  /**
   * The case ends without a devolução (contested and settled, withdrawn by the payer's bank,
   * or the deadline passed): CLOSED, RELEASED; the held amount returns to the balance.
   * Not for a claim the bank decides and returns itself (`returnedByBank`) with an amount held: it stays
   * blocked at the bank until the bank's decision, which closes the dispute when it is read
   * back; released here first, the balance would offer money the bank still holds (and that
   * an ACEITA would then return to the payer).
   */
  closeDispute(id: string, note: string | null, { actor, audit, requestId }: Acting): Promise<Dispute> {
    const text = checkText("note", note, MAX_DESCRIPTION_LENGTH, false);
    return this.change(
      id,
      async (em, dispute) => {
        if (dispute.status !== DisputeStatus.OPEN && dispute.status !== DisputeStatus.REJECTED) {
          throw disputeNotIn(dispute.status, "an OPEN or REJECTED");
        }
        // With nothing held (the balance was empty at the claim) there is nothing to release.
        if (this.returnedByBank(dispute) && dispute.heldAmountCents > 0n) {
          throw invalidState(
            "The bank holds this claim's amount and decides it: accept or contest it; the bank's decision closes it",
          );
        }
        await this.releaseHold(em, dispute, text, actor, requestId);
        return { action: "dispute.close", reason: text };
      },
      audit,
    );
  }

  /** The hold returns to the balance (DISPUTE_RELEASED): CLOSED, RELEASED, dispute.closed. */
  private async releaseHold(
    em: EntityManager,
    dispute: Dispute,
    note: string | null,
    actor: string,
    requestId: string | null,
  ): Promise<void> {
    const account = await lockAccountWithBalance(em, dispute.companyId);
    await moveDisputedAmount(em, dispute.chargeId, -dispute.heldAmountCents);
    if (dispute.heldAmountCents > 0n) {
      await postLedgerEntry(em, {
        companyId: dispute.companyId,
        kind: LedgerEntryKind.DISPUTE_RELEASED,
        amountCents: dispute.heldAmountCents,
        chargeId: dispute.chargeId,
        disputeId: dispute.id,
        memo: note ?? `MED ${dispute.nature}: closed, hold released`,
      });
    }
    dispute.status = DisputeStatus.CLOSED;
    dispute.outcome = DisputeOutcome.RELEASED;
    dispute.closedBy = actor;
    dispute.closedAt = new Date();
    await appendDisputeEvent(em, dispute, WEBHOOK_EVENTS.disputeClosed, requestId, account);
  }

  /** The merchant tells its side while the dispute is OPEN (the operator reads it before deciding). */
  submitStatement(scopeCompanyId: string | null, id: string, statement: string, { audit }: Acting): Promise<Dispute> {
    const text = checkText("statement", statement, MAX_STATEMENT_LENGTH, true);
    return this.change(
      id,
      async (_em, dispute) => {
        if (dispute.status !== DisputeStatus.OPEN) throw disputeNotIn(dispute.status, "an OPEN");
        dispute.merchantStatement = text;
        return { action: "dispute.statement", reason: text };
      },
      audit,
      scopeCompanyId,
    );
  }

  /**
   * One change of a dispute: the charge's row lock, then the dispute's (a dispute is changed
   * only under its charge's lock: refunds, disputes and their devoluções of one charge are one
   * at a time), the change, the row saved and the audit row, in one transaction.
   */
  private async answerBank(em: EntityManager, dispute: Dispute, accepted: boolean, statement: string): Promise<void> {
    if (this.answerJob === null) return;
    const answer: DisputeAnswer = { reportId: dispute.reportId, accepted, statement };
    await enqueueJob(em, this.answerJob, { ...answer });
  }

  private async change(
    id: string,
    apply: (
      em: EntityManager,
      dispute: Dispute,
      charge: Awaited<ReturnType<ChargesService["lockCharge"]>>,
    ) => Promise<{ action: string; reason: string | null }>,
    audit: AuditContext | null,
    scopeCompanyId: string | null = null,
  ): Promise<Dispute> {
    const found = await this.getDispute(scopeCompanyId, id);
    return runTransaction(this.db, async (em) => {
      const charge = await this.charges.lockCharge(em, null, found.chargeId);
      const dispute = await em
        .getRepository(Dispute)
        .findOne({ where: { id: found.id }, lock: { mode: "for_no_key_update" } });
      if (!dispute) throw disputeNotFound();
      const before = disputeAuditFields(dispute);
      const { action, reason } = await apply(em, dispute, charge);
      dispute.updatedAt = new Date();
      await em.getRepository(Dispute).save(dispute);
      await appendAudit(em, audit, {
        action,
        objectType: "dispute",
        objectId: dispute.id,
        companyId: dispute.companyId,
        reason,
        before,
        after: disputeAuditFields(dispute),
      });
      return dispute;
    });
  }

  /** The MED devolução was made: the dispute is closed, RETURNED (in the refund's transaction). */
  async returned(em: EntityManager, refund: Refund, requestId: string | null): Promise<void> {
    const dispute = await this.lockForReturn(em, refund);
    if (!dispute) return;
    dispute.outcome = DisputeOutcome.RETURNED;
    dispute.closedAt = refund.refundedAt ?? new Date();
    dispute.closedBy = "provider";
    dispute.updatedAt = new Date();
    await em.getRepository(Dispute).save(dispute);
    await appendDisputeEvent(em, dispute, WEBHOOK_EVENTS.disputeClosed, requestId);
  }

  /**
   * The MED devolução failed (the refund gave the amount back to the balance): the amount is
   * held again and the dispute is OPEN, so the money stays blocked until an operator accepts
   * again (a new devolução) or closes the case.
   */
  async failed(em: EntityManager, refund: Refund, _requestId: string | null): Promise<void> {
    const dispute = await this.lockForReturn(em, refund);
    if (!dispute) return;
    // The refund's REFUND_FAILED gave the amount back under the account's lock; hold it again,
    // as far as the balance allows (an operator's debit may have taken it meanwhile).
    const { balanceCents } = await lockAccountWithBalance(em, dispute.companyId);
    const available = balanceCents > 0n ? balanceCents : 0n;
    const heldCents = refund.amountCents < available ? refund.amountCents : available;
    await moveDisputedAmount(em, dispute.chargeId, heldCents);
    if (heldCents > 0n) {
      await postLedgerEntry(em, {
        companyId: dispute.companyId,
        kind: LedgerEntryKind.DISPUTE_HELD,
        amountCents: -heldCents,
        chargeId: dispute.chargeId,
        disputeId: dispute.id,
        memo: `MED ${dispute.nature}: devolução ${refund.id} failed, held again`,
      });
    }
    dispute.status = DisputeStatus.OPEN;
    dispute.heldAmountCents = heldCents;
    dispute.decidedBy = null;
    dispute.decidedAt = null;
    dispute.returnFailureReason = refund.failureReason;
    dispute.updatedAt = new Date();
    await em.getRepository(Dispute).save(dispute);
  }

  /** The ACCEPTED dispute whose current devolução this refund is; null when it is not (any more). */
  private async lockForReturn(em: EntityManager, refund: Refund): Promise<Dispute | null> {
    if (refund.disputeId === null) return null;
    const dispute = await em
      .getRepository(Dispute)
      .findOne({ where: { id: refund.disputeId }, lock: { mode: "for_no_key_update" } });
    if (!dispute || dispute.status !== DisputeStatus.ACCEPTED || dispute.refundId !== refund.id) return null;
    return dispute;
  }

  /** A dispute of the account (of any account for the operator); another account's is 404. */
  async getDispute(scopeCompanyId: string | null, id: string): Promise<Dispute> {
    const [row] = await queryRows<Record<string, unknown>>(this.db, "SELECT * FROM disputes WHERE id = $1", [id]);
    const dispute = row ? this.disputeFromRow(row) : null;
    if (!dispute || (scopeCompanyId !== null && dispute.companyId !== scopeCompanyId)) throw disputeNotFound();
    return dispute;
  }

  /** The queue: nearest deadline first; of one account for a merchant (or an operator's filter). */
  listDisputes(scopeCompanyId: string | null, filter: DisputeFilter): Promise<Page<Dispute>> {
    const window = { ...readPageWindow(filter), order: ListOrder.OLDEST_FIRST };
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (filter.status) where.push(`status = ${params.add(filter.status)}`);
    const query = {
      cursorTag: "disputes",
      from: "disputes",
      columns: "*",
      key: DEADLINE_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      undefined,
      (sql) => readPage(sql, query, window, this.disputeFromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /** The disputes of many charges (a charge's page), oldest first per charge. */
  async disputesOfCharge(scopeCompanyId: string | null, chargeIdInput: string): Promise<Dispute[]> {
    const { id } = await this.charges.getCharge(scopeCompanyId, chargeIdInput);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      "SELECT * FROM disputes WHERE charge_id = $1 ORDER BY opened_at, id",
      [id],
    );
    return rows.map(this.disputeFromRow);
  }
}

/** Moves the charge's held amount in the caller's transaction (the CHECK keeps refunds + holds within it). */
async function moveDisputedAmount(em: EntityManager, chargeId: string, deltaCents: Cents): Promise<void> {
  if (deltaCents === 0n) return;
  await em.query(
    "UPDATE charges SET disputed_amount_cents = disputed_amount_cents + $2, updated_at = now() WHERE id = $1",
    [chargeId, deltaCents.toString()],
  );
}

function disputeAuditFields(dispute: Dispute) {
  return {
    status: dispute.status,
    chargeId: dispute.chargeId,
    nature: dispute.nature,
    amount: formatBrl(dispute.amountCents),
    heldAmount: formatBrl(dispute.heldAmountCents),
    outcome: dispute.outcome,
    refundId: dispute.refundId,
    acceptRequestedBy: dispute.acceptRequestedBy,
  };
}

/** dispute.* fields in their documented order (event, event_id, timestamp come first; signature last). */
export function disputeEventFields(dispute: Dispute): Record<string, unknown> {
  return {
    dispute_id: dispute.id,
    charge_id: `chg_${dispute.chargeId}`,
    company_id: dispute.companyId,
    nature: dispute.nature,
    amount: brlToJsonNumber(dispute.amountCents),
    held_amount: brlToJsonNumber(dispute.heldAmountCents),
    status: dispute.status,
    outcome: dispute.outcome,
    refund_id: dispute.refundId,
    opened_at: dispute.openedAt.toISOString(),
    deadline_at: dispute.deadlineAt.toISOString(),
    closed_at: dispute.closedAt?.toISOString() ?? null,
  };
}

function appendDisputeEvent(
  em: EntityManager,
  dispute: Dispute,
  event: typeof WEBHOOK_EVENTS.disputeOpened | typeof WEBHOOK_EVENTS.disputeClosed,
  requestId: string | null,
  account?: WebhookAccount,
): Promise<unknown> {
  return appendWebhookEvent(em, dispute.companyId, event, disputeEventFields(dispute), dispute.id, requestId, account);
}
