import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, invalidState, notFound, validationError } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import { formatBrl } from "../core/money";
import { queryRows } from "../core/sql";
import { truncateCodePoints } from "../core/text-input";
import { runTransaction } from "../core/transactions";
import {
  PaymentException,
  PaymentExceptionKind,
  PaymentExceptionStatus,
  PaymentReturnStatus,
} from "../inbound-pix/model";
import { type RefundOrder, type ReturnReport, sandboxReturnId } from "../provider";
import { returnJobPayload, SUBMIT_REFUND_JOB, TRANSIENT_RETRY_DELAYS_MS } from "./refund-jobs";
import type { ReturnReportOutcome } from "./refunds.service";
import type { ReturnBook } from "./return-book";

/** History actor of the returns an account's autoReturnExceptions asks for. */
export const AUTO_RETURN_ACTOR = "system:auto-return";
/** The central bank allows a devolução up to 90 days after the payment. */
const RETURN_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
const MAX_RETURN_REASON_LENGTH = 140;

/**
 * A received Pix the service did not credit, that can go back: one the bank reported
 * readably, with its end-to-end id. A MALFORMED entry or an UNKNOWN_RETURN (a report about
 * a devolução, not a payment) cannot.
 */
const RETURNABLE_KINDS = new Set<PaymentExceptionKind>([
  PaymentExceptionKind.ALREADY_PAID,
  PaymentExceptionKind.AMOUNT_MISMATCH,
  PaymentExceptionKind.CHARGE_EXPIRED,
  PaymentExceptionKind.CHARGE_CANCELLED,
  PaymentExceptionKind.UNKNOWN_TXID,
  PaymentExceptionKind.QRCODE_INACTIVE,
]);

/** What the payer reads (the devolução's descricao) when an account returns such payments itself. */
const AUTOMATIC_REASONS: Partial<Record<PaymentExceptionKind, string>> = {
  [PaymentExceptionKind.ALREADY_PAID]: "Pagamento em duplicidade devolvido",
  [PaymentExceptionKind.AMOUNT_MISMATCH]: "Valor diferente do cobrado; pagamento devolvido",
  [PaymentExceptionKind.CHARGE_EXPIRED]: "Cobrança expirada; pagamento devolvido",
  [PaymentExceptionKind.CHARGE_CANCELLED]: "Cobrança cancelada; pagamento devolvido",
  [PaymentExceptionKind.QRCODE_INACTIVE]: "QR code desativado; pagamento devolvido",
};

/** The devolução's id at the bank: the exception's id without "_", and `r<n>` from the second attempt on. */
export function exceptionReturnRequestId(exceptionId: string, attempt: number): string {
  return `${exceptionId.replace("_", "")}${attempt > 1 ? `r${attempt}` : ""}`;
}

/** The exception a devolução id names, or null when it is not an exception's. */
export function exceptionIdOfReturnRequest(returnRequestId: string): string | null {
  const match = /^pex([A-Za-z0-9]{20})(?:r\d{1,4})?$/.exec(returnRequestId);
  return match ? `pex_${match[1]}` : null;
}

const returnWindowClosed = () =>
  new AppError("REFUND_WINDOW_CLOSED", "The payment was received more than 90 days ago; it can no longer be returned");

/**
 * Payment exceptions returned to their payers: a devolução of the received Pix, which
 * moves no balance (the money was never credited). The exception keeps the return and its
 * outcome; RETURNED resolves it, FAILED leaves it open (a new attempt is a new devolução).
 */
export class ExceptionReturnsService implements ReturnBook {
  private readonly exceptionFromRow: (row: Record<string, unknown>) => PaymentException;

  constructor(
    private readonly db: DataSource,
    /** Names the sandbox bank in the rtrIds of devoluções settled without one. */
    private readonly bankIspb = "99999999",
  ) {
    this.exceptionFromRow = entityRowMapper(db, PaymentException);
  }

  /** An operator returns the payment to its payer; `reason` is the devolução's descricao. */
  returnPaymentException(
    id: string,
    reason: string | null,
    { actor, audit, requestId }: Acting,
  ): Promise<PaymentException> {
    const text = reason?.trim() || null;
    if (text !== null && [...text].length > MAX_RETURN_REASON_LENGTH) {
      throw validationError(`reason must have at most ${MAX_RETURN_REASON_LENGTH} characters`);
    }
    return runTransaction(this.db, async (em) => {
      const { before, exception } = await this.startReturnInTransaction(em, id, text, actor, requestId);
      await appendAudit(em, audit, {
        action: "payment_exception.return",
        objectType: "payment_exception",
        objectId: id,
        companyId: exception.companyId,
        reason: text,
        before,
        after: returnFields(exception),
      });
      return exception;
    });
  }

