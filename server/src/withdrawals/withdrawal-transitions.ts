import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { validationError } from "../core/errors";
import { newEndToEndId } from "../core/ids";
import { brlToJsonNumber } from "../core/money";
import { queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { LedgerEntryKind, movePendingWithdrawals, postLedgerEntry } from "../ledger";
import { appendWebhookEvent, WEBHOOK_EVENTS, type WebhookAccount, type WebhookEventName } from "../webhooks";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import { withdrawalInvalidState, withdrawalNotFound } from "./withdrawals.errors";

const EVENT_OF_STATUS: Record<WithdrawalStatus, WebhookEventName> = {
  [WithdrawalStatus.PENDING]: WEBHOOK_EVENTS.withdrawalPending,
  [WithdrawalStatus.PROCESSING]: WEBHOOK_EVENTS.withdrawalProcessing,
  [WithdrawalStatus.PAID]: WEBHOOK_EVENTS.withdrawalPaid,
  [WithdrawalStatus.FAILED]: WEBHOOK_EVENTS.withdrawalFailed,
  [WithdrawalStatus.CANCELLED]: WEBHOOK_EVENTS.withdrawalCancelled,
};

/** Statuses whose amount is no longer held: the reservation goes back to the balance. */
const REFUNDING_STATUSES = new Set([WithdrawalStatus.FAILED, WithdrawalStatus.CANCELLED]);

export interface TransitionRequest {
  to: WithdrawalStatus;
  actor: string;
  reason?: string | null;
  /** Statuses the withdrawal may leave for `to`; anything else is INVALID_STATE. */
  from: WithdrawalStatus[];
  /** A further condition on the locked withdrawal (an approved scheduled payout not yet sent); false is INVALID_STATE. */
  allows?: (withdrawal: Withdrawal) => boolean;
  action: string;
  /** The request that asks for the change (null for the service's own work): its event names it. */
  requestId: string | null;
}

/**
 * A withdrawal's status changes, all through one guarded step: creation, maker-checker
 * approval, the merchant's cancel and the bank's outcomes each ask for a transition here,
 * which checks the status it leaves and writes, in the caller's transaction, the change, its
 * ledger effect, its history row and its webhook event.
 */
export class WithdrawalTransitions {
  constructor(
    private readonly db: DataSource,
    /** Names the sandbox bank in the end-to-end ids of transfers settled by hand. */
    private readonly bankIspb: string,
  ) {}

  /** Runs one guarded transition in its own transaction, with its audit row when an operator acts. */
  changeStatus(
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
      const withdrawal = await this.changeStatusInTransaction(em, scopeCompanyId, id, request);
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
  async changeStatusInTransaction(
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
    if (!request.from.includes(withdrawal.status) || (request.allows && !request.allows(withdrawal)))
      throw withdrawalInvalidState(withdrawal.status, request.action);
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
    await attachQueuePositions(em, [withdrawal]);
    return withdrawal;
  }

  /** The history row and the webhook event of a status change (the first one: from null). */
  async recordTransition(
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
}

/** queue_position: the place among the account's PENDING withdrawals, oldest first, from 1. */
export async function attachQueuePositions(sql: SqlRunner, withdrawals: Withdrawal[]): Promise<void> {
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
