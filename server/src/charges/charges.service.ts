import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit/audit";
import {
  type AccountRef,
  CALLER_COLUMNS,
  callerCte,
  callerFound,
  checkCredentialApart,
} from "../auth/credential-lookup";
import { calculateFee } from "../companies/fee-plan";
import {
  type CancelSignal,
  LAG_TOLERANT,
  lagTolerantRows,
  type ReadOptions,
  readCancellable,
  replicaInUse,
} from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { unauthenticated, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { CHARGE_ID_PATTERN, newChargeId, newEndToEndId, newLocationId, newTxid } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import type { Logger } from "../core/logger";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type KeyColumn,
  type ListBranch,
  type ListQuery,
  type Page,
  type PageArgs,
  pageOfRows,
  pageStatement,
  readPage,
  readPageWindow,
  SqlParams,
  type Total,
} from "../core/pagination";
import { poolRows, queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { postLedgerEntry } from "../ledger/ledger.service";
import { LedgerEntryKind } from "../ledger/ledger-entry.entity";
import type { PixProvider } from "../provider/pix-provider";
import { WEBHOOK_EVENTS } from "../webhooks/webhook-event-names";
import { appendWebhookEvent } from "../webhooks/webhook-outbox";
import { buildDynamicBrCode } from "./br-code";
import { Charge, ChargeStatus } from "./charge.entity";
import { chargeExpired, chargeIdempotencyKeyReused, chargeNotFound, chargeNotPending } from "./charges.errors";

export const DEFAULT_EXPIRES_IN_SECONDS = 3600;
/** Ids tried for one new charge before giving up (at 10^6 charges, one new charge in 2.8 × 10^6 needs a second). */
const CHARGE_ID_ATTEMPTS = 5;
export const MAX_DESCRIPTION_LENGTH = 140;
/** Charges the expiry sweep expires in one transaction. */
const EXPIRY_BATCH = 500;
/** The job, queued with a cancel, that takes the charge off the bank. */
export const REMOVE_CHARGE_JOB = "charge_remove_at_bank";

export interface NewCharge {
  amountCents: Cents;
  description?: string | null;
  expiresInSeconds?: number | null;
}

/** Filters of the charge lists; all optional. Time ranges include their start and exclude their end. */
export interface ChargeListFilter extends PageArgs {
  status?: ChargeStatus | null;
  reserved?: boolean | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  /** A paid range lists PAID charges by paid_at (latest paid first) instead of by creation. */
  paidFrom?: Date | null;
  paidTo?: Date | null;
}

/**
 * Every read of a charge selects this: its columns and whether it is overdue. A PENDING
 * charge past expires_at is EXPIRED to every reader, without a write; the sweep job makes
 * it so in the table.
 */
export const CHARGE_READ_COLUMNS = chargeReadColumns("");

/** CHARGE_READ_COLUMNS of a statement that joins the charges (`table`: "charges.") to other rows. */
function chargeReadColumns(table: "" | "charges."): string {
  return `${table}*, (${table}status = 'PENDING' AND ${table}expires_at <= now()) AS overdue`;
}

/** A charge ($2) read as the client secret of hash $1 (getCharge): its text made once, not per request. */
const CHARGE_AS_CALLER_SQL = `${callerCte("$1")}
  SELECT ${CALLER_COLUMNS}, ${chargeReadColumns("charges.")}
    FROM caller LEFT JOIN charges ON charges.company_id = caller.company_id AND charges.id = $2
   LIMIT 1`;

/**
 * The exact number of charges of each status as readers see it, for one account
 * (`company`: a parameter or a column of the statement) or every account (null): the
 * stored counters (`charges_counted`, status to count) and the overdue PENDING charges the
 * sweep has not expired yet (`charges_overdue`). Read by chargeTotal.
 */
function chargeCountsSql(company: string | null): string {
  const scoped = company === null ? "" : ` AND company_id = ${company}`;
  return `SELECT (SELECT json_object_agg(status, n) FROM
                 (SELECT status, sum(n) AS n FROM list_counters WHERE list = 'charges'${scoped} GROUP BY status) s
              ) AS charges_counted,
              (SELECT count(*) FROM charges WHERE status = 'PENDING' AND expires_at <= now()${scoped}) AS charges_overdue`;
}

/** The total of a status (every status: null) from a row of chargeCountsSql. */
function chargeTotal(row: Record<string, unknown>, status: ChargeStatus | null): Total {
  const counted = (row.charges_counted ?? {}) as Record<string, string | number>;
  const overdue = Number(row.charges_overdue);
  const stored = (name: ChargeStatus) => Number(counted[name] ?? 0);
  const byStatus: Record<ChargeStatus, number> = {
    [ChargeStatus.PENDING]: stored(ChargeStatus.PENDING) - overdue,
    [ChargeStatus.PAID]: stored(ChargeStatus.PAID),
    [ChargeStatus.EXPIRED]: stored(ChargeStatus.EXPIRED) + overdue,
    [ChargeStatus.CANCELLED]: stored(ChargeStatus.CANCELLED),
  };
  const total = status === null ? Object.values(byStatus).reduce((sum, n) => sum + n, 0) : byStatus[status];
  return { total, capped: false };
}

/** Charges listed by payment time: paid_at, then id. */
const PAID_KEY: KeyColumn[] = [
  { column: "paid_at", type: "timestamptz" },
  { column: "id", type: "text" },
];

const CHARGE_STATUSES = new Set<string>(Object.values(ChargeStatus));

/**
 * The rows of one status as readers see it, as alternative predicates: EXPIRED is the
 * EXPIRED rows plus the overdue PENDING ones (a range of a small partial index), PENDING
 * only those not overdue.
 */
function effectiveStatusBranches(status: ChargeStatus | null | undefined, base: string[]): ListBranch[] {
  if (status == null) return [base];
  if (!CHARGE_STATUSES.has(status)) throw validationError("status must be PENDING, PAID, EXPIRED or CANCELLED");
  if (status === ChargeStatus.PENDING) return [[...base, "status = 'PENDING'", "expires_at > now()"]];
  if (status === ChargeStatus.EXPIRED)
    return [[...base, "status = 'EXPIRED'"], { fewRows: [...base, "status = 'PENDING'", "expires_at <= now()"] }];
  return [[...base, `status = '${status}'`]];
}

export interface PaymentConfirmation {
  e2eId: string | null;
  paidAt: Date;
  payerName?: string | null;
  payerDocument?: string | null;
  /** The request that brought the payment (the bank's notification, a simulation): its charge.paid event names it. */
  requestId: string | null;
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
    refundedAmountCents: 0n,
    disputedAmountCents: 0n,
    updatedAt: charge.createdAt,
  };
}

