import { validationError } from "../core/errors";
import { type AmountDue, amountDueOn, type DueDateTerms, lastPayableDay, movedDueDay } from "./amount-due";
import { type DayNumber, isoDate, parseIsoDate } from "./business-days";

/** The most days one preview reckons (a month's worth of chosen days). */
export const MAX_PREVIEW_DAYS = 31;

/** What a due-date charge would ask, day by day, before it is made (the console's preview). */
export interface AmountDuePreview {
  /** The due date as given. */
  dueDate: string;
  /** The day it can still be paid without charges: the due date, or the next business day. */
  paymentDueDate: string;
  /** The last day it can be paid on; after it the charge is EXPIRED. */
  lastPayableDate: string;
  days: AmountDue[];
}

/**
 * The days worth showing when none are asked for: today, each discount date, the due date
 * and the day it moves to, the first day late, a month late, and the last payable day; only
 * those from today to the last payable day, each once, in order.
 */
function notableDays(terms: DueDateTerms, today: DayNumber): DayNumber[] {
  const due = parseIsoDate(terms.dueDate) as DayNumber;
  const moved = movedDueDay(terms);
  const last = lastPayableDay(terms);
  const discountDays =
    terms.discount !== null && "dates" in terms.discount
      ? terms.discount.dates.map((entry) => parseIsoDate(entry.date) as DayNumber)
      : [];
  const candidates = [today, ...discountDays, due, moved, moved + 1, due + 30, last];
  return [...new Set(candidates)].filter((day) => day >= today && day <= last).sort((a, b) => a - b);
}

/**
 * The amount due of checked terms on the days asked (YYYY-MM-DD, from today to the last
 * payable day, at most MAX_PREVIEW_DAYS), or on its notable days; by the same rules a charge
 * made with these terms is paid by (amountDueOn). A day outside that range is a 400.
 */
export function previewAmountDue(terms: DueDateTerms, today: DayNumber, dates?: string[] | null): AmountDuePreview {
  const last = lastPayableDay(terms);
  let days: DayNumber[];
  if (dates == null || dates.length === 0) {
    days = notableDays(terms, today);
  } else {
    if (dates.length > MAX_PREVIEW_DAYS) throw validationError(`dates must have at most ${MAX_PREVIEW_DAYS} days`);
    days = dates.map((text, index) => {
      const day = parseIsoDate(text);
      if (day === null) throw validationError(`dates[${index}] must be a date YYYY-MM-DD`);
      if (day < today) throw validationError(`dates[${index}] must be today (${isoDate(today)}) or later`);
      if (day > last) {
        throw validationError(`dates[${index}] must not be after the last day it can be paid (${isoDate(last)})`);
      }
      return day;
    });
  }
  return {
    dueDate: terms.dueDate,
    paymentDueDate: isoDate(movedDueDay(terms)),
    lastPayableDate: isoDate(last),
    days: days.map((day) => amountDueOn(terms, day)),
  };
}
