import { type Cents, divideRoundHalfUp } from "../core/money";
import { businessDaysAfter, type DayNumber, isoDate, nextBusinessDay, parseIsoDate } from "./business-days";

/**
 * The amount due of a due-date charge on a given day (CONTRACT §11), in integer centavos.
 * Every component (abatement, discount, fine, interest) is an exact rational of bigints
 * rounded half up to the centavo once; no floating point anywhere. Pure: the caller says
 * which day (America/Sao_Paulo) it is.
 *
 * Values: FIXED and AMOUNT_* values are centavos; PERCENT* values are hundredths of a
 * percent (2.5 % is 250n), as the fee plan's rate is.
 */

export enum AdjustmentMode {
  FIXED = "FIXED",
  PERCENT = "PERCENT",
}

/** In the order of the API Pix `juros.modalidade` 1 to 8. */
export enum InterestMode {
  AMOUNT_PER_DAY = "AMOUNT_PER_DAY",
  PERCENT_PER_DAY = "PERCENT_PER_DAY",
  PERCENT_PER_MONTH = "PERCENT_PER_MONTH",
  PERCENT_PER_YEAR = "PERCENT_PER_YEAR",
  AMOUNT_PER_BUSINESS_DAY = "AMOUNT_PER_BUSINESS_DAY",
  PERCENT_PER_BUSINESS_DAY = "PERCENT_PER_BUSINESS_DAY",
  PERCENT_PER_MONTH_BUSINESS_DAYS = "PERCENT_PER_MONTH_BUSINESS_DAYS",
  PERCENT_PER_YEAR_BUSINESS_DAYS = "PERCENT_PER_YEAR_BUSINESS_DAYS",
}

/** In the order of the API Pix `desconto.modalidade` 1 to 6. */
export enum DiscountMode {
  FIXED_UNTIL_DATES = "FIXED_UNTIL_DATES",
  PERCENT_UNTIL_DATES = "PERCENT_UNTIL_DATES",
  AMOUNT_PER_DAY_EARLY = "AMOUNT_PER_DAY_EARLY",
  AMOUNT_PER_BUSINESS_DAY_EARLY = "AMOUNT_PER_BUSINESS_DAY_EARLY",
  PERCENT_PER_DAY_EARLY = "PERCENT_PER_DAY_EARLY",
  PERCENT_PER_BUSINESS_DAY_EARLY = "PERCENT_PER_BUSINESS_DAY_EARLY",
}

const INTEREST_MODES = Object.values(InterestMode);
const DISCOUNT_MODES = Object.values(DiscountMode);

/** The API Pix `modalidade` number of a mode (1-based, in the contract's order). */
export const interestModalidade = (mode: InterestMode): number => INTEREST_MODES.indexOf(mode) + 1;
export const discountModalidade = (mode: DiscountMode): number => DISCOUNT_MODES.indexOf(mode) + 1;
export const adjustmentModalidade = (mode: AdjustmentMode): number => (mode === AdjustmentMode.FIXED ? 1 : 2);

export const isUntilDatesDiscount = (mode: DiscountMode): boolean =>
  mode === DiscountMode.FIXED_UNTIL_DATES || mode === DiscountMode.PERCENT_UNTIL_DATES;

export interface AdjustmentTerm {
  mode: AdjustmentMode;
  value: bigint;
}

export interface InterestTerm {
  mode: InterestMode;
  value: bigint;
}

export interface DiscountDate {
  date: string;
  value: bigint;
}

/** `dates` for the *_UNTIL_DATES modes, `value` for the *_EARLY ones. */
export type DiscountTerm =
  | { mode: DiscountMode.FIXED_UNTIL_DATES | DiscountMode.PERCENT_UNTIL_DATES; dates: DiscountDate[] }
  | {
      mode:
        | DiscountMode.AMOUNT_PER_DAY_EARLY
        | DiscountMode.AMOUNT_PER_BUSINESS_DAY_EARLY
        | DiscountMode.PERCENT_PER_DAY_EARLY
        | DiscountMode.PERCENT_PER_BUSINESS_DAY_EARLY;
      value: bigint;
    };

/** What decides a due-date charge's amount due: its amount, due date and terms. */
export interface DueDateTerms {
  amountCents: Cents;
  /** "YYYY-MM-DD", a day in America/Sao_Paulo. */
  dueDate: string;
  daysAfterDue: number;
  abatement: AdjustmentTerm | null;
  fine: AdjustmentTerm | null;
  interest: InterestTerm | null;
  discount: DiscountTerm | null;
}

export interface AmountDue {
  date: string;
  amountDueCents: Cents;
  abatementCents: Cents;
  discountCents: Cents;
  fineCents: Cents;
  interestCents: Cents;
}

/** Hundredths of a percent in one whole: value / 10000 is the fraction. */
const PERCENT_CENTI_WHOLE = 10_000n;

/** rate (hundredths of a percent) of an amount, rounded half up. */
const percentOf = (amountCents: Cents, percentCenti: bigint) =>
  divideRoundHalfUp(amountCents * percentCenti, PERCENT_CENTI_WHOLE);

function dueDay(terms: DueDateTerms): DayNumber {
  const day = parseIsoDate(terms.dueDate);
  if (day === null) throw new RangeError(`due date ${terms.dueDate} is not a date`);
  return day;
}

