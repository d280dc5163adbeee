import type { DataSource } from "typeorm";
import { AppError } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import type { Logger } from "../core/logger";
import { type PixProvider, ProviderUnavailableError } from "../provider/pix-provider";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import type { WithdrawalBankOutcomes } from "./withdrawal-bank-outcomes";
import { SETTLE_TRANSFER_JOB, type WithdrawalJobPayload } from "./withdrawal-jobs";

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
    let submission: Awaited<ReturnType<PixProvider["sendTransfer"]>>;
    try {
      submission = await this.provider.sendTransfer({
        withdrawalId,
        reference: withdrawal.reference,
        amountCents: withdrawal.amountCents,
        pixKeyType: withdrawal.pixKeyType,
        pixKey: withdrawal.pixKey,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error; // the job queue retries it
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
    await this.outcomes.recordBankAcceptance(withdrawalId, submission.endToEndId);
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

  /** The sandbox bank settles an accepted transfer when its delay is over. */
  async settleTransfer({ withdrawalId, requestId }: WithdrawalJobPayload): Promise<void> {
    await this.outcomes.settleWithdrawal(withdrawalId, "provider", requestId).catch((error) => {
      if (!lostTheRace(error)) throw error;
    });
  }
}
