import type { DataSource, EntityManager } from "typeorm";
import { type Acting, type AuditContext, appendAudit } from "../audit";
import { isoDate, MAX_DAYS_TO_DUE_DATE, parseIsoDate, saoPauloDay, startOfSaoPauloDay } from "../billing";
import type { ChargesService } from "../charges";
import { buildRecurrenceBrCode } from "../charges/model";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { AppError, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { newEndToEndId, newLocationId, newRecurrenceId, newTxid } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import { describeError, type Logger } from "../core/logger";
import { type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
} from "../core/pagination";
import { poolRows, queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { type CustomersService, checkPayer, type Payer } from "../customers";
import { type PixProvider, providerActor, type RecurrenceAtBank } from "../provider";
import { appendWebhookEvent, WEBHOOK_EVENTS, type WebhookEventName } from "../webhooks";
import { checkPayerBankAccount, type PayerBankAccountRequest } from "./payer-bank-account";
import {
  FINAL_RECURRENCE_STATUSES,
  PayerBankRequestStatus,
  Recurrence,
  type RecurrenceFrequency,
  RecurrenceRetryPolicy,
  RecurrenceStatus,
} from "./recurrence.entity";
import { recurrenceIdempotencyKeyReused, recurrenceInvalidState, recurrenceNotFound } from "./recurrences.errors";

export interface NewRecurrence {
  customerId?: string | null;
  payer?: { name: string; cpf?: string | null; cnpj?: string | null } | null;
  contract: string;
  object: string;
  frequency: RecurrenceFrequency;
  startDate: string;
  endDate?: string | null;
  amountCents?: Cents | null;
  retryPolicy?: RecurrenceRetryPolicy | null;
  firstPaymentCents?: Cents | null;
  autoCharge?: boolean | null;
  /** Journey 4: the payer's account at their bank, where the authorisation is sent (its holder: the payer). */
  payerBankAccount?: PayerBankAccountRequest | null;
}

export type RecurrenceDecision = "APPROVED" | "REJECTED";

/** The job that cancels a recurrence at the bank after the merchant's cancel. */
export const CANCEL_RECURRENCE_AT_BANK_JOB = "recurrence_cancel_at_bank";
/** The job that sends the authorisation to the payer's bank (journey 4), once the recurrence is recorded. */
export const SEND_PAYER_BANK_REQUEST_JOB = "recurrence_payer_bank_request";
/** The job that withdraws a request still open at the payer's bank once its recurrence ended. */
export const CANCEL_PAYER_BANK_REQUEST_JOB = "recurrence_payer_bank_request_cancel";

const RECURRENCE_ID = /^rec_[A-Za-z0-9]{24}$/;
const MAX_TEXT = 35;
const MAX_REASON = 140;
/** Recurrences the expiry sweep expires in one transaction (and reads from a bank in one run). */
const EXPIRY_BATCH = 200;
/** Reads of the bank failed in a row after which the expiry stops reading until its next run: the bank is down. */
const BANK_READ_FAILURES_TO_STOP = 3;

const EVENT_OF: Partial<Record<RecurrenceStatus, WebhookEventName>> = {
  [RecurrenceStatus.APPROVED]: WEBHOOK_EVENTS.recurrenceApproved,
  [RecurrenceStatus.REJECTED]: WEBHOOK_EVENTS.recurrenceRejected,
  [RecurrenceStatus.CANCELLED]: WEBHOOK_EVENTS.recurrenceCancelled,
  [RecurrenceStatus.EXPIRED]: WEBHOOK_EVENTS.recurrenceExpired,
};

/** The service's own sweeps (expiry, completion): their audit rows name the system. */
const SYSTEM_ACTING: Acting = {
  actor: "system",
  audit: { actor: "system", actorKind: "SYSTEM", address: null, requestId: null },
  requestId: null,
};

/** Who moved a recurrence, for its audit row ("recurrence.<action>"). */
type TransitionAction = "approve" | "reject" | "cancel" | "cancel_by_payer" | "expire" | "complete";

function checkText(field: string, value: string): string {
  const text = value.trim();
  if (text.length === 0 || [...text].length > MAX_TEXT)
    throw validationError(`${field} must have 1 to ${MAX_TEXT} characters`);
  return text;
}

function checkAmount(field: string, cents: Cents | null | undefined): Cents | null {
  if (cents == null) return null;
  if (cents < 1n || cents > MAX_AMOUNT_CENTS) throw validationError(`${field} must be between 0.01 and 99999999.99`);
  return cents;
}

function checkReason(reason: string | null | undefined): string | null {
  if (reason == null) return null;
  const text = reason.trim();
  if ([...text].length > MAX_REASON) throw validationError(`reason must have at most ${MAX_REASON} characters`);
  return text.length === 0 ? null : text;
}

/** The recurrence as its creation answered it: a replay answers the same. */
function asCreated(recurrence: Recurrence): Recurrence {
  return Object.assign(new Recurrence(), recurrence, {
    status: RecurrenceStatus.CREATED,
    statusReason: null,
    updatedAt: recurrence.createdAt,
    ...(recurrence.payerBankRequestStatus === null
      ? {}
      : {
          payerBankRequestStatus: PayerBankRequestStatus.PENDING,
          payerBankRequestId: null,
          payerBankRequestSentAt: null,
          payerBankRequestFailure: null,
        }),
  });
}

/**
 * Pix Automático recurrences (CONTRACT §12): creation with the authorisation's BR Code,
 * idempotent by key as withdrawals are; the payer's decision and cancellation (simulated in
 * the sandbox), the merchant's cancel (its PENDING charges cancelled with it), the expiry of
 * those never authorised. Every status change takes the row's lock and writes its webhook and
 * audit row in its transaction.
 */
export class RecurrencesService {
  private readonly recurrenceFromRow: (row: Record<string, unknown>) => Recurrence;
  /** A run of expireReadingBank is in progress in this process. */
  private readingBank = false;

  constructor(
    private readonly db: DataSource,
    private readonly provider: Pick<
      PixProvider,
      | "registerRecurrence"
      | "cancelRecurrence"
      | "readRecurrenceAtBank"
      | "ispb"
      | "name"
      | "requestAuthorisationAtPayerBank"
      | "cancelAuthorisationRequestAtPayerBank"
    >,
    private readonly customers: Pick<CustomersService, "findCustomerOfAccount">,
    private readonly charges: Pick<
      ChargesService,
      | "lockPendingOfRecurrence"
      | "cancelInTransaction"
      | "newFirstPaymentCharge"
      | "insertFirstPaymentCharge"
      | "lockPendingFirstPayment"
      | "confirmChargePayment"
    >,
    private readonly logger: Pick<Logger, "warn"> | null = null,
  ) {
    this.recurrenceFromRow = entityRowMapper(db, Recurrence);
  }

  /**
   * Checks the request, registers the authorisation at the bank (outside any transaction) and
   * records the recurrence CREATED. A key already used on the account answers the original
   * recurrence (the same request) or 409 IDEMPOTENCY_KEY_REUSED.
   */
  async createRecurrence(
    companyId: string,
    input: NewRecurrence,
    rawIdempotencyKey: string | null | undefined,
    acting: Acting,
    now: Date = new Date(),
  ): Promise<{ recurrence: Recurrence; replayed: boolean }> {
    const { audit } = acting;
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, true) as string;
    const contract = checkText("contract", input.contract);
    const object = checkText("object", input.object);
    const today = saoPauloDay(now);
    const start = parseIsoDate(input.startDate);
    if (start === null) throw validationError("start_date must be a date YYYY-MM-DD");
    if (start < today || start > today + MAX_DAYS_TO_DUE_DATE) {
      throw validationError(`start_date must be today or later, at most ${MAX_DAYS_TO_DUE_DATE} days ahead`);
    }
    let end: number | null = null;
    if (input.endDate != null) {
      end = parseIsoDate(input.endDate);
      if (end === null) throw validationError("end_date must be a date YYYY-MM-DD");
      if (end < start) throw validationError("end_date must not be before start_date");
    }
    const amountCents = checkAmount("amount", input.amountCents);
    const firstPaymentCents = checkAmount("first_payment.amount", input.firstPaymentCents);
    const autoCharge = input.autoCharge ?? false;
    if (autoCharge && amountCents === null) throw validationError("auto_charge needs a fixed amount");
    const retryPolicy = input.retryPolicy ?? RecurrenceRetryPolicy.NONE;
    if (input.payer != null && input.customerId != null) {
      throw validationError("payer and customer_id cannot both be given");
    }
    if (input.payer == null && input.customerId == null)
      throw validationError("payer is required unless customer_id is given");
    const payerBankAccount = input.payerBankAccount == null ? null : checkPayerBankAccount(input.payerBankAccount);
    if (payerBankAccount !== null && !this.provider.requestAuthorisationAtPayerBank) {
      throw validationError(
        `payer_bank_account cannot be used with this bank (${this.provider.name}): it sends no request to the payer's bank; give the payer the pix_code`,
      );
    }
    const fingerprint = requestFingerprint([
      input.customerId ?? null,
      input.payer?.name ?? null,
      input.payer?.cpf ?? null,
      input.payer?.cnpj ?? null,
      contract,
      object,
      input.frequency,
      isoDate(start),
      end === null ? null : isoDate(end),
      amountCents,
      retryPolicy,
      firstPaymentCents,
      autoCharge ? "auto" : "manual",
      payerBankAccount?.ispb ?? null,
      payerBankAccount?.branch ?? null,
      payerBankAccount?.account ?? null,
    ]);
    // A replay answers before the bank is asked again.
    const earlier = await this.replay(this.db.manager, companyId, idempotencyKey, fingerprint);
    if (earlier) return earlier;
    const payer = await this.payerOf(companyId, input);
    const [account] = await poolRows<{ name: string; city: string }>(
      this.db,
      "SELECT name, city FROM companies WHERE id = $1",
      [companyId],
    );
    if (!account) throw recurrenceNotFound();

    const locationId = newLocationId();
    const firstPaymentLocationId = firstPaymentCents === null ? null : newLocationId();
    const firstPaymentTxid = firstPaymentCents === null ? null : newTxid();
    // The payer may authorise until the end of the first cycle's day (America/Sao_Paulo).
    const authorisationExpiresAt = startOfSaoPauloDay(start + 1);
    const registered = await this.provider.registerRecurrence({
      locationId,
      firstPaymentLocationId,
      terms: {
        contract,
        object,
        frequency: input.frequency,
        startDate: isoDate(start),
        endDate: end === null ? null : isoDate(end),
        amountCents,
        retryPolicy,
        payer,
      },
      firstPayment:
        firstPaymentCents === null || firstPaymentTxid === null
          ? null
          : {
              txid: firstPaymentTxid,
              amountCents: firstPaymentCents,
              description: object,
              expiresInSeconds: Math.max(60, Math.ceil((authorisationExpiresAt.getTime() - now.getTime()) / 1000)),
            },
    });
    const pixCode =
      registered.pixCode ??
      buildRecurrenceBrCode({
        recurrenceLocationUrl: registered.location,
        firstPayment:
          firstPaymentCents === null || registered.firstPaymentLocation === null
            ? null
            : { locationUrl: registered.firstPaymentLocation, amountCents: firstPaymentCents },
        merchantName: account.name,
        merchantCity: account.city,
      });
    const recurrence = Object.assign(new Recurrence(), {
      id: newRecurrenceId(),
      companyId,
      status: RecurrenceStatus.CREATED,
      pixCode,
      customerId: input.customerId ?? null,
      payerName: payer.name,
      payerDocument: payer.document,
      contract,
      object,
      frequency: input.frequency,
      startDate: isoDate(start),
      endDate: end === null ? null : isoDate(end),
      amountCents,
      retryPolicy,
      firstPaymentCents,
      autoCharge,
      nextAutoCycleOn: autoCharge ? isoDate(start) : null,
      statusReason: null,
      locationId,
      firstPaymentLocationId,
      bankRecurrenceId: registered.bankRecurrenceId,
      firstPaymentTxid,
      authorisationExpiresAt,
      payerBankIspb: payerBankAccount?.ispb ?? null,
      payerBankBranch: payerBankAccount?.branch ?? null,
      payerBankAccountNumber: payerBankAccount?.account ?? null,
      payerBankRequestStatus: payerBankAccount === null ? null : PayerBankRequestStatus.PENDING,
      payerBankRequestId: null,
      payerBankRequestSentAt: null,
      payerBankRequestFailure: null,
      idempotencyKey,
      requestFingerprint: fingerprint,
      createdAt: now,
      updatedAt: now,
    } satisfies Omit<Recurrence, "payer" | "firstPayment" | "payerBankAccount" | "payerBankRequest">);
    // Journey 3: the payment now is a charge of its own (the bank's cob of that txid), paid when the payer scans the code.
    const firstPaymentCharge =
      firstPaymentCents === null ||
      firstPaymentLocationId === null ||
      firstPaymentTxid === null ||
      registered.firstPaymentLocation === null
        ? null
        : await this.charges.newFirstPaymentCharge(
            companyId,
            {
              recurrenceId: recurrence.id,
              amountCents: firstPaymentCents,
              txid: firstPaymentTxid,
              locationId: firstPaymentLocationId,
              location: registered.firstPaymentLocation,
              payer,
              customerId: recurrence.customerId,
              description: object,
              expiresAt: authorisationExpiresAt,
            },
            now,
          );

    return runTransaction(this.db, async (em) => {
      if (!(await insertUnlessTaken(em, Recurrence, recurrence))) {
        const replay = await this.replay(em, companyId, idempotencyKey, fingerprint);
        if (replay) return replay;
        throw new Error("recurrence not inserted: its id was taken (24 random characters: not expected)");
      }
      if (firstPaymentCharge) await this.charges.insertFirstPaymentCharge(em, firstPaymentCharge, audit);
      // Journey 4: the request goes to the payer's bank after this commit (the bank is called
      // outside any transaction), by a job keyed by the recurrence: one request, whoever runs it.
      if (payerBankAccount !== null) {
        await enqueueJob(
          em,
          SEND_PAYER_BANK_REQUEST_JOB,
          { recurrenceId: recurrence.id, requestId: acting.requestId },
          { jobKey: `${SEND_PAYER_BANK_REQUEST_JOB}:${recurrence.id}` },
        );
      }
      await appendAudit(em, audit, {
        action: "recurrence.create",
        objectType: "recurrence",
        objectId: recurrence.id,
        companyId,
        after: {
          contract,
          object,
          frequency: recurrence.frequency,
          start_date: recurrence.startDate,
          end_date: recurrence.endDate,
          // Money as every audit row writes it ("89.90"), as charges' and withdrawals' do.
          amount: amountCents === null ? null : formatBrl(amountCents),
          retry_policy: retryPolicy,
          first_payment: firstPaymentCents === null ? null : formatBrl(firstPaymentCents),
          auto_charge: autoCharge,
          payer_document: payer.document,
          payer_bank_account: payerBankAccount,
        },
      });
      return { recurrence, replayed: false };
    });
  }

  private async replay(
    em: EntityManager,
    companyId: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ recurrence: Recurrence; replayed: boolean } | null> {
    const original = await findOriginalRequest(em, Recurrence, companyId, idempotencyKey, fingerprint, () =>
      recurrenceIdempotencyKeyReused(),
    );
    return original ? { recurrence: asCreated(original), replayed: true } : null;
  }

  /** The payer as given, or the customer's (400 unless a customer of the account). */
  private async payerOf(companyId: string, input: NewRecurrence): Promise<Payer> {
    if (input.customerId == null) return checkPayer(input.payer as NonNullable<NewRecurrence["payer"]>, "payer");
    const customer = await this.customers.findCustomerOfAccount(this.db.manager, companyId, input.customerId);
    if (customer === null) throw validationError("customer_id is not a customer of this account");
    return { name: customer.name, document: customer.document };
  }

  /** A recurrence of the account (any account's for the operator: null); another account's is 404. */
  async getRecurrence(scopeCompanyId: string | null, id: string): Promise<Recurrence> {
    if (!RECURRENCE_ID.test(id)) throw recurrenceNotFound();
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    const [row] = await poolRows<Record<string, unknown>>(
      this.db,
      `SELECT * FROM recurrences WHERE id = $1${scoped}`,
      scopeCompanyId === null ? [id] : [id, scopeCompanyId],
    );
    if (!row) throw recurrenceNotFound();
    return this.recurrenceFromRow(row);
  }

  /**
   * The account's recurrences (every account's for the operator), newest first; by status when
   * asked. The total is counted up to TOTAL_CAP (then totalCapped), as the other lists are.
   */
  async listRecurrences(
    scopeCompanyId: string | null,
    filter: PageArgs & { status?: RecurrenceStatus | null; customerId?: string | null },
    signal?: CancelSignal,
  ): Promise<Page<Recurrence>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (filter.status != null) where.push(`status = ${params.add(filter.status)}`);
    if (filter.customerId != null) where.push(`customer_id = ${params.add(filter.customerId)}`);
    const query = {
      cursorTag: "recurrences",
      from: "recurrences",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      signal,
      // Counted as every list is, up to the cap (an account's recurrences grow with its payers).
      (sql) => readPage(sql, query, window, this.recurrenceFromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /** The merchant's cancel: CREATED or APPROVED -> CANCELLED; 409 INVALID_STATE once final. */
  cancelRecurrence(scopeCompanyId: string | null, id: string, reason: string | null | undefined, acting: Acting) {
    // A recurrence that names nothing is 404 before its body is read, as a refund's charge is.
    return this.move(scopeCompanyId, id, acting, (recurrence) => {
      const checked = checkReason(reason);
      if (FINAL_RECURRENCE_STATUSES.has(recurrence.status)) throw recurrenceInvalidState(recurrence.status, "cancel");
      return { to: RecurrenceStatus.CANCELLED, reason: checked, action: "cancel" };
    });
  }

  /**
   * What a real bank says of the recurrence (its notification read back, or its listing): the
   * payer's decision, the expiry, a cancel at either side (`byPayer`). Idempotent: a status
   * already recorded, or one the recurrence cannot move to (it is final, or past the decision),
   * changes nothing and answers null.
   */
  async applyBankStatus(
    id: string,
    to: RecurrenceStatus,
    reason: string | null,
    byPayer: boolean,
    acting: Acting,
  ): Promise<Recurrence | null> {
    if (!RECURRENCE_ID.test(id)) throw recurrenceNotFound();
    return runTransaction(this.db, async (em) => {
      const recurrence = await this.lockRecurrence(em, null, id);
      if (to === RecurrenceStatus.APPROVED && recurrence.status === RecurrenceStatus.EXPIRED) {
        await this.cancelLateApproval(em, recurrence, acting);
        return null;
      }
      if (recurrence.status === to || FINAL_RECURRENCE_STATUSES.has(recurrence.status)) return null;
      const decision =
        to === RecurrenceStatus.APPROVED || to === RecurrenceStatus.REJECTED || to === RecurrenceStatus.EXPIRED;
      if (decision && recurrence.status !== RecurrenceStatus.CREATED) return null;
      const action: TransitionAction | null =
        to === RecurrenceStatus.APPROVED
          ? "approve"
          : to === RecurrenceStatus.REJECTED
            ? "reject"
            : to === RecurrenceStatus.EXPIRED
              ? "expire"
              : to === RecurrenceStatus.CANCELLED
                ? byPayer
                  ? "cancel_by_payer"
                  : "cancel"
                : null;
      if (action === null) return null;
      return this.transition(em, recurrence, to, checkReason(reason), action, new Date(), acting);
    });
  }

  /**
   * The payer authorised at their bank after the service expired the recurrence here (a
   * notification late or lost, read back after the end of its authorisation's day). EXPIRED
   * is final (the merchant already heard recurrence.expired, and no charge can be made for
   * it), so the service makes the bank agree rather than revive it: the authorisation is
   * cancelled at the bank (the cancel job, keyed so that a second read queues it once), and
   * the audit row says why. A first payment paid with that approval arrives as a payment of
   * an expired charge, kept for review (to be returned), as any late payment.
   */
  private async cancelLateApproval(em: EntityManager, recurrence: Recurrence, { audit }: Acting): Promise<void> {
    if (recurrence.bankRecurrenceId === null) return;
    await enqueueJob(
      em,
      CANCEL_RECURRENCE_AT_BANK_JOB,
      { recurrenceId: recurrence.id },
      { jobKey: `${CANCEL_RECURRENCE_AT_BANK_JOB}:${recurrence.id}` },
    );
    await appendAudit(em, audit, {
      action: "recurrence.late_approval",
      objectType: "recurrence",
      objectId: recurrence.id,
      companyId: recurrence.companyId,
      reason: "approved at the bank after it expired here: cancelled at the bank",
      before: { status: recurrence.status },
      after: { status: recurrence.status },
    });
  }

  /** Sandbox: the payer authorises or refuses a CREATED recurrence in their bank's app. */
  simulateDecision(scopeCompanyId: string | null, id: string, decision: RecurrenceDecision, acting: Acting) {
    return this.move(
      scopeCompanyId,
      id,
      acting,
      (recurrence, now) => {
        if (recurrence.status !== RecurrenceStatus.CREATED) {
          throw recurrenceInvalidState(recurrence.status, decision === "APPROVED" ? "approve" : "reject");
        }
        if (recurrence.authorisationExpiresAt <= now) throw recurrenceInvalidState("past its authorisation", "decide");
        return decision === "APPROVED"
          ? { to: RecurrenceStatus.APPROVED, reason: null, action: "approve" }
          : { to: RecurrenceStatus.REJECTED, reason: "rejected by the payer", action: "reject" };
      },
      (em, moved, now) => (decision === "APPROVED" ? this.payFirstPayment(em, moved, now, acting) : Promise.resolve()),
    );
  }

  /**
   * Sandbox, journey 3: the payer authorises and pays the first payment in one step of their
   * bank's app, so the approval's transaction pays it too (as any charge: ledger, fee,
   * charge.paid). A real bank tells the payment by its own Pix notification.
   */
  private async payFirstPayment(em: EntityManager, recurrence: Recurrence, now: Date, { requestId }: Acting) {
    if (recurrence.firstPaymentCents === null) return;
    const firstPayment = await this.charges.lockPendingFirstPayment(em, recurrence.id);
    if (!firstPayment || firstPayment.expiresAt <= now) return;
    await this.charges.confirmChargePayment(em, firstPayment, {
      e2eId: newEndToEndId(this.provider.ispb, now),
      paidAt: now,
      payerName: recurrence.payerName,
      payerDocument: recurrence.payerDocument,
      requestId,
    });
  }

  /** Sandbox: the payer cancels at their bank (CREATED or APPROVED -> CANCELLED). */
  simulateCancelledByPayer(scopeCompanyId: string | null, id: string, reason: string, acting: Acting) {
    const checked = checkReason(reason) ?? "cancelled by the payer";
    return this.move(scopeCompanyId, id, acting, (recurrence) => {
      if (FINAL_RECURRENCE_STATUSES.has(recurrence.status)) throw recurrenceInvalidState(recurrence.status, "cancel");
      return { to: RecurrenceStatus.CANCELLED, reason: checked, action: "cancel_by_payer" };
    });
  }

  /**
   * Expires the CREATED recurrences past their authorisation's last day. The sandbox's (no
   * bank id: the simulation decides on this row) in batches, each row locked (SKIP LOCKED: a
   * decision in progress wins, the next sweep sees it decided). One registered at a real bank
   * is read back first (expireReadingBank): the payer may have decided there and the
   * notification been lost. Answers how many it expired.
   */
  async expireUnauthorised(now: Date = new Date(), batchSize = EXPIRY_BATCH): Promise<number> {
    const withoutBank = await this.expireWithoutBank(now, batchSize);
    return withoutBank + (await this.expireReadingBank(now, batchSize)).expired;
  }

  private async expireWithoutBank(now: Date, batchSize: number): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await runTransaction(this.db, async (em) => {
        const rows = await queryRows<Record<string, unknown>>(
          em,
          `SELECT * FROM recurrences
            WHERE status = 'CREATED' AND authorisation_expires_at <= $1 AND bank_recurrence_id IS NULL
            ORDER BY authorisation_expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [now, batchSize],
        );
        for (const row of rows) await this.expireLocked(em, this.recurrenceFromRow(row), now);
        return rows.length;
      });
      expired += batch;
      if (batch < batchSize) return expired;
    }
  }

  /**
   * The CREATED recurrences registered at a bank whose authorisation ended, at most `limit` a
   * run, oldest first: each is read from the bank (`readRecurrenceAtBank`, outside any
   * transaction) before anything is written.
   * - The bank has the payer's decision, or the rec ended there (a notification lost): that is
   *   applied (applyBankStatus, as the notification would have been), not an expiry; an
   *   approval makes it APPROVED with recurrence.approved.
   * - The bank still awaits the payer (or has no such rec): EXPIRED here under the row's lock
   *   (SKIP LOCKED), and cancelled at the bank by the cancel job.
   * - The bank cannot be read: left CREATED for the next sweep; never expired blind. After
   *   BANK_READ_FAILURES_TO_STOP failures in a row the run stops (the bank is down).
   * One run at a time per process (the worker's interval may fire while a slow bank is read);
   * several workers may read the same rec, and the row's lock decides once.
   */
  async expireReadingBank(
    now: Date = new Date(),
    limit = EXPIRY_BATCH,
  ): Promise<{ expired: number; decidedAtBank: number; unread: number }> {
    const none = { expired: 0, decidedAtBank: 0, unread: 0 };
    if (this.readingBank) return none;
    this.readingBank = true;
    try {
      const rows = await poolRows<{ id: string; bank_recurrence_id: string }>(
        this.db,
        `SELECT id, bank_recurrence_id FROM recurrences
          WHERE status = 'CREATED' AND authorisation_expires_at <= $1 AND bank_recurrence_id IS NOT NULL
          ORDER BY authorisation_expires_at, id LIMIT $2`,
        [now, limit],
      );
      const result = { ...none };
      const bankActing: Acting = {
        actor: providerActor(this.provider),
        audit: { actor: providerActor(this.provider), actorKind: "SYSTEM", address: null, requestId: null },
        requestId: null,
      };
      let failuresInARow = 0;
      for (const row of rows) {
        let atBank: RecurrenceAtBank | null;
        try {
          atBank = await this.provider.readRecurrenceAtBank(row.bank_recurrence_id);
          failuresInARow = 0;
        } catch (error) {
          result.unread += 1;
          failuresInARow += 1;
          this.logger?.warn("recurrence expiry: the bank could not be read; left CREATED for the next sweep", {
            recurrenceId: row.id,
            ...describeError(error),
          });
          if (failuresInARow >= BANK_READ_FAILURES_TO_STOP) break;
          continue;
        }
        if (atBank !== null && atBank.status !== "CREATED") {
          const moved = await this.applyBankStatus(
            row.id,
            RecurrenceStatus[atBank.status],
            atBank.reason,
            atBank.byPayer,
            bankActing,
          );
          if (moved !== null) result.decidedAtBank += 1;
          continue;
        }
        const expired = await runTransaction(this.db, async (em) => {
          const [locked] = await queryRows<Record<string, unknown>>(
            em,
            `SELECT * FROM recurrences WHERE id = $1 AND status = 'CREATED' AND authorisation_expires_at <= $2
              FOR UPDATE SKIP LOCKED`,
            [row.id, now],
          );
          if (!locked) return false;
          await this.expireLocked(em, this.recurrenceFromRow(locked), now);
          return true;
        });
        if (expired) result.expired += 1;
      }
      return result;
    } finally {
      this.readingBank = false;
    }
  }

  /** CREATED -> EXPIRED under the row's lock; one registered at a bank is cancelled there too (a job). */
  private async expireLocked(em: EntityManager, recurrence: Recurrence, now: Date): Promise<void> {
    await this.transition(
      em,
      recurrence,
      RecurrenceStatus.EXPIRED,
      "not authorised in time",
      "expire",
      now,
      SYSTEM_ACTING,
    );
    // Expired here, it ends at the bank too: an approval the payer gives after this moment
    // finds it cancelled there, instead of an authorisation the service no longer honours.
    if (recurrence.bankRecurrenceId !== null) {
      await enqueueJob(
        em,
        CANCEL_RECURRENCE_AT_BANK_JOB,
        { recurrenceId: recurrence.id },
        { jobKey: `${CANCEL_RECURRENCE_AT_BANK_JOB}:${recurrence.id}` },
      );
    }
  }

  /**
   * The job after the merchant's cancel, or the service's expiry: the authorisation ends at
   * the bank. A bank that cannot answer now is an error (the job is tried again later).
   */
  async cancelAtBank(id: string): Promise<void> {
    const [row] = await poolRows<{ bank_recurrence_id: string | null; status: string }>(
      this.db,
      "SELECT bank_recurrence_id, status FROM recurrences WHERE id = $1",
      [id],
    );
    const ended = row?.status === RecurrenceStatus.CANCELLED || row?.status === RecurrenceStatus.EXPIRED;
    if (!row?.bank_recurrence_id || !ended) return;
    await this.provider.cancelRecurrence(row.bank_recurrence_id);
  }

  /**
   * The job after a recurrence with the payer's account is recorded (journey 4): the
   * authorisation is sent to the payer's bank, valid until the authorisation's end, outside any
   * transaction; then, under the row's lock, the request is recorded SENT (or FAILED with the
   * bank's reason). A bank that cannot answer now throws (the job tries again). The job is keyed
   * by the recurrence and a request no longer PENDING is not sent, so several workers send it
   * once; a recurrence that ended while it was being sent has it withdrawn (the cancel job).
   */
  async sendPayerBankRequest(id: string, requestId: string | null = null, now: Date = new Date()): Promise<void> {
    const send = this.provider.requestAuthorisationAtPayerBank?.bind(this.provider);
    const [row] = await poolRows<Record<string, unknown>>(this.db, "SELECT * FROM recurrences WHERE id = $1", [id]);
    if (!row || !send) return;
    const recurrence = this.recurrenceFromRow(row);
    const account = recurrence.payerBankAccount;
    if (recurrence.payerBankRequestStatus !== PayerBankRequestStatus.PENDING || account === null) return;
    if (recurrence.status !== RecurrenceStatus.CREATED || recurrence.authorisationExpiresAt <= now) return;
    let sentId: string | null = null;
    let failure: string | null = null;
    try {
      const sent = await send({
        // The sandbox registers no rec at a bank: it names the recurrence by its own id.
        bankRecurrenceId: recurrence.bankRecurrenceId ?? recurrence.id,
        account: { ...account, document: recurrence.payerDocument },
        expiresAt: recurrence.authorisationExpiresAt,
      });
      sentId = sent.requestId;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failure = error.message.slice(0, 300);
    }
    const to = failure === null ? PayerBankRequestStatus.SENT : PayerBankRequestStatus.FAILED;
    await runTransaction(this.db, async (em) => {
      const locked = await this.lockRecurrence(em, null, id);
      if (locked.payerBankRequestStatus !== PayerBankRequestStatus.PENDING) {
        // Decided or ended while it was being sent: a request the bank took is withdrawn.
        if (sentId !== null) await this.queueRequestCancel(em, id, sentId);
        return;
      }
      await em.query(
        `UPDATE recurrences SET payer_bank_request_status = $2, payer_bank_request_id = $3,
                payer_bank_request_sent_at = $4, payer_bank_request_failure = $5, updated_at = $6 WHERE id = $1`,
        [id, to, sentId, failure === null ? now : null, failure, now],
      );
      await appendAudit(
        em,
        { ...(SYSTEM_ACTING.audit as AuditContext), requestId },
        {
          action: failure === null ? "recurrence.payer_bank_request_sent" : "recurrence.payer_bank_request_failed",
          objectType: "recurrence",
          objectId: id,
          companyId: locked.companyId,
          reason: failure,
          before: { payer_bank_request: PayerBankRequestStatus.PENDING },
          after: { payer_bank_request: to },
        },
      );
    });
  }

  private queueRequestCancel(em: EntityManager, id: string, bankRequestId: string): Promise<void> {
    return enqueueJob(
      em,
      CANCEL_PAYER_BANK_REQUEST_JOB,
      { recurrenceId: id, bankRequestId },
      { jobKey: `${CANCEL_PAYER_BANK_REQUEST_JOB}:${id}` },
    );
  }

  /** The job after a recurrence ended with its request still open: withdrawn at the payer's bank. */
  async cancelPayerBankRequest(bankRequestId: string): Promise<void> {
    await this.provider.cancelAuthorisationRequestAtPayerBank?.(bankRequestId);
  }

  /**
   * APPROVED -> COMPLETED once its end date has passed (America/Sao_Paulo): no charge can be
   * made for it any more (a charge's due date is at most the end date). Its charges still
   * PENDING keep their debit and retries: a cycle due on the end date is debited after it.
   * The contract names no webhook for it (§12's events), so none is written; its audit row
   * names the system. Rows are locked SKIP LOCKED, as the expiry sweep's.
   */
  async completePastEnd(now: Date = new Date(), batchSize = EXPIRY_BATCH): Promise<number> {
    const today = isoDate(saoPauloDay(now));
    let completed = 0;
    for (;;) {
      const batch = await runTransaction(this.db, async (em) => {
        const rows = await queryRows<Record<string, unknown>>(
          em,
          `SELECT * FROM recurrences WHERE status = 'APPROVED' AND end_date IS NOT NULL AND end_date < $1
            ORDER BY end_date LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [today, batchSize],
        );
        for (const row of rows) {
          await this.transition(
            em,
            this.recurrenceFromRow(row),
            RecurrenceStatus.COMPLETED,
            null,
            "complete",
            now,
            SYSTEM_ACTING,
          );
        }
        return rows.length;
      });
      completed += batch;
      if (batch < batchSize) return completed;
    }
  }

  /** Locks the recurrence, lets `decide` check it, and records the transition it names. */
  private move(
    scopeCompanyId: string | null,
    id: string,
    acting: Acting,
    decide: (
      recurrence: Recurrence,
      now: Date,
    ) => { to: RecurrenceStatus; reason: string | null; action: TransitionAction },
    afterwards?: (em: EntityManager, moved: Recurrence, now: Date) => Promise<void>,
  ): Promise<Recurrence> {
    if (!RECURRENCE_ID.test(id)) throw recurrenceNotFound();
    return runTransaction(this.db, async (em) => {
      const recurrence = await this.lockRecurrence(em, scopeCompanyId, id);
      const now = new Date();
      const { to, reason, action } = decide(recurrence, now);
      const moved = await this.transition(em, recurrence, to, reason, action, now, acting);
      await afterwards?.(em, moved, now);
      return moved;
    });
  }

  /** The recurrence under its row lock (FOR UPDATE); another account's is 404. */
  async lockRecurrence(em: EntityManager, scopeCompanyId: string | null, id: string): Promise<Recurrence> {
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    const [row] = await queryRows<Record<string, unknown>>(
      em,
      `SELECT * FROM recurrences WHERE id = $1${scoped} FOR UPDATE`,
      scopeCompanyId === null ? [id] : [id, scopeCompanyId],
    );
    if (!row) throw recurrenceNotFound();
    return this.recurrenceFromRow(row);
  }

  /**
   * The request sent to the payer's bank follows its recurrence: the payer's decision (whichever
   * way they gave it) is the request's; a recurrence that ends first leaves it CANCELLED, and
   * one the bank had taken is withdrawn there (a job: the bank is called after the commit). A
   * FAILED request stays so.
   */
  private async settlePayerBankRequest(
    em: EntityManager,
    moved: Recurrence,
    from: PayerBankRequestStatus | null,
    to: RecurrenceStatus,
  ): Promise<void> {
    if (from !== PayerBankRequestStatus.PENDING && from !== PayerBankRequestStatus.SENT) return;
    const request =
      to === RecurrenceStatus.APPROVED
        ? PayerBankRequestStatus.ACCEPTED
        : to === RecurrenceStatus.REJECTED
          ? PayerBankRequestStatus.REJECTED
          : PayerBankRequestStatus.CANCELLED;
    await em.query("UPDATE recurrences SET payer_bank_request_status = $2 WHERE id = $1", [moved.id, request]);
    moved.payerBankRequestStatus = request;
    if (
      request === PayerBankRequestStatus.CANCELLED &&
      from === PayerBankRequestStatus.SENT &&
      moved.payerBankRequestId
    )
      await this.queueRequestCancel(em, moved.id, moved.payerBankRequestId);
  }

  /** In the caller's transaction, under the row's lock: the new status, its webhook and its audit row. */
  private async transition(
    em: EntityManager,
    recurrence: Recurrence,
    to: RecurrenceStatus,
    reason: string | null,
    action: TransitionAction,
    now: Date,
    { audit, requestId }: Acting,
  ): Promise<Recurrence> {
    const from = recurrence.status;
    await em.query("UPDATE recurrences SET status = $2, status_reason = $3, updated_at = $4 WHERE id = $1", [
      recurrence.id,
      to,
      reason,
      now,
    ]);
    const moved = Object.assign(new Recurrence(), recurrence, { status: to, statusReason: reason, updatedAt: now });
    await this.settlePayerBankRequest(em, moved, recurrence.payerBankRequestStatus, to);
    // The merchant's cancel ends the authorisation at the bank too (a job: the bank is called outside this transaction).
    if (to === RecurrenceStatus.CANCELLED && action === "cancel" && recurrence.bankRecurrenceId !== null) {
      await enqueueJob(em, CANCEL_RECURRENCE_AT_BANK_JOB, { recurrenceId: recurrence.id });
    }
    // A cancelled recurrence is not debited: its PENDING charges are cancelled with it; a
    // refused one's first payment was refused with it.
    if (to === RecurrenceStatus.CANCELLED || to === RecurrenceStatus.REJECTED) {
      for (const charge of await this.charges.lockPendingOfRecurrence(em, recurrence.id)) {
        await this.charges.cancelInTransaction(em, charge, requestId);
      }
    }
    const event = EVENT_OF[to];
    if (event) {
      await appendWebhookEvent(
        em,
        recurrence.companyId,
        event,
        { recurrence_id: recurrence.id, company_id: recurrence.companyId, status: to, reason },
        recurrence.id,
        requestId,
      );
    }
    await appendAudit(em, audit, {
      action: `recurrence.${action}`,
      objectType: "recurrence",
      objectId: recurrence.id,
      companyId: recurrence.companyId,
      reason,
      before: { status: from },
      after: { status: to },
    });
    return moved;
  }
}
