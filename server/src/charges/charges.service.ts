import type { DataSource, EntityManager } from "typeorm";
import { Company } from "../companies/company.entity";
import { entityRowMapper } from "../core/entity-rows";
import { validationError } from "../core/errors";
import { checkIdempotencyKey, lockIdempotencyKey, requestFingerprint } from "../core/idempotency";
import { CHARGE_ID_PATTERN, newChargeId, newEndToEndId, newLocationId, newTxid } from "../core/ids";
import { brlToJsonNumber, type Cents, calculateFee, MAX_AMOUNT_CENTS } from "../core/money";
import { checkPage, type Page, type PageRequest } from "../core/pagination";
import { execute, queryRows } from "../core/sql";
import { postLedgerEntry } from "../ledger/ledger.service";
import { LedgerEntryKind } from "../ledger/ledger-entry.entity";
import type { PixProvider } from "../provider/pix-provider";
import { appendWebhookEvent } from "../webhooks/webhook-outbox";
import { buildDynamicBrCode } from "./br-code";
import { Charge, ChargeStatus } from "./charge.entity";
import { chargeExpired, chargeIdempotencyKeyReused, chargeNotFound, chargeNotPending } from "./charges.errors";

export const DEFAULT_EXPIRES_IN_SECONDS = 3600;
export const MAX_DESCRIPTION_LENGTH = 140;

export interface NewCharge {
  amountCents: Cents;
  description?: string | null;
  expiresInSeconds?: number | null;
}

export interface PaymentConfirmation {
  e2eId: string | null;
  paidAt: Date;
  payerName?: string | null;
  payerDocument?: string | null;
}

/** "chg_K7Q2M9XA" (as webhooks name it) and "K7Q2M9XA" are the same charge. */
export function normalizeChargeId(id: string): string | null {
  const bare = id.startsWith("chg_") ? id.slice(4) : id;
  return CHARGE_ID_PATTERN.test(bare) ? bare : null;
}

/** The charge as first returned, for idempotent replays. */
function asCreated(charge: Charge): Charge {
  return {
    ...charge,
    status: ChargeStatus.PENDING,
    e2eId: null,
    payerName: null,
    payerDocument: null,
    paidAt: null,
    reserved: false,
    reservedReason: null,
    updatedAt: charge.createdAt,
  };
}

