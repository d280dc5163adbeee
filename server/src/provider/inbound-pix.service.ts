import type { DataSource, EntityManager } from "typeorm";
import { Charge, ChargeStatus } from "../charges/charge.entity";
import type { ChargesService } from "../charges/charges.service";
import { invalidState, notFound, unauthenticated, validationError } from "../core/errors";
import { newPaymentExceptionId } from "../core/ids";
import { checkPage, type Page, type PageRequest } from "../core/pagination";
import { queryRows } from "../core/sql";
import { PaymentException, PaymentExceptionKind, PaymentExceptionStatus } from "./payment-exception.entity";
import { type PixNotification, parsePixNotifications } from "./pix-notification";
import type { PixProvider } from "./pix-provider";

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
  txid: string;
  outcome: InboundPixOutcome;
  exceptionKind?: PaymentExceptionKind;
}

/** The bank side's inbound half: PIX payments reported by the provider. */
export class InboundPixService {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    private readonly charges: ChargesService,
  ) {}

  /** POST /provider/pix: checks the provider's signature, then applies each payment in its own transaction. */
  async receivePixNotifications(rawBody: Buffer, signature: string | undefined): Promise<InboundPixResult[]> {
    if (!this.provider.verifyNotification(rawBody, signature)) throw unauthenticated();
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw validationError("body is not valid JSON");
    }
    const notifications = parsePixNotifications(body);
    const results: InboundPixResult[] = [];
    for (const notification of notifications) results.push(await this.applyPixPayment(notification));
    return results;
  }

  /**
   * One payment, one transaction. The end-to-end id is claimed first (a primary key), so
   * the same notification delivered many times at once is applied by exactly one of them;
   * then the charge is locked and the payment credited, or recorded as an exception.
   */
  async applyPixPayment(payment: PixNotification): Promise<InboundPixResult> {
    const result = (outcome: InboundPixOutcome, exceptionKind?: PaymentExceptionKind): InboundPixResult => ({
      endToEndId: payment.endToEndId,
      txid: payment.txid,
      outcome,
      ...(exceptionKind ? { exceptionKind } : {}),
    });
    return this.db.transaction(async (em) => {
      if (payment.endToEndId) {
        const claimed: unknown[] = await em.query(
          `INSERT INTO inbound_pix_payments (end_to_end_id, txid, amount_cents, outcome)
           VALUES ($1, $2, $3, 'RECEIVED') ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
          [payment.endToEndId, payment.txid, payment.amountCents.toString()],
        );
        if (claimed.length === 0) return result("DUPLICATE");
      }
      const charge = await em
        .getRepository(Charge)
        .findOne({ where: { txid: payment.txid }, lock: { mode: "pessimistic_write" } });
      const decided = await this.decide(em, charge, payment);
      if (decided.exceptionKind) await this.recordException(em, decided.exceptionKind, charge, payment);
      if (payment.endToEndId) {
        await em.query("UPDATE inbound_pix_payments SET outcome = $2, charge_id = $3 WHERE end_to_end_id = $1", [
          payment.endToEndId,
          decided.exceptionKind ?? decided.outcome,
          charge?.id ?? null,
        ]);
      }
      return result(decided.outcome, decided.exceptionKind);
    });
  }

  private async decide(
    em: EntityManager,
    charge: Charge | null,
    payment: PixNotification,
  ): Promise<{ outcome: InboundPixOutcome; exceptionKind?: PaymentExceptionKind }> {
    const exception = (exceptionKind: PaymentExceptionKind) => ({ outcome: "EXCEPTION" as const, exceptionKind });
    if (!charge) return exception(PaymentExceptionKind.UNKNOWN_TXID);
    switch (charge.status) {
      case ChargeStatus.PAID:
        if (payment.endToEndId === null || payment.endToEndId === charge.e2eId) return { outcome: "DUPLICATE" };
        if (charge.e2eId === null && payment.amountCents === charge.amountCents) {
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
        if (payment.amountCents !== charge.amountCents) return exception(PaymentExceptionKind.AMOUNT_MISMATCH);
        // Paid at the bank's time (a late notification of a timely payment still counts), never in the future.
        const paidAt = new Date(Math.min(payment.paidAt.getTime(), Date.now()));
        if (paidAt.getTime() >= charge.expiresAt.getTime()) {
          await this.charges.markExpired(em, charge);
          return exception(PaymentExceptionKind.CHARGE_EXPIRED);
        }
        await this.charges.confirmChargePayment(em, charge, {
          e2eId: payment.endToEndId,
          paidAt,
          payerName: payment.payerName,
          payerDocument: payment.payerDocument,
        });
        return { outcome: "CREDITED" };
      }
    }
  }

  private async recordException(
    em: EntityManager,
    kind: PaymentExceptionKind,
    charge: Charge | null,
    payment: PixNotification,
  ): Promise<void> {
    await em.getRepository(PaymentException).insert({
      id: newPaymentExceptionId(),
      kind,
      status: PaymentExceptionStatus.OPEN,
      endToEndId: payment.endToEndId,
      txid: payment.txid,
      amountCents: payment.amountCents,
      chargeId: charge?.id ?? null,
      companyId: charge?.companyId ?? null,
      payerName: payment.payerName,
      payerDocument: payment.payerDocument,
      paidAt: payment.paidAt,
      notification: payment.raw,
      resolution: null,
      resolvedBy: null,
      resolvedAt: null,
      createdAt: new Date(),
    });
  }

  async listPaymentExceptions(
    request: PageRequest<PaymentExceptionStatus> & { companyId?: string | null },
  ): Promise<Page<PaymentException>> {
    const { limit, offset } = checkPage(request);
    const where: Record<string, string> = {};
    if (request.status) where.status = request.status;
    if (request.companyId) where.companyId = request.companyId;
    const [data, total] = await this.db.getRepository(PaymentException).findAndCount({
      where,
      order: { createdAt: "DESC", id: "DESC" },
      take: limit,
      skip: offset,
    });
    return { data, total, limit, offset };
  }

  /** Closes a reviewed exception. Money moves only by the operator's own adjustment or refund. */
  async resolvePaymentException(id: string, resolution: string, actor: string): Promise<PaymentException> {
    const text = resolution.trim();
    if (text.length === 0 || text.length > 500) throw validationError("resolution must have 1 to 500 characters");
    const rows = await queryRows<{ id: string }>(
      this.db,
      `UPDATE payment_exceptions SET status = 'RESOLVED', resolution = $2, resolved_by = $3, resolved_at = now()
        WHERE id = $1 AND status = 'OPEN' RETURNING id`,
      [id, text, actor],
    );
    const exception = await this.db.getRepository(PaymentException).findOneBy({ id });
    if (!exception) throw notFound("Payment exception");
    if (rows.length === 0) throw invalidState("Payment exception is already RESOLVED");
    return exception;
  }
}
