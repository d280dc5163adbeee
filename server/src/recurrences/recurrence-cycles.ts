import { type DayNumber, dayOf, isoDate } from "../billing";
import { RecurrenceFrequency } from "./recurrence.entity";

const MONTHS: Record<Exclude<RecurrenceFrequency, RecurrenceFrequency.WEEKLY>, number> = {
  [RecurrenceFrequency.MONTHLY]: 1,
  [RecurrenceFrequency.QUARTERLY]: 3,
  [RecurrenceFrequency.SEMIANNUAL]: 6,
  [RecurrenceFrequency.ANNUAL]: 12,
};

/**
 * The due date of cycle `n` (0 is the start date's): weekly every 7 days; the others on the
 * start date's day of the month, or the month's last day when it has fewer days (a start on
 * 31 Jan is due 28 Feb, then 31 Mar: each cycle is counted from the start, never from the
 * previous cycle).
 */
export function cycleDueDate(start: DayNumber, frequency: RecurrenceFrequency, n: number): DayNumber {
  if (frequency === RecurrenceFrequency.WEEKLY) return start + 7 * n;
  const [year, month, day] = isoDate(start).split("-").map(Number);
  const months = month - 1 + MONTHS[frequency] * n;
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = (months % 12) + 1;
  const lastDay = dayOf(targetYear, targetMonth + 1, 1) - dayOf(targetYear, targetMonth, 1);
  return dayOf(targetYear, targetMonth, Math.min(day, lastDay));
}

/** The first cycle due on or after `day` and not after `end` (null: none left). */
export function firstCycleFrom(
  start: DayNumber,
  frequency: RecurrenceFrequency,
  day: DayNumber,
  end: DayNumber | null,
): DayNumber | null {
  // A first guess from the average cycle, then forward: at most a few steps.
  const average = frequency === RecurrenceFrequency.WEEKLY ? 7 : 30.4 * MONTHS[frequency];
  let n = Math.max(0, Math.floor((day - start) / average) - 1);
  let due = cycleDueDate(start, frequency, n);
  while (due < day) {
    n += 1;
    due = cycleDueDate(start, frequency, n);
  }
  return end !== null && due > end ? null : due;
}

/** The cycle a day falls in: the last cycle due on or before it (the first cycle for a day before the start). */
export function cycleOf(start: DayNumber, frequency: RecurrenceFrequency, day: DayNumber): DayNumber {
  const average = frequency === RecurrenceFrequency.WEEKLY ? 7 : 30.4 * MONTHS[frequency];
  // A guess at or past the answer, then back: at most a few steps.
  let n = Math.max(0, Math.floor((day - start) / average) + 2);
  while (n > 0 && cycleDueDate(start, frequency, n) > day) n -= 1;
  return cycleDueDate(start, frequency, n);
}