export class ChargesService {
  private readonly chargeFromRow: (row: Record<string, unknown>) => Charge;

  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
  ) {
    this.chargeFromRow = entityRowMapper(db, Charge);
  }

  /** The hot read of GET /charges/:id: one statement, no query builder. */
  private async findChargeById(id: string): Promise<Charge | null> {
    const rows = await queryRows<Record<string, unknown>>(this.db, "SELECT * FROM charges WHERE id = $1", [id]);
    return rows.length > 0 ? this.chargeFromRow(rows[0]) : null;
  }

  async createCharge(
    companyId: string,
    input: NewCharge,
    rawIdempotencyKey?: string | null,
  ): Promise<{ charge: Charge; replayed: boolean }> {
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, false);
    if (input.amountCents < 1n || input.amountCents > MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between 0.01 and 99999999.99");
    }
    const description = input.description ?? null;
    if (description !== null && description.length > MAX_DESCRIPTION_LENGTH) {
      throw validationError(`description must have at most ${MAX_DESCRIPTION_LENGTH} characters`);
    }
    const expiresIn = input.expiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS;
    if (!Number.isInteger(expiresIn) || expiresIn < 60 || expiresIn > 2_592_000) {
      throw validationError("expires_in must be an integer number of seconds from 60 to 2592000");
    }
    const fingerprint = requestFingerprint([input.amountCents, description, expiresIn]);

    return this.db.transaction(async (em) => {
      if (idempotencyKey) {
        await lockIdempotencyKey(em, "charge", companyId, idempotencyKey);
        const existing = await em.getRepository(Charge).findOneBy({ companyId, idempotencyKey });
        if (existing) {
          if (existing.requestFingerprint !== fingerprint) throw chargeIdempotencyKeyReused();
          return { charge: asCreated(existing), replayed: true };
        }
      }
      const company = await em.getRepository(Company).findOneBy({ id: companyId });
      if (!company) throw chargeNotFound();
      const { feeCents, netAmountCents } = calculateFee(input.amountCents, company);
      const now = new Date();
      const id = newChargeId();
      const txid = newTxid();
      const locationId = newLocationId();
      const { location } = await this.provider.registerCharge({ locationId, txid });
      const charge = em.getRepository(Charge).create({
        id,
        companyId,
        amountCents: input.amountCents,
        feeCents,
        netAmountCents,
        description,
        status: ChargeStatus.PENDING,
        txid,
        locationId,
        pixCode: buildDynamicBrCode({
          locationUrl: location,
          amountCents: input.amountCents,
          merchantName: company.name,
          merchantCity: company.city,
        }),
        e2eId: null,
        payerName: null,
        payerDocument: null,
        paidAt: null,
        expiresAt: new Date(now.getTime() + expiresIn * 1000),
        cancelledAt: null,
        reserved: false,
        reservedReason: null,
        idempotencyKey,
        requestFingerprint: idempotencyKey ? fingerprint : null,
        createdAt: now,
        updatedAt: now,
      });
      await em.getRepository(Charge).insert(charge);
      return { charge, replayed: false };
    });
  }

  /** A charge of the account (or of any account for the operator); expired on read if overdue. */
  async getCharge(scopeCompanyId: string | null, id: string): Promise<Charge> {
    const chargeId = normalizeChargeId(id);
    const charge = chargeId ? await this.findChargeById(chargeId) : null;
    if (!charge || (scopeCompanyId !== null && charge.companyId !== scopeCompanyId)) throw chargeNotFound();
    return this.expireIfOverdue(charge);
  }

  async findChargeByLocation(locationId: string): Promise<Charge | null> {
    const charge = await this.db.getRepository(Charge).findOneBy({ locationId });
    return charge ? this.expireIfOverdue(charge) : null;
  }

  /**
   * A PENDING charge past expires_at becomes EXPIRED when read; the update is conditional
   * on PENDING, so it never overwrites a payment.
   */
  private async expireIfOverdue(charge: Charge): Promise<Charge> {
    if (charge.status !== ChargeStatus.PENDING || charge.expiresAt.getTime() > Date.now()) return charge;
    await execute(
      this.db,
      "UPDATE charges SET status = 'EXPIRED', updated_at = now() WHERE id = $1 AND status = 'PENDING' AND expires_at <= now()",
      [charge.id],
    );
    // Read again: this update expired it, or a payment committed first and it is PAID.
    return (await this.findChargeById(charge.id)) ?? charge;
  }

  async listCharges(scopeCompanyId: string | null, request: PageRequest<ChargeStatus>): Promise<Page<Charge>> {
    const { limit, offset } = checkPage(request);
    await this.expireOverdueCharges(scopeCompanyId);
    const where: Record<string, string> = {};
    if (scopeCompanyId) where.companyId = scopeCompanyId;
    if (request.status) where.status = request.status;
    const [data, total] = await this.db.getRepository(Charge).findAndCount({
      where,
      order: { createdAt: "DESC", id: "DESC" },
      take: limit,
      skip: offset,
    });
    return { data, total, limit, offset };
  }

  /** The periodic sweep (and list reads): PENDING past expires_at becomes EXPIRED. */
  async expireOverdueCharges(companyId: string | null = null): Promise<number> {
    return execute(
      this.db,
      `UPDATE charges SET status = 'EXPIRED', updated_at = now()
        WHERE status = 'PENDING' AND expires_at <= now() AND ($1::text IS NULL OR company_id = $1)`,
      [companyId],
    );
  }

  async cancelCharge(scopeCompanyId: string | null, id: string): Promise<Charge> {
    return this.db.transaction(async (em) => {
      const charge = await this.lockCharge(em, scopeCompanyId, id);
      if (charge.status !== ChargeStatus.PENDING) throw chargeNotPending(charge.status);
      if (charge.expiresAt.getTime() <= Date.now()) {
        await this.markExpired(em, charge);
        throw chargeNotPending(ChargeStatus.EXPIRED);
      }
      charge.status = ChargeStatus.CANCELLED;
      charge.cancelledAt = new Date();
      charge.updatedAt = charge.cancelledAt;
      return em.getRepository(Charge).save(charge);
    });
  }

  /** Sandbox: the payer pays a PENDING charge now. */
  async simulateChargePayment(
    id: string,
    payer: { payerName?: string | null; payerDocument?: string | null },
  ): Promise<Charge> {
    return this.db.transaction(async (em) => {
      const charge = await this.lockCharge(em, null, id);
      const paidAt = new Date();
      return this.confirmChargePayment(em, charge, {
        e2eId: newEndToEndId(this.provider.ispb, paidAt),
        paidAt,
        payerName: payer.payerName ?? null,
        payerDocument: payer.payerDocument ?? null,
      });
    });
  }

  /**
   * PENDING -> PAID with its credit and its charge.paid event, in the caller's transaction
   * (the caller holds the charge's row lock). A reserved charge is paid but not credited
   * until an operator releases it.
   */
  async confirmChargePayment(em: EntityManager, charge: Charge, payment: PaymentConfirmation): Promise<Charge> {
    if (charge.status === ChargeStatus.PENDING && charge.expiresAt.getTime() <= payment.paidAt.getTime()) {
      await this.markExpired(em, charge);
      throw chargeExpired();
    }
    if (charge.status !== ChargeStatus.PENDING) throw chargeNotPending(charge.status);
    charge.status = ChargeStatus.PAID;
    charge.e2eId = payment.e2eId;
    charge.paidAt = payment.paidAt;
    charge.payerName = payment.payerName ?? null;
    charge.payerDocument = payment.payerDocument ?? null;
    charge.updatedAt = new Date();
    await em.getRepository(Charge).save(charge);
    if (!charge.reserved && charge.netAmountCents > 0n) {
      await postLedgerEntry(em, {
        companyId: charge.companyId,
        kind: LedgerEntryKind.CHARGE_PAID,
        amountCents: charge.netAmountCents,
        chargeId: charge.id,
      });
    }
    await appendWebhookEvent(em, charge.companyId, "charge.paid", chargePaidFields(charge), charge.id);
    return charge;
  }

  /** Operator hold: a reserved PAID charge leaves the balance until released. */
  async reserveCharge(id: string, reason: string): Promise<Charge> {
    const text = reason.trim();
    if (text.length === 0 || text.length > 500) throw validationError("reason must have 1 to 500 characters");
    return this.db.transaction(async (em) => {
      const charge = await this.lockCharge(em, null, id);
      if (charge.reserved) throw chargeNotPending("already reserved");
      charge.reserved = true;
      charge.reservedReason = text;
      charge.updatedAt = new Date();
      await em.getRepository(Charge).save(charge);
      if (charge.status === ChargeStatus.PAID && charge.netAmountCents > 0n) {
        await postLedgerEntry(em, {
          companyId: charge.companyId,
          kind: LedgerEntryKind.CHARGE_RESERVED,
          amountCents: -charge.netAmountCents,
          chargeId: charge.id,
          memo: text,
        });
      }
      return charge;
    });
  }

  async releaseCharge(id: string): Promise<Charge> {
    return this.db.transaction(async (em) => {
      const charge = await this.lockCharge(em, null, id);
      if (!charge.reserved) throw chargeNotPending("not reserved");
      charge.reserved = false;
      charge.reservedReason = null;
      charge.updatedAt = new Date();
      await em.getRepository(Charge).save(charge);
      if (charge.status === ChargeStatus.PAID && charge.netAmountCents > 0n) {
        await postLedgerEntry(em, {
          companyId: charge.companyId,
          kind: LedgerEntryKind.CHARGE_RELEASED,
          amountCents: charge.netAmountCents,
          chargeId: charge.id,
        });
      }
      return charge;
    });
  }

  async lockCharge(em: EntityManager, scopeCompanyId: string | null, id: string): Promise<Charge> {
    const chargeId = normalizeChargeId(id);
    if (!chargeId) throw chargeNotFound();
    const charge = await em
      .getRepository(Charge)
      .findOne({ where: { id: chargeId }, lock: { mode: "pessimistic_write" } });
    if (!charge || (scopeCompanyId !== null && charge.companyId !== scopeCompanyId)) throw chargeNotFound();
    return charge;
  }

  /** PENDING -> EXPIRED in the caller's transaction (the caller holds the row lock). */
  async markExpired(em: EntityManager, charge: Charge): Promise<void> {
    charge.status = ChargeStatus.EXPIRED;
    charge.updatedAt = new Date();
    await em.getRepository(Charge).save(charge);
  }
}

/** charge.paid fields in the source document's order (event, event_id, timestamp come first). */
export function chargePaidFields(charge: Charge): Record<string, unknown> {
  return {
    charge_id: `chg_${charge.id}`,
    status: charge.status,
    amount: brlToJsonNumber(charge.amountCents),
    net_amount: brlToJsonNumber(charge.netAmountCents),
    e2e_id: charge.e2eId,
    endToEndId: charge.e2eId,
    txid: charge.txid,
  };
}
