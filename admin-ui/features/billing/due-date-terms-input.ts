import type { ChargeTermsPreviewInput, DiscountMode, InterestMode } from "@/gql/graphql";
import { centavosToMoney, parseMoneyInput } from "@/lib/format";

export const ADJUSTMENT_MODES = ["FIXED", "PERCENT"] as const;
export const INTEREST_MODES = [
  "PERCENT_PER_MONTH",
  "PERCENT_PER_DAY",
  "PERCENT_PER_YEAR",
  "AMOUNT_PER_DAY",
  "PERCENT_PER_MONTH_BUSINESS_DAYS",
  "PERCENT_PER_BUSINESS_DAY",
  "PERCENT_PER_YEAR_BUSINESS_DAYS",
  "AMOUNT_PER_BUSINESS_DAY",
] as const satisfies readonly InterestMode[];
export const DISCOUNT_MODES = [
  "FIXED_UNTIL_DATES",
  "PERCENT_UNTIL_DATES",
  "AMOUNT_PER_DAY_EARLY",
  "AMOUNT_PER_BUSINESS_DAY_EARLY",
  "PERCENT_PER_DAY_EARLY",
  "PERCENT_PER_BUSINESS_DAY_EARLY",
] as const satisfies readonly DiscountMode[];

/** The form's terms as typed: a mode ("" for none) and its value text; the discount's date for *_UNTIL_DATES. */
export interface TermsText {
  amount: string;
  dueDate: string;
  daysAfterDue: string;
  fineMode: string;
  fineValue: string;
  interestMode: string;
  interestValue: string;
  discountMode: string;
  discountValue: string;
  discountDate: string;
  abatementMode: string;
  abatementValue: string;
}

export const isPercentMode = (mode: string) => mode.startsWith("PERCENT");
export const isUntilDates = (mode: string) => mode.endsWith("_UNTIL_DATES");

/** A term's value typed as text: centavos for money, hundredths for a percentage (0.01 to 100). */
export function termValueOf(mode: string, text: string): string | null {
  const value = parseMoneyInput(text);
  if (value === null || value < 1n) return null;
  if (isPercentMode(mode) && value > 10_000n) return null;
  return centavosToMoney(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The terms as the API takes them (createCharge's and the preview's fields), or null while
 * something is missing or not yet a value: the preview waits, the form's own checks say why.
 */
export function termsInput(values: TermsText): ChargeTermsPreviewInput | null {
  const amount = parseMoneyInput(values.amount);
  if (amount === null || amount < 1n || !DAY.test(values.dueDate)) return null;
  const daysAfterDue = values.daysAfterDue.trim() === "" ? null : Number(values.daysAfterDue);
  if (daysAfterDue !== null && (!Number.isInteger(daysAfterDue) || daysAfterDue < 0 || daysAfterDue > 365)) return null;
  const input: ChargeTermsPreviewInput = { amount: centavosToMoney(amount), dueDate: values.dueDate, daysAfterDue };
  const adjustment = (mode: string, text: string) => {
    if (!mode) return null;
    const value = termValueOf(mode, text);
    return value === null ? undefined : { mode: mode as "FIXED" | "PERCENT", value };
  };
  const fine = adjustment(values.fineMode, values.fineValue);
  const abatement = adjustment(values.abatementMode, values.abatementValue);
  if (fine === undefined || abatement === undefined) return null;
  input.fine = fine;
  input.abatement = abatement;
  if (values.interestMode) {
    const value = termValueOf(values.interestMode, values.interestValue);
    if (value === null) return null;
    input.interest = { mode: values.interestMode as InterestMode, value };
  }
  if (values.discountMode) {
    const mode = values.discountMode as DiscountMode;
    const value = termValueOf(mode, values.discountValue);
    if (value === null) return null;
    if (isUntilDates(mode)) {
      if (!DAY.test(values.discountDate)) return null;
      input.discount = { mode, dates: [{ date: values.discountDate, value }] };
    } else {
      input.discount = { mode, value };
    }
  }
  return input;
}
