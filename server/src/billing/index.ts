// Due-date charges' rules: the amount due on a day, banking business days.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export {
  AdjustmentMode,
  type AdjustmentTerm,
  type AmountDue,
  adjustmentModalidade,
  amountDueOn,
  DiscountMode,
  type DiscountTerm,
  type DueDateTerms,
  discountModalidade,
  InterestMode,
  type InterestTerm,
  interestModalidade,
  isUntilDatesDiscount,
  lastPayableDay,
} from "./amount-due";
export { type AmountDuePreview, previewAmountDue } from "./amount-due-preview";
export {
  type DayNumber,
  dayOf,
  isBusinessDay,
  isoDate,
  nextBusinessDay,
  parseIsoDate,
  saoPauloDay,
  startOfSaoPauloDay,
} from "./business-days";
export { checkDueDateTerms, type DueDateTermsInput, MAX_DAYS_TO_DUE_DATE } from "./due-date-terms";
