import type { DataSource } from "typeorm";
import type { Clock } from "../core/clock";
import { AppError } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import type { Logger } from "../core/logger";
import { runTransaction } from "../core/transactions";
import {
  isSandbox,
  type PixProvider,
  ProviderUnavailableError,
  type TransferAtBank,
  type TransferOrder,
} from "../provider";
import { notYetSent, sendDayReached } from "./payout-schedule";
import { transferOrderOf } from "./transfer-order";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import { enqueueScheduledRelease } from "./withdrawal-approvals";
import type { WithdrawalBankOutcomes } from "./withdrawal-bank-outcomes";
import {
  SETTLE_TRANSFER_JOB,
  SUBMIT_TRANSFER_JOB,
  TRANSIENT_RETRY_DELAYS_MS,
  type WithdrawalJobPayload,
} from "./withdrawal-jobs";

/** A transition that lost to another one (a cancel, a simulated outcome) is not an error here. */
function lostTheRace(error: unknown): boolean {
  return error instanceof AppError && error.code === "INVALID_STATE";
}

/**
 * The worker's half of the lifecycle: hands approved withdrawals to the bank and applies
 * what the bank answers. Runs from durable jobs, so a crash only delays it.
 */
export class WithdrawalProcessor {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    private readonly outcomes: WithdrawalBankOutcomes,
    private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /**
   * Submits a PROCESSING withdrawal. The bank call happens outside any transaction (no
   * row lock held across the network); what it answers is applied by a guarded transition,
   * so a withdrawal cancelled or failed meanwhile stays as it is. The withdrawal reference
   * travels with the order: a real provider uses it to refuse a duplicate submission.
   */
  async submitTransfer({ withdrawalId, requestId }: WithdrawalJobPayload): Promise<void> {
    const withdrawal = await this.db.getRepository(Withdrawal).findOneBy({ id: withdrawalId });
    if (!withdrawal || withdrawal.status !== WithdrawalStatus.PROCESSING) return;
    // A scheduled payout reaches the bank only through its day's job (releaseScheduledPayout).
    if (notYetSent(withdrawal)) {
      this.logger.warn("submission skipped: a scheduled payout not released yet", { withdrawalId, requestId });
      return;
    }
    const order = transferOrderOf(withdrawal);
    let submission: Awaited<ReturnType<PixProvider["sendTransfer"]>>;
    try {
      submission = await this.provider.sendTransfer(order);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error; // the job queue retries it
      if (
        withdrawal.retryCount >= TRANSIENT_RETRY_DELAYS_MS.length &&
        (await this.decidedByReadingBack(order, requestId))
      ) {
        return;
      }
      this.logger.warn("bank unavailable; transfer will be retried", { withdrawalId, requestId });
      await this.outcomes.recordTransientBankFailure(withdrawalId, requestId);
      return;
    }
    if (submission.outcome === "refused") {
      await this.outcomes.failWithdrawal(withdrawalId, submission.reason, "provider", requestId).catch((error) => {
        if (!lostTheRace(error)) throw error;
      });
      return;
    }
    await this.outcomes.recordBankAcceptance(withdrawalId, submission.endToEndId, submission.recipient);
    if (submission.settleAfterMs !== null) {
      const payload: WithdrawalJobPayload = { withdrawalId, requestId };
      await enqueueJob(
        this.db,
        SETTLE_TRANSFER_JOB,
        { ...payload },
        {
          runAt: new Date(Date.now() + submission.settleAfterMs),
        },
      );
    }
  }

  /**
   * A scheduled payout's day: under the withdrawal's row lock (the one a cancel takes), an
   * approved payout not yet released is marked released and its submission queued, in one
   * transaction, so however many workers run this job only one submission is queued. Run
   * early (a clock ahead of this one), it waits for the day again.
   */
  async releaseScheduledPayout({ withdrawalId, requestId }: WithdrawalJobPayload): Promise<void> {
    await runTransaction(this.db, async (em) => {
      const withdrawal = await em
        .getRepository(Withdrawal)
        .findOne({ where: { id: withdrawalId }, lock: { mode: "for_no_key_update" } });
      if (!withdrawal || withdrawal.status !== WithdrawalStatus.PROCESSING || !notYetSent(withdrawal)) return;
      const sendsOn = withdrawal.sendsOn as string;
      const now = this.clock.now();
      const payload: WithdrawalJobPayload = { withdrawalId, requestId };
      if (!sendDayReached(sendsOn, now)) {
        await enqueueScheduledRelease(em, sendsOn, payload);
        return;
      }
      await em.query("UPDATE withdrawals SET released_at = $2 WHERE id = $1", [withdrawalId, now]);
      await enqueueJob(em, SUBMIT_TRANSFER_JOB, { ...payload });
    });
  }

  /**
   * Before the last transient failure turns a withdrawal FAILED: a timeout may have hidden a
   * transfer the bank took. What the bank has decides; true when nothing is left to do here.
   * A bank that cannot be read either is trusted to have nothing only when it reports every
   * outcome itself (the sandbox); for a real PSP (outcomes read back later) the withdrawal
   * stays PROCESSING and the provider's reconciliation reads it back.
   */
  private async decidedByReadingBack(order: TransferOrder, requestId: string | null): Promise<boolean> {
    let state: TransferAtBank | null;
    try {
      state = await this.provider.readTransfer(order);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError) || this.provider.outcomeCheckDelaysMs.length === 0) return false;
      this.logger.warn("bank unavailable, outcome unknown: the withdrawal stays PROCESSING until read back", {
        withdrawalId: order.withdrawalId,
        requestId,
      });
      return true;
    }
    if (state === null) return false; // the bank never took it: failing it is safe
    const ignoreLostRace = (error: unknown) => {
      if (!lostTheRace(error)) throw error;
    };
    if (state.status === "FAILED") {
      await this.outcomes.failWithdrawal(order.withdrawalId, state.reason, "provider", requestId).catch(ignoreLostRace);
      return true;
    }
    if (state.endToEndId)
      await this.outcomes.recordBankAcceptance(order.withdrawalId, state.endToEndId, state.recipient ?? null);
    if (state.status === "PAID") {
      await this.outcomes.settleWithdrawal(order.withdrawalId, "provider", requestId).catch(ignoreLostRace);
    }
    return true;
  }

  /**
   * The sandbox bank settles an accepted transfer when its delay is over. Only the sandbox:
   * a job left from a sandbox run never pays a withdrawal once a real bank is configured.
   */
  async settleTransfer({ withdrawalId, requestId }: WithdrawalJobPayload): Promise<void> {
    if (!isSandbox(this.provider)) {
      this.logger.warn("sandbox settlement skipped: the provider is a real bank", { withdrawalId, requestId });
      return;
    }
    await this.outcomes.settleWithdrawal(withdrawalId, "provider", requestId).catch((error) => {
      if (!lostTheRace(error)) throw error;
    });
  }
}
