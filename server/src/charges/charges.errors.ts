import { AppError, invalidState, notFound } from "../core/errors";

export const chargeNotFound = () => notFound("Charge");
export const chargeNotPending = (status: string) =>
  invalidState(`Charge is ${status}; only a PENDING charge can change`);
export const chargeExpired = () => invalidState("Charge has expired; it can no longer be paid");
export const chargeIdempotencyKeyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different charge");
export const externalReferenceTaken = (reference: string) =>
  new AppError("EXTERNAL_REFERENCE_TAKEN", `external_reference ${reference} already names a charge of this account`);
/** A recurrence has one charge (not cancelled) due on a day (CONTRACT §12: one debit a cycle). */
export const recurringChargeDueTaken = (dueDate: string, chargeId: string) =>
  invalidState(`A charge of the recurrence is already due on ${dueDate} (${chargeId}); cannot charge`);
