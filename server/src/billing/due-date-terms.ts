import { validationError } from "../core/errors";
import { type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  AdjustmentMode,
  type AdjustmentTerm,
  abatementOf,
  DiscountMode,
  type DiscountTerm,
  type DueDateTerms,
  InterestMode,
  type InterestTerm,
  isUntilDatesDiscount,
} from "./amount-due";
import { type DayNumber, isoDate, parseIsoDate } from "./business-days";

/** How far ahead a due date may be (CONTRACT §11). */
export const MAX_DAYS_TO_DUE_DATE = 3650;
export const DEFAULT_DAYS_AFTER_DUE = 30;
export const MAX_DAYS_AFTER_DUE = 365;
/** Percent values (fine, interest, abatement, discount) are 0.01 to 100.00, in hundredths. */
const MAX_PERCENT_CENTI = 10_000n;
const MAX_DISCOUNT_DATES = 3;

/** A due-date charge's terms as the caller gives them (modes still unchecked text). */
export interface DueDateTermsInput {
  dueDate: string;
  daysAfterDue?: number | null;
  abatement?: { mode: string; value: bigint } | null;
  fine?: { mode: string; value: bigint } | null;
  interest?: { mode: string; value: bigint } | null;
  discount?: { mode: string; value?: bigint | null; dates?: { date: string; value: bigint }[] | null } | null;
}

const ADJUSTMENT_MODES = new Set<string>(Object.values(AdjustmentMode));
const INTEREST_MODES = new Set<string>(Object.values(InterestMode));
const DISCOUNT_MODES = new Set<string>(Object.values(DiscountMode));

/** FIXED values are BRL (0.01 up to the maximum amount), PERCENT values 0.01 to 100. */
function checkValue(field: string, percent: boolean, value: bigint): bigint {
  const max = percent ? MAX_PERCENT_CENTI : MAX_AMOUNT_CENTS;
  if (value < 1n || value > max) {
    throw validationError(`${field} must be ${percent ? "a percentage from 0.01 to 100" : "from 0.01 to 99999999.99"}`);
  }
  return value;
}

function checkAdjustment(field: string, input: DueDateTermsInput["fine"]): AdjustmentTerm | null {
  if (input == null) return null;
  if (!ADJUSTMENT_MODES.has(input.mode)) throw validationError(`${field}.mode must be FIXED or PERCENT`);
  const mode = input.mode as AdjustmentMode;
  return { mode, value: checkValue(`${field}.value`, mode === AdjustmentMode.PERCENT, input.value) };
}

function checkInterest(input: DueDateTermsInput["interest"]): InterestTerm | null {
  if (input == null) return null;
  if (!INTEREST_MODES.has(input.mode)) {
    throw validationError(`interest.mode must be one of ${Object.values(InterestMode).join(", ")}`);
  }
  const mode = input.mode as InterestMode;
  const percent = mode !== InterestMode.AMOUNT_PER_DAY && mode !== InterestMode.AMOUNT_PER_BUSINESS_DAY;
  return { mode, value: checkValue("interest.value", percent, input.value) };
}

function checkDiscount(input: DueDateTermsInput["discount"], dueDay: DayNumber): DiscountTerm | null {
  if (input == null) return null;
  if (!DISCOUNT_MODES.has(input.mode)) {
    throw validationError(`discount.mode must be one of ${Object.values(DiscountMode).join(", ")}`);
  }
  const mode = input.mode as DiscountMode;
  const percent = mode.startsWith("PERCENT_");
  if (!isUntilDatesDiscount(mode)) {
    if (input.dates != null)
      throw validationError(`discount.dates is only for FIXED_UNTIL_DATES and PERCENT_UNTIL_DATES`);
    if (input.value == null) throw validationError(`discount.value is required for ${mode}`);
    return { mode, value: checkValue("discount.value", percent, input.value) } as DiscountTerm;
  }
  if (input.value != null) throw validationError(`discount.value is not taken by ${mode}: give discount.dates`);
  const dates = input.dates;
  if (dates == null || dates.length < 1 || dates.length > MAX_DISCOUNT_DATES) {
    throw validationError(`discount.dates must have 1 to ${MAX_DISCOUNT_DATES} entries`);
  }
  let previous: DayNumber | null = null;
  const checked = dates.map((entry, index) => {
    const day = parseIsoDate(entry.date);
    if (day === null) throw validationError(`discount.dates[${index}].date must be a date YYYY-MM-DD`);
    if (previous !== null && day <= previous)
      throw validationError("discount.dates must be in strictly increasing order");
    if (day > dueDay) throw validationError(`discount.dates[${index}].date must not be after the due date`);
    previous = day;
    return { date: entry.date, value: checkValue(`discount.dates[${index}].value`, percent, entry.value) };
  });
  return { mode, dates: checked } as DiscountTerm;
}

/**
 * The terms of a new due-date charge, checked (CONTRACT §11): the due date from today
 * (America/Sao_Paulo) to 3650 days ahead, days_after_due 0..365, every mode and value, the
 * discount dates, and an abatement that leaves at least 0.01. Throws VALIDATION_ERROR naming
 * the REST field.
 */
export function checkDueDateTerms(amountCents: Cents, input: DueDateTermsInput, today: DayNumber): DueDateTerms {
  const dueDay = parseIsoDate(input.dueDate);
  if (dueDay === null) throw validationError("due_date must be a date YYYY-MM-DD");
  if (dueDay < today) throw validationError(`due_date must be today (${isoDate(today)}) or later`);
  if (dueDay > today + MAX_DAYS_TO_DUE_DATE) {
    throw validationError(`due_date must be at most ${MAX_DAYS_TO_DUE_DATE} days ahead`);
  }
  const daysAfterDue = input.daysAfterDue ?? DEFAULT_DAYS_AFTER_DUE;
  if (!Number.isInteger(daysAfterDue) || daysAfterDue < 0 || daysAfterDue > MAX_DAYS_AFTER_DUE) {
    throw validationError(`days_after_due must be an integer from 0 to ${MAX_DAYS_AFTER_DUE}`);
  }
  const abatement = checkAdjustment("abatement", input.abatement);
  const base = amountCents - abatementOf(amountCents, abatement);
  if (base < 1n) {
    throw validationError(`abatement leaves ${formatBrl(base < 0n ? 0n : base)} to pay; it must leave at least 0.01`);
  }
  return {
    amountCents,
    dueDate: input.dueDate,
    daysAfterDue,
    abatement,
    fine: checkAdjustment("fine", input.fine),
    interest: checkInterest(input.interest),
    discount: checkDiscount(input.discount, dueDay),
  };
}
