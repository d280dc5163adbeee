import type { DataSource, EntityManager } from "typeorm";
import { notFound, validationError } from "../core/errors";
import { checkIdempotencyKey, requestFingerprint } from "../core/idempotency";
import { newWithdrawalId, newWithdrawalReference } from "../core/ids";
import { enqueueJob } from "../core/jobs";
import { brlToJsonNumber, type Cents, MAX_AMOUNT_CENTS } from "../core/money";
import { checkPage, type Page, type PageRequest } from "../core/pagination";
import { queryRows } from "../core/sql";
import { postLedgerEntry } from "../ledger/ledger.service";
import { LedgerEntryKind } from "../ledger/ledger-entry.entity";
import { appendWebhookEvent, type WebhookAccount, type WebhookEventName } from "../webhooks/webhook-outbox";
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

export interface NewWithdrawal {
  amountCents: Cents;
  pixKeyType: PixKeyType;
  pixKey: string;
}

const EVENT_OF_STATUS: Record<WithdrawalStatus, WebhookEventName> = {
  [WithdrawalStatus.PENDING]: "withdrawal.pending",
  [WithdrawalStatus.PROCESSING]: "withdrawal.processing",
  [WithdrawalStatus.PAID]: "withdrawal.paid",
  [WithdrawalStatus.FAILED]: "withdrawal.failed",
  [WithdrawalStatus.CANCELLED]: "withdrawal.cancelled",
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
    updatedAt: withdrawal.createdAt,
  };
}

export interface TransitionRequest {
  to: WithdrawalStatus;
  actor: string;
  reason?: string | null;
  /** Statuses the withdrawal may leave for `to`; anything else is INVALID_STATE. */
  from: WithdrawalStatus[];
  action: string;
}

export class WithdrawalsService {
  constructor(private readonly db: DataSource) {}

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

