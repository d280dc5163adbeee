import { type DayNumber, isoDate, nextBusinessDay, parseIsoDate, saoPauloDay } from "../billing";
import { validationError } from "../core/errors";

/** CONTRACT §15: `scheduled_for` is today up to 60 days ahead, days in America/Sao_Paulo. */
export const MAX_DAYS_TO_SCHEDULED_PAYOUT = 60;

export interface PayoutSchedule {
  /** The day the merchant asked for (YYYY-MM-DD). */
  scheduledFor: string;
  /** The day it is sent: that day, or the next business day when it is a weekend or a banking holiday. */
  sendsOn: string;
}

/** A checked `scheduled_for` and the day it goes to the bank; null when not given. */
export function checkScheduledFor(value: unknown, now: Date): PayoutSchedule | null {
  if (value == null) return null;
  const day = typeof value === "string" ? parseIsoDate(value) : null;
  if (day === null) throw validationError("scheduled_for must be a date YYYY-MM-DD");
  const today = saoPauloDay(now);
  if (day < today) throw validationError(`scheduled_for must be today (${isoDate(today)}) or later`);
  if (day > today + MAX_DAYS_TO_SCHEDULED_PAYOUT)
    throw validationError(`scheduled_for must be at most ${MAX_DAYS_TO_SCHEDULED_PAYOUT} days ahead`);
  return { scheduledFor: isoDate(day), sendsOn: isoDate(nextBusinessDay(day)) };
}

/** Whether a withdrawal to be sent on that day may go to the bank now (its day has begun in São Paulo). */
export function sendDayReached(sendsOn: string, now: Date): boolean {
  return saoPauloDay(now) >= (parseIsoDate(sendsOn) as DayNumber);
}

/** A scheduled payout the day's job has not handed to the bank yet (approved or not): it can still be cancelled. */
export function notYetSent(withdrawal: { sendsOn: string | null; releasedAt: Date | null }): boolean {
  return withdrawal.sendsOn !== null && withdrawal.releasedAt === null;
}
