import { AppError, invalidState, notFound } from "../core/errors";

export const recurrenceNotFound = () => notFound("Recurrence");
export const recurrenceIdempotencyKeyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different recurrence");
export const recurrenceInvalidState = (status: string, action: string) =>
  invalidState(`Recurrence is ${status}; cannot ${action}`);
/** auto_charge: one charge a cycle, the schedule's or the merchant's. */
export const recurrenceCycleTaken = (cycle: string) =>
  invalidState(
    `The recurrence's cycle due on ${cycle} already has its charge (auto_charge: one a cycle); cannot charge`,
  );
