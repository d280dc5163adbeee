import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { type ChargeOrigin, type ChargesService, receivedCents } from "../charges";
import { Charge, ChargeStatus } from "../charges/model";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, RateLimitedError, validationError } from "../core/errors";
import { newPaymentToken, randomString } from "../core/ids";
import type { Limit } from "../core/limit";
import { type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import { CREATED_KEY, type Page, type PageArgs, readPage, readPageWindow, SqlParams } from "../core/pagination";
import type { LimitStore } from "../core/rate-limits";
import { poolRows, queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { ACCOUNT_NAME_SQL, type PayerPageService } from "../payer-page";
import { PaymentLink, PaymentLinkStatus } from "./payment-link.entity";

/** A link's charge is payable for an hour (CONTRACT §13). */
export const LINK_CHARGE_EXPIRES_IN_SECONDS = 3600;
/** A typed amount's limits when the link names none (CONTRACT §13). */
const DEFAULT_MIN_CENTS = 100n;
const DEFAULT_MAX_CENTS = MAX_AMOUNT_CENTS;
/** A link expires at most this far ahead. */
const MAX_EXPIRY_DAYS = 3650;

/**
 * Anonymous charges through links, counted exactly (each one is spent in the store):
 * - per address: one person (or one script) cannot make more than this many charges in 10 minutes;
 * - per link: a link shared in the wrong place cannot make more than this many in 10 minutes;
 * - per link at once: charges waiting to be paid (each expires in an hour), whatever the rate.
 * So a link can never flood its account with charges, and every refusal is a 429 with Retry-After.
 */
export const LINK_CHARGES_PER_ADDRESS = { name: "link-charges-address", points: 10, durationSeconds: 600 } as const;
export const LINK_CHARGES_PER_LINK = { name: "link-charges-link", points: 60, durationSeconds: 600 } as const;
export const MAX_OPEN_CHARGES_PER_LINK = 50;

export interface NewPaymentLink {
  description: string;
  amountCents?: Cents | null;
  minAmountCents?: Cents | null;
  maxAmountCents?: Cents | null;
  reusable?: boolean | null;
  expiresAt?: Date | null;
}

/** What a payment link's page (/l/<token>) shows, and nothing else of the account. */
export interface PaymentLinkPageView {
  accountName: string;
  description: string;
  status: PaymentLinkStatus;
  amountCents: Cents | null;
  minAmountCents: Cents | null;
  maxAmountCents: Cents | null;
}

const PAYMENT_LINK_ID = /^pl_[A-Za-z0-9]{1,64}$/;
export const newPaymentLinkId = () =>
  `pl_${randomString("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 24)}`;

const linkNotFound = () => new AppError("NOT_FOUND", "Payment link not found");

/** Why a link makes no charge, in words a payer's page can turn into its own (the reason under INVALID_STATE). */
function notActive(status: PaymentLinkStatus): AppError {
  const reason = `LINK_${status}`;
  const says: Record<string, string> = {
    [PaymentLinkStatus.INACTIVE]: "This payment link was deactivated",
    [PaymentLinkStatus.COMPLETED]: "This payment link was already paid",
    [PaymentLinkStatus.EXPIRED]: "This payment link has expired",
  };
  return new AppError("INVALID_STATE", says[status] ?? "This payment link takes no payments", reason);
}

/** Payment links (CONTRACT §13): made by merchants, opened and confirmed by payers without an account. */
export class PaymentLinksService {
  private readonly linkFromRow: (row: Record<string, unknown>) => PaymentLink;
  private readonly chargeFromRow: (row: Record<string, unknown>) => Charge;
  private readonly perAddress: Limit;
  private readonly perLink: Limit;

  constructor(
    private readonly db: DataSource,
    private readonly charges: ChargesService,
    private readonly payerPages: PayerPageService,
    limits: LimitStore,
  ) {
    this.linkFromRow = entityRowMapper(db, PaymentLink);
    this.chargeFromRow = entityRowMapper(db, Charge);
    this.perAddress = limits.create(LINK_CHARGES_PER_ADDRESS);
    this.perLink = limits.create(LINK_CHARGES_PER_LINK);
  }

  async createPaymentLink(companyId: string, input: NewPaymentLink, audit: AuditContext | null): Promise<PaymentLink> {
    const description = input.description.trim();
    if ([...description].length < 1 || [...description].length > 140)
      throw validationError("description must have 1 to 140 characters");
    const fixed = input.amountCents ?? null;
    if (fixed !== null && (input.minAmountCents != null || input.maxAmountCents != null))
      throw validationError("min_amount and max_amount are for a link without amount (the payer types it)");
    if (fixed !== null && (fixed < 1n || fixed > MAX_AMOUNT_CENTS))
      throw validationError("amount must be 0.01 to 99999999.99");
    const min = fixed === null ? (input.minAmountCents ?? DEFAULT_MIN_CENTS) : null;
    const max = fixed === null ? (input.maxAmountCents ?? DEFAULT_MAX_CENTS) : null;
    if (min !== null && max !== null) {
      if (min < 1n || max > MAX_AMOUNT_CENTS)
        throw validationError("min_amount and max_amount must be 0.01 to 99999999.99");
      if (min > max) throw validationError("min_amount must not be above max_amount");
    }
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null) {
      if (expiresAt.getTime() <= Date.now()) throw validationError("expires_at must be in the future");
      if (expiresAt.getTime() > Date.now() + MAX_EXPIRY_DAYS * 86_400_000)
        throw validationError(`expires_at must be at most ${MAX_EXPIRY_DAYS} days ahead`);
    }
    const now = new Date();
    const link = Object.assign(new PaymentLink(), {
      id: newPaymentLinkId(),
      companyId,
      token: newPaymentToken(),
      storedStatus: PaymentLinkStatus.ACTIVE,
      description,
      amountCents: fixed,
      minAmountCents: min,
      maxAmountCents: max,
      reusable: input.reusable ?? false,
      expiresAt,
      chargesCount: 0,
      paidCount: 0,
      paidTotalCents: 0n,
      createdAt: now,
      updatedAt: now,
      deactivatedAt: null,
    });
    return runTransaction(this.db, async (em) => {
      // An operator may name any account: one that does not exist is a 404, not a foreign key's 500.
      const [account] = await queryRows<{ id: string }>(em, "SELECT id FROM companies WHERE id = $1 FOR KEY SHARE", [
        companyId,
      ]);
      if (!account) throw new AppError("NOT_FOUND", "Company not found");
      await em.query(
        `INSERT INTO payment_links (id, company_id, token, description, amount_cents, min_amount_cents, max_amount_cents,
                                    reusable, expires_at, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'ACTIVE', $10, $10)`,
        [
          link.id,
          companyId,
          link.token,
          description,
          fixed?.toString() ?? null,
          min?.toString() ?? null,
          max?.toString() ?? null,
          link.reusable,
          expiresAt,
          now,
        ],
      );
      await appendAudit(em, audit, {
        action: "payment_link.create",
        objectType: "payment_link",
        objectId: link.id,
        companyId,
        after: auditFields(link),
      });
      return link;
    });
  }

  /** A link of the account (any account's for the operator: null); another account's is 404. */
  async getPaymentLink(scopeCompanyId: string | null, id: string): Promise<PaymentLink> {
    if (!PAYMENT_LINK_ID.test(id)) throw linkNotFound();
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    const [row] = await poolRows<Record<string, unknown>>(
      this.db,
      `SELECT * FROM payment_links WHERE id = $1${scoped}`,
      scopeCompanyId === null ? [id] : [id, scopeCompanyId],
    );
    if (!row) throw linkNotFound();
    return this.linkFromRow(row);
  }

  /** Newest first; the total is exact (an account's links are a bounded set, counted on its index). */
  async listPaymentLinks(
    scopeCompanyId: string | null,
    filter: PageArgs,
    signal?: CancelSignal,
  ): Promise<Page<PaymentLink>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    const query = {
      cursorTag: "paymentLinks",
      from: "payment_links",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      signal,
      (sql) =>
        readPage(sql, query, window, this.linkFromRow, async () => {
          const text = `SELECT count(*) AS n FROM payment_links${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
          const [row] = await queryRows<{ n: string }>(sql, text, params.values);
          return { total: Number(row.n), capped: false };
        }),
      LAG_TOLERANT,
    );
  }

  /** ACTIVE -> INACTIVE: no charge is made from it any more (its waiting charges stay payable until they expire). */
  async deactivatePaymentLink(
    scopeCompanyId: string | null,
    id: string,
    audit: AuditContext | null,
  ): Promise<PaymentLink> {
    if (!PAYMENT_LINK_ID.test(id)) throw linkNotFound();
    return runTransaction(this.db, async (em) => {
      const link = await this.lockLink(em, id);
      if (!link || (scopeCompanyId !== null && link.companyId !== scopeCompanyId)) throw linkNotFound();
      if (link.status !== PaymentLinkStatus.ACTIVE) throw notActive(link.status);
      const before = auditFields(link);
      const now = new Date();
      await em.query(
        "UPDATE payment_links SET status = 'INACTIVE', deactivated_at = $2, updated_at = $2 WHERE id = $1",
        [id, now],
      );
      Object.assign(link, { storedStatus: PaymentLinkStatus.INACTIVE, deactivatedAt: now, updatedAt: now });
      await appendAudit(em, audit, {
        action: "payment_link.deactivate",
        objectType: "payment_link",
        objectId: id,
        companyId: link.companyId,
        before,
        after: auditFields(link),
      });
      return link;
    });
  }

  /** What /l/<token> shows; the payers' pages' limits apply (an unknown token is a miss of the address). */
  async pageOf(token: string, address: string): Promise<PaymentLinkPageView> {
    const { link, accountName } = await this.findByToken(token, address);
    return {
      accountName,
      description: link.description,
      status: link.status,
      amountCents: link.amountCents,
      minAmountCents: link.minAmountCents,
      maxAmountCents: link.maxAmountCents,
    };
  }

  /**
   * A payer confirms the link: a charge of its account (payment_link_id set, payable for an
   * hour, the link's description), whose payer's page the payer goes to. In this order: the
   * address's lookups and misses (429), the link (404), its status (409 INVALID_STATE, the
   * reason LINK_INACTIVE, LINK_COMPLETED or LINK_EXPIRED), the amount (400: a fixed link's own,
   * else one between its limits), the charges made through links from this address and through
   * this link (429). A single-use link has one charge waiting at a time: confirming it again
   * answers that charge (the same amount) or 409 INVALID_STATE LINK_IN_USE (another amount).
   */
  async confirmPaymentLink(token: string, typedCents: Cents | null, address: string): Promise<Charge> {
    const { link } = await this.findByToken(token, address);
    if (link.status !== PaymentLinkStatus.ACTIVE) throw notActive(link.status);
    const amountCents = amountOf(link, typedCents);
    if (!link.reusable) {
      const waiting = await this.waitingCharge(this.db.manager, link.id);
      if (waiting) return sameOrInUse(waiting, amountCents);
    }
    await spend(this.perAddress, address);
    await spend(this.perLink, link.id);
    const origin: ChargeOrigin = {
      paymentLinkId: link.id,
      claim: async (em) => {
        // Under the link's lock: its status again, its waiting charges, its count.
        const locked = await this.lockLink(em, link.id);
        if (!locked) throw linkNotFound();
        if (locked.status !== PaymentLinkStatus.ACTIVE) throw notActive(locked.status);
        const [{ n }] = await queryRows<{ n: string }>(
          em,
          `SELECT count(*) AS n FROM (SELECT 1 FROM charges WHERE payment_link_id = $1 AND status = 'PENDING'
                                        AND expires_at > now() LIMIT $2) open`,
          [link.id, MAX_OPEN_CHARGES_PER_LINK],
        );
        if (!locked.reusable && Number(n) > 0) {
          return sameOrInUse((await this.waitingCharge(em, link.id)) as Charge, amountCents);
        }
        if (Number(n) >= MAX_OPEN_CHARGES_PER_LINK) {
          throw new RateLimitedError(60, "Too many charges of this link are waiting to be paid; retry later");
        }
        await em.query("UPDATE payment_links SET charges_count = charges_count + 1, updated_at = now() WHERE id = $1", [
          link.id,
        ]);
        return null;
      },
    };
    const { charge } = await this.charges.createCharge(
      link.companyId,
      { amountCents, description: link.description, expiresInSeconds: LINK_CHARGE_EXPIRES_IN_SECONDS },
      null,
      null,
      origin,
    );
    return charge;
  }

  /**
   * In the transaction that pays a charge of a link (ChargesService.paidSteps): the link
   * counts it, and a single-use link is COMPLETED.
   */
  async notePaid(em: EntityManager, charge: Charge): Promise<void> {
    if (charge.paymentLinkId === null) return;
    await em.query(
      `UPDATE payment_links
          SET paid_count = paid_count + 1, paid_total_cents = paid_total_cents + $2, updated_at = now(),
              status = CASE WHEN NOT reusable AND status = 'ACTIVE' THEN 'COMPLETED' ELSE status END
        WHERE id = $1`,
      [charge.paymentLinkId, receivedCents(charge).toString()],
    );
  }

  private async findByToken(token: string, address: string): Promise<{ link: PaymentLink; accountName: string }> {
    await this.payerPages.admitLookup(address);
    const [row] =
      token.length <= 64
        ? await poolRows<Record<string, unknown>>(
            this.db,
            `SELECT l.*, ${ACCOUNT_NAME_SQL("l")} FROM payment_links l WHERE l.token = $1`,
            [token],
          )
        : [];
    if (!row) {
      await this.payerPages.noteMiss(address);
      throw linkNotFound();
    }
    return { link: this.linkFromRow(row), accountName: String(row.account_name) };
  }

  private async lockLink(em: EntityManager, id: string): Promise<PaymentLink | null> {
    const [row] = await queryRows<Record<string, unknown>>(em, "SELECT * FROM payment_links WHERE id = $1 FOR UPDATE", [
      id,
    ]);
    return row ? this.linkFromRow(row) : null;
  }

  /** The link's charge waiting to be paid (a single-use link has at most one). */
  private async waitingCharge(em: EntityManager, linkId: string): Promise<Charge | null> {
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      `SELECT * FROM charges WHERE payment_link_id = $1 AND status = 'PENDING' AND expires_at > now()
        ORDER BY created_at LIMIT 1`,
      [linkId],
    );
    return row ? this.chargeFromRow(row) : null;
  }
}

/** What a confirm asks: a fixed link's amount (another one typed is a 400), else one between its limits. */
function amountOf(link: PaymentLink, typed: Cents | null): Cents {
  if (link.amountCents !== null) {
    if (typed !== null && typed !== link.amountCents) throw validationError("amount is fixed by this payment link");
    return link.amountCents;
  }
  if (typed === null) throw validationError("amount is required: this payment link lets the payer type it");
  const min = link.minAmountCents ?? DEFAULT_MIN_CENTS;
  const max = link.maxAmountCents ?? DEFAULT_MAX_CENTS;
  if (typed < min || typed > max) throw validationError(`amount must be from ${formatBrl(min)} to ${formatBrl(max)}`);
  return typed;
}

/** A single-use link's waiting charge: answered again for the same amount; another amount waits for it. */
function sameOrInUse(waiting: Charge, amountCents: Cents): Charge {
  if (waiting.amountCents === amountCents && waiting.status === ChargeStatus.PENDING) return waiting;
  throw new AppError(
    "INVALID_STATE",
    "A charge of this single-use link is waiting to be paid; it expires within an hour",
    "LINK_IN_USE",
  );
}

async function spend(limit: Limit, key: string): Promise<void> {
  const verdict = await limit.consume(key);
  if (!verdict.allowed)
    throw new RateLimitedError(verdict.retryAfterSeconds, "Too many charges through payment links; retry later");
}

function auditFields(link: PaymentLink) {
  return {
    status: link.status,
    description: link.description,
    amount: link.amountCents === null ? null : formatBrl(link.amountCents),
    minAmount: link.minAmountCents === null ? null : formatBrl(link.minAmountCents),
    maxAmount: link.maxAmountCents === null ? null : formatBrl(link.maxAmountCents),
    reusable: link.reusable,
    expiresAt: link.expiresAt,
  };
}