export class ChargesService {
  private readonly chargeFromRow: (row: Record<string, unknown>) => Charge;

  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    /** Where new charge ids come from (a test may hand out a taken one). */
    private readonly nextChargeId: () => string = newChargeId,
  ) {
    this.chargeFromRow = entityRowMapper(db, Charge);
  }

  /** A charge as readers see it: an overdue PENDING charge is EXPIRED. */
  private readChargeRow(row: Record<string, unknown>): Charge {
    const charge = this.chargeFromRow(row);
    if (row.overdue === true) charge.status = ChargeStatus.EXPIRED;
    return charge;
  }

  /**
   * Charges whose column equals the value (search keys: id, txid, e2e_id), at most `limit`;
   * on the primary unless `reads` says the caller tolerates lag (the search box).
   */
  async findChargesBy(
    scopeCompanyId: string | null,
    column: "id" | "txid" | "e2e_id" | "location_id",
    value: string,
    limit = 10,
    reads: ReadOptions = {},
  ): Promise<Charge[]> {
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    const text = `SELECT ${CHARGE_READ_COLUMNS} FROM charges WHERE ${column} = $1${scoped} LIMIT ${limit}`;
    const values = scopeCompanyId === null ? [value] : [value, scopeCompanyId];
    const rows = reads.lagTolerant
      ? await lagTolerantRows<Record<string, unknown>>(this.db, text, values)
      : await poolRows<Record<string, unknown>>(this.db, text, values);
    return rows.map((row) => this.readChargeRow(row));
  }

  async createCharge(
    companyId: string,
    input: NewCharge,
    rawIdempotencyKey?: string | null,
    audit: AuditContext | null = null,
  ): Promise<{ charge: Charge; replayed: boolean }> {
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, false);
    if (input.amountCents < 1n || input.amountCents > MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between 0.01 and 99999999.99");
    }
    const description = input.description ?? null;
    // Characters as people count them (code points): an emoji is one, not two UTF-16 units.
    if (description !== null && [...description].length > MAX_DESCRIPTION_LENGTH) {
      throw validationError(`description must have at most ${MAX_DESCRIPTION_LENGTH} characters`);
    }
    const expiresIn = input.expiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS;
    if (!Number.isInteger(expiresIn) || expiresIn < 60 || expiresIn > 2_592_000) {
      throw validationError("expires_in must be an integer number of seconds from 60 to 2592000");
    }
    const fingerprint = requestFingerprint([input.amountCents, description, expiresIn]);
    // A repeated request is answered before anything is registered at the bank.
    const earlier = idempotencyKey
      ? await this.replayCharge(this.db.manager, companyId, idempotencyKey, fingerprint)
      : null;
    if (earlier) return earlier;

    // Only what the charge needs of the account, without hydrating the whole entity (a hot path).
    const [company] = await queryRows<{
      name: string;
      city: string;
      fee_percent_centi: string;
      fee_fixed_cents: string;
    }>(this.db, "SELECT name, city, fee_percent_centi, fee_fixed_cents FROM companies WHERE id = $1", [companyId]);
    if (!company) throw chargeNotFound();
    const { feeCents, netAmountCents } = calculateFee(input.amountCents, {
      feePercentCenti: BigInt(company.fee_percent_centi),
      feeFixedCents: BigInt(company.fee_fixed_cents),
    });
    const now = new Date();
    const txid = newTxid();
    const locationId = newLocationId();
    // The bank call runs outside any transaction: no connection or lock is held while it waits.
    const registered = await this.provider.registerCharge({
      locationId,
      txid,
      amountCents: input.amountCents,
      expiresInSeconds: expiresIn,
      description,
    });
    const charge = this.db.getRepository(Charge).create({
      id: this.nextChargeId(),
      companyId,
      amountCents: input.amountCents,
      feeCents,
      netAmountCents,
      description,
      status: ChargeStatus.PENDING,
      txid,
      locationId,
      pixCode:
        registered.pixCode ??
        buildDynamicBrCode({
          locationUrl: registered.location,
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
      refundedAmountCents: 0n,
      disputedAmountCents: 0n,
      idempotencyKey,
      requestFingerprint: idempotencyKey ? fingerprint : null,
      createdAt: now,
      updatedAt: now,
    });
    return runTransaction(this.db, async (em) => {
      for (let attempt = 1; ; attempt += 1) {
        if (await insertUnlessTaken(em, Charge, charge)) {
          await this.audit(em, audit, "charge.create", charge, null);
          return { charge, replayed: false };
        }
        // The same key won by a simultaneous request (its registration at the bank is left to expire).
        const replay = idempotencyKey ? await this.replayCharge(em, companyId, idempotencyKey, fingerprint) : null;
        if (replay) return replay;
        // Else the id was taken: 8 characters (the contract's) are 2.8 × 10^12 ids, so among
        // millions of charges a new one meets an old one now and then. Another id, then.
        if (attempt === CHARGE_ID_ATTEMPTS) throw new Error(`no free charge id in ${attempt} attempts`);
        charge.id = this.nextChargeId();
      }
    });
  }

  /** The charge first created with this key, as first returned; 409 for a different request; null if unused. */
  private async replayCharge(
    em: EntityManager,
    companyId: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ charge: Charge; replayed: true } | null> {
    const original = await findOriginalRequest(em, Charge, companyId, idempotencyKey, fingerprint, () =>
      chargeIdempotencyKeyReused(),
    );
    return original ? { charge: asCreated(original), replayed: true } : null;
  }

  /**
   * A charge of the account (or of any account for the operator), as readers see it. For a
   * client secret not checked yet, one statement from the live credential's side
   * (auth/credential-lookup.ts): no credential row is 401, a credential without the charge 404.
   */
  async getCharge(scope: AccountRef | null, id: string): Promise<Charge> {
    const chargeId = normalizeChargeId(id);
    if (scope !== null && typeof scope !== "string") {
      const rows = await poolRows<Record<string, unknown>>(this.db, CHARGE_AS_CALLER_SQL, [scope.secretHash, chargeId]);
      if (rows.length === 0) throw unauthenticated();
      callerFound(scope, rows[0]);
      if (rows[0].id === null) throw chargeNotFound();
      return this.readChargeRow(rows[0]);
    }
    const scopeCompanyId = scope;
    const [charge] = chargeId ? await this.findChargesBy(scopeCompanyId, "id", chargeId, 1) : [];
    if (!charge) throw chargeNotFound();
    return charge;
  }

  async findChargeByLocation(locationId: string): Promise<Charge | null> {
    const [charge] = await this.findChargesBy(null, "location_id", locationId, 1);
    return charge ?? null;
  }

  /**
   * A page of charges, newest first by default. Reads never write: overdue PENDING charges
   * are listed and counted as EXPIRED (see effectiveStatusBranches).
   */
  async listCharges(given: AccountRef | null, filter: ChargeListFilter, signal?: CancelSignal): Promise<Page<Charge>> {
    // A list may be read on the replica, the credential never (contract §14): with a replica
    // in use, a client secret is checked on the primary first, in a statement of its own.
    const scope =
      typeof given === "object" && given !== null && replicaInUse(this.db)
        ? await checkCredentialApart(this.db, given)
        : given;
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const scopeCompanyId = typeof scope === "string" ? scope : null;
    const unchecked = scope !== null && typeof scope !== "string" ? scope : null;
    const caller = unchecked !== null ? params.add(unchecked.secretHash) : null;
    // Read as the caller (below): the page's rows are the LATERAL side of the live credential's.
    const company =
      caller !== null ? "caller.company_id" : scopeCompanyId === null ? null : params.add(scopeCompanyId, "::text");
    const filters: string[] = [];
    if (filter.reserved != null) filters.push(filter.reserved ? "reserved" : "NOT reserved");
    if (filter.createdFrom) filters.push(`created_at >= ${params.add(filter.createdFrom, "::timestamptz")}`);
    if (filter.createdTo) filters.push(`created_at < ${params.add(filter.createdTo, "::timestamptz")}`);
    const byPaidAt = filter.paidFrom != null || filter.paidTo != null;
    if (byPaidAt) filters.push("status = 'PAID'");
    if (filter.paidFrom) filters.push(`paid_at >= ${params.add(filter.paidFrom, "::timestamptz")}`);
    if (filter.paidTo) filters.push(`paid_at < ${params.add(filter.paidTo, "::timestamptz")}`);
    const onlyByStatus = filters.length === 0;
    // Pages by status alone name the account as a value the planner cannot see (an
    // InitPlan): for an account that holds most of the table its statistics made the
    // all-accounts index charges_newest look as cheap, and the first page then walked every
    // newer charge of the other accounts. Other filters keep the plain value, which their
    // capped counts need to pick an index.
    // (Read as the caller, the account is the LATERAL's outer column: a value the planner cannot see either.)
    const base =
      company === null
        ? filters
        : [
            onlyByStatus && caller === null ? `company_id = (SELECT ${company})` : `company_id = ${company}`,
            ...filters,
          ];
    const query: ListQuery = {
      cursorTag: byPaidAt ? "charges:paid_at" : "charges",
      from: "charges",
      columns: CHARGE_READ_COLUMNS,
      key: byPaidAt ? PAID_KEY : CREATED_KEY,
      branches: effectiveStatusBranches(filter.status, base),
      params,
    };
    if (unchecked !== null && caller !== null) {
      // Only REST reads as an unchecked credential, and its list takes a status only.
      if (!onlyByStatus) throw new Error("a list read as an unchecked credential filters by status only");
      // One statement checks the client secret, reads the page and its total from the
      // account's counters (auth/credential-lookup.ts): no row at all is 401; the caller's
      // row with nulls is an empty page (its total still counted). A statement is most of a
      // read's cost (docs/benchmarks.md), so the total is not a second one.
      const statement = pageStatement(query, window);
      // The primary: the statement checks the credential too.
      return readCancellable(
        this.db,
        signal,
        async (sql) => {
          const rows = await queryRows<Record<string, unknown>>(
            sql,
            `${callerCte(caller)}
           SELECT ${CALLER_COLUMNS}, counts.*, page.*
             FROM caller CROSS JOIN LATERAL (${chargeCountsSql("caller.company_id")}) AS counts
             LEFT JOIN LATERAL (${statement.text}) AS page ON true`,
            statement.values,
          );
          if (rows.length === 0) throw unauthenticated();
          callerFound(unchecked, rows[0]);
          const pageRows = rows[0].id === null ? [] : rows;
          const counted = chargeTotal(rows[0], filter.status ?? null);
          return pageOfRows(query, window, pageRows, counted, (row) => this.readChargeRow(row));
        },
        { lagTolerant: true, onPrimary: true },
      );
    }
    return readCancellable(
      this.db,
      signal,
      (sql) =>
        readPage(
          sql,
          query,
          window,
          (row) => this.readChargeRow(row),
          () =>
            onlyByStatus ? this.countCharges(scopeCompanyId, filter.status ?? null, sql) : cappedCount(sql, query),
        ),
      LAG_TOLERANT,
    );
  }

  /**
   * The exact number of charges of a status as readers see it, from the account's counters
   * (or every account's) and the overdue PENDING charges the sweep has not expired yet.
   */
  async countCharges(
    scopeCompanyId: string | null,
    status: ChargeStatus | null,
    runner: SqlRunner = this.db,
  ): Promise<Total> {
    const rows = await queryRows<Record<string, unknown>>(
      runner,
      chargeCountsSql(scopeCompanyId === null ? null : "$1"),
      scopeCompanyId === null ? [] : [scopeCompanyId],
    );
    return chargeTotal(rows[0], status);
  }

  /**
   * The periodic sweep: PENDING past expires_at becomes EXPIRED in the table, each with its
   * charge.expired event in the same transaction, in batches. Several processes may sweep at
   * once: a charge another transaction holds (a payment, a cancel) is left to it.
   */
  async expireOverdueCharges(batchSize = EXPIRY_BATCH): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await runTransaction(this.db, async (em) => {
        const rows = await queryRows<Record<string, unknown>>(
          em,
          `UPDATE charges SET status = 'EXPIRED', updated_at = now()
            WHERE id IN (SELECT id FROM charges WHERE status = 'PENDING' AND expires_at <= now()
                          ORDER BY expires_at LIMIT $1 FOR NO KEY UPDATE SKIP LOCKED)
           RETURNING *`,
          [batchSize],
        );
        for (const row of rows) await this.appendStatusEvent(em, this.chargeFromRow(row), null);
        return rows.length;
      });
      expired += batch;
      if (batch < batchSize) return expired;
    }
  }

  /**
   * PENDING -> CANCELLED with its charge.cancelled event and, in the same transaction, the
   * job that takes the charge off the bank (so it cannot be paid there). A charge already
   * past its expiry is EXPIRED instead (that is kept, with its event) and the cancel is 409.
   */
  async cancelCharge(
    scopeCompanyId: string | null,
    id: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<Charge> {
    const outcome = await runTransaction(this.db, async (em) => {
      const charge = await this.lockCharge(em, scopeCompanyId, id);
      const before = auditFields(charge);
      if (charge.status !== ChargeStatus.PENDING) throw chargeNotPending(charge.status);
      if (charge.expiresAt.getTime() <= Date.now()) {
        await this.markExpired(em, charge, requestId);
        return { expired: true as const };
      }
      charge.status = ChargeStatus.CANCELLED;
      charge.cancelledAt = new Date();
      charge.updatedAt = charge.cancelledAt;
      const saved = await em.getRepository(Charge).save(charge);
      await this.audit(em, audit, "charge.cancel", saved, before);
      await this.appendStatusEvent(em, saved, requestId);
      await enqueueJob(em, REMOVE_CHARGE_JOB, { chargeId: saved.id, requestId });
      return { expired: false as const, charge: saved };
    });
    if (outcome.expired) throw chargeNotPending(ChargeStatus.EXPIRED);
    return outcome.charge;
  }

  /**
   * The job after a cancel: takes the charge off the bank. A bank that cannot answer now is
   * an error (the job is tried again later); one that refuses (the payer paid meanwhile) is
   * logged: that payment arrives as a payment of a cancelled charge, kept for review.
   */
  async removeChargeAtBank(chargeId: string, logger: Logger): Promise<void> {
    const [row] = await queryRows<{ txid: string; location_id: string; status: string }>(
      this.db,
      "SELECT txid, location_id, status FROM charges WHERE id = $1",
      [chargeId],
    );
    if (!row || row.status !== ChargeStatus.CANCELLED) return;
    const removal = await this.provider.removeCharge({ txid: row.txid, locationId: row.location_id });
    if (removal.outcome === "refused") {
      logger.warn("the bank did not remove a cancelled charge", { chargeId, reason: removal.reason });
    }
  }

  /** Sandbox: the payer pays a PENDING charge now. */
  async simulateChargePayment(
    id: string,
    payer: { payerName?: string | null; payerDocument?: string | null },
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<Charge> {
    return runTransaction(this.db, async (em) => {
      const charge = await this.lockCharge(em, null, id);
      const before = auditFields(charge);
      const paidAt = new Date();
      const paid = await this.confirmChargePayment(em, charge, {
        e2eId: newEndToEndId(this.provider.ispb, paidAt),
        paidAt,
        payerName: payer.payerName ?? null,
        payerDocument: payer.payerDocument ?? null,
        requestId,
      });
      await this.audit(em, audit, "charge.simulate_payment", paid, before);
      return paid;
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
    await appendWebhookEvent(
      em,
      charge.companyId,
      WEBHOOK_EVENTS.chargePaid,
      chargePaidFields(charge),
      charge.id,
      payment.requestId,
    );
    return charge;
  }

  /** Operator hold: a reserved PAID charge leaves the balance until released. */
  async reserveCharge(id: string, reason: string, audit: AuditContext | null = null): Promise<Charge> {
    const text = reason.trim();
    if (text.length === 0 || text.length > 500) throw validationError("reason must have 1 to 500 characters");
    return runTransaction(this.db, async (em) => {
      const charge = await this.lockCharge(em, null, id);
      if (charge.reserved) throw chargeNotPending("already reserved");
      const before = auditFields(charge);
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
      await this.audit(em, audit, "charge.reserve", charge, before, text);
      return charge;
    });
  }

  async releaseCharge(id: string, audit: AuditContext | null = null): Promise<Charge> {
    return runTransaction(this.db, async (em) => {
      const charge = await this.lockCharge(em, null, id);
      if (!charge.reserved) throw chargeNotPending("not reserved");
      const before = auditFields(charge);
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
      await this.audit(em, audit, "charge.release", charge, before);
      return charge;
    });
  }

  private audit(
    em: EntityManager,
    audit: AuditContext | null,
    action: string,
    charge: Charge,
    before: ReturnType<typeof auditFields> | null,
    reason: string | null = null,
  ): Promise<void> {
    return appendAudit(em, audit, {
      action,
      objectType: "charge",
      objectId: charge.id,
      companyId: charge.companyId,
      reason,
      before,
      after: auditFields(charge),
    });
  }

  async lockCharge(em: EntityManager, scopeCompanyId: string | null, id: string): Promise<Charge> {
    const chargeId = normalizeChargeId(id);
    if (!chargeId) throw chargeNotFound();
    const charge = await em
      .getRepository(Charge)
      .findOne({ where: { id: chargeId }, lock: { mode: "for_no_key_update" } });
    if (!charge || (scopeCompanyId !== null && charge.companyId !== scopeCompanyId)) throw chargeNotFound();
    return charge;
  }

  /** PENDING -> EXPIRED with its charge.expired event, in the caller's transaction (the caller holds the row lock). */
  async markExpired(em: EntityManager, charge: Charge, requestId: string | null = null): Promise<void> {
    charge.status = ChargeStatus.EXPIRED;
    charge.updatedAt = new Date();
    await em.getRepository(Charge).save(charge);
    await this.appendStatusEvent(em, charge, requestId);
  }

  /** charge.expired or charge.cancelled, in the transaction that changed the status. */
  private async appendStatusEvent(em: EntityManager, charge: Charge, requestId: string | null): Promise<void> {
    const event =
      charge.status === ChargeStatus.EXPIRED ? WEBHOOK_EVENTS.chargeExpired : WEBHOOK_EVENTS.chargeCancelled;
    await appendWebhookEvent(em, charge.companyId, event, chargeStatusFields(charge), charge.id, requestId);
  }
}

/** What the audit log keeps of a charge. */
function auditFields(charge: Charge) {
  return {
    status: charge.status,
    amount: formatBrl(charge.amountCents),
    netAmount: formatBrl(charge.netAmountCents),
    reserved: charge.reserved,
    reservedReason: charge.reservedReason,
  };
}

/** charge.expired and charge.cancelled fields in the contract's order (event, event_id, timestamp come first). */
export function chargeStatusFields(charge: Charge): Record<string, unknown> {
  return {
    charge_id: `chg_${charge.id}`,
    company_id: charge.companyId,
    amount: brlToJsonNumber(charge.amountCents),
    status: charge.status,
  };
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
