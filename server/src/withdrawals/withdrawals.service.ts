import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit/audit";
import { type CancelSignal, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, notFound, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { newEndToEndId, newWithdrawalId, newWithdrawalReference } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type ListQuery,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
  type Total,
} from "../core/pagination";
import { execute, queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { movePendingWithdrawals, postLedgerEntry } from "../ledger/ledger.service";
import { LedgerEntryKind } from "../ledger/ledger-entry.entity";
import {
  appendWebhookEvent,
  WEBHOOK_EVENTS,
  type WebhookAccount,
  type WebhookEventName,
} from "../webhooks/webhook-outbox";
import { openWebhookSecret } from "../webhooks/webhook-secrets";
import { canonicalizePixKey, isPixKeyType, type PixKeyType } from "./pix-key";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import {
  BANK_UNAVAILABLE_REASON,
  SUBMIT_TRANSFER_JOB,
  TRANSIENT_RETRY_DELAYS_MS,
  type WithdrawalJobPayload,
} from "./withdrawal-jobs";
import { WithdrawalTransition } from "./withdrawal-transition.entity";
import {
  insufficientBalance,
  withdrawalIdempotencyKeyReused,
  withdrawalInvalidState,
  withdrawalNotFound,
} from "./withdrawals.errors";

export const MIN_WITHDRAWAL_CENTS = 100n;
/** History actor of a withdrawal approved by the account's auto-approve limit. */
export const AUTO_APPROVE_ACTOR = "system:auto-approve";

/** Filters of the withdrawal lists; all optional. The created range includes its start and excludes its end. */
export interface WithdrawalListFilter extends PageArgs {
  status?: WithdrawalStatus | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
}

const WITHDRAWAL_STATUSES = new Set<string>(Object.values(WithdrawalStatus));

export interface NewWithdrawal {
  amountCents: Cents;
  pixKeyType: PixKeyType;
  pixKey: string;
}

const EVENT_OF_STATUS: Record<WithdrawalStatus, WebhookEventName> = {
  [WithdrawalStatus.PENDING]: WEBHOOK_EVENTS.withdrawalPending,
  [WithdrawalStatus.PROCESSING]: WEBHOOK_EVENTS.withdrawalProcessing,
  [WithdrawalStatus.PAID]: WEBHOOK_EVENTS.withdrawalPaid,
  [WithdrawalStatus.FAILED]: WEBHOOK_EVENTS.withdrawalFailed,
  [WithdrawalStatus.CANCELLED]: WEBHOOK_EVENTS.withdrawalCancelled,
};

/** Statuses whose amount is no longer held: the reservation goes back to the balance. */
const REFUNDING_STATUSES = new Set([WithdrawalStatus.FAILED, WithdrawalStatus.CANCELLED]);

/** The withdrawal as first returned by POST /withdrawals, for byte-identical replays. */
function asCreated(withdrawal: Withdrawal): Withdrawal {
  return {
    ...withdrawal,
    status: withdrawal.initialStatus,
    queuePosition: withdrawal.initialQueuePosition,
    reason: null,
    retryCount: 0,
    e2eId: null,
    paidAt: null,
    updatedAt: withdrawal.createdAt,
  };
}

/** One operator's approval of a withdrawal (maker-checker). */
export interface WithdrawalApprovalRow {
  withdrawalId: string;
  operator: string;
  /** The console user's e-mail; null for the operator token. */
  operatorEmail: string | null;
  at: Date;
}

export const secondOperatorNeeded = () =>
  invalidState("You already approved this withdrawal: a second, different operator must approve it");

export interface TransitionRequest {
  to: WithdrawalStatus;
  actor: string;
  reason?: string | null;
  /** Statuses the withdrawal may leave for `to`; anything else is INVALID_STATE. */
  from: WithdrawalStatus[];
  action: string;
  /** The request that asks for the change (null for the service's own work): its event names it. */
  requestId: string | null;
}

export class WithdrawalsService {
  private readonly withdrawalFromRow: (row: Record<string, unknown>) => Withdrawal;
  private readonly secondOperatorAboveCents: Cents | null;
  private readonly bankIspb: string;

  constructor(
    private readonly db: DataSource,
    options: {
      /** Maker-checker: above this amount an approval needs two different operators; null = off. */
      secondOperatorAboveCents?: Cents | null;
      /** Names the sandbox bank in the end-to-end ids of transfers settled by hand. */
      bankIspb?: string;
    } = {},
  ) {
    this.withdrawalFromRow = entityRowMapper(db, Withdrawal);
    this.secondOperatorAboveCents = options.secondOperatorAboveCents ?? null;
    this.bankIspb = options.bankIspb ?? "99999999";
  }

  /** How many different operators must approve a withdrawal of this amount. */
  approvalsRequired(amountCents: Cents): number {
    return this.secondOperatorAboveCents !== null && amountCents > this.secondOperatorAboveCents ? 2 : 1;
  }

  /** The operators' approvals of each withdrawal, oldest first. */
  async listApprovals(withdrawalIds: string[]): Promise<Map<string, WithdrawalApprovalRow[]>> {
    const rows = await queryRows<{ withdrawal_id: string; operator: string; email: string | null; created_at: Date }>(
      this.db,
      `SELECT a.withdrawal_id, a.operator, u.email, a.created_at
         FROM withdrawal_approvals a LEFT JOIN console_users u ON a.operator = 'operator:' || u.id
        WHERE a.withdrawal_id = ANY($1) ORDER BY a.created_at, a.operator`,
      [withdrawalIds],
    );
    const byWithdrawal = new Map<string, WithdrawalApprovalRow[]>(withdrawalIds.map((id) => [id, []]));
    for (const row of rows) {
      byWithdrawal.get(row.withdrawal_id)?.push({
        withdrawalId: row.withdrawal_id,
        operator: row.operator,
        operatorEmail: row.email,
        at: row.created_at,
      });
    }
    return byWithdrawal;
  }

  /**
   * Validates, then in one transaction: locks the account row, checks the balance and
   * reserves the amount (ledger entry + running balance), records the withdrawal, its
   * history row and its withdrawal.pending event. A key already used on the account
   * answers the original withdrawal (same request) or 409 instead.
   */
  async createWithdrawal(
    companyId: string,
    input: NewWithdrawal,
    rawIdempotencyKey: string | null | undefined,
    actor: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, true) as string;
    if (input.amountCents < MIN_WITHDRAWAL_CENTS || input.amountCents > MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between 1.00 and 99999999.99");
    }
    if (!isPixKeyType(input.pixKeyType))
      throw validationError("pix_key_type must be CPF, CNPJ, EMAIL, TELEFONE or ALEATORIA");
    if (typeof input.pixKey !== "string" || input.pixKey.length === 0) throw validationError("pix_key is required");
    const key = canonicalizePixKey(input.pixKeyType, input.pixKey);
    if (!key.ok) throw validationError(key.message);
    const fingerprint = requestFingerprint([input.amountCents, input.pixKeyType, key.key]);

    return runTransaction(this.db, async (em) => {
      const account = await lockAccountForWithdrawal(em, companyId);
      // Under the account lock every earlier request with this key has committed, so a plain read
      // finds it. Left to the insert, the key's unique check would wait for a transition in progress
      // on that withdrawal (a cancel, a bank failure), which itself waits for this account lock.
      const replay = await this.replayWithdrawal(em, companyId, idempotencyKey, fingerprint);
      if (replay) return replay;
      if (account.balanceCents < input.amountCents) throw insufficientBalance();

      // Four eyes win over the account's auto-approve limit.
      const autoApprove =
        account.autoApproveLimitCents !== null &&
        input.amountCents <= account.autoApproveLimitCents &&
        this.approvalsRequired(input.amountCents) === 1;
      const now = new Date();
      const withdrawal = em.getRepository(Withdrawal).create({
        id: newWithdrawalId(),
        companyId,
        reference: newWithdrawalReference(),
        amountCents: input.amountCents,
        status: WithdrawalStatus.PENDING,
        pixKey: key.key,
        pixKeyType: input.pixKeyType,
        idempotencyKey,
        requestFingerprint: fingerprint,
        initialStatus: autoApprove ? WithdrawalStatus.PROCESSING : WithdrawalStatus.PENDING,
        initialQueuePosition: autoApprove ? null : account.pendingWithdrawals + 1,
        reason: null,
        retryCount: 0,
        createdAt: now,
        updatedAt: now,
      });
      if (!(await insertUnlessTaken(em, Withdrawal, withdrawal))) {
        const replay = await this.replayWithdrawal(em, companyId, idempotencyKey, fingerprint);
        if (replay) return replay;
        throw new Error("withdrawal not inserted: its id was taken (24 random characters: not expected)");
      }
      withdrawal.queuePosition = withdrawal.initialQueuePosition;
      await postLedgerEntry(em, {
        companyId,
        kind: LedgerEntryKind.WITHDRAWAL_RESERVED,
        amountCents: -input.amountCents,
        withdrawalId: withdrawal.id,
        pendingWithdrawalsDelta: 1,
      });
      await this.recordTransition(em, withdrawal, null, actor, null, requestId, account);
      await appendAudit(em, audit, {
        action: "withdrawal.create",
        objectType: "withdrawal",
        objectId: withdrawal.id,
        companyId,
        after: withdrawalAuditFields(withdrawal),
      });
      if (autoApprove) {
        return {
          withdrawal: await this.approveInTransaction(em, withdrawal.id, AUTO_APPROVE_ACTOR, requestId),
          replayed: false,
        };
      }
      return { withdrawal, replayed: false };
    });
  }

  /**
   * The answer to a request whose Idempotency-Key was already used on the account: the
   * original withdrawal as first returned (same request) or 409 (a different one); null
   * when the key is unused. The caller holds the account lock, so this read sees every
   * withdrawal made with the key.
   */
  private async replayWithdrawal(
    em: EntityManager,
    companyId: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ withdrawal: Withdrawal; replayed: boolean } | null> {
    const original = await findOriginalRequest(em, Withdrawal, companyId, idempotencyKey, fingerprint, () =>
      withdrawalIdempotencyKeyReused(),
    );
    return original ? { withdrawal: asCreated(original), replayed: true } : null;
  }

  async getWithdrawal(scopeCompanyId: string | null, id: string): Promise<Withdrawal> {
    return readCancellable(
      this.db,
      undefined,
      async (sql) => {
        const [row] = await queryRows<Record<string, unknown>>(sql, "SELECT * FROM withdrawals WHERE id = $1", [id]);
        const withdrawal = row ? this.withdrawalFromRow(row) : null;
        if (!withdrawal || (scopeCompanyId !== null && withdrawal.companyId !== scopeCompanyId))
          throw withdrawalNotFound();
        await this.attachQueuePositions(sql, [withdrawal]);
        return withdrawal;
      },
      { oneSnapshot: true },
    );
  }

  /**
   * A page of withdrawals, newest first by default; the approval queue is status PENDING
   * with order OLDEST_FIRST (across every account for the operator).
   */
  async listWithdrawals(
    scopeCompanyId: string | null,
    filter: WithdrawalListFilter,
    signal?: CancelSignal,
  ): Promise<Page<Withdrawal>> {
    const window = readPageWindow(filter);
    if (filter.status != null && !WITHDRAWAL_STATUSES.has(filter.status))
      throw validationError("status must be PENDING, PROCESSING, PAID, FAILED or CANCELLED");
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (filter.status != null) where.push(`status = '${filter.status}'`);
    const onlyByStatus = !filter.createdFrom && !filter.createdTo;
    if (filter.createdFrom) where.push(`created_at >= ${params.add(filter.createdFrom, "::timestamptz")}`);
    if (filter.createdTo) where.push(`created_at < ${params.add(filter.createdTo, "::timestamptz")}`);
    const query: ListQuery = {
      cursorTag: "withdrawals",
      from: "withdrawals",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      signal,
      async (sql) => {
        const page = await readPage(sql, query, window, this.withdrawalFromRow, () =>
          onlyByStatus ? this.countWithdrawals(scopeCompanyId, filter.status ?? null, sql) : cappedCount(sql, query),
        );
        await this.attachQueuePositions(sql, page.data);
        return page;
      },
      { oneSnapshot: true },
    );
  }

  /** The exact number of withdrawals of a status (or all), from the counters kept by triggers. */
  async countWithdrawals(
    scopeCompanyId: string | null,
    status: WithdrawalStatus | null,
    runner: SqlRunner = this.db,
  ): Promise<Total> {
    const params = new SqlParams();
    const where = ["list = 'withdrawals'"];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (status !== null) where.push(`status = ${params.add(status)}`);
    const rows = await queryRows<{ n: string }>(
      runner,
      `SELECT coalesce(sum(n), 0) AS n FROM list_counters WHERE ${where.join(" AND ")}`,
      params.values,
    );
    return { total: Number(rows[0].n), capped: false };
  }

  /** Withdrawals whose column equals the value (search keys), at most `limit`. */
  async findWithdrawalsBy(
    scopeCompanyId: string | null,
    column: "id" | "reference" | "e2e_id",
    value: string,
    limit = 10,
  ): Promise<Withdrawal[]> {
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    return readCancellable(
      this.db,
      undefined,
      async (sql) => {
        const rows = await queryRows<Record<string, unknown>>(
          sql,
          `SELECT * FROM withdrawals WHERE ${column} = $1${scoped} LIMIT ${limit}`,
          scopeCompanyId === null ? [value] : [value, scopeCompanyId],
        );
        const withdrawals = rows.map(this.withdrawalFromRow);
        await this.attachQueuePositions(sql, withdrawals);
        return withdrawals;
      },
      { oneSnapshot: true },
    );
  }

  /**
   * The bank accepted the transfer and named it by its end-to-end id. Kept once: a second
   * acceptance of the same submission (a retried job) does not rename it.
   */
  async recordBankAcceptance(id: string, e2eId: string): Promise<void> {
    await execute(this.db, "UPDATE withdrawals SET e2e_id = $2 WHERE id = $1 AND e2e_id IS NULL", [id, e2eId]);
  }

  async listTransitions(scopeCompanyId: string | null, withdrawalId: string): Promise<WithdrawalTransition[]> {
    await this.getWithdrawal(scopeCompanyId, withdrawalId);
    return this.db.getRepository(WithdrawalTransition).find({ where: { withdrawalId }, order: { id: "ASC" } });
  }

  /**
   * An operator's approval. Each operator's approval is recorded (one per operator);
   * when the withdrawal has as many as its amount requires (two different operators
   * above APPROVAL_SECOND_OPERATOR_ABOVE, else one) it goes PENDING -> PROCESSING and the
   * transfer is handed to the bank; before that it stays PENDING. Under the withdrawal's
   * row lock, so concurrent approvals make exactly one transition.
   */
  approveWithdrawal(
    id: string,
    actor: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<Withdrawal> {
    return runTransaction(this.db, async (em) => {
      const withdrawal = await em
        .getRepository(Withdrawal)
        .findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!withdrawal) throw withdrawalNotFound();
      if (withdrawal.status !== WithdrawalStatus.PENDING) throw withdrawalInvalidState(withdrawal.status, "approve");
      const required = this.approvalsRequired(withdrawal.amountCents);
      const inserted = await queryRows<{ operator: string }>(
        em,
        `INSERT INTO withdrawal_approvals (withdrawal_id, operator) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING operator`,
        [id, actor],
      );
      const approvals = Number(
        (
          await queryRows<{ n: string }>(
            em,
            "SELECT count(*) AS n FROM withdrawal_approvals WHERE withdrawal_id = $1",
            [id],
          )
        )[0].n,
      );
      // The same operator again counts once: it cannot make up the second pair of eyes.
      if (inserted.length === 0 && approvals < required) throw secondOperatorNeeded();
      const before = { status: withdrawal.status, approvals: approvals - inserted.length, approvalsRequired: required };
      let result: Withdrawal;
      if (approvals < required) {
        await this.attachQueuePositions(em, [withdrawal]);
        result = withdrawal;
      } else {
        result = await this.approveInTransaction(em, id, actor, requestId);
      }
      await appendAudit(em, audit, {
        action: "withdrawal.approve",
        objectType: "withdrawal",
        objectId: id,
        companyId: withdrawal.companyId,
        before,
        after: { status: result.status, approvals, approvalsRequired: required },
      });
      return result;
    });
  }

  /**
   * The submission job is queued in the approval's transaction: approved means sent, even
   * after a crash. It carries the approval's request id, which the bank's outcome then names.
   */
  private async approveInTransaction(
    em: EntityManager,
    id: string,
    actor: string,
    requestId: string | null,
  ): Promise<Withdrawal> {
    const withdrawal = await this.transitionInTransaction(em, null, id, {
      to: WithdrawalStatus.PROCESSING,
      from: [WithdrawalStatus.PENDING],
      actor,
      action: "approve",
      requestId,
    });
    const payload: WithdrawalJobPayload = { withdrawalId: withdrawal.id, requestId };
    await enqueueJob(em, SUBMIT_TRANSFER_JOB, { ...payload });
    return withdrawal;
  }

  /** Operator rejection: PENDING -> CANCELLED with the operator's reason; the amount returns. */
  rejectWithdrawal(
    id: string,
    reason: string,
    actor: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<Withdrawal> {
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text.length === 0) throw validationError("reason is required to reject a withdrawal");
    return this.transition(
      null,
      id,
      {
        to: WithdrawalStatus.CANCELLED,
        from: [WithdrawalStatus.PENDING],
        actor,
        reason: text,
        action: "reject",
        requestId,
      },
      audit,
    );
  }

  /**
   * The bank settled the transfer: PROCESSING -> PAID. A transfer the bank settles without
   * having named it (the sandbox settled by hand) gets its end-to-end id now.
   */
  settleWithdrawal(id: string, actor: string, requestId: string | null = null): Promise<Withdrawal> {
    return this.transition(null, id, {
      to: WithdrawalStatus.PAID,
      from: [WithdrawalStatus.PROCESSING],
      actor,
      action: "settle",
      requestId,
    });
  }

  /** The bank refused or failed the transfer: PENDING or PROCESSING -> FAILED; the amount returns. */
  failWithdrawal(id: string, reason: string, actor: string, requestId: string | null = null): Promise<Withdrawal> {
    return this.transition(null, id, {
      to: WithdrawalStatus.FAILED,
      from: [WithdrawalStatus.PENDING, WithdrawalStatus.PROCESSING],
      actor,
      reason,
      action: "fail",
      requestId,
    });
  }

  /** Sandbox: the operator plays the bank and decides the outcome now. */
  simulateWithdrawalOutcome(
    id: string,
    outcome: "PAID" | "FAILED",
    reason: string | null,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<Withdrawal> {
    const actor = "provider:sandbox (simulated by operator)";
    const request: TransitionRequest =
      outcome === "PAID"
        ? { to: WithdrawalStatus.PAID, from: [WithdrawalStatus.PROCESSING], actor, action: "settle", requestId }
        : {
            to: WithdrawalStatus.FAILED,
            from: [WithdrawalStatus.PENDING, WithdrawalStatus.PROCESSING],
            actor,
            reason: reason?.trim() || "bank error",
            action: "fail",
            requestId,
          };
    return this.transition(null, id, request, audit, "withdrawal.simulate_outcome");
  }

  /**
   * The bank could not take the submission now: under the row lock, count one more retry
   * and queue the next submission after 1, 2 then 4 seconds, or fail the withdrawal when
   * the retries are spent. A withdrawal that left PROCESSING meanwhile is left alone.
   */
  async recordTransientBankFailure(id: string, requestId: string | null = null): Promise<Withdrawal> {
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(Withdrawal);
      const withdrawal = await repo.findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!withdrawal) throw withdrawalNotFound();
      if (withdrawal.status !== WithdrawalStatus.PROCESSING) return withdrawal;
      if (withdrawal.retryCount >= TRANSIENT_RETRY_DELAYS_MS.length) {
        return this.transitionInTransaction(em, null, id, {
          to: WithdrawalStatus.FAILED,
          from: [WithdrawalStatus.PROCESSING],
          actor: "provider",
          reason: BANK_UNAVAILABLE_REASON,
          action: "fail",
          requestId,
        });
      }
      const delayMs = TRANSIENT_RETRY_DELAYS_MS[withdrawal.retryCount];
      withdrawal.retryCount += 1;
      withdrawal.updatedAt = new Date();
      await repo.save(withdrawal);
      const payload: WithdrawalJobPayload = { withdrawalId: id, requestId };
      await enqueueJob(em, SUBMIT_TRANSFER_JOB, { ...payload }, { runAt: new Date(Date.now() + delayMs) });
      return withdrawal;
    });
  }

  /** PENDING -> CANCELLED by the merchant (or an operator's rejection): the amount returns. */
  cancelWithdrawal(
    scopeCompanyId: string | null,
    id: string,
    reason: string | null,
    actor: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<Withdrawal> {
    return this.transition(
      scopeCompanyId,
      id,
      { to: WithdrawalStatus.CANCELLED, from: [WithdrawalStatus.PENDING], actor, reason, action: "cancel", requestId },
      audit,
    );
  }

  /** Runs one guarded transition in its own transaction, with its audit row when an operator acts. */
  transition(
    scopeCompanyId: string | null,
    id: string,
    request: TransitionRequest,
    audit: AuditContext | null = null,
    auditAction = `withdrawal.${request.action}`,
  ): Promise<Withdrawal> {
    return runTransaction(this.db, async (em) => {
      // Locked now (the transition locks it again): the status read is the one it leaves.
      const before = audit
        ? await em.getRepository(Withdrawal).findOne({ where: { id }, lock: { mode: "for_no_key_update" } })
        : null;
      const withdrawal = await this.transitionInTransaction(em, scopeCompanyId, id, request);
      await appendAudit(em, audit, {
        action: auditAction,
        objectType: "withdrawal",
        objectId: id,
        companyId: withdrawal.companyId,
        reason: request.reason ?? null,
        before: before ? { status: before.status } : null,
        after: { status: withdrawal.status, reason: withdrawal.reason },
      });
      return withdrawal;
    });
  }

  /**
   * The one way a withdrawal changes status: under the withdrawal's row lock, checks the
   * current status, writes the change, its ledger effect (a refund when it leaves the
   * held statuses), its history row and its webhook event.
   */
  async transitionInTransaction(
    em: EntityManager,
    scopeCompanyId: string | null,
    id: string,
    request: TransitionRequest,
  ): Promise<Withdrawal> {
    if (request.reason != null && request.reason.length > 500)
      throw validationError("reason must have at most 500 characters");
    const repo = em.getRepository(Withdrawal);
    const withdrawal = await repo.findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
    if (!withdrawal || (scopeCompanyId !== null && withdrawal.companyId !== scopeCompanyId)) throw withdrawalNotFound();
    if (!request.from.includes(withdrawal.status)) throw withdrawalInvalidState(withdrawal.status, request.action);
    const from = withdrawal.status;
    withdrawal.status = request.to;
    withdrawal.reason = request.reason ?? null;
    withdrawal.updatedAt = new Date();
    if (request.to === WithdrawalStatus.PAID) {
      withdrawal.paidAt = withdrawal.updatedAt;
      withdrawal.e2eId ??= newEndToEndId(this.bankIspb, withdrawal.paidAt);
    }
    await repo.save(withdrawal);
    const leavesQueue = from === WithdrawalStatus.PENDING ? -1 : 0;
    if (REFUNDING_STATUSES.has(request.to)) {
      await postLedgerEntry(em, {
        companyId: withdrawal.companyId,
        kind: LedgerEntryKind.WITHDRAWAL_REFUNDED,
        amountCents: withdrawal.amountCents,
        withdrawalId: withdrawal.id,
        memo: request.reason ?? null,
        pendingWithdrawalsDelta: leavesQueue,
      });
    } else if (leavesQueue) {
      await movePendingWithdrawals(em, withdrawal.companyId, leavesQueue);
    }
    await this.recordTransition(em, withdrawal, from, request.actor, request.reason ?? null, request.requestId);
    await this.attachQueuePositions(em, [withdrawal]);
    return withdrawal;
  }

  /** The history row and the webhook event of a status change (the first one: from null). */
  private async recordTransition(
    em: EntityManager,
    withdrawal: Withdrawal,
    from: WithdrawalStatus | null,
    actor: string,
    reason: string | null,
    requestId: string | null,
    account?: WebhookAccount,
  ): Promise<void> {
    await em.query(
      `INSERT INTO withdrawal_transitions (withdrawal_id, from_status, to_status, actor, reason, created_at)
       VALUES ($1, $2, $3, $4, $5, now())`,
      [withdrawal.id, from, withdrawal.status, actor, reason],
    );
    await appendWebhookEvent(
      em,
      withdrawal.companyId,
      EVENT_OF_STATUS[withdrawal.status],
      withdrawalEventFields(withdrawal),
      withdrawal.id,
      requestId,
      account,
    );
  }

  /** queue_position: the place among the account's PENDING withdrawals, oldest first, from 1. */
  private async attachQueuePositions(sql: SqlRunner, withdrawals: Withdrawal[]): Promise<void> {
    for (const withdrawal of withdrawals) withdrawal.queuePosition = null;
    const pending = withdrawals.filter((w) => w.status === WithdrawalStatus.PENDING);
    if (pending.length === 0) return;
    // Per withdrawal: its row by primary key, then the queue ahead of it in withdrawals_pending_queue.
    const rows = await queryRows<{ id: string; position: string }>(
      sql,
      `SELECT wanted.id,
              (SELECT count(*) FROM withdrawals w
                 JOIN withdrawals q ON q.company_id = w.company_id AND q.status = 'PENDING'
                                   AND (q.created_at, q.id) <= (w.created_at, w.id)
                WHERE w.id = wanted.id) AS position
         FROM unnest($1::text[]) AS wanted(id)`,
      [pending.map((w) => w.id)],
    );
    const positions = new Map(rows.map((row) => [row.id, Number(row.position)]));
    for (const withdrawal of pending) withdrawal.queuePosition = positions.get(withdrawal.id) ?? null;
  }
}

