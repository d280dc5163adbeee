import { createHash } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import { amountToPay, type ChargesService, receivedCents } from "../charges";
import { Charge, ChargeStatus } from "../charges/model";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, notFound, unauthenticated, validationError } from "../core/errors";
import { newPaymentExceptionId } from "../core/ids";
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
import {
  type MalformedPixNotification,
  type ParsedPixEntry,
  type PixNotification,
  type PixProvider,
  parsePixNotifications,
  type ReturnReport,
  requireSandbox,
} from "../provider";
import { type ExceptionReturnsService, exceptionIdOfReturnRequest, type RefundsService } from "../refunds";
import { PaymentException, PaymentExceptionKind, PaymentExceptionStatus } from "./payment-exception.entity";

/** What became of one received payment. */
export type InboundPixOutcome =
  /** The charge is now PAID and its net amount credited. */
  | "CREDITED"
  /** Already applied (same endToEndId, or a repeat of a payment reported without one): nothing changed. */
  | "DUPLICATE"
  /** The charge was PAID by a notification without endToEndId; this one filled it in. */
  | "E2E_RECORDED"
  /** Not credited: recorded for operator review. */
  | "EXCEPTION";

export interface InboundPixResult {
  endToEndId: string | null;
  /** Null only for a malformed entry whose txid could not be read. */
  txid: string | null;
  outcome: InboundPixOutcome;
  exceptionKind?: PaymentExceptionKind;
  /** A malformed entry: what could not be read. */
  problem?: string;
  /** What each of the entry's devoluções (`devolucoes[]`) did, in order. */
  returns?: ReturnResult[];
}

/** What became of one reported devolução. */
export interface ReturnResult {
  id: string | null;
  /** APPLIED and DUPLICATE name the refund's (or the return's) status; EXCEPTION: kept for operator review, with why. */
  outcome: "APPLIED" | "DUPLICATE" | "EXCEPTION";
  status?: string;
  problem?: string;
}

/** What the charge asked of this payment: a PAID charge what it brought, else what was due on the day paid. */
function expectedAmount(charge: Charge, payment: PixNotification): bigint {
  if (charge.status === ChargeStatus.PAID) return receivedCents(charge);
  return amountToPay(charge, new Date(Math.min(payment.paidAt.getTime(), Date.now())));
}

/** Whose a received Pix is: the account (and charge) it was paid to, and what it should have brought. */
export interface PaymentOwner {
  companyId: string | null;
  chargeId: string | null;
  expectedAmountCents: bigint | null;
}

/** What became of a received Pix, with whose it is. */
export type PaymentDecision = { outcome: InboundPixOutcome; exceptionKind?: PaymentExceptionKind } & PaymentOwner;

/**
 * Pix received with a static QR code's identifier (qrcodes/): in the payment's transaction,
 * after its end-to-end id is claimed, a PAID charge of the QR code's account, or an exception's kind.
 */
export interface StaticQrPayments {
  receiveStaticQrPix(em: EntityManager, payment: PixNotification, requestId: string | null): Promise<PaymentDecision>;
}

/** The longest identifier of a static QR code (BR Code 62-05); a charge's txid has 26 to 35 characters. */
const STATIC_QR_TXID = /^[a-zA-Z0-9]{1,25}$/;
export const isStaticQrTxid = (txid: string) => STATIC_QR_TXID.test(txid);

function ownerOf(charge: Charge | null, payment: PixNotification): PaymentOwner {
  return {
    companyId: charge?.companyId ?? null,
    chargeId: charge?.id ?? null,
    expectedAmountCents: charge === null ? null : expectedAmount(charge, payment),
  };
}

