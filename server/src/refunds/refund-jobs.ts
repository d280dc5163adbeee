/**
 * Background tasks of a devolução's life (graphile-worker task names and payloads), for
 * both things the service returns to a payer: a refund of a charge, and a payment exception
 * (money received but never credited) returned whole.
 */
export const SUBMIT_REFUND_JOB = "refund_submit";
/** The sandbox bank returns the money when SANDBOX_SETTLE_MS is over. */
export const SETTLE_REFUND_JOB = "refund_settle";
/** A real bank's outcome never arrived: read the devolução back. */
export const CHECK_REFUND_JOB = "refund_check_outcome";

/** As withdrawals' (CONTRACT §3): a transient bank error is retried after 1, 2 and 4 seconds. */
export const TRANSIENT_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/** What is returned: a refund (`rf_…`) or a payment exception (`pex_…`). */
export type ReturnSubject = "refund" | "exception";

export interface ReturnJobPayload {
  subject: ReturnSubject;
  id: string;
  /** The request that caused the job: the events the job writes name it. */
  requestId: string | null;
  /** CHECK_REFUND_JOB: which of the provider's outcomeCheckDelaysMs this read-back is (from 0). */
  check?: number;
}

/** The job's JSON: `refundId` or `exceptionId` names the subject. */
export function returnJobPayload(payload: ReturnJobPayload): Record<string, unknown> {
  const { subject, id, ...rest } = payload;
  return { [subject === "refund" ? "refundId" : "exceptionId"]: id, ...rest };
}

export function readReturnJobPayload(payload: unknown): ReturnJobPayload {
  const { refundId, exceptionId, requestId, check } = (payload ?? {}) as Record<string, unknown>;
  const requested = typeof requestId === "string" ? requestId : null;
  const checkNumber = typeof check === "number" && Number.isInteger(check) && check >= 0 ? check : 0;
  if (typeof refundId === "string")
    return { subject: "refund", id: refundId, requestId: requested, check: checkNumber };
  if (typeof exceptionId === "string")
    return { subject: "exception", id: exceptionId, requestId: requested, check: checkNumber };
  throw new Error("devolução job without refundId or exceptionId");
}
