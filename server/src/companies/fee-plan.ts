import { type Cents, divideRoundHalfUp, MoneyFormatError, type PercentCenti } from "../core/money";

/** An account's fee plan (the company's feePercent and feeFixed): what the service keeps of each charge. */
export interface FeePlan {
  feePercentCenti: PercentCenti;
  feeFixedCents: Cents;
}

/**
 * The fee of a charge under a plan: fee = round_half_up(amount * percent / 100) + fixed,
 * capped at the amount; net = amount - fee. Reckoned once, when the charge is created, and
 * kept on it: a later change of the plan does not change a charge already made.
 */
export function calculateFee(amountCents: Cents, plan: FeePlan): { feeCents: Cents; netAmountCents: Cents } {
  if (amountCents < 0n) throw new MoneyFormatError("amount must not be negative");
  const percentPart = divideRoundHalfUp(amountCents * plan.feePercentCenti, 10_000n);
  const uncapped = percentPart + plan.feeFixedCents;
  const feeCents = uncapped > amountCents ? amountCents : uncapped;
  return { feeCents, netAmountCents: amountCents - feeCents };
}