/** The bank side's inbound half: PIX payments reported by the provider. */
export class InboundPixService {
  private readonly exceptionFromRow: (row: Record<string, unknown>) => PaymentException;
  /** Wired in services.ts (the QR codes' service is built on the charges'). */
  staticQrPayments: StaticQrPayments | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    private readonly charges: ChargesService,
    private readonly refunds: RefundsService,
    private readonly exceptionReturns: ExceptionReturnsService,
  ) {
    this.exceptionFromRow = entityRowMapper(db, PaymentException);
  }

  /**
   * POST /provider/pix, the sandbox's door (the simulator's bank calls it; with a real bank
   * it is closed: SANDBOX_ONLY, and its HMAC is never looked at): checks the provider's
   * signature, then takes each entry on its own:
   * a payment is applied in its own transaction, a malformed entry is kept for review.
   * When an entry fails (the database is down, a bug), the others are still applied and
   * the batch is answered with the error, so the provider sends it again: what was applied
   * then answers DUPLICATE, and the failed entry gets its next chance.
   */
  async receivePixNotifications(
    rawBody: Buffer,
    signature: string | undefined,
    requestId: string | null = null,
  ): Promise<InboundPixResult[]> {
    requireSandbox(this.provider);
    if (!this.provider.verifyNotification(rawBody, signature)) throw unauthenticated();
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw validationError("body is not valid JSON");
    }
    return this.applyPixEntries(parsePixNotifications(body), requestId);
  }

  /**
   * Applies a batch read by parsePixNotifications, each entry on its own (a provider's
   * own route, such as a PSP adapter's webhook, reads its body into the same entries).
   */
  async applyPixEntries(entries: ParsedPixEntry[], requestId: string | null = null): Promise<InboundPixResult[]> {
    const results: InboundPixResult[] = [];
    let failure: unknown = null;
    for (const entry of entries) {
      try {
        if (!entry.ok) {
          results.push(await this.recordMalformed(entry));
          continue;
        }
        const result = await this.applyPixPayment(entry.notification, requestId);
        const { returns, malformedReturns } = entry.notification;
        if (returns.length > 0 || malformedReturns.length > 0) {
          result.returns = [];
          for (const report of returns) result.returns.push(await this.applyReturnReport(report, requestId));
          for (const malformed of malformedReturns) {
            const kept = await this.recordMalformed(malformed);
            result.returns.push({
              id: null,
              outcome: kept.outcome === "EXCEPTION" ? "EXCEPTION" : "DUPLICATE",
              problem: malformed.problem,
            });
          }
        }
        results.push(result);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== null) throw failure;
    return results;
  }

  /**
   * A devolução the bank reports: it settles the refund, or the return of the payment
   * exception, it names (idempotently); one the service does not know, or that disagrees
   * with it, is kept once (by its digest) as an UNKNOWN_RETURN exception for an operator.
   */
  private async applyReturnReport(report: ReturnReport, requestId: string | null): Promise<ReturnResult> {
    const applied =
      exceptionIdOfReturnRequest(report.returnRequestId) !== null
        ? await this.exceptionReturns.applyReturnReport(report)
        : await this.refunds.applyReturnReport(report, requestId);
    if (applied.outcome !== "UNRECOGNISED") {
      return { id: report.returnRequestId, outcome: applied.outcome, status: applied.status };
    }
    await this.insertException(this.db.manager, {
      kind: PaymentExceptionKind.UNKNOWN_RETURN,
      // The Pix's own exception (if any) holds its end-to-end id; this one is kept by its digest.
      endToEndId: null,
      txid: (report.raw as { txid?: string }).txid ?? null,
      amountCents: report.amountCents,
      expectedAmountCents: null,
      chargeId: null,
      companyId: null,
      payerName: null,
      payerDocument: null,
      paidAt: report.at ?? new Date(),
      raw: report.raw,
      problem: applied.problem,
    });
    return { id: report.returnRequestId, outcome: "EXCEPTION", problem: applied.problem };
  }

  /** A malformed entry: kept once (by its digest) for an operator, never credited. */
  private async recordMalformed(entry: MalformedPixNotification): Promise<InboundPixResult> {
    const kept = await this.insertException(this.db.manager, {
      kind: PaymentExceptionKind.MALFORMED,
      endToEndId: null,
      txid: entry.txid,
      amountCents: entry.amountCents,
      expectedAmountCents: null,
      chargeId: null,
      companyId: null,
      payerName: null,
      payerDocument: null,
      paidAt: entry.paidAt,
      raw: entry.raw,
      problem: entry.problem,
    });
    return {
      endToEndId: entry.endToEndId,
      txid: entry.txid,
      outcome: kept ? "EXCEPTION" : "DUPLICATE",
      ...(kept ? { exceptionKind: PaymentExceptionKind.MALFORMED, problem: entry.problem } : {}),
    };
  }

  /**
   * One payment, one transaction. The end-to-end id is claimed first (a primary key), so
   * the same notification delivered many times at once is applied by exactly one of them;
   * then the charge is locked and the payment credited, or recorded as an exception.
   * `requestId` is the notification's request: a credit's charge.paid event names it.
   */
  async applyPixPayment(payment: PixNotification, requestId: string | null = null): Promise<InboundPixResult> {
    const result = (outcome: InboundPixOutcome, exceptionKind?: PaymentExceptionKind): InboundPixResult => ({
      endToEndId: payment.endToEndId,
      txid: payment.txid,
      outcome,
      ...(exceptionKind ? { exceptionKind } : {}),
    });
    return runTransaction(this.db, async (em) => {
      if (payment.endToEndId) {
        const claimed: unknown[] = await em.query(
          `INSERT INTO inbound_pix_payments (end_to_end_id, txid, amount_cents, outcome)
           VALUES ($1, $2, $3, 'RECEIVED') ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
          [payment.endToEndId, payment.txid, payment.amountCents.toString()],
        );
        if (claimed.length === 0) return result("DUPLICATE");
      }
      // A static QR code's identifier (at most 25 characters) never names a charge (26 to 35).
      const staticQr = isStaticQrTxid(payment.txid) ? this.staticQrPayments : null;
      const charge = staticQr
        ? null
        : await em
            .getRepository(Charge)
            .findOne({ where: { txid: payment.txid }, lock: { mode: "for_no_key_update" } });
      const decided = staticQr
        ? await staticQr.receiveStaticQrPix(em, payment, requestId)
        : { ...(await this.decide(em, charge, payment, requestId)), ...ownerOf(charge, payment) };
      if (
        decided.exceptionKind &&
        !(await this.recordException(em, decided.exceptionKind, decided, payment, requestId))
      ) {
        return result("DUPLICATE"); // the same notification, without end-to-end id, kept before
      }
      if (payment.endToEndId) {
        await em.query("UPDATE inbound_pix_payments SET outcome = $2, charge_id = $3 WHERE end_to_end_id = $1", [
          payment.endToEndId,
          decided.exceptionKind ?? decided.outcome,
          decided.chargeId,
        ]);
      }
      return result(decided.outcome, decided.exceptionKind);
    });
  }

  private async decide(
    em: EntityManager,
    charge: Charge | null,
    payment: PixNotification,
    requestId: string | null,
  ): Promise<{ outcome: InboundPixOutcome; exceptionKind?: PaymentExceptionKind }> {
    const exception = (exceptionKind: PaymentExceptionKind) => ({ outcome: "EXCEPTION" as const, exceptionKind });
    if (!charge) return exception(PaymentExceptionKind.UNKNOWN_TXID);
    switch (charge.status) {
      case ChargeStatus.PAID:
        if (payment.endToEndId === null || payment.endToEndId === charge.e2eId) return { outcome: "DUPLICATE" };
        if (charge.e2eId === null && payment.amountCents === receivedCents(charge)) {
          charge.e2eId = payment.endToEndId;
          charge.updatedAt = new Date();
          await em.getRepository(Charge).save(charge);
          return { outcome: "E2E_RECORDED" };
        }
        return exception(PaymentExceptionKind.ALREADY_PAID);
      case ChargeStatus.CANCELLED:
        return exception(PaymentExceptionKind.CHARGE_CANCELLED);
      case ChargeStatus.EXPIRED:
        return exception(PaymentExceptionKind.CHARGE_EXPIRED);
      case ChargeStatus.PENDING: {
        // Paid at the bank's time (a late notification of a timely payment still counts), never in the future.
        // Expiry is decided before the amount: readers already see an overdue charge as EXPIRED,
        // so the refusal must not depend on whether the sweep has written it yet.
        const paidAt = new Date(Math.min(payment.paidAt.getTime(), Date.now()));
        if (paidAt.getTime() >= charge.expiresAt.getTime()) {
          await this.charges.markExpired(em, charge);
          return exception(PaymentExceptionKind.CHARGE_EXPIRED);
        }
        // A due-date charge is paid with exactly its amount due on the day of payment (CONTRACT §11).
        if (payment.amountCents !== amountToPay(charge, paidAt)) return exception(PaymentExceptionKind.AMOUNT_MISMATCH);
        await this.charges.confirmChargePayment(em, charge, {
          e2eId: payment.endToEndId,
          paidAt,
          payerName: payment.payerName,
          payerDocument: payment.payerDocument,
          requestId,
        });
        return { outcome: "CREDITED" };
      }
    }
  }

  /**
   * Kept for review, and returned to the payer at once when the charge's account asks for
   * that (autoReturnExceptions); false when this very notification (without end-to-end id)
   * was kept before.
   */
  private async recordException(
    em: EntityManager,
    kind: PaymentExceptionKind,
    owner: PaymentOwner,
    payment: PixNotification,
    requestId: string | null,
  ): Promise<boolean> {
    const id = await this.insertException(em, {
      kind,
      endToEndId: payment.endToEndId,
      txid: payment.txid,
      amountCents: payment.amountCents,
      expectedAmountCents: owner.expectedAmountCents,
      chargeId: owner.chargeId,
      companyId: owner.companyId,
      payerName: payment.payerName,
      payerDocument: payment.payerDocument,
      paidAt: payment.paidAt,
      raw: payment.raw,
      problem: null,
    });
    if (id === null) return false;
    if (owner.companyId !== null && payment.endToEndId !== null)
      await this.exceptionReturns.returnAutomatically(em, id, requestId);
    return true;
  }

  private async insertException(
    em: EntityManager,
    exception: {
      kind: PaymentExceptionKind;
      endToEndId: string | null;
      txid: string | null;
      amountCents: bigint | null;
      expectedAmountCents: bigint | null;
      chargeId: string | null;
      companyId: string | null;
      payerName: string | null;
      payerDocument: string | null;
      paidAt: Date | null;
      raw: unknown;
      problem: string | null;
    },
  ): Promise<string | null> {
    const notification = JSON.stringify(exception.raw);
    const rows = await queryRows<{ id: string }>(
      em,
      `INSERT INTO payment_exceptions (id, kind, status, end_to_end_id, txid, amount_cents, charge_id, company_id,
                                       payer_name, payer_document, paid_at, notification, problem, notification_sha256,
                                       expected_amount_cents, created_at)
       VALUES ($1, $2, 'OPEN', $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, now())
       ON CONFLICT (notification_sha256) WHERE end_to_end_id IS NULL DO NOTHING
       RETURNING id`,
      [
        newPaymentExceptionId(),
        exception.kind,
        exception.endToEndId,
        exception.txid,
        exception.amountCents?.toString() ?? null,
        exception.chargeId,
        exception.companyId,
        exception.payerName,
        exception.payerDocument,
        exception.paidAt,
        notification,
        exception.problem,
        createHash("sha256").update(notification).digest("hex"),
        exception.expectedAmountCents?.toString() ?? null,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /** Newest first; totals capped at 10,000. */
  async listPaymentExceptions(
    filter: PageArgs & { status?: PaymentExceptionStatus | null; companyId?: string | null },
    signal?: CancelSignal,
  ): Promise<Page<PaymentException>> {
    const window = readPageWindow(filter);
    if (filter.status != null && !Object.values(PaymentExceptionStatus).includes(filter.status))
      throw validationError("status must be OPEN or RESOLVED");
    const params = new SqlParams();
    const where: string[] = [];
    if (filter.companyId != null) where.push(`company_id = ${params.add(filter.companyId)}`);
    if (filter.status != null) where.push(`status = '${filter.status}'`);
    const query = {
      cursorTag: "paymentExceptions",
      from: "payment_exceptions",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      signal,
      (sql) => readPage(sql, query, window, this.exceptionFromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /** Closes a reviewed exception. Money moves only by the operator's own adjustment or refund. */
  async resolvePaymentException(id: string, resolution: string, { actor, audit }: Acting): Promise<PaymentException> {
    const text = resolution.trim();
    if (text.length === 0 || text.length > 500) throw validationError("resolution must have 1 to 500 characters");
    return runTransaction(this.db, async (em) => {
      const rows = await queryRows<{ id: string }>(
        em,
        `UPDATE payment_exceptions SET status = 'RESOLVED', resolution = $2, resolved_by = $3, resolved_at = now()
          WHERE id = $1 AND status = 'OPEN' RETURNING id`,
        [id, text, actor],
      );
      const exception = await em.getRepository(PaymentException).findOneBy({ id });
      if (!exception) throw notFound("Payment exception");
      if (rows.length === 0) throw invalidState("Payment exception is already RESOLVED");
      await appendAudit(em, audit, {
        action: "payment_exception.resolve",
        objectType: "payment_exception",
        objectId: id,
        companyId: exception.companyId,
        reason: text,
        before: { status: "OPEN" },
        after: { status: exception.status },
      });
      return exception;
    });
  }
}