    return this.db.transaction(async (em) => {
      const account = await lockAccountForWithdrawal(em, companyId);
      // A key already used is found by the insert's unique constraint, or here when the balance is short.
      if (account.balanceCents < input.amountCents) {
        const replay = await this.replayWithdrawal(em, companyId, idempotencyKey, fingerprint);
        if (replay) return replay;
        throw insufficientBalance();
      }

      const autoApprove = account.autoApproveLimitCents !== null && input.amountCents <= account.autoApproveLimitCents;
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
      if (!(await insertWithdrawal(em, withdrawal))) {
        const replay = await this.replayWithdrawal(em, companyId, idempotencyKey, fingerprint);
        if (replay) return replay;
        throw new Error("Idempotency-Key conflict without a withdrawal");
      }
      withdrawal.queuePosition = withdrawal.initialQueuePosition;
      await postLedgerEntry(em, {
        companyId,
        kind: LedgerEntryKind.WITHDRAWAL_RESERVED,
        amountCents: -input.amountCents,
        withdrawalId: withdrawal.id,
        pendingWithdrawalsDelta: 1,
      });
      await this.recordTransition(em, withdrawal, null, actor, null, account);
      if (autoApprove) {
        return { withdrawal: await this.approveInTransaction(em, withdrawal.id, AUTO_APPROVE_ACTOR), replayed: false };
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
    const existing = await em.getRepository(Withdrawal).findOneBy({ companyId, idempotencyKey });
    if (!existing) return null;
    if (existing.requestFingerprint !== fingerprint) throw withdrawalIdempotencyKeyReused();
    return { withdrawal: asCreated(existing), replayed: true };
  }

  async getWithdrawal(scopeCompanyId: string | null, id: string): Promise<Withdrawal> {
    const withdrawal = await this.db.getRepository(Withdrawal).findOneBy({ id });
    if (!withdrawal || (scopeCompanyId !== null && withdrawal.companyId !== scopeCompanyId)) throw withdrawalNotFound();
    await this.attachQueuePositions(this.db.manager, [withdrawal]);
    return withdrawal;
  }

  async listWithdrawals(
    scopeCompanyId: string | null,
    request: PageRequest<WithdrawalStatus>,
  ): Promise<Page<Withdrawal>> {
    const { limit, offset } = checkPage(request);
    const where: Record<string, string> = {};
    if (scopeCompanyId) where.companyId = scopeCompanyId;
    if (request.status) where.status = request.status;
    const [data, total] = await this.db.getRepository(Withdrawal).findAndCount({
      where,
      order: { createdAt: "DESC", id: "DESC" },
      take: limit,
      skip: offset,
    });
    await this.attachQueuePositions(this.db.manager, data);
    return { data, total, limit, offset };
  }

  async listTransitions(scopeCompanyId: string | null, withdrawalId: string): Promise<WithdrawalTransition[]> {
    await this.getWithdrawal(scopeCompanyId, withdrawalId);
    return this.db.getRepository(WithdrawalTransition).find({ where: { withdrawalId }, order: { id: "ASC" } });
  }

  /** Operator approval: PENDING -> PROCESSING, and the transfer handed to the bank. */
  approveWithdrawal(id: string, actor: string): Promise<Withdrawal> {
    return this.db.transaction((em) => this.approveInTransaction(em, id, actor));
  }

  /** The submission job is queued in the approval's transaction: approved means sent, even after a crash. */
  private async approveInTransaction(em: EntityManager, id: string, actor: string): Promise<Withdrawal> {
    const withdrawal = await this.transitionInTransaction(em, null, id, {
      to: WithdrawalStatus.PROCESSING,
      from: [WithdrawalStatus.PENDING],
      actor,
      action: "approve",
    });
    const payload: WithdrawalJobPayload = { withdrawalId: withdrawal.id };
    await enqueueJob(em, SUBMIT_TRANSFER_JOB, { ...payload });
    return withdrawal;
  }

  /** Operator rejection: PENDING -> CANCELLED with the operator's reason; the amount returns. */
  rejectWithdrawal(id: string, reason: string, actor: string): Promise<Withdrawal> {
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text.length === 0) throw validationError("reason is required to reject a withdrawal");
    return this.transition(null, id, {
      to: WithdrawalStatus.CANCELLED,
      from: [WithdrawalStatus.PENDING],
      actor,
      reason: text,
      action: "reject",
    });
  }

  /** The bank settled the transfer: PROCESSING -> PAID. */
  settleWithdrawal(id: string, actor: string): Promise<Withdrawal> {
    return this.transition(null, id, {
      to: WithdrawalStatus.PAID,
      from: [WithdrawalStatus.PROCESSING],
      actor,
      action: "settle",
    });
  }

  /** The bank refused or failed the transfer: PENDING or PROCESSING -> FAILED; the amount returns. */
  failWithdrawal(id: string, reason: string, actor: string): Promise<Withdrawal> {
    return this.transition(null, id, {
      to: WithdrawalStatus.FAILED,
      from: [WithdrawalStatus.PENDING, WithdrawalStatus.PROCESSING],
      actor,
      reason,
      action: "fail",
    });
  }

  /** Sandbox: the operator plays the bank and decides the outcome now. */
  simulateWithdrawalOutcome(id: string, outcome: "PAID" | "FAILED", reason: string | null): Promise<Withdrawal> {
    const actor = "provider:sandbox (simulated by operator)";
    if (outcome === "PAID") return this.settleWithdrawal(id, actor);
    const text = reason?.trim() || "bank error";
    return this.failWithdrawal(id, text, actor);
  }

  /**
   * The bank could not take the submission now: under the row lock, count one more retry
   * and queue the next submission after 1, 2 then 4 seconds, or fail the withdrawal when
   * the retries are spent. A withdrawal that left PROCESSING meanwhile is left alone.
   */
  async recordTransientBankFailure(id: string): Promise<Withdrawal> {
    return this.db.transaction(async (em) => {
      const repo = em.getRepository(Withdrawal);
      const withdrawal = await repo.findOne({ where: { id }, lock: { mode: "pessimistic_write" } });
      if (!withdrawal) throw withdrawalNotFound();
      if (withdrawal.status !== WithdrawalStatus.PROCESSING) return withdrawal;
      if (withdrawal.retryCount >= TRANSIENT_RETRY_DELAYS_MS.length) {
        return this.transitionInTransaction(em, null, id, {
          to: WithdrawalStatus.FAILED,
          from: [WithdrawalStatus.PROCESSING],
          actor: "provider",
          reason: BANK_UNAVAILABLE_REASON,
          action: "fail",
        });
      }
      const delayMs = TRANSIENT_RETRY_DELAYS_MS[withdrawal.retryCount];
      withdrawal.retryCount += 1;
      withdrawal.updatedAt = new Date();
      await repo.save(withdrawal);
      const payload: WithdrawalJobPayload = { withdrawalId: id };
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
  ): Promise<Withdrawal> {
    return this.transition(scopeCompanyId, id, {
      to: WithdrawalStatus.CANCELLED,
      from: [WithdrawalStatus.PENDING],
      actor,
      reason,
      action: "cancel",
    });
  }

  /** Runs one guarded transition in its own transaction. */
  transition(scopeCompanyId: string | null, id: string, request: TransitionRequest): Promise<Withdrawal> {
    return this.db.transaction((em) => this.transitionInTransaction(em, scopeCompanyId, id, request));
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
    const withdrawal = await repo.findOne({ where: { id }, lock: { mode: "pessimistic_write" } });
    if (!withdrawal || (scopeCompanyId !== null && withdrawal.companyId !== scopeCompanyId)) throw withdrawalNotFound();
    if (!request.from.includes(withdrawal.status)) throw withdrawalInvalidState(withdrawal.status, request.action);
    const from = withdrawal.status;
    withdrawal.status = request.to;
    withdrawal.reason = request.reason ?? null;
    withdrawal.updatedAt = new Date();
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
      await em.query("UPDATE companies SET pending_withdrawals = pending_withdrawals - 1 WHERE id = $1", [
        withdrawal.companyId,
      ]);
    }
    await this.recordTransition(em, withdrawal, from, request.actor, request.reason ?? null);
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
      account,
    );
  }

  /** queue_position: the place among the account's PENDING withdrawals, oldest first, from 1. */
  private async attachQueuePositions(em: EntityManager, withdrawals: Withdrawal[]): Promise<void> {
    for (const withdrawal of withdrawals) withdrawal.queuePosition = null;
    const pending = withdrawals.filter((w) => w.status === WithdrawalStatus.PENDING);
    if (pending.length === 0) return;
    const rows: Array<{ id: string; position: string }> = await em.query(
      `SELECT w.id,
              (SELECT count(*) FROM withdrawals q
                WHERE q.company_id = w.company_id AND q.status = 'PENDING'
                  AND (q.created_at, q.id) <= (w.created_at, w.id)) AS position
         FROM withdrawals w WHERE w.id = ANY($1)`,
      [pending.map((w) => w.id)],
    );
    const positions = new Map(rows.map((row) => [row.id, Number(row.position)]));
    for (const withdrawal of pending) withdrawal.queuePosition = positions.get(withdrawal.id) ?? null;
  }
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
       FROM companies WHERE id = $1 FOR UPDATE`,
    [companyId],
  );
  if (rows.length === 0) throw notFound("Company");
  const row = rows[0];
  return {
    balanceCents: BigInt(row.balance_cents),
    autoApproveLimitCents: row.auto_approve_limit_cents === null ? null : BigInt(row.auto_approve_limit_cents),
    pendingWithdrawals: row.pending_withdrawals,
    webhookSecret: row.webhook_secret,
    webhookUrl: row.webhook_url,
  };
}

/** Inserts the withdrawal; false when its Idempotency-Key is already used on the account. */
async function insertWithdrawal(em: EntityManager, w: Withdrawal): Promise<boolean> {
  const inserted = await queryRows<{ id: string }>(
    em,
    `INSERT INTO withdrawals (id, company_id, reference, amount_cents, status, pix_key, pix_key_type, idempotency_key,
                              request_fingerprint, initial_status, initial_queue_position, reason, retry_count,
                              created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (company_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [
      w.id,
      w.companyId,
      w.reference,
      w.amountCents.toString(),
      w.status,
      w.pixKey,
      w.pixKeyType,
      w.idempotencyKey,
      w.requestFingerprint,
      w.initialStatus,
      w.initialQueuePosition,
      w.reason,
      w.retryCount,
      w.createdAt,
      w.updatedAt,
    ],
  );
  return inserted.length > 0;
}
