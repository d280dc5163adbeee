import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { type AccountRef, CALLER_COLUMNS, callerCte, callerFound, checkCredentialApart } from "../auth/model";
import {
  type AmountDue,
  type AmountDuePreview,
  amountDueOn,
  checkDueDateTerms,
  type DayNumber,
  type DueDateTerms,
  type DueDateTermsInput,
  isoDate,
  lastPayableDay,
  parseIsoDate,
  previewAmountDue,
  saoPauloDay,
  startOfSaoPauloDay,
} from "../billing";
import { calculateFee } from "../companies";
import {
  type CancelSignal,
  LAG_TOLERANT,
  lagTolerantRows,
  type ReadOptions,
  readCancellable,
  replicaInUse,
} from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, type ItemError, ItemsRefusedError, unauthenticated, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { CHARGE_ID_PATTERN, newChargeId, newEndToEndId, newLocationId, newPaymentToken, newTxid } from "../core/ids";
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
import { poolRows, preparedQueryRows, preparedRows, queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import type { CustomersService, Payer } from "../customers";
import { LedgerEntryKind, postLedgerEntry } from "../ledger";
import type { PixProvider, RegisteredCharge } from "../provider";
import { appendWebhookEvent, WEBHOOK_EVENTS } from "../webhooks";
import { buildDynamicBrCode } from "./br-code";
import { Charge, ChargeStatus, ChargeType } from "./charge.entity";
import {
  chargeExpired,
  chargeIdempotencyKeyReused,
  chargeNotFound,
  chargeNotPending,
  externalReferenceTaken,
  recurringChargeDueTaken,
} from "./charges.errors";
import { dueDateExpiry, termsOf } from "./due-date-charge";
import { type NewCharge, type PreparedCharge, prepareCharge } from "./new-charge";

/** The most charges one batch takes (CONTRACT §11). */
export const MAX_BATCH_SIZE = 1000;
/** Ids tried for one new charge before giving up (at 10^6 charges, one new charge in 2.8 × 10^6 needs a second). */
const CHARGE_ID_ATTEMPTS = 5;
/** Charges the expiry sweep expires in one transaction. */
const EXPIRY_BATCH = 500;
/** The job, queued with a cancel, that takes the charge off the bank. */
export const REMOVE_CHARGE_JOB = "charge_remove_at_bank";

/** Filters of the charge lists; all optional. Time ranges include their start and exclude their end. */
export interface ChargeListFilter extends PageArgs {
  status?: ChargeStatus | null;
  reserved?: boolean | null;
  /** Some of it returned to the payer (true), or none (false). */
  refunded?: boolean | null;
  /** Some of it blocked by a MED dispute (true), or none (false). */
  disputed?: boolean | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  /** A paid range lists PAID charges by paid_at (latest paid first) instead of by creation. */
  paidFrom?: Date | null;
  paidTo?: Date | null;
  type?: ChargeType | null;
  /** The merchant's own reference: its charge, if any. */
  externalReference?: string | null;
  customerId?: string | null;
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
const CHARGE_TYPES = new Set<string>(Object.values(ChargeType));

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

/** What a new charge needs of its account: the BR Code's name and city, the fee plan. */
interface ChargeAccount {
  name: string;
  city: string;
  feePercentCenti: bigint;
  feeFixedCents: bigint;
}

/** What a recurrence's cycle charges (checked by the recurrences' service). */
export interface RecurringCycle {
  recurrenceId: string;
  amountCents: Cents;
  /** YYYY-MM-DD, America/Sao_Paulo. */
  dueDate: string;
  payer: Payer;
  customerId: string | null;
  /** The recurrence's object, shown to the payer. */
  description: string | null;
  /** The recurrence's id at the bank (API Pix `idRec`); null in the sandbox. */
  bankRecurrenceId: string | null;
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
  return Object.assign(new Charge(), charge, {
    status: ChargeStatus.PENDING,
    e2eId: null,
    payerName: null,
    payerDocument: null,
    paidAt: null,
    reserved: false,
    reservedReason: null,
    reservedAmountCents: 0n,
    refundedAmountCents: 0n,
    disputedAmountCents: 0n,
    paidAmountCents: null,
    updatedAt: charge.createdAt,
  });
}

/**
 * A charge another feature makes for its own reason (a payment link's confirm): kept on the
 * row, with a step of that feature's in the transaction that writes the charge.
 */
export interface ChargeOrigin {
  paymentLinkId: string;
  /**
   * Runs in the charge's insert transaction, before the insert (the feature locks its own row
   * there): a charge to answer instead, none being written, or null to write this one.
   */
  claim(em: EntityManager, charge: Charge): Promise<Charge | null>;
}

/** A static QR code's charge is made paid; its expiry is only what every charge has (an hour after it). */
const STATIC_QR_CHARGE_PAYABLE_SECONDS = 3600;

/** A step of another feature in the transaction that pays a charge (a link's or a QR code's counters). */
export type ChargePaidStep = (em: EntityManager, charge: Charge) => Promise<void>;

export class ChargesService {
  private readonly chargeFromRow: (row: Record<string, unknown>) => Charge;
  /** Run by confirmChargePayment in the paying transaction, after the charge is PAID (wired in services.ts). */
  readonly paidSteps: ChargePaidStep[] = [];

  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    private readonly customers: CustomersService,
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
    column: "id" | "txid" | "e2e_id" | "location_id" | "external_reference",
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
    origin: ChargeOrigin | null = null,
  ): Promise<{ charge: Charge; replayed: boolean }> {
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, false);
    const now = new Date();
    const prepared = prepareCharge(input, saoPauloDay(now));
    // A repeated request is answered before anything is registered at the bank.
    const earlier = idempotencyKey
      ? await this.replayCharge(this.db.manager, companyId, idempotencyKey, prepared.fingerprint)
      : null;
    if (earlier) return earlier;
    const account = await this.accountForCharges(companyId);
    const payer = await this.payerOf(companyId, prepared);
    if (prepared.externalReference !== null) await this.assertReferenceFree(companyId, [prepared.externalReference]);
    const txid = newTxid();
    const locationId = newLocationId();
    // The bank call runs outside any transaction: no connection or lock is held while it waits.
    const registered =
      prepared.terms === null
        ? await this.provider.registerCharge({
            locationId,
            txid,
            amountCents: prepared.amountCents,
            expiresInSeconds: prepared.expiresInSeconds as number,
            description: prepared.description,
          })
        : await this.provider.registerDueDateCharge({
            locationId,
            txid,
            terms: prepared.terms,
            debtor: payer as Payer,
            description: prepared.description,
          });
    const charge = this.newChargeRow(companyId, account, prepared, payer, { txid, locationId, registered }, now);
    charge.idempotencyKey = idempotencyKey;
    charge.requestFingerprint = idempotencyKey ? prepared.fingerprint : null;
    charge.paymentLinkId = origin?.paymentLinkId ?? null;
    return runTransaction(this.db, async (em) => {
      // Its origin may answer another charge instead (its registration at the bank is left to expire).
      const instead = origin ? await origin.claim(em, charge) : null;
      if (instead) return { charge: instead, replayed: false };
      for (let attempt = 1; ; attempt += 1) {
        if (await insertUnlessTaken(em, Charge, charge)) {
          await this.audit(em, audit, "charge.create", charge, null);
          return { charge, replayed: false };
        }
        // The same key won by a simultaneous request (its registration at the bank is left to expire).
        const replay = idempotencyKey
          ? await this.replayCharge(em, companyId, idempotencyKey, prepared.fingerprint)
          : null;
        if (replay) return replay;
        // A simultaneous request took the reference.
        if (prepared.externalReference !== null)
          await this.assertReferenceFree(companyId, [prepared.externalReference], em);
        // Else the id was taken: 8 characters (the contract's) are 2.8 × 10^12 ids, so among
        // millions of charges a new one meets an old one now and then. Another id, then.
        if (attempt === CHARGE_ID_ATTEMPTS) throw new Error(`no free charge id in ${attempt} attempts`);
        charge.id = this.nextChargeId();
      }
    });
  }

  /**
   * A cycle's charge of a Pix Automático recurrence (CONTRACT §12), its terms checked by the
   * caller: registered at the bank outside any transaction, then written in one transaction
   * after `claim` (the recurrence's row lock and status check), so that a recurrence cancelled
   * meanwhile gets no charge; `recorded` runs in that transaction once the charge is written. PENDING until the payer's bank debits it on its due date; it
   * expires at the end of that day unless a retry moves it (recordDebitFailure).
   */
  async createRecurringCharge(
    companyId: string,
    cycle: RecurringCycle,
    claim: (em: EntityManager) => Promise<void>,
    audit: AuditContext | null = null,
    recorded?: (em: EntityManager, charge: Charge) => Promise<void>,
  ): Promise<Charge> {
    const account = await this.accountForCharges(companyId);
    const txid = newTxid();
    const locationId = newLocationId();
    const expiresAt = startOfSaoPauloDay((parseIsoDate(cycle.dueDate) as DayNumber) + 1);
    const now = new Date();
    const registered = await this.provider.registerRecurringCharge({
      locationId,
      txid,
      amountCents: cycle.amountCents,
      expiresInSeconds: Math.max(60, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
      description: cycle.description,
      bankRecurrenceId: cycle.bankRecurrenceId,
      dueDate: cycle.dueDate,
    });
    const prepared: PreparedCharge = {
      amountCents: cycle.amountCents,
      description: cycle.description,
      expiresInSeconds: null,
      terms: null,
      payer: cycle.payer,
      customerId: cycle.customerId,
      externalReference: null,
      metadata: null,
      fingerprint: "",
    };
    const charge = Object.assign(
      this.newChargeRow(companyId, account, prepared, cycle.payer, { txid, locationId, registered }, now),
      {
        type: ChargeType.RECURRING,
        // Debited by the payer's bank, never scanned: no BR Code (the API Pix CobR has none).
        pixCode: null,
        expiresAt,
        dueDate: cycle.dueDate,
        debtorName: cycle.payer.name,
        debtorDocument: cycle.payer.document,
        recurrenceId: cycle.recurrenceId,
        debitAttempt: 1,
        nextAttemptDay: cycle.dueDate,
      },
    );
    return runTransaction(this.db, async (em) => {
      await claim(em);
      for (let attempt = 1; ; attempt += 1) {
        if (await insertUnlessTaken(em, Charge, charge)) {
          await this.audit(em, audit, "charge.create", charge, null);
          await recorded?.(em, charge);
          return charge;
        }
        // Not the id: another charge of the recurrence due that day, committed meanwhile (charges_recurring_due_once).
        const [taken] = await queryRows<{ id: string }>(
          em,
          `SELECT id FROM charges WHERE recurrence_id = $1 AND type = 'RECURRING' AND due_date = $2
              AND status <> 'CANCELLED' LIMIT 1`,
          [cycle.recurrenceId, cycle.dueDate],
        );
        if (taken) throw recurringChargeDueTaken(cycle.dueDate, taken.id);
        if (attempt === CHARGE_ID_ATTEMPTS) throw new Error(`no free charge id in ${attempt} attempts`);
        charge.id = this.nextChargeId();
      }
    });
  }

  /**
   * The payment a payer makes with a recurrence's authorisation (the central bank's journey
   * 3): an immediate charge of the recurrence's account, at the location the bank registered
   * with the recurrence (outside any transaction, by the caller), payable until the
   * authorisation expires. Made here, written by insertFirstPaymentCharge in the
   * recurrence's own transaction.
   */
  async newFirstPaymentCharge(
    companyId: string,
    payment: {
      recurrenceId: string;
      amountCents: Cents;
      /** The txid the bank's cob was registered with (RecurrenceRegistration.firstPayment). */
      txid: string;
      locationId: string;
      location: string;
      payer: Payer;
      customerId: string | null;
      description: string;
      expiresAt: Date;
    },
    now: Date,
  ): Promise<Charge> {
    const account = await this.accountForCharges(companyId);
    const prepared: PreparedCharge = {
      amountCents: payment.amountCents,
      description: payment.description,
      expiresInSeconds: 0,
      terms: null,
      payer: payment.payer,
      customerId: payment.customerId,
      externalReference: null,
      metadata: null,
      fingerprint: "",
    };
    const registered: RegisteredCharge = { location: payment.location, pixCode: null };
    return Object.assign(
      this.newChargeRow(
        companyId,
        account,
        prepared,
        payment.payer,
        { txid: payment.txid, locationId: payment.locationId, registered },
        now,
      ),
      { expiresAt: payment.expiresAt, recurrenceId: payment.recurrenceId },
    );
  }

  /** Writes a first payment's charge (newFirstPaymentCharge) and its audit row in the caller's transaction. */
  async insertFirstPaymentCharge(em: EntityManager, charge: Charge, audit: AuditContext | null): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await insertUnlessTaken(em, Charge, charge)) {
        await this.audit(em, audit, "charge.create", charge, null);
        return;
      }
      if (attempt === CHARGE_ID_ATTEMPTS) throw new Error(`no free charge id in ${attempt} attempts`);
      charge.id = this.nextChargeId();
    }
  }

  /** A recurrence's first payment charge while PENDING, under its row lock, in the caller's transaction. */
  async lockPendingFirstPayment(em: EntityManager, recurrenceId: string): Promise<Charge | null> {
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      "SELECT * FROM charges WHERE recurrence_id = $1 AND type = 'IMMEDIATE' AND status = 'PENDING' FOR NO KEY UPDATE",
      [recurrenceId],
    );
    return row ? this.chargeFromRow(row) : null;
  }

  /**
   * A recurring charge's refused debit, in the caller's transaction (it holds the charge's row
   * lock): the reason, and either the next attempt's day (the charge stays payable until that
   * day ends) or, without one, EXPIRED with its charge.expired event.
   */
  async recordDebitFailure(
    em: EntityManager,
    charge: Charge,
    failure: { reason: string; nextAttemptOn: string | null },
    requestId: string | null,
  ): Promise<Charge> {
    charge.failureReason = failure.reason;
    charge.nextAttemptDay = failure.nextAttemptOn;
    charge.updatedAt = new Date();
    if (failure.nextAttemptOn === null) {
      await this.markExpired(em, charge, requestId);
      return charge;
    }
    charge.debitAttempt = (charge.debitAttempt ?? 1) + 1;
    charge.expiresAt = startOfSaoPauloDay((parseIsoDate(failure.nextAttemptOn) as DayNumber) + 1);
    await em.getRepository(Charge).save(charge);
    return charge;
  }

  /** The PENDING charges of a recurrence, under their row locks, in the caller's transaction. */
  async lockPendingOfRecurrence(em: EntityManager, recurrenceId: string): Promise<Charge[]> {
    const rows = await queryRows<Record<string, unknown>>(
      em,
      "SELECT * FROM charges WHERE recurrence_id = $1 AND status = 'PENDING' ORDER BY id FOR NO KEY UPDATE",
      [recurrenceId],
    );
    return rows.map((row) => this.chargeFromRow(row));
  }

  /**
   * PENDING -> CANCELLED in the caller's transaction (it holds the row lock), with its
   * charge.cancelled event and the job that takes it off the bank: a cancelled recurrence's
   * charges are not debited.
   */
  async cancelInTransaction(em: EntityManager, charge: Charge, requestId: string | null): Promise<void> {
    charge.status = ChargeStatus.CANCELLED;
    charge.cancelledAt = new Date();
    charge.updatedAt = charge.cancelledAt;
    charge.nextAttemptDay = null;
    await em.getRepository(Charge).save(charge);
    await this.appendStatusEvent(em, charge, requestId);
    await enqueueJob(em, REMOVE_CHARGE_JOB, { chargeId: charge.id, requestId });
  }

  /**
   * A batch of 1 to 1000 due-date charges (CONTRACT §11, Efí's lotecobv), all or nothing: every
   * item is checked first and a refusal lists each refused item with its error and code
   * (ItemsRefusedError); then the batch is registered at the bank, and its charges are
   * written in one transaction, in the given order. The Idempotency-Key is required: the same
   * batch again answers the charges first made.
   */
  async createChargeBatch(
    companyId: string,
    inputs: NewCharge[],
    rawIdempotencyKey: string | null | undefined,
    audit: AuditContext | null = null,
  ): Promise<{ charges: Charge[]; replayed: boolean }> {
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, true) as string;
    if (inputs.length < 1 || inputs.length > MAX_BATCH_SIZE) {
      throw validationError(`charges must have 1 to ${MAX_BATCH_SIZE} items`);
    }
    const now = new Date();
    const today = saoPauloDay(now);
    const refused: ItemError[] = [];
    const refuse = (index: number, error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      refused.push({ index, error: error.message, code: error.code });
    };
    const prepared: Array<PreparedCharge | null> = inputs.map((input, index) => {
      try {
        const item = prepareCharge(input, today);
        if (item.terms === null) throw validationError("due_date is required: a batch holds due-date charges");
        return item;
      } catch (error) {
        refuse(index, error);
        return null;
      }
    });
    const fingerprint = requestFingerprint(prepared.map((item) => item?.fingerprint ?? null));
    const earlier = await this.replayBatch(companyId, idempotencyKey, fingerprint);
    if (earlier) return earlier;
    const payers = await this.batchPayers(companyId, prepared, refuse);
    await this.batchReferences(companyId, prepared, refuse);
    if (refused.length > 0) throw new ItemsRefusedError(refused.sort((a, b) => a.index - b.index));
    const items = prepared as PreparedCharge[];
    const account = await this.accountForCharges(companyId);
    const [{ id: batchNumber }] = await queryRows<{ id: string }>(
      this.db,
      "SELECT nextval(pg_get_serial_sequence('charge_batches', 'id')) AS id",
    );
    const batchId = BigInt(batchNumber);
    const banked = items.map(() => ({ txid: newTxid(), locationId: newLocationId() }));
    // The bank call runs outside any transaction.
    const registered = await this.provider.registerDueDateChargeBatch(
      batchId,
      `Lote ${batchId}: ${items.length} cobranças`,
      items.map((item, index) => ({
        ...banked[index],
        terms: item.terms as DueDateTerms,
        debtor: payers[index] as Payer,
        description: item.description,
      })),
    );
    const charges = items.map((item, index) => {
      const charge = this.newChargeRow(
        companyId,
        account,
        item,
        payers[index],
        { ...banked[index], registered: registered[index] },
        now,
      );
      charge.batchId = batchId;
      charge.batchIndex = index;
      return charge;
    });
    return runTransaction(this.db, async (em) => {
      const [claimed] = await queryRows<{ id: string }>(
        em,
        `INSERT INTO charge_batches (id, company_id, idempotency_key, request_fingerprint, charges_count, created_at)
         OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (company_id, idempotency_key) DO NOTHING RETURNING id`,
        [batchId.toString(), companyId, idempotencyKey, fingerprint, charges.length, now],
      );
      // A simultaneous request with the same key won (its registration at the bank is left to expire).
      if (!claimed) return (await this.replayBatch(companyId, idempotencyKey, fingerprint, em)) as never;
      for (const charge of charges) {
        for (let attempt = 1; !(await insertUnlessTaken(em, Charge, charge)); attempt += 1) {
          if (charge.externalReference !== null)
            await this.assertReferenceFree(companyId, [charge.externalReference], em);
          if (attempt === CHARGE_ID_ATTEMPTS) throw new Error(`no free charge id in ${attempt} attempts`);
          charge.id = this.nextChargeId();
        }
      }
      await appendAudit(em, audit, {
        action: "charge.create_batch",
        objectType: "charge_batch",
        objectId: batchId.toString(),
        companyId,
        after: { charges: charges.map((charge) => charge.id) },
      });
      return { charges, replayed: false };
    });
  }

  /** The charges of the batch first made with this key, as first returned; 409 for a different batch. */
  private async replayBatch(
    companyId: string,
    idempotencyKey: string,
    fingerprint: string,
    runner: SqlRunner = this.db,
  ): Promise<{ charges: Charge[]; replayed: true } | null> {
    const [batch] = await queryRows<{ id: string; request_fingerprint: string }>(
      runner,
      "SELECT id, request_fingerprint FROM charge_batches WHERE company_id = $1 AND idempotency_key = $2",
      [companyId, idempotencyKey],
    );
    if (!batch) return null;
    if (batch.request_fingerprint !== fingerprint) throw chargeIdempotencyKeyReused();
    const rows = await queryRows<Record<string, unknown>>(
      runner,
      `SELECT ${CHARGE_READ_COLUMNS} FROM charges WHERE batch_id = $1 ORDER BY batch_index`,
      [batch.id],
    );
    return { charges: rows.map((row) => asCreated(this.readChargeRow(row))), replayed: true };
  }

  /** Each item's payer (as given, or its customer's); an item naming no customer of the account is refused. */
  private async batchPayers(
    companyId: string,
    items: Array<PreparedCharge | null>,
    refuse: (index: number, error: unknown) => void,
  ): Promise<Array<Payer | null>> {
    const ids = [...new Set(items.flatMap((item) => (item?.customerId ? [item.customerId] : [])))];
    const rows =
      ids.length === 0
        ? []
        : await queryRows<{ id: string; name: string; document: string }>(
            this.db,
            "SELECT id, name, document FROM customers WHERE company_id = $1 AND id = ANY($2::text[])",
            [companyId, ids],
          );
    const customers = new Map(rows.map((row) => [row.id, { name: row.name, document: row.document }]));
    return items.map((item, index) => {
      if (item === null || item.customerId === null) return item?.payer ?? null;
      const customer = customers.get(item.customerId);
      if (!customer) refuse(index, validationError("customer_id is not a customer of this account"));
      return customer ?? null;
    });
  }

  /** Refuses each item whose external_reference an earlier item, or a charge of the account, has. */
  private async batchReferences(
    companyId: string,
    items: Array<PreparedCharge | null>,
    refuse: (index: number, error: unknown) => void,
  ): Promise<void> {
    const references = items.flatMap((item) => (item?.externalReference ? [item.externalReference] : []));
    if (references.length === 0) return;
    const taken = new Set(
      (
        await queryRows<{ external_reference: string }>(
          this.db,
          "SELECT external_reference FROM charges WHERE company_id = $1 AND external_reference = ANY($2::text[])",
          [companyId, references],
        )
      ).map((row) => row.external_reference),
    );
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const reference = item?.externalReference;
      if (!reference) return;
      if (taken.has(reference) || seen.has(reference)) refuse(index, externalReferenceTaken(reference));
      seen.add(reference);
    });
  }

  /** Only what a charge needs of the account, without hydrating the whole entity (a hot path). */
  private async accountForCharges(companyId: string): Promise<ChargeAccount> {
    const [company] = await queryRows<{
      name: string;
      city: string;
      fee_percent_centi: string;
      fee_fixed_cents: string;
    }>(this.db, "SELECT name, city, fee_percent_centi, fee_fixed_cents FROM companies WHERE id = $1", [companyId]);
    if (!company) throw chargeNotFound();
    return {
      name: company.name,
      city: company.city,
      feePercentCenti: BigInt(company.fee_percent_centi),
      feeFixedCents: BigInt(company.fee_fixed_cents),
    };
  }

  /** The payer of a new charge: as given, or the customer's it names (400 unless a customer of the account). */
  private async payerOf(companyId: string, prepared: PreparedCharge): Promise<Payer | null> {
    if (prepared.customerId === null) return prepared.payer;
    const customer = await this.customers.findCustomerOfAccount(this.db.manager, companyId, prepared.customerId);
    if (customer === null) throw validationError("customer_id is not a customer of this account");
    return { name: customer.name, document: customer.document };
  }

  /** 409 EXTERNAL_REFERENCE_TAKEN when one of these references names a charge of the account already. */
  private async assertReferenceFree(
    companyId: string,
    references: string[],
    runner: SqlRunner = this.db,
  ): Promise<void> {
    const [taken] = await queryRows<{ external_reference: string }>(
      runner,
      "SELECT external_reference FROM charges WHERE company_id = $1 AND external_reference = ANY($2::text[]) LIMIT 1",
      [companyId, references],
    );
    if (taken) throw externalReferenceTaken(taken.external_reference);
  }

  /** The row of a new PENDING charge, registered at the bank. */
  private newChargeRow(
    companyId: string,
    account: ChargeAccount,
    prepared: PreparedCharge,
    payer: Payer | null,
    bank: { txid: string; locationId: string; registered: RegisteredCharge },
    now: Date,
  ): Charge {
    const { terms } = prepared;
    // A due-date charge's fee is reckoned again on what is paid; until then, on its amount.
    const { feeCents, netAmountCents } = calculateFee(prepared.amountCents, account);
    return this.db.getRepository(Charge).create({
      id: this.nextChargeId(),
      companyId,
      type: terms === null ? ChargeType.IMMEDIATE : ChargeType.DUE_DATE,
      amountCents: prepared.amountCents,
      feeCents,
      netAmountCents,
      description: prepared.description,
      status: ChargeStatus.PENDING,
      txid: bank.txid,
      locationId: bank.locationId,
      pixCode:
        bank.registered.pixCode ??
        buildDynamicBrCode({
          locationUrl: bank.registered.location,
          // A due-date charge's amount depends on the day it is paid: the location says it.
          amountCents: terms === null ? prepared.amountCents : null,
          merchantName: account.name,
          merchantCity: account.city,
        }),
      e2eId: null,
      payerName: null,
      payerDocument: null,
      paidAt: null,
      expiresAt:
        terms === null ? new Date(now.getTime() + (prepared.expiresInSeconds as number) * 1000) : dueDateExpiry(terms),
      cancelledAt: null,
      reserved: false,
      reservedReason: null,
      reservedAmountCents: 0n,
      refundedAmountCents: 0n,
      disputedAmountCents: 0n,
      idempotencyKey: null,
      requestFingerprint: null,
      createdAt: now,
      updatedAt: now,
      dueDate: terms?.dueDate ?? null,
      daysAfterDue: terms?.daysAfterDue ?? null,
      debtorName: payer?.name ?? null,
      debtorDocument: payer?.document ?? null,
      fine: terms?.fine ?? null,
      interest: terms?.interest ?? null,
      abatement: terms?.abatement ?? null,
      discount: terms?.discount ?? null,
      customerId: prepared.customerId,
      externalReference: prepared.externalReference,
      metadata: prepared.metadata,
      paidAmountCents: null,
      feePercentCenti: account.feePercentCenti,
      feeFixedCents: account.feeFixedCents,
      batchId: null,
      batchIndex: null,
      paymentToken: newPaymentToken(),
      paymentLinkId: null,
      qrcodeId: null,
      recurrenceId: null,
      debitAttempt: null,
      failureReason: null,
      nextAttemptDay: null,
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
      const rows = await preparedRows<Record<string, unknown>>(this.db, CHARGE_AS_CALLER_SQL, [
        scope.secretHash,
        chargeId,
      ]);
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

  /**
   * What the charge asks on a day (YYYY-MM-DD in America/Sao_Paulo; default today), with its
   * parts (CONTRACT §11): a due-date charge's by its terms, another charge's its amount. A day
   * before the charge was created, or after the last one it can be paid on, is a 400.
   */
  async getAmountDue(scope: AccountRef | null, id: string, date?: string | null): Promise<AmountDue> {
    const charge = await this.getCharge(scope, id);
    const day: DayNumber | null = date == null ? saoPauloDay(new Date()) : parseIsoDate(date);
    if (day === null) throw validationError("date must be a date YYYY-MM-DD");
    const terms = termsOf(charge);
    const first = saoPauloDay(charge.createdAt);
    // An immediate charge's last day is the one its expiry falls in (the last instant it can be paid).
    const last = terms === null ? saoPauloDay(new Date(charge.expiresAt.getTime() - 1)) : lastPayableDay(terms);
    if (day < first) {
      throw validationError(`date must not be before the day the charge was created (${isoDate(first)})`);
    }
    if (day > last)
      throw validationError(`date must not be after the last day the charge can be paid (${isoDate(last)})`);
    if (terms !== null) return amountDueOn(terms, day);
    return {
      date: isoDate(day),
      amountDueCents: charge.amountCents,
      abatementCents: 0n,
      discountCents: 0n,
      fineCents: 0n,
      interestCents: 0n,
    };
  }

  /**
   * What a due-date charge with these terms would ask, by day, before it is made: the same
   * checks as createCharge's (VALIDATION_ERROR naming the field) and the same rules it is paid
   * by. Writes nothing; the console's live preview.
   */
  previewAmountDue(
    amountCents: Cents,
    input: DueDateTermsInput,
    dates?: string[] | null,
    now = new Date(),
  ): AmountDuePreview {
    if (amountCents < 1n || amountCents > MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between 0.01 and 99999999.99");
    }
    const today = saoPauloDay(now);
    return previewAmountDue(checkDueDateTerms(amountCents, input, today), today, dates);
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
    if (filter.type != null && !CHARGE_TYPES.has(filter.type)) {
      throw validationError("type must be IMMEDIATE, DUE_DATE or RECURRING");
    }
    // A list may be read on the replica, the credential never (contract §14): with a replica
    // in use, a client secret is checked on the primary first, in a statement of its own; so
    // it is for the filters beyond the status (the one-statement read takes a status only).
    const byMore =
      filter.type != null ||
      filter.externalReference != null ||
      filter.customerId != null ||
      filter.refunded != null ||
      filter.disputed != null;
    const scope =
      typeof given === "object" && given !== null && (replicaInUse(this.db) || byMore)
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
    if (filter.refunded != null) filters.push(`refunded_amount_cents ${filter.refunded ? ">" : "="} 0`);
    if (filter.disputed != null) filters.push(`disputed_amount_cents ${filter.disputed ? ">" : "="} 0`);
    if (filter.createdFrom) filters.push(`created_at >= ${params.add(filter.createdFrom, "::timestamptz")}`);
    if (filter.createdTo) filters.push(`created_at < ${params.add(filter.createdTo, "::timestamptz")}`);
    const byPaidAt = filter.paidFrom != null || filter.paidTo != null;
    if (byPaidAt) filters.push("status = 'PAID'");
    if (filter.paidFrom) filters.push(`paid_at >= ${params.add(filter.paidFrom, "::timestamptz")}`);
    if (filter.paidTo) filters.push(`paid_at < ${params.add(filter.paidTo, "::timestamptz")}`);
    if (filter.type != null) filters.push(`type = ${params.add(filter.type)}`);
    if (filter.externalReference != null) {
      filters.push(`external_reference = ${params.add(filter.externalReference)}`);
    }
    if (filter.customerId != null) filters.push(`customer_id = ${params.add(filter.customerId)}`);
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
          // Prepared once per connection (core/sql.ts preparedRows): planning this statement
          // cost PostgreSQL ten times its execution.
          const rows = await preparedQueryRows<Record<string, unknown>>(
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
        for (const row of rows) {
          const charge = this.chargeFromRow(row);
          await this.appendStatusEvent(em, charge, null);
          await this.removeExpiredAtBank(em, charge);
        }
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
    const [row] = await queryRows<{ txid: string; location_id: string; status: string; type: string }>(
      this.db,
      "SELECT txid, location_id, status, type FROM charges WHERE id = $1",
      [chargeId],
    );
    const dueDate = row?.type === ChargeType.DUE_DATE;
    const removable = row?.status === ChargeStatus.CANCELLED || (dueDate && row?.status === ChargeStatus.EXPIRED);
    if (!row || !removable) return;
    const removal = await this.provider.removeCharge({
      txid: row.txid,
      locationId: row.location_id,
      dueDate,
      recurring: row.type === ChargeType.RECURRING,
    });
    if (removal.outcome === "refused") {
      logger.warn("the bank did not remove a cancelled charge", { chargeId, reason: removal.reason });
    }
  }

  /**
   * A due-date charge that expires stops being payable at the bank too: a real bank counts
   * its days after the due date by the central bank's rule (extended to a business day), so
   * its cobv is removed (the cancel's job) rather than left payable past the service's last day.
   */
  private async removeExpiredAtBank(em: EntityManager, charge: Charge): Promise<void> {
    if (charge.type === ChargeType.DUE_DATE && !this.provider.servesLocations) {
      await enqueueJob(em, REMOVE_CHARGE_JOB, { chargeId: charge.id, requestId: null });
    }
  }

  /**
   * Sandbox: the payer pays a PENDING charge, now or at `paidAt` (from the charge's creation
   * to the end of its last payable day, so that a late payment can be simulated today), at
   * that day's amount due. A merchant pays only their own charges (`scopeCompanyId`: another
   * account's is NOT_FOUND, as a missing one); an operator any (null).
   */
  async simulateChargePayment(
    id: string,
    payer: { payerName?: string | null; payerDocument?: string | null; paidAt?: Date | null },
    audit: AuditContext | null = null,
    requestId: string | null = null,
    scopeCompanyId: string | null = null,
  ): Promise<Charge> {
    return runTransaction(this.db, async (em) => {
      const charge = await this.lockCharge(em, scopeCompanyId, id);
      // No payer scans a cycle's charge: their bank debits it, and each attempt is recorded.
      if (charge.type === ChargeType.RECURRING) {
        throw validationError(
          "A recurring charge is debited by the payer's bank: simulate it with simulateRecurringDebit",
        );
      }
      const before = auditFields(charge);
      const now = new Date();
      const paidAt = payer.paidAt ?? now;
      if (charge.status !== ChargeStatus.PENDING) throw chargeNotPending(charge.status);
      // Past its last payable day now, it cannot be paid, at whatever moment asked.
      if (charge.expiresAt <= now) throw chargeExpired();
      if (payer.paidAt != null && (paidAt < charge.createdAt || paidAt >= charge.expiresAt)) {
        throw validationError(
          `paidAt must be from the charge's creation (${charge.createdAt.toISOString()}) to the end of its last payable day (before ${charge.expiresAt.toISOString()})`,
        );
      }
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
   * (the caller holds the charge's row lock), at what is due at `paidAt` (amountToPay: the
   * caller has checked the payment brought it). A reserved charge is paid but not credited
   * until an operator releases it.
   */
  async confirmChargePayment(em: EntityManager, charge: Charge, payment: PaymentConfirmation): Promise<Charge> {
    if (charge.status === ChargeStatus.PENDING && charge.expiresAt.getTime() <= payment.paidAt.getTime()) {
      await this.markExpired(em, charge);
      throw chargeExpired();
    }
    if (charge.status !== ChargeStatus.PENDING) throw chargeNotPending(charge.status);
    const paid = amountToPay(charge, payment.paidAt);
    if (charge.type === ChargeType.DUE_DATE) {
      // The fee is of the amount paid, under the plan of the charge's creation.
      const fee = calculateFee(paid, {
        feePercentCenti: charge.feePercentCenti ?? 0n,
        feeFixedCents: charge.feeFixedCents ?? 0n,
      });
      charge.feeCents = fee.feeCents;
      charge.netAmountCents = fee.netAmountCents;
    }
    charge.paidAmountCents = paid;
    charge.status = ChargeStatus.PAID;
    charge.e2eId = payment.e2eId;
    charge.paidAt = payment.paidAt;
    charge.payerName = payment.payerName ?? null;
    charge.payerDocument = payment.payerDocument ?? null;
    charge.updatedAt = new Date();
    // A charge held before it was paid keeps its whole net out of the balance until released.
    if (charge.reserved) charge.reservedAmountCents = charge.netAmountCents;
    await em.getRepository(Charge).save(charge);
    for (const step of this.paidSteps) await step(em, charge);
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

  /**
   * A Pix received through a static QR code (CONTRACT §13), in the caller's transaction (it
   * has claimed the payment's end-to-end id): a new IMMEDIATE charge of the code's account with
   * `qrcode_id`, made and PAID at once at the amount received (made at the moment paid, so
   * its history reads in order), with its credit, its charge.paid event and the code's counters
   * (paidSteps). It was never PENDING, so nothing is registered at the bank.
   */
  async recordStaticQrPayment(
    em: EntityManager,
    qrCode: { id: string; companyId: string; description: string; pixCode: string },
    payment: PaymentConfirmation & { amountCents: Cents },
  ): Promise<Charge> {
    const account = await this.accountForCharges(qrCode.companyId);
    const prepared: PreparedCharge = {
      amountCents: payment.amountCents,
      description: qrCode.description,
      expiresInSeconds: STATIC_QR_CHARGE_PAYABLE_SECONDS,
      terms: null,
      payer: null,
      customerId: null,
      externalReference: null,
      metadata: null,
      fingerprint: "",
    };
    const charge = this.newChargeRow(
      qrCode.companyId,
      account,
      prepared,
      null,
      {
        txid: newTxid(),
        locationId: newLocationId(),
        registered: { location: "", pixCode: qrCode.pixCode },
      },
      payment.paidAt,
    );
    charge.qrcodeId = qrCode.id;
    for (let attempt = 1; !(await insertUnlessTaken(em, Charge, charge)); attempt += 1) {
      if (attempt === CHARGE_ID_ATTEMPTS) throw new Error(`no free charge id in ${attempt} attempts`);
      charge.id = this.nextChargeId();
    }
    return this.confirmChargePayment(em, charge, payment);
  }

  /**
   * Operator hold: a reserved PAID charge's remainder leaves the balance until released. The
   * remainder is net − refunded (never below 0, CONTRACT §8): a refund already left the balance
   * and is not taken off twice. What it took is kept (reservedAmount) for the release. The
   * charge's row lock keeps refunds out meanwhile (a reserved charge is not refundable).
   */
  async reserveCharge(id: string, reason: string, audit: AuditContext | null = null): Promise<Charge> {
    const text = reason.trim();
    if (text.length === 0 || text.length > 500) throw validationError("reason must have 1 to 500 characters");
    return runTransaction(this.db, async (em) => {
      const charge = await this.lockCharge(em, null, id);
      if (charge.reserved) throw chargeNotPending("already reserved");
      const before = auditFields(charge);
      charge.reserved = true;
      charge.reservedReason = text;
      charge.reservedAmountCents = charge.status === ChargeStatus.PAID ? heldRemainderCents(charge) : 0n;
      charge.updatedAt = new Date();
      await em.getRepository(Charge).save(charge);
      if (charge.reservedAmountCents > 0n) {
        await postLedgerEntry(em, {
          companyId: charge.companyId,
          kind: LedgerEntryKind.CHARGE_RESERVED,
          amountCents: -charge.reservedAmountCents,
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
      const heldCents = charge.reservedAmountCents;
      charge.reserved = false;
      charge.reservedReason = null;
      charge.reservedAmountCents = 0n;
      charge.updatedAt = new Date();
      await em.getRepository(Charge).save(charge);
      if (heldCents > 0n) {
        await postLedgerEntry(em, {
          companyId: charge.companyId,
          kind: LedgerEntryKind.CHARGE_RELEASED,
          amountCents: heldCents,
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

/** What a hold of a PAID charge takes: its net less what its refunds already took (never below 0). */
function heldRemainderCents(charge: Charge): Cents {
  const remainder = charge.netAmountCents - charge.refundedAmountCents;
  return remainder > 0n ? remainder : 0n;
}

/** What the audit log keeps of a charge. */
function auditFields(charge: Charge) {
  return {
    status: charge.status,
    amount: formatBrl(charge.amountCents),
    netAmount: formatBrl(charge.netAmountCents),
    reserved: charge.reserved,
    reservedAmount: formatBrl(charge.reservedAmountCents),
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

/**
 * What a payment at `at` must bring: a due-date charge's amount due on that day (America/Sao_Paulo),
 * any other charge's amount.
 */
export function amountToPay(charge: Charge, at: Date): Cents {
  const terms = termsOf(charge);
  return terms === null ? charge.amountCents : amountDueOn(terms, saoPauloDay(at)).amountDueCents;
}

/** What a PAID charge brought: the amount paid (a charge paid before it was kept: its amount). */
export function receivedCents(charge: Pick<Charge, "paidAmountCents" | "amountCents">): Cents {
  return charge.paidAmountCents ?? charge.amountCents;
}

/** charge.paid fields in the source document's order (event, event_id, timestamp come first); `amount` is what was paid. */
export function chargePaidFields(charge: Charge): Record<string, unknown> {
  return {
    charge_id: `chg_${charge.id}`,
    status: charge.status,
    amount: brlToJsonNumber(receivedCents(charge)),
    net_amount: brlToJsonNumber(charge.netAmountCents),
    e2e_id: charge.e2eId,
    endToEndId: charge.e2eId,
    txid: charge.txid,
  };
}