/** What the audit log keeps of a withdrawal. */
function withdrawalAuditFields(withdrawal: Withdrawal) {
  return {
    status: withdrawal.status,
    amount: formatBrl(withdrawal.amountCents),
    pixKeyType: withdrawal.pixKeyType,
    pixKey: withdrawal.pixKey,
  };
}

/** withdrawal.* fields in the source document's order; reason only on failed and cancelled. */
export function withdrawalEventFields(withdrawal: Withdrawal): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    company_id: withdrawal.companyId,
    withdrawal_id: withdrawal.id,
    withdrawal_reference: withdrawal.reference,
    status: withdrawal.status,
    amount: brlToJsonNumber(withdrawal.amountCents),
    retry_count: withdrawal.retryCount,
  };
  if (withdrawal.status === WithdrawalStatus.FAILED) fields.reason = withdrawal.reason ?? "bank error";
  if (withdrawal.status === WithdrawalStatus.CANCELLED && withdrawal.reason) fields.reason = withdrawal.reason;
  return fields;
}

interface WithdrawalAccount extends WebhookAccount {
  balanceCents: Cents;
  autoApproveLimitCents: Cents | null;
  pendingWithdrawals: number;
}

/**
 * Locks the account row for the rest of the transaction and reads, in the same round
 * trip, all a new withdrawal needs: the balance, the auto-approve limit, the queue length,
 * and the webhook secret and URL. Requests on one account pass this lock one at a time,
 * so the balance check and the reservation are one step.
 */
async function lockAccountForWithdrawal(em: EntityManager, companyId: string): Promise<WithdrawalAccount> {
  const rows = await queryRows<{
    balance_cents: string;
    auto_approve_limit_cents: string | null;
    pending_withdrawals: number;
    webhook_secret: string;
    webhook_url: string | null;
  }>(
    em,
    `SELECT balance_cents, auto_approve_limit_cents, pending_withdrawals, webhook_secret, webhook_url
       FROM companies WHERE id = $1 FOR NO KEY UPDATE`,
    [companyId],
  );
  if (rows.length === 0) throw notFound("Company");
  const row = rows[0];
  return {
    balanceCents: BigInt(row.balance_cents),
    autoApproveLimitCents: row.auto_approve_limit_cents === null ? null : BigInt(row.auto_approve_limit_cents),
    pendingWithdrawals: row.pending_withdrawals,
    webhookSecret: openWebhookSecret(em, companyId, row.webhook_secret),
    webhookUrl: row.webhook_url,
  };
}
