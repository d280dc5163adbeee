import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { Charge, ChargeStatus, type ChargeType } from "../charges/model";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, notFound, RateLimitedError, validationError } from "../core/errors";
import type { Limit } from "../core/limit";
import type { LimitStore } from "../core/rate-limits";
import { poolRows, queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";

/** A token is at most this long: anything longer is no token and is not looked up. */
const MAX_TOKEN_LENGTH = 64;

/**
 * Lookups of payers' pages (and of their live streams) per address: a page refetches on each
 * change and a phone may reload it, so this is generous; it bounds one address's load.
 */
export const PAYER_PAGE_LOOKUPS = {
  name: "payer-page",
  points: 120,
  durationSeconds: 60,
  counting: "batched",
} as const;
/**
 * Tokens that name no charge, per address, counted exactly: someone guessing tokens. Spent,
 * every lookup from the address is refused (known tokens too) until the window ends, so the
 * answer says nothing about the token tried meanwhile.
 */
export const PAYER_PAGE_MISSES = { name: "payer-page-miss", points: 20, durationSeconds: 600 } as const;

/** What the payer's page shows (CONTRACT §13), and nothing else of the account or the payer. */
export interface PayerPageView {
  /** The merchant's display name for payers, else the account's name. */
  accountName: string;
  status: ChargeStatus;
  type: ChargeType;
  /** PENDING: today's amount due; PAID: what was paid; else the charge's amount. */
  amountCents: bigint;
  description: string | null;
  dueDate: string | null;
  expiresAt: Date;
  /** Only while it can be paid: a final charge's code is not shown. */
  pixCode: string | null;
  paidAt: Date | null;
}

/** The charge behind a token, as the live stream needs it. */
export interface PayerPageCharge {
  charge: Charge;
  accountName: string;
}

const pageNotFound = () => new AppError("NOT_FOUND", "Payment page not found");

/** The name payers see of the account of `table`'s row (its company_id): the display name, else the account's. */
export const ACCOUNT_NAME_SQL = (table: string) =>
  `(SELECT coalesce(s.display_name, co.name) FROM companies co
      LEFT JOIN payer_page_settings s ON s.company_id = co.id WHERE co.id = ${table}.company_id) AS account_name`;

/** The payer's page: a charge found by its payment token, and the name merchants show on it. */
export class PayerPageService {
  private readonly chargeFromRow: (row: Record<string, unknown>) => Charge;
  private readonly lookups: Limit | null;
  private readonly misses: Limit | null;

  constructor(
    private readonly db: DataSource,
    /** Null: no limits (RATE_LIMIT_RPS=0). */
    limits: LimitStore | null,
  ) {
    this.chargeFromRow = entityRowMapper(db, Charge);
    this.lookups = limits?.create(PAYER_PAGE_LOOKUPS) ?? null;
    this.misses = limits?.create(PAYER_PAGE_MISSES) ?? null;
  }

  /**
   * The charge of a token, for a caller at `address`: NOT_FOUND for a token that names none,
   * RATE_LIMITED when the address looks too often or has missed too often. One indexed
   * equality lookup whatever the token (a malformed one included: it simply finds nothing),
   * so the cost of an answer does not depend on how close a guess was.
   */
  async findByToken(token: string, address: string): Promise<PayerPageCharge> {
    await this.admitLookup(address);
    const [row] =
      token.length <= MAX_TOKEN_LENGTH
        ? await poolRows<Record<string, unknown>>(
            this.db,
            `SELECT c.*, (c.status = 'PENDING' AND c.expires_at <= now()) AS overdue, ${ACCOUNT_NAME_SQL("c")}
               FROM charges c
              WHERE c.payment_token = $1`,
            [token],
          )
        : [];
    if (!row) {
      await this.noteMiss(address);
      throw pageNotFound();
    }
    const charge = this.chargeFromRow(row);
    if (row.overdue === true) charge.status = ChargeStatus.EXPIRED;
    return { charge, accountName: String(row.account_name) };
  }

  /** What the page shows of the token's charge. */
  async pageOf(token: string, address: string): Promise<PayerPageView> {
    const { charge, accountName } = await this.findByToken(token, address);
    return viewOf(charge, accountName);
  }

  /**
   * Before an anonymous lookup by token (a payer's page, a payment link's page and its
   * confirm): RATE_LIMITED when the address looks too often or has missed too often.
   */
  async admitLookup(address: string): Promise<void> {
    await this.spend(this.lookups, address);
    const refused = this.misses?.refusedHere(address);
    if (refused && !refused.allowed) throw new RateLimitedError(refused.retryAfterSeconds);
  }

  /** A token that named nothing: spends one of the address's misses. */
  async noteMiss(address: string): Promise<void> {
    await this.spend(this.misses, address, true);
  }

  private async spend(limit: Limit | null, address: string, exact = false): Promise<void> {
    if (!limit) return;
    const verdict = exact ? await limit.consume(address) : await limit.take(address);
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
  }

  /** The name payers see on the account's pages: the display name, or null for the account's own. */
  async displayName(companyId: string): Promise<string | null> {
    const [row] = await queryRows<{ display_name: string | null }>(
      this.db,
      "SELECT display_name FROM payer_page_settings WHERE company_id = $1",
      [companyId],
    );
    return row?.display_name ?? null;
  }

  /** Sets (or clears, with null or blank) the name payers see in place of the account's. */
  async setDisplayName(companyId: string, given: string | null, audit: AuditContext | null): Promise<string | null> {
    const name = given?.trim() || null;
    if (name !== null && (name.length > 60 || /\p{Cc}/u.test(name)))
      throw validationError("displayName must have at most 60 characters and no control characters");
    return runTransaction(this.db, async (em) => {
      // An operator may name any account: one that does not exist is a 404, not a foreign key's 500.
      const [account] = await queryRows<{ id: string }>(em, "SELECT id FROM companies WHERE id = $1 FOR KEY SHARE", [
        companyId,
      ]);
      if (!account) throw notFound("Company");
      const [before] = await queryRows<{ display_name: string | null }>(
        em,
        "SELECT display_name FROM payer_page_settings WHERE company_id = $1 FOR UPDATE",
        [companyId],
      );
      await em.query(
        `INSERT INTO payer_page_settings (company_id, display_name, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (company_id) DO UPDATE SET display_name = EXCLUDED.display_name, updated_at = now()`,
        [companyId, name],
      );
      await appendAudit(em, audit, {
        action: "payer_page.display_name",
        objectType: "company",
        objectId: companyId,
        companyId,
        before: { displayName: before?.display_name ?? null },
        after: { displayName: name },
      });
      return name;
    });
  }
}

/** What a payer sees of a charge. */
export function viewOf(charge: Charge, accountName: string): PayerPageView {
  const pending = charge.status === ChargeStatus.PENDING;
  return {
    accountName,
    status: charge.status,
    type: charge.type,
    amountCents: (pending ? charge.amountDue : charge.paidAmount) ?? charge.amountCents,
    description: charge.description,
    dueDate: charge.dueDate,
    expiresAt: charge.expiresAt,
    pixCode: pending ? charge.pixCode : null,
    paidAt: charge.status === ChargeStatus.PAID ? charge.paidAt : null,
  };
}

/** The key a payer's streams are counted by: their address, not kept verbatim. */
export function addressKey(address: string): string {
  return createHash("sha256").update(address).digest("hex").slice(0, 32);
}
