import {
  type AdjustmentTerm,
  type AmountDue,
  amountDueOn,
  type DiscountTerm,
  type DueDateTerms,
  type InterestTerm,
  lastPayableDay,
  saoPauloDay,
  startOfSaoPauloDay,
} from "../billing";

/** What of a charge decides its amount due (a Charge has these fields). */
export interface DueDateFields {
  amountCents: bigint;
  dueDate: string | null;
  daysAfterDue: number | null;
  abatement: AdjustmentTerm | null;
  fine: AdjustmentTerm | null;
  interest: InterestTerm | null;
  discount: DiscountTerm | null;
}

/** A due-date charge's terms; null for a charge without a due date. */
export function termsOf(charge: DueDateFields): DueDateTerms | null {
  if (charge.dueDate === null || charge.daysAfterDue === null) return null;
  return {
    amountCents: charge.amountCents,
    dueDate: charge.dueDate,
    daysAfterDue: charge.daysAfterDue,
    abatement: charge.abatement,
    fine: charge.fine,
    interest: charge.interest,
    discount: charge.discount,
  };
}

/** What is due on the day (America/Sao_Paulo) an instant falls on: the amount due, or the amount without terms. */
export function amountDueAt(charge: DueDateFields, at: Date): AmountDue | null {
  const terms = termsOf(charge);
  return terms === null ? null : amountDueOn(terms, saoPauloDay(at));
}

/** The instant a due-date charge stops being payable: the end of its last payable day in America/Sao_Paulo. */
export function dueDateExpiry(terms: DueDateTerms): Date {
  return startOfSaoPauloDay(lastPayableDay(terms) + 1);
}
