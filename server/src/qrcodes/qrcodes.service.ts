import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { type ChargesService, receivedCents } from "../charges";
import { buildStaticBrCode, type Charge } from "../charges/model";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, invalidState, notFound, validationError } from "../core/errors";
import { newEndToEndId, randomString } from "../core/ids";
import { type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import { CREATED_KEY, type Page, type PageArgs, readPage, readPageWindow, SqlParams } from "../core/pagination";
import { poolRows, queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import type { InboundPixOutcome, InboundPixService, PaymentDecision, StaticQrPayments } from "../inbound-pix";
import { PaymentExceptionKind } from "../inbound-pix/model";
import type { PixNotification, PixProvider } from "../provider";
import { QrCode } from "./qr-code.entity";

export interface NewQrCode {
  description: string;
  amountCents?: Cents | null;
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const QR_CODE_ID = /^qr_[A-Za-z0-9]{1,64}$/;
export const newQrCodeId = () => `qr_${randomString(ALNUM, 22)}`;
/**
 * The identifier in the BR Code (62-05), which the bank reports each Pix with as its txid:
 * 25 characters, the most the field takes (129 random bits), in capitals, as payers' banks
 * may write a txid in capitals.
 */
export const newQrCodeTxid = () => randomString(UPPER_ALNUM, 25);
/** How many times a new identifier is drawn when one is taken (a unique constraint decides). */
const TXID_ATTEMPTS = 5;

const qrCodeNotFound = () => new AppError("NOT_FOUND", "QR code not found");

/**
 * Static QR codes for a shop's counter (CONTRACT §13): the merchant prints one, payers pay it
 * any number of times, and each Pix received with its identifier becomes a PAID charge of the
 * account; one for a deactivated code, or with a fixed code's amount wrong, is kept for review.
 */
export class QrCodesService implements StaticQrPayments {
  private readonly fromRow: (row: Record<string, unknown>) => QrCode;

  constructor(
    private readonly db: DataSource,
    private readonly charges: ChargesService,
    private readonly inboundPix: Pick<InboundPixService, "applyPixPayment">,
    private readonly bank: Pick<PixProvider, "pixKey" | "ispb">,
  ) {
    this.fromRow = entityRowMapper(db, QrCode);
  }

  async createQrCode(companyId: string, input: NewQrCode, audit: AuditContext | null): Promise<QrCode> {
    const description = input.description.trim();
    if ([...description].length < 1 || [...description].length > 140)
      throw validationError("description must have 1 to 140 characters");
    const amountCents = input.amountCents ?? null;
    if (amountCents !== null && (amountCents < 1n || amountCents > MAX_AMOUNT_CENTS))
      throw validationError("amount must be 0.01 to 99999999.99");
    const [account] = await poolRows<{ name: string; city: string }>(
      this.db,
      // The name and city a charge's BR Code carries (ChargesService.accountForCharges).
      "SELECT name, city FROM companies WHERE id = $1",
      [companyId],
    );
    // An operator may name any account: one that does not exist is a 404.
    if (!account) throw notFound("Company");
    const now = new Date();
    const qrCode = Object.assign(new QrCode(), {
      id: newQrCodeId(),
      companyId,
      txid: "",
      description,
      amountCents,
      pixCode: "",
      active: true,
      paidCount: 0,
      paidTotalCents: 0n,
      createdAt: now,
      updatedAt: now,
      deactivatedAt: null,
    });
    return runTransaction(this.db, async (em) => {
      for (let attempt = 1; ; attempt += 1) {
        qrCode.txid = newQrCodeTxid();
        qrCode.pixCode = buildStaticBrCode({
          pixKey: this.bank.pixKey,
          amountCents,
          identifier: qrCode.txid,
          merchantName: account.name,
          merchantCity: account.city,
        });
        const inserted = await queryRows<{ id: string }>(
          em,
          `INSERT INTO qr_codes (id, company_id, txid, description, amount_cents, pix_code, active, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7) ON CONFLICT (txid) DO NOTHING RETURNING id`,
          [qrCode.id, companyId, qrCode.txid, description, amountCents?.toString() ?? null, qrCode.pixCode, now],
        );
        if (inserted.length > 0) break;
        if (attempt === TXID_ATTEMPTS) throw new Error(`no free QR code identifier in ${attempt} attempts`);
      }
      await appendAudit(em, audit, {
        action: "qrcode.create",
        objectType: "qrcode",
        objectId: qrCode.id,
        companyId,
        after: auditFields(qrCode),
      });
      return qrCode;
    });
  }

  /** A code of the account (any account's for the operator: null); another account's is 404. */
  async getQrCode(scopeCompanyId: string | null, id: string): Promise<QrCode> {
    if (!QR_CODE_ID.test(id)) throw qrCodeNotFound();
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    const [row] = await poolRows<Record<string, unknown>>(
      this.db,
      `SELECT * FROM qr_codes WHERE id = $1${scoped}`,
      scopeCompanyId === null ? [id] : [id, scopeCompanyId],
    );
    if (!row) throw qrCodeNotFound();
    return this.fromRow(row);
  }

  /** Newest first; the total is exact (an account's codes are a small set, counted on its index). */
  async listQrCodes(scopeCompanyId: string | null, filter: PageArgs, signal?: CancelSignal): Promise<Page<QrCode>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    const query = { cursorTag: "qrCodes", from: "qr_codes", columns: "*", key: CREATED_KEY, branches: [where], params };
    return readCancellable(
      this.db,
      signal,
      (sql) =>
        readPage(sql, query, window, this.fromRow, async () => {
          const text = `SELECT count(*) AS n FROM qr_codes${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
          const [row] = await queryRows<{ n: string }>(sql, text, params.values);
          return { total: Number(row.n), capped: false };
        }),
      LAG_TOLERANT,
    );
  }

  /** Active -> inactive (409 INVALID_STATE when it is already): a Pix received with it afterwards is kept for review. */
  async deactivateQrCode(scopeCompanyId: string | null, id: string, audit: AuditContext | null): Promise<QrCode> {
    if (!QR_CODE_ID.test(id)) throw qrCodeNotFound();
    return runTransaction(this.db, async (em) => {
      const qrCode = await this.lock(em, "id", id);
      if (!qrCode || (scopeCompanyId !== null && qrCode.companyId !== scopeCompanyId)) throw qrCodeNotFound();
      if (!qrCode.active) throw invalidState("This QR code is already deactivated");
      const before = auditFields(qrCode);
      const now = new Date();
      await em.query("UPDATE qr_codes SET active = false, deactivated_at = $2, updated_at = $2 WHERE id = $1", [
        id,
        now,
      ]);
      Object.assign(qrCode, { active: false, deactivatedAt: now, updatedAt: now });
      await appendAudit(em, audit, {
        action: "qrcode.deactivate",
        objectType: "qrcode",
        objectId: id,
        companyId: qrCode.companyId,
        before,
        after: auditFields(qrCode),
      });
      return qrCode;
    });
  }

  /**
   * A Pix received with a code's identifier, in the payment's transaction (its end-to-end id
   * claimed, so each one is taken once): under the code's row lock (a deactivation waits, or
   * is seen), a PAID charge of its account; unknown identifier, deactivated code or a fixed
   * code's amount wrong, an exception's kind for review.
   */
  async receiveStaticQrPix(
    em: EntityManager,
    payment: PixNotification,
    requestId: string | null,
  ): Promise<PaymentDecision> {
    const qrCode = await this.lock(em, "txid", payment.txid);
    if (!qrCode) {
      return {
        outcome: "EXCEPTION",
        exceptionKind: PaymentExceptionKind.UNKNOWN_TXID,
        companyId: null,
        chargeId: null,
        expectedAmountCents: null,
      };
    }
    const owner = { companyId: qrCode.companyId, chargeId: null, expectedAmountCents: qrCode.amountCents };
    if (!qrCode.active) return { outcome: "EXCEPTION", exceptionKind: PaymentExceptionKind.QRCODE_INACTIVE, ...owner };
    if (qrCode.amountCents !== null && payment.amountCents !== qrCode.amountCents) {
      return { outcome: "EXCEPTION", exceptionKind: PaymentExceptionKind.AMOUNT_MISMATCH, ...owner };
    }
    const charge = await this.charges.recordStaticQrPayment(em, qrCode, {
      amountCents: payment.amountCents,
      e2eId: payment.endToEndId,
      // Paid at the bank's time, never in the future.
      paidAt: new Date(Math.min(payment.paidAt.getTime(), Date.now())),
      payerName: payment.payerName,
      payerDocument: payment.payerDocument,
      requestId,
    });
    return { outcome: "CREDITED", companyId: qrCode.companyId, chargeId: charge.id, expectedAmountCents: null };
  }

  /**
   * Sandbox: a payer pays the code, received exactly as the bank's notification of it would be
   * (txid: the code's identifier), so every rule above applies; the amount defaults to the
   * code's fixed one. Answers what became of it and the PAID charge it made, if any.
   */
  async simulatePayment(
    id: string,
    payer: { amountCents: Cents | null; payerName?: string | null; payerDocument?: string | null },
    requestId: string | null,
  ): Promise<{ outcome: InboundPixOutcome; exceptionKind: PaymentExceptionKind | null; charge: Charge | null }> {
    const qrCode = await this.getQrCode(null, id);
    const amountCents = payer.amountCents ?? qrCode.amountCents;
    if (amountCents === null) throw validationError("amount is required: this QR code lets the payer type it");
    if (amountCents < 1n || amountCents > MAX_AMOUNT_CENTS) throw validationError("amount must be 0.01 to 99999999.99");
    const paidAt = new Date();
    const endToEndId = newEndToEndId(this.bank.ispb, paidAt);
    const payerName = payer.payerName ?? null;
    const payerDocument = payer.payerDocument ?? null;
    const result = await this.inboundPix.applyPixPayment(
      {
        endToEndId,
        txid: qrCode.txid,
        amountCents,
        paidAt,
        payerName,
        payerDocument,
        raw: {
          endToEndId,
          txid: qrCode.txid,
          chave: this.bank.pixKey,
          valor: formatBrl(amountCents),
          horario: paidAt.toISOString(),
          ...(payerName !== null ? { pagador: { nome: payerName, cpf: payerDocument } } : {}),
        },
        returns: [],
        malformedReturns: [],
      },
      requestId,
    );
    const [charge] =
      result.outcome === "CREDITED" ? await this.charges.findChargesBy(null, "e2e_id", endToEndId, 1) : [];
    return { outcome: result.outcome, exceptionKind: result.exceptionKind ?? null, charge: charge ?? null };
  }

  /** In the transaction that pays a charge (ChargesService.paidSteps): its QR code counts it. */
  async notePaid(em: EntityManager, charge: Charge): Promise<void> {
    if (charge.qrcodeId === null) return;
    await em.query(
      `UPDATE qr_codes SET paid_count = paid_count + 1, paid_total_cents = paid_total_cents + $2, updated_at = now()
        WHERE id = $1`,
      [charge.qrcodeId, receivedCents(charge).toString()],
    );
  }

  private async lock(em: EntityManager, column: "id" | "txid", value: string): Promise<QrCode | null> {
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      `SELECT * FROM qr_codes WHERE ${column} = $1 FOR NO KEY UPDATE`,
      [value],
    );
    return row ? this.fromRow(row) : null;
  }
}

function auditFields(qrCode: QrCode) {
  return {
    active: qrCode.active,
    description: qrCode.description,
    amount: qrCode.amountCents === null ? null : formatBrl(qrCode.amountCents),
  };
}
