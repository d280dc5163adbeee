import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import { parseIsoDate, startOfSaoPauloDay } from "../billing";
import type { Clock } from "../core/clock";
import { invalidState, validationError } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import { notifyLive } from "../core/live-events";
import type { Cents } from "../core/money";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { lockAccountBalance, type MakerCheckerPolicy, mayMoveAlone } from "../ledger";
import { sendDayReached } from "./payout-schedule";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import { RELEASE_SCHEDULED_JOB, SUBMIT_TRANSFER_JOB, type WithdrawalJobPayload } from "./withdrawal-jobs";
import { attachQueuePositions, type WithdrawalTransitions } from "./withdrawal-transitions";
import { withdrawalInvalidState, withdrawalNotFound } from "./withdrawals.errors";

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

/**
 * The operators' side of a withdrawal (maker-checker): approval, which hands the transfer
 * to the bank once enough different operators approved, and rejection.
 */
export class WithdrawalApprovals {
  constructor(
    private readonly db: DataSource,
    private readonly transitions: WithdrawalTransitions,
    /** APPROVAL_SECOND_OPERATOR_ABOVE and its window: when an approval needs two different operators. */
    private readonly makerChecker: MakerCheckerPolicy,
    private readonly clock: Clock,
  ) {}

  /** Whether maker-checker is on (APPROVAL_SECOND_OPERATOR_ABOVE set). */
  get makerCheckerOn(): boolean {
    return this.makerChecker.aboveCents !== null;
  }

  /**
   * How many different operators must approve this withdrawal: 2 above the threshold, and
   * 2 once a first approval did not suffice (the approver's window was spent, or they
   * created it on the merchant's behalf); else 1.
   */
  approvalsRequired(amountCents: Cents, status: WithdrawalStatus, approvals: number): number {
    const above = this.makerChecker.aboveCents;
    if (above === null) return 1;
    if (amountCents > above) return 2;
    return status === WithdrawalStatus.PENDING && approvals >= 1 ? 2 : Math.max(1, approvals);
  }

  /**
   * Whether a withdrawal created now may skip the operators (the account's auto-approve
   * limit). With maker-checker on, never above the threshold and never when an operator
   * created it on the merchant's behalf: that operator must not be its only approver.
   */
  mayAutoApprove(amountCents: Cents, creator: string): boolean {
    const above = this.makerChecker.aboveCents;
    if (above === null) return true;
    return amountCents <= above && !creator.startsWith("operator:");
  }

