import { type DayNumber, isBusinessDay } from "../billing";
import { RecurrenceRetryPolicy } from "./recurrence.entity";

/** THREE_IN_SEVEN_DAYS (the API Pix PERMITE_3R_7D): retries after the due date's attempt, at most... */
export const MAX_RETRIES = 3;
/** ...all within this many days after the due date. */
export const RETRY_WINDOW_DAYS = 7;

/**
 * The day of the next debit attempt after attempt `failedAttempt` (1 is the due date's) was
 * refused on `failedOn`, or null when none is left: the first business day after the day it
 * failed (never twice a day), at most MAX_RETRIES retries, none later than RETRY_WINDOW_DAYS
 * after the due date.
 */
export function nextRetryDay(
  policy: RecurrenceRetryPolicy,
  dueDate: DayNumber,
  failedAttempt: number,
  failedOn: DayNumber,
): DayNumber | null {
  if (policy !== RecurrenceRetryPolicy.THREE_IN_SEVEN_DAYS || failedAttempt > MAX_RETRIES) return null;
  for (let day = Math.max(failedOn, dueDate) + 1; day <= dueDate + RETRY_WINDOW_DAYS; day += 1) {
    if (isBusinessDay(day)) return day;
  }
  return null;
}
