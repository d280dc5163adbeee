import type { DataSource } from "typeorm";
import type { Acting } from "../audit";
import { enqueueJob } from "../core/jobs";
import { execute } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { notYetSent } from "./payout-schedule";
import type { RecipientAtBank } from "./recipients";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import {
  BANK_UNAVAILABLE_REASON,
  SUBMIT_TRANSFER_JOB,
  TRANSIENT_RETRY_DELAYS_MS,
  type WithdrawalJobPayload,
} from "./withdrawal-jobs";
import type { TransitionRequest, WithdrawalTransitions } from "./withdrawal-transitions";
import { withdrawalNotFound } from "./withdrawals.errors";

/**
 * What the bank answers about a transfer, applied to its withdrawal: accepted (its
 * end-to-end id), settled, failed, or unavailable for now (retried, then failed). The
 * worker's WithdrawalProcessor calls these from its jobs; in the sandbox an operator may
 * play the bank (simulateWithdrawalOutcome).
 */
export class WithdrawalBankOutcomes {
  constructor(
    private readonly db: DataSource,
    private readonly transitions: WithdrawalTransitions,
  ) {}

  /**
   * The bank accepted the transfer and named it by its end-to-end id, and told who holds the
   * key when it did. Kept once: a second acceptance of the same submission (a retried job)
   * does not rename it; the holder the bank tells replaces the one known before.
   */
  async recordBankAcceptance(id: string, e2eId: string, recipient: RecipientAtBank | null = null): Promise<void> {
    await execute(
      this.db,
      `UPDATE withdrawals SET e2e_id = coalesce(e2e_id, $2), recipient = coalesce($3::jsonb, recipient)
        WHERE id = $1 AND (e2e_id IS NULL OR $3::jsonb IS NOT NULL)`,
      [id, e2eId, recipient === null ? null : JSON.stringify(recipient)],
    );
  }

  /**
   * The bank settled the transfer: PROCESSING -> PAID. A transfer the bank settles without
   * having named it (the sandbox settled by hand) gets its end-to-end id now.
   */
  settleWithdrawal(id: string, actor: string, requestId: string | null = null): Promise<Withdrawal> {
    return this.transitions.changeStatus(null, id, {
      to: WithdrawalStatus.PAID,
      from: [WithdrawalStatus.PROCESSING],
      actor,
      action: "settle",
      requestId,
    });
  }

  /** The bank refused or failed the transfer: PENDING or PROCESSING -> FAILED; the amount returns. */
  failWithdrawal(id: string, reason: string, actor: string, requestId: string | null = null): Promise<Withdrawal> {
    return this.transitions.changeStatus(null, id, {
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
    { audit, requestId }: Acting,
  ): Promise<Withdrawal> {
    const actor = "provider:sandbox (simulated by operator)";
    const request: TransitionRequest =
      outcome === "PAID"
        ? {
            to: WithdrawalStatus.PAID,
            from: [WithdrawalStatus.PROCESSING],
            // The bank cannot have settled a scheduled payout its day has not sent yet.
            allows: (withdrawal) => !notYetSent(withdrawal),
            actor,
            action: "settle",
            requestId,
          }
        : {
            to: WithdrawalStatus.FAILED,
            from: [WithdrawalStatus.PENDING, WithdrawalStatus.PROCESSING],
            actor,
            reason: reason?.trim() || "bank error",
            action: "fail",
            requestId,
          };
    return this.transitions.changeStatus(null, id, request, audit, "withdrawal.simulate_outcome");
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
        return this.transitions.changeStatusInTransaction(em, null, id, {
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
}
