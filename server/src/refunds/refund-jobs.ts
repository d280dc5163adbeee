/** Background tasks of the refund lifecycle (graphile-worker task names and payloads). */
export const SUBMIT_REFUND_JOB = "refund_submit";
/** The sandbox bank returns the money when SANDBOX_SETTLE_MS is over. */
export const SETTLE_REFUND_JOB = "refund_settle";
/** A real bank's outcome never arrived: read the devolução back. */
export const CHECK_REFUND_JOB = "refund_check_outcome";

/** As withdrawals' (CONTRACT §3): a transient bank error is retried after 1, 2 and 4 seconds. */
export const TRANSIENT_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

export interface RefundJobPayload {
  refundId: string;
  /** The request that caused the job (the refund's creation): the events the job writes name it. */
  requestId: string | null;
  /** CHECK_REFUND_JOB: which of the provider's outcomeCheckDelaysMs this read-back is (from 0). */
  check?: number;
}

export function readRefundJobPayload(payload: unknown): RefundJobPayload {
  const { refundId, requestId, check } = (payload ?? {}) as {
    refundId?: unknown;
    requestId?: unknown;
    check?: unknown;
  };
  if (typeof refundId !== "string") throw new Error("refund job without refundId");
  return {
    refundId,
    requestId: typeof requestId === "string" ? requestId : null,
    check: typeof check === "number" && Number.isInteger(check) && check >= 0 ? check : 0,
  };
}