  /**
   * mayAutoApprove, and the account's auto-approvals counted as one lone approver's are:
   * what was auto-approved on the account in the maker-checker window, with this amount,
   * stays at or under the threshold (so many withdrawals under the limit cannot take out
   * what one above it could not). The caller holds the account's row lock: two creations
   * on one account are counted one after the other.
   */
  async mayAutoApproveOnAccount(
    em: EntityManager,
    companyId: string,
    amountCents: Cents,
    creator: string,
  ): Promise<boolean> {
    if (!this.mayAutoApprove(amountCents, creator)) return false;
    const { aboveCents, windowHours } = this.makerChecker;
    if (aboveCents === null || windowHours === 0) return true;
    const [row] = await queryRows<{ cents: string }>(
      em,
      `SELECT coalesce(sum(amount_cents), 0) AS cents FROM withdrawals
        WHERE company_id = $1 AND initial_status = 'PROCESSING' AND status IN ('PROCESSING', 'PAID', 'FAILED')
          AND created_at > now() - make_interval(hours => $2)`,
      [companyId, windowHours],
    );
    return BigInt(row.cents) + amountCents <= aboveCents;
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
   * Which of these withdrawals an operator rejected (rejectWithdrawal), told apart from a
   * cancellation (cancelWithdrawal, by the merchant or an operator) by the audit row the
   * rejection writes in its transaction: both end CANCELLED with a reason.
   */
  async rejectedAmong(withdrawalIds: string[]): Promise<Map<string, boolean>> {
    const rows = await queryRows<{ object_id: string }>(
      this.db,
      `SELECT DISTINCT object_id FROM audit_log
        WHERE object_type = 'withdrawal' AND object_id = ANY($1) AND action = 'withdrawal.reject'`,
      [withdrawalIds],
    );
    const rejected = new Set(rows.map((row) => row.object_id));
    return new Map(withdrawalIds.map((id) => [id, rejected.has(id)]));
  }

  /**
   * An operator's approval. Each operator's approval is recorded (one per operator);
   * when the withdrawal has enough it goes PENDING -> PROCESSING and the transfer is handed
   * to the bank; before that it stays PENDING. With maker-checker on, one approver is
   * enough only when the amount plus what they moved alone on the account in the window
   * stays at or under APPROVAL_SECOND_OPERATOR_ABOVE and they did not create the withdrawal
   * themselves (on the merchant's behalf); else a second, different operator must approve.
   * Under the withdrawal's row lock, so concurrent approvals make exactly one transition,
   * then the account's (the order every withdrawal transition takes), so one operator's
   * concurrent approvals on one account are counted one after the other.
   */
  approveWithdrawal(id: string, { actor, audit, requestId }: Acting): Promise<Withdrawal> {
    return runTransaction(this.db, async (em) => {
      const withdrawal = await em
        .getRepository(Withdrawal)
        .findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!withdrawal) throw withdrawalNotFound();
      if (withdrawal.status !== WithdrawalStatus.PENDING) throw withdrawalInvalidState(withdrawal.status, "approve");
      if (this.makerCheckerOn) await lockAccountBalance(em, withdrawal.companyId);
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
      const enough = approvals >= 2 || (approvals === 1 && (await this.mayApproveAlone(em, withdrawal, actor)));
      // The same operator again counts once: it cannot make up the second pair of eyes.
      if (inserted.length === 0 && !enough) throw secondOperatorNeeded();
      const approvalsBefore = approvals - inserted.length;
      const before = {
        status: withdrawal.status,
        approvals: approvalsBefore,
        approvalsRequired: this.approvalsRequired(withdrawal.amountCents, withdrawal.status, approvalsBefore),
      };
      let result: Withdrawal;
      if (!enough) {
        await attachQueuePositions(em, [withdrawal]);
        // No status change, no webhook: the open approval queues are told all the same.
        await notifyLive(em, {
          id: `${id}.approval.${approvals}`,
          type: "withdrawal.approval",
          companyId: withdrawal.companyId,
          resourceId: id,
        });
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
        after: {
          status: result.status,
          approvals,
          approvalsRequired: this.approvalsRequired(withdrawal.amountCents, result.status, approvals),
        },
      });
      return result;
    });
  }

  /**
   * Whether this operator's approval, the only one, is enough (the caller holds the
   * withdrawal's and, with maker-checker on, the account's row locks).
   */
  private async mayApproveAlone(em: EntityManager, withdrawal: Withdrawal, actor: string): Promise<boolean> {
    if (!this.makerCheckerOn) return true;
    const [created] = await queryRows<{ actor: string }>(
      em,
      "SELECT actor FROM withdrawal_transitions WHERE withdrawal_id = $1 AND from_status IS NULL",
      [withdrawal.id],
    );
    if (created?.actor === actor) return false;
    return mayMoveAlone(em, this.makerChecker, actor, withdrawal.companyId, withdrawal.amountCents);
  }

  /**
   * The submission job is queued in the approval's transaction: approved means sent, even
   * after a crash. It carries the approval's request id, which the bank's outcome then names.
   * A scheduled payout whose day has not begun gets its day's job instead (RELEASE_SCHEDULED_JOB);
   * one whose day has come is released here, at once.
   */
  async approveInTransaction(
    em: EntityManager,
    id: string,
    actor: string,
    requestId: string | null,
  ): Promise<Withdrawal> {
    const withdrawal = await this.transitions.changeStatusInTransaction(em, null, id, {
      to: WithdrawalStatus.PROCESSING,
      from: [WithdrawalStatus.PENDING],
      actor,
      action: "approve",
      requestId,
    });
    const payload: WithdrawalJobPayload = { withdrawalId: withdrawal.id, requestId };
    if (withdrawal.sendsOn !== null) {
      const now = this.clock.now();
      if (!sendDayReached(withdrawal.sendsOn, now)) {
        await enqueueScheduledRelease(em, withdrawal.sendsOn, payload);
        return withdrawal;
      }
      withdrawal.releasedAt = now;
      await em.query("UPDATE withdrawals SET released_at = $2 WHERE id = $1", [withdrawal.id, now]);
    }
    await enqueueJob(em, SUBMIT_TRANSFER_JOB, { ...payload });
    return withdrawal;
  }

  /** Operator rejection: PENDING -> CANCELLED with the operator's reason; the amount returns. */
  rejectWithdrawal(id: string, reason: string, { actor, audit, requestId }: Acting): Promise<Withdrawal> {
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text.length === 0) throw validationError("reason is required to reject a withdrawal");
    return this.transitions.changeStatus(
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
}

/** The day's job of a scheduled payout, at the start of its send day in São Paulo; one per withdrawal. */
export function enqueueScheduledRelease(
  em: EntityManager,
  sendsOn: string,
  payload: WithdrawalJobPayload,
): Promise<void> {
  return enqueueJob(
    em,
    RELEASE_SCHEDULED_JOB,
    { ...payload },
    {
      runAt: startOfSaoPauloDay(parseIsoDate(sendsOn) as number),
      jobKey: `${RELEASE_SCHEDULED_JOB}:${payload.withdrawalId}`,
    },
  );
}
