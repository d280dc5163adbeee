import { AppError, invalidState, notFound } from "../core/errors";
import { formatBrl } from "../core/money";

export const refundNotFound = () => notFound("Refund");
export const chargeNotRefundable = (status: string) =>
  invalidState(`Charge is ${status}; only a PAID charge can be refunded`);
export const chargeReserved = () =>
  new AppError("CHARGE_RESERVED", "Charge is held by an operator; it cannot be refunded until released");
export const refundWindowClosed = () =>
  new AppError("REFUND_WINDOW_CLOSED", "Charge was paid more than 90 days ago; it can no longer be refunded");
export const refundExceedsCharge = (remainingCents: bigint) =>
  new AppError(
    "REFUND_EXCEEDS_CHARGE",
    remainingCents === 0n
      ? "Charge is already refunded in full"
      : `amount is above what remains refundable (${formatBrl(remainingCents)})`,
  );
export const refundInsufficientBalance = () =>
  new AppError("INSUFFICIENT_BALANCE", "Balance is below the refund's amount");
export const refundIdempotencyKeyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different refund");
/** An operator's refund request naming the key of a refund made without one (refundCharge). */
export const refundKeyOfDirectRefund = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a refund made without a request");
/** A refund naming the key of an operator's refund request (requestRefund) that made no refund with it. */
export const refundKeyOfRequest = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a refund request");
export const refundNotProcessing = (status: string) =>
  invalidState(`Refund is ${status}; only a PROCESSING refund can change`);

/** docs/refunds.md: an operator's refund above APPROVAL_SECOND_OPERATOR_ABOVE goes through requestRefund. */
export const refundNeedsSecondOperator = () =>
  invalidState(
    "A second operator must confirm this refund (above APPROVAL_SECOND_OPERATOR_ABOVE, or past what you may move alone in the window): request it with requestRefund",
  );
export const refundRequestNotFound = () => notFound("Refund request");
export const ownRefundRequest = () =>
  invalidState("You requested this refund: a second, different operator must confirm it");
