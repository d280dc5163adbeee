import { AppError, invalidState, notFound } from "../core/errors";

export const recurrenceNotFound = () => notFound("Recurrence");
export const recurrenceIdempotencyKeyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different recurrence");
export const recurrenceInvalidState = (status: string, action: string) =>
  invalidState(`Recurrence is ${status}; cannot ${action}`);
