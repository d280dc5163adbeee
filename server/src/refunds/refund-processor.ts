import type { DataSource } from "typeorm";
import { AppError } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import type { Logger } from "../core/logger";
import { type PixProvider, ProviderUnavailableError, type RefundAtBank } from "../provider/pix-provider";
import { CHECK_REFUND_JOB, type RefundJobPayload, SETTLE_REFUND_JOB, SUBMIT_REFUND_JOB } from "./refund-jobs";
import { BANK_UNAVAILABLE_REASON, type RefundsService } from "./refunds.service";

/** A decision that lost to another one (a notification, a simulated outcome) is not an error here. */
function lostTheRace(error: unknown): boolean {
  return error instanceof AppError && error.code === "INVALID_STATE";
}

const tolerateRace = (error: unknown) => {
  if (!lostTheRace(error)) throw error;
};

/**
 * The worker's half of a refund's life: sends the devolução to the bank and applies what
 * the bank answers. Runs from durable jobs, so a crash only delays it; the bank is called
 * outside any transaction, and every call names the devolução by the refund's own id, so a
 * job run twice (a worker killed between the call and its record) cannot return twice.
 */
export class RefundProcessor {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    private readonly refunds: RefundsService,
    private readonly logger: Logger,
  ) {}

  /** Sends the devolução of a PROCESSING refund; a decided one is left alone. */
  async submitRefund({ refundId, requestId }: RefundJobPayload): Promise<void> {
    const order = await this.refunds.refundOrder(refundId);
    if (!order) return;
    let state: RefundAtBank;
    try {
      state = await this.provider.sendRefund(order);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error; // the job queue retries it
      this.logger.warn("bank unavailable; devolução will be retried", { refundId, requestId });
      if ((await this.refunds.recordTransientBankFailure(refundId, requestId)) !== "spent") return;
      // Retries spent. A call that timed out may still have reached the bank: ask before failing.
      const known = await this.provider.readRefund(order).catch((readError) => {
        if (readError instanceof ProviderUnavailableError) return null;
        throw readError;
      });
      if (known) return this.applyBankState(refundId, known, requestId);
      await this.refunds.failRefund(refundId, BANK_UNAVAILABLE_REASON, "provider", requestId).catch(tolerateRace);
      return;
    }
    await this.applyBankState(refundId, state, requestId);
  }

  /** The sandbox bank returns the money when its delay is over. */
  async settleRefund({ refundId, requestId }: RefundJobPayload): Promise<void> {
    await this.refunds.settleRefund(refundId, null, null, "provider", requestId).catch(tolerateRace);
  }

  /**
   * No notification decided the refund: read the devolução back. Still in progress, the
   * next read-back is queued (after the provider's next delay); unknown to the bank, it is
   * sent again (the same id: it cannot return twice); decided, it is applied.
   */
  async checkRefundOutcome({ refundId, requestId, check = 0 }: RefundJobPayload): Promise<void> {
    const order = await this.refunds.refundOrder(refundId);
    if (!order) return;
    let state: RefundAtBank | null;
    try {
      state = await this.provider.readRefund(order);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      state = { status: "PROCESSING", returnId: null, settleAfterMs: null };
    }
    if (state === null) {
      await enqueueJob(this.db, SUBMIT_REFUND_JOB, { refundId, requestId });
      return;
    }
    if (state.status === "PROCESSING") {
      await this.refunds.recordBankAcceptance(refundId, state.returnId);
      await this.queueCheck(refundId, requestId, check + 1);
      return;
    }
    await this.applyBankState(refundId, state, requestId);
  }

  private async applyBankState(refundId: string, state: RefundAtBank, requestId: string | null): Promise<void> {
    switch (state.status) {
      case "PROCESSING":
        await this.refunds.recordBankAcceptance(refundId, state.returnId);
        if (state.settleAfterMs !== null) {
          await enqueueJob(
            this.db,
            SETTLE_REFUND_JOB,
            { refundId, requestId },
            { runAt: new Date(Date.now() + state.settleAfterMs) },
          );
        } else {
          await this.queueCheck(refundId, requestId, 0);
        }
        return;
      case "RETURNED":
        await this.refunds
          .settleRefund(refundId, state.returnId, state.returnedAt, "provider", requestId)
          .catch(tolerateRace);
        return;
      case "REFUSED":
        await this.refunds.failRefund(refundId, state.reason, "provider", requestId).catch(tolerateRace);
        return;
    }
  }

  /** Queues read-back number `check` when the provider asks for one (the sandbox asks for none). */
  private async queueCheck(refundId: string, requestId: string | null, check: number): Promise<void> {
    const delayMs = this.provider.outcomeCheckDelaysMs[check];
    if (delayMs === undefined) return;
    await enqueueJob(
      this.db,
      CHECK_REFUND_JOB,
      { refundId, requestId, check },
      { runAt: new Date(Date.now() + delayMs), jobKey: `refund-check:${refundId}` },
    );
  }
}
