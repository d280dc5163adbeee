import type { DataSource } from "typeorm";
import { AppError } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import type { Logger } from "../core/logger";
import { isSandbox, type PixProvider, ProviderUnavailableError, type RefundAtBank } from "../provider";
import {
  CHECK_REFUND_JOB,
  type ReturnJobPayload,
  type ReturnSubject,
  returnJobPayload,
  SETTLE_REFUND_JOB,
  SUBMIT_REFUND_JOB,
} from "./refund-jobs";
import type { ReturnBook } from "./return-book";

/** The failure reason when the bank stayed unavailable through every retry. */
export const BANK_UNAVAILABLE_REASON = "bank unavailable";

/** A decision that lost to another one (a notification, a simulated outcome) is not an error here. */
const tolerateRace = (error: unknown) => {
  if (!(error instanceof AppError && error.code === "INVALID_STATE")) throw error;
};

/**
 * The worker's half of a devolução's life, for refunds and returned payment exceptions
 * alike: sends it to the bank and applies what the bank answers. Runs from durable jobs,
 * so a crash only delays it; the bank is called outside any transaction, and every call
 * names the devolução by an id derived from its owner, so a job run twice (a worker killed
 * between the call and its record) cannot return the money twice.
 */
export class ReturnProcessor {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PixProvider,
    private readonly books: Record<ReturnSubject, ReturnBook>,
    private readonly logger: Logger,
  ) {}

  /** Sends a PROCESSING devolução; a decided one is left alone. */
  async submitReturn({ subject, id, requestId }: ReturnJobPayload): Promise<void> {
    const book = this.books[subject];
    const order = await book.returnOrder(id);
    if (!order) return;
    let state: RefundAtBank;
    try {
      state = await this.provider.sendRefund(order);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error; // the job queue retries it
      this.logger.warn("bank unavailable; devolução will be retried", { subject, id, requestId });
      if ((await book.recordTransientBankFailure(id, requestId)) !== "spent") return;
      // Retries spent. A call that timed out may still have reached the bank: ask before failing.
      const known = await this.provider.readRefund(order).catch((readError) => {
        if (readError instanceof ProviderUnavailableError) return null;
        throw readError;
      });
      if (known) return this.applyBankState(subject, id, known, requestId);
      await book.failReturn(id, BANK_UNAVAILABLE_REASON, "provider", requestId).catch(tolerateRace);
      return;
    }
    await this.applyBankState(subject, id, state, requestId);
  }

  /**
   * The sandbox bank returns the money when its delay is over. Only the sandbox: a job left
   * from a sandbox run never settles a devolução once a real bank is configured.
   */
  async settleReturn({ subject, id, requestId }: ReturnJobPayload): Promise<void> {
    if (!isSandbox(this.provider)) {
      this.logger.warn("sandbox settlement skipped: the provider is a real bank", { subject, id, requestId });
      return;
    }
    await this.books[subject].settleReturn(id, null, null, "provider", requestId).catch(tolerateRace);
  }

  /**
   * No notification decided the devolução: read it back. Still in progress, the next
   * read-back is queued (after the provider's next delay); unknown to the bank, it is sent
   * again (the same id: it cannot return twice); decided, it is applied.
   */
  async checkReturnOutcome({ subject, id, requestId, check = 0 }: ReturnJobPayload): Promise<void> {
    const order = await this.books[subject].returnOrder(id);
    if (!order) return;
    let state: RefundAtBank | null;
    try {
      state = await this.provider.readRefund(order);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      state = { status: "PROCESSING", returnId: null, settleAfterMs: null };
    }
    if (state === null) {
      await enqueueJob(this.db, SUBMIT_REFUND_JOB, returnJobPayload({ subject, id, requestId }));
      return;
    }
    if (state.status === "PROCESSING") {
      await this.books[subject].recordBankAcceptance(id, state.returnId);
      await this.queueCheck(subject, id, requestId, check + 1);
      return;
    }
    await this.applyBankState(subject, id, state, requestId);
  }

  private async applyBankState(
    subject: ReturnSubject,
    id: string,
    state: RefundAtBank,
    requestId: string | null,
  ): Promise<void> {
    const book = this.books[subject];
    switch (state.status) {
      case "PROCESSING":
        await book.recordBankAcceptance(id, state.returnId);
        if (state.settleAfterMs !== null) {
          await enqueueJob(this.db, SETTLE_REFUND_JOB, returnJobPayload({ subject, id, requestId }), {
            runAt: new Date(Date.now() + state.settleAfterMs),
          });
        } else {
          await this.queueCheck(subject, id, requestId, 0);
        }
        return;
      case "RETURNED":
        await book.settleReturn(id, state.returnId, state.returnedAt, "provider", requestId).catch(tolerateRace);
        return;
      case "REFUSED":
        await book.failReturn(id, state.reason, "provider", requestId).catch(tolerateRace);
        return;
    }
  }

  /** Queues read-back number `check` when the provider asks for one (the sandbox asks for none). */
  private async queueCheck(subject: ReturnSubject, id: string, requestId: string | null, check: number) {
    const delayMs = this.provider.outcomeCheckDelaysMs[check];
    if (delayMs === undefined) return;
    await enqueueJob(this.db, CHECK_REFUND_JOB, returnJobPayload({ subject, id, requestId, check }), {
      runAt: new Date(Date.now() + delayMs),
      jobKey: `return-check:${subject}:${id}`,
    });
  }
}