  /**
   * In the caller's transaction (an exception just recorded for an account that returns
   * such payments itself): starts its return when it can be returned; false when it cannot.
   */
  async returnAutomatically(em: EntityManager, id: string, requestId: string | null): Promise<boolean> {
    const [row] = await queryRows<{ kind: PaymentExceptionKind; auto: boolean | null }>(
      em,
      `SELECT e.kind, c.auto_return_exceptions AS auto FROM payment_exceptions e
         LEFT JOIN companies c ON c.id = e.company_id WHERE e.id = $1`,
      [id],
    );
    if (!row?.auto || !AUTOMATIC_REASONS[row.kind]) return false;
    await this.startReturnInTransaction(em, id, AUTOMATIC_REASONS[row.kind] ?? null, AUTO_RETURN_ACTOR, requestId);
    return true;
  }

  /**
   * Under the exception's row lock: it must be OPEN, returnable, within the 90 days and
   * not being returned already; then the return is PROCESSING under a new devolução id and
   * the job that sends it is queued.
   */
  private async startReturnInTransaction(
    em: EntityManager,
    id: string,
    reason: string | null,
    actor: string,
    requestId: string | null,
  ): Promise<{ before: ReturnType<typeof returnFields>; exception: PaymentException }> {
    const exception = await this.lock(em, id);
    const before = returnFields(exception);
    if (exception.status !== PaymentExceptionStatus.OPEN) throw invalidState("Payment exception is already RESOLVED");
    if (!RETURNABLE_KINDS.has(exception.kind) || exception.endToEndId === null || exception.amountCents === null) {
      throw invalidState("This payment cannot be returned: the bank's report names no readable received Pix");
    }
    if (exception.returnStatus === PaymentReturnStatus.PROCESSING) {
      throw invalidState("A return of this payment is already PROCESSING");
    }
    if (exception.paidAt !== null && Date.now() > exception.paidAt.getTime() + RETURN_WINDOW_MS) {
      throw returnWindowClosed();
    }
    const attempt = exception.returnAttempt + 1;
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      `UPDATE payment_exceptions
          SET return_status = 'PROCESSING', return_attempt = $2, return_request_id = $3, return_id = NULL,
              return_reason = $4, return_failure_reason = NULL, return_retry_count = 0, return_requested_by = $5,
              return_requested_at = now(), returned_at = NULL
        WHERE id = $1 RETURNING *`,
      [id, attempt, exceptionReturnRequestId(id, attempt), reason, actor],
    );
    await enqueueJob(em, SUBMIT_REFUND_JOB, returnJobPayload({ subject: "exception", id, requestId }));
    return { before, exception: this.exceptionFromRow(row) };
  }

  private async lock(em: EntityManager, id: string): Promise<PaymentException> {
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      "SELECT * FROM payment_exceptions WHERE id = $1 FOR NO KEY UPDATE",
      [id],
    );
    if (!row) throw notFound("Payment exception");
    return this.exceptionFromRow(row);
  }

  async returnOrder(id: string): Promise<RefundOrder | null> {
    const [row] = await queryRows<{
      end_to_end_id: string;
      amount_cents: string;
      return_request_id: string;
      return_reason: string | null;
    }>(
      this.db,
      `SELECT end_to_end_id, amount_cents, return_request_id, return_reason FROM payment_exceptions
        WHERE id = $1 AND return_status = 'PROCESSING'`,
      [id],
    );
    if (!row) return null;
    return {
      endToEndId: row.end_to_end_id,
      returnRequestId: row.return_request_id,
      amountCents: BigInt(row.amount_cents),
      description: row.return_reason,
    };
  }

  async recordBankAcceptance(id: string, returnId: string | null): Promise<void> {
    await this.db.query(
      "UPDATE payment_exceptions SET return_id = coalesce(return_id, $2) WHERE id = $1 AND return_status = 'PROCESSING'",
      [id, returnId],
    );
  }

  recordTransientBankFailure(id: string, requestId: string | null): Promise<"retrying" | "spent" | "decided"> {
    return runTransaction(this.db, async (em) => {
      const exception = await this.lock(em, id);
      if (exception.returnStatus !== PaymentReturnStatus.PROCESSING) return "decided";
      if (exception.returnRetryCount >= TRANSIENT_RETRY_DELAYS_MS.length) return "spent";
      const delayMs = TRANSIENT_RETRY_DELAYS_MS[exception.returnRetryCount];
      await em.query("UPDATE payment_exceptions SET return_retry_count = return_retry_count + 1 WHERE id = $1", [id]);
      await enqueueJob(em, SUBMIT_REFUND_JOB, returnJobPayload({ subject: "exception", id, requestId }), {
        runAt: new Date(Date.now() + delayMs),
      });
      return "retrying";
    });
  }

  /** The payer has the money back: RETURNED, and the exception RESOLVED by whoever asked for the return. */
  settleReturn(id: string, returnId: string | null, at: Date | null): Promise<PaymentException> {
    return runTransaction(this.db, (em) => this.decideInTransaction(em, id, { returned: true, returnId, at }));
  }

  /** The bank did not return it: FAILED with its reason; the exception stays OPEN for another attempt. */
  failReturn(id: string, reason: string): Promise<PaymentException> {
    return runTransaction(this.db, (em) => this.decideInTransaction(em, id, { returned: false, reason }));
  }

  private async decideInTransaction(
    em: EntityManager,
    id: string,
    decision: { returned: true; returnId: string | null; at: Date | null } | { returned: false; reason: string },
  ): Promise<PaymentException> {
    const exception = await this.lock(em, id);
    if (exception.returnStatus !== PaymentReturnStatus.PROCESSING) {
      throw invalidState(`The return of this payment is ${exception.returnStatus ?? "not asked for"}`);
    }
    if (!decision.returned) {
      const [row] = await queryRows<Record<string, unknown>>(
        em,
        "UPDATE payment_exceptions SET return_status = 'FAILED', return_failure_reason = $2 WHERE id = $1 RETURNING *",
        [id, truncateCodePoints(decision.reason || "bank error", 500)],
      );
      return this.exceptionFromRow(row);
    }
    const returnedAt = decision.at ?? new Date();
    const returnId =
      exception.returnId ??
      decision.returnId ??
      sandboxReturnId(this.bankIspb, exception.returnRequestId as string, returnedAt);
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      `UPDATE payment_exceptions
          SET return_status = 'RETURNED', return_id = $2, returned_at = $3, status = 'RESOLVED',
              resolution = $4, resolved_by = return_requested_by, resolved_at = now()
        WHERE id = $1 RETURNING *`,
      [id, returnId, returnedAt, `Returned to the payer (devolução ${returnId})`],
    );
    return this.exceptionFromRow(row);
  }

  /**
   * A devolução of an exception the bank reports: settles its return idempotently; a report
   * of another attempt, Pix or amount, or contrary to the outcome applied, is UNRECOGNISED.
   */
  async applyReturnReport(report: ReturnReport): Promise<ReturnReportOutcome> {
    const id = exceptionIdOfReturnRequest(report.returnRequestId);
    const unrecognised = (problem: string): ReturnReportOutcome => ({ outcome: "UNRECOGNISED", problem });
    if (id === null) return unrecognised(`no payment return has devolução id ${report.returnRequestId}`);
    return runTransaction(this.db, async (em) => {
      const [row] = await queryRows<Record<string, unknown>>(
        em,
        "SELECT * FROM payment_exceptions WHERE id = $1 FOR NO KEY UPDATE",
        [id],
      );
      const exception = row ? this.exceptionFromRow(row) : null;
      if (!exception || exception.returnRequestId !== report.returnRequestId || exception.returnStatus === null) {
        return unrecognised(`no payment return has devolução id ${report.returnRequestId}`);
      }
      // Without the Pix's end-to-end id the report cannot show it is this payment's Pix: unknown, never applied.
      if (report.endToEndId === null) {
        return unrecognised(`devolução ${report.returnRequestId} reported without its Pix's endToEndId`);
      }
      if (report.endToEndId !== exception.endToEndId) {
        return unrecognised(`devolução ${report.returnRequestId} reported for another Pix`);
      }
      if (report.amountCents !== exception.amountCents) {
        return unrecognised(
          `devolução ${report.returnRequestId} reported for ${formatBrl(report.amountCents)}, asked for ${formatBrl(exception.amountCents ?? 0n)}`,
        );
      }
      const reported =
        report.status === "RETURNED"
          ? PaymentReturnStatus.RETURNED
          : report.status === "REFUSED"
            ? PaymentReturnStatus.FAILED
            : PaymentReturnStatus.PROCESSING;
      if (exception.returnStatus !== PaymentReturnStatus.PROCESSING) {
        if (reported === exception.returnStatus || reported === PaymentReturnStatus.PROCESSING) {
          return { outcome: "DUPLICATE", status: exception.returnStatus };
        }
        return unrecognised(
          `devolução ${report.returnRequestId} reported ${report.status === "RETURNED" ? "DEVOLVIDO" : "NAO_REALIZADO"}, but the return of ${id} is ${exception.returnStatus}`,
        );
      }
      if (reported === PaymentReturnStatus.PROCESSING) {
        if (exception.returnId !== null || report.returnId === null) {
          return { outcome: "DUPLICATE", status: exception.returnStatus };
        }
        await em.query("UPDATE payment_exceptions SET return_id = $2 WHERE id = $1", [id, report.returnId]);
        return { outcome: "APPLIED", status: exception.returnStatus };
      }
      const decided = await this.decideInTransaction(
        em,
        id,
        reported === PaymentReturnStatus.RETURNED
          ? { returned: true, returnId: report.returnId, at: report.at }
          : { returned: false, reason: report.reason ?? "devolução não realizada" },
      );
      return { outcome: "APPLIED", status: decided.returnStatus as string };
    });
  }
}

/** What the audit log keeps of an exception's return. */
function returnFields(exception: PaymentException) {
  return {
    status: exception.status,
    returnStatus: exception.returnStatus,
    returnRequestId: exception.returnRequestId,
    amount: exception.amountCents === null ? null : formatBrl(exception.amountCents),
    endToEndId: exception.endToEndId,
  };
}
