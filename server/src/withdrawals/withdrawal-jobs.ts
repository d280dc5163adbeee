/** Background tasks of the withdrawal lifecycle (graphile-worker task names and payloads). */
export const SUBMIT_TRANSFER_JOB = "withdrawal_submit_transfer";
export const SETTLE_TRANSFER_JOB = "withdrawal_settle_transfer";
/** Hands an approved scheduled payout to the bank on its day (CONTRACT §15). */
export const RELEASE_SCHEDULED_JOB = "withdrawal_release_scheduled";

/** CONTRACT §3: a transient bank error is retried after 1, 2 and 4 seconds, then FAILED. */
export const TRANSIENT_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const BANK_UNAVAILABLE_REASON = "bank unavailable";

export interface WithdrawalJobPayload {
  withdrawalId: string;
  /** The request that caused the job (an approval): the events the job writes name it. */
  requestId: string | null;
}

export function readWithdrawalJobPayload(payload: unknown): WithdrawalJobPayload {
  const { withdrawalId, requestId } = (payload ?? {}) as { withdrawalId?: unknown; requestId?: unknown };
  if (typeof withdrawalId !== "string") throw new Error("withdrawal job without withdrawalId");
  return { withdrawalId, requestId: typeof requestId === "string" ? requestId : null };
}