/** Step 1: amount - abatement (PERCENT: of the amount). */
export function abatementOf(amountCents: Cents, abatement: AdjustmentTerm | null): Cents {
  if (abatement === null) return 0n;
  return abatement.mode === AdjustmentMode.FIXED ? abatement.value : percentOf(amountCents, abatement.value);
}

/** Step 2: a due date that is not a business day is payable without charges until the next one. */
export function movedDueDay(terms: DueDateTerms): DayNumber {
  return nextBusinessDay(dueDay(terms));
}

/**
 * The last day the charge can be paid: days_after_due calendar days after the due date,
 * and never before the moved due date (a due date on a Saturday is payable on Monday even
 * with days_after_due 0).
 */
export function lastPayableDay(terms: DueDateTerms): DayNumber {
  return Math.max(dueDay(terms) + terms.daysAfterDue, movedDueDay(terms));
}

/** Step 3: the discount on day D, before the floor that leaves at least 0.01 due. */
function discountOn(terms: DueDateTerms, base: Cents, day: DayNumber): Cents {
  const discount = terms.discount;
  if (discount === null) return 0n;
  const due = dueDay(terms);
  switch (discount.mode) {
    case DiscountMode.FIXED_UNTIL_DATES:
    case DiscountMode.PERCENT_UNTIL_DATES: {
      // The entry with the earliest date on or after D; none: no discount.
      const entry = discount.dates
        .map((item) => ({ day: parseIsoDate(item.date) as DayNumber, value: item.value }))
        .filter((item) => item.day >= day)
        .sort((a, b) => a.day - b.day)[0];
      if (entry === undefined) return 0n;
      return discount.mode === DiscountMode.FIXED_UNTIL_DATES ? entry.value : percentOf(base, entry.value);
    }
    case DiscountMode.AMOUNT_PER_DAY_EARLY:
      return discount.value * BigInt(Math.max(0, due - day));
    case DiscountMode.AMOUNT_PER_BUSINESS_DAY_EARLY:
      return discount.value * BigInt(businessDaysAfter(day, due));
    case DiscountMode.PERCENT_PER_DAY_EARLY:
      return divideRoundHalfUp(base * discount.value * BigInt(Math.max(0, due - day)), PERCENT_CENTI_WHOLE);
    case DiscountMode.PERCENT_PER_BUSINESS_DAY_EARLY:
      return divideRoundHalfUp(base * discount.value * BigInt(businessDaysAfter(day, due)), PERCENT_CENTI_WHOLE);
  }
}

/** Step 4: the interest for the days late, counted from the due date as given. */
function interestOn(terms: DueDateTerms, base: Cents, day: DayNumber): Cents {
  const interest = terms.interest;
  if (interest === null) return 0n;
  const due = dueDay(terms);
  const calendarDays = BigInt(Math.max(0, day - due));
  const businessDays = () => BigInt(businessDaysAfter(due, day));
  const v = interest.value;
  switch (interest.mode) {
    case InterestMode.AMOUNT_PER_DAY:
      return v * calendarDays;
    case InterestMode.AMOUNT_PER_BUSINESS_DAY:
      return v * businessDays();
    case InterestMode.PERCENT_PER_DAY:
      return divideRoundHalfUp(base * v * calendarDays, PERCENT_CENTI_WHOLE);
    case InterestMode.PERCENT_PER_BUSINESS_DAY:
      return divideRoundHalfUp(base * v * businessDays(), PERCENT_CENTI_WHOLE);
    case InterestMode.PERCENT_PER_MONTH:
      return divideRoundHalfUp(base * v * calendarDays, PERCENT_CENTI_WHOLE * 30n);
    case InterestMode.PERCENT_PER_MONTH_BUSINESS_DAYS:
      return divideRoundHalfUp(base * v * businessDays(), PERCENT_CENTI_WHOLE * 21n);
    case InterestMode.PERCENT_PER_YEAR:
      return divideRoundHalfUp(base * v * calendarDays, PERCENT_CENTI_WHOLE * 365n);
    case InterestMode.PERCENT_PER_YEAR_BUSINESS_DAYS:
      return divideRoundHalfUp(base * v * businessDays(), PERCENT_CENTI_WHOLE * 252n);
  }
}

/**
 * The amount due on a day, with its components, by the contract's steps. The caller checks
 * that the day is one the charge can be paid on (from its creation to lastPayableDay).
 */
export function amountDueOn(terms: DueDateTerms, day: DayNumber): AmountDue {
  const abatementCents = abatementOf(terms.amountCents, terms.abatement);
  const base = terms.amountCents - abatementCents;
  const zero = { abatementCents, discountCents: 0n, fineCents: 0n, interestCents: 0n };
  if (day <= movedDueDay(terms)) {
    const discount = discountOn(terms, base, day);
    // The discount never leaves less than 0.01 due.
    const discountCents = discount > base - 1n ? base - 1n : discount;
    return { date: isoDate(day), amountDueCents: base - discountCents, ...zero, discountCents };
  }
  const fine = terms.fine;
  const fineCents = fine === null ? 0n : fine.mode === AdjustmentMode.FIXED ? fine.value : percentOf(base, fine.value);
  const interestCents = interestOn(terms, base, day);
  return {
    date: isoDate(day),
    amountDueCents: base + fineCents + interestCents,
    ...zero,
    fineCents,
    interestCents,
  };
}
