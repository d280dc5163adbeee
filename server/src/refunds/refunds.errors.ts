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
export const refundNotProcessing = (status: string) =>
  invalidState(`Refund is ${status}; only a PROCESSING refund can change`);
