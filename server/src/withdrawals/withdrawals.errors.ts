import { AppError, invalidState, notFound } from "../core/errors";

export const withdrawalNotFound = () => notFound("Withdrawal");
export const insufficientBalance = () =>
  new AppError("INSUFFICIENT_BALANCE", "Insufficient balance for this withdrawal");
export const withdrawalIdempotencyKeyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different withdrawal");
export const withdrawalInvalidState = (status: string, action: string) =>
  invalidState(`Withdrawal is ${status}; cannot ${action}`);
