/**
 * Money is integer centavos (bigint) everywhere inside the service. This module is the
 * only place that turns BRL text or JSON numbers into centavos and back (and rates into
 * hundredths of a percent), and rounds rationals to centavos. No floats: numbers are read through their shortest decimal
 * text, which is exact for any value written with two decimals. The fee rule, the one
 * sum with a rate, is the companies' (companies/fee-plan.ts).
 */
export type Cents = bigint;

export const MAX_AMOUNT_CENTS: Cents = 9_999_999_999n; // 99,999,999.99 BRL

export class MoneyFormatError extends Error {}

/** No surrounding spaces, no leading zeros ("0.50" yes, "00010" no), at most two decimals. */
const DECIMAL = /^(-)?(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

/** Reads a BRL amount given as a JSON number or a decimal string, sign allowed. */
export function parseBrl(value: unknown): Cents {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new MoneyFormatError("must be a finite number");
    text = String(value); // shortest round-trip text: "10.5", "1e+21", "0.30000000000000004"
  } else if (typeof value === "string") {
    text = value;
  } else {
    throw new MoneyFormatError("must be a number in BRL with at most two decimals");
  }
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyFormatError("must be a number in BRL with at most two decimals");
  const [, sign, whole, fraction = ""] = match;
  if (whole.length > 15) throw new MoneyFormatError("is too large");
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign ? -cents : cents;
}

/** "10.50", "-0.05": exactly two decimals. */
export function formatBrl(cents: Cents): string {
  // The digits of the centavos, split two from the end: no division, no floating point.
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, "0");
  const point = digits.length - 2;
  return `${cents < 0n ? "-" : ""}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The REST edge speaks JSON numbers: "10.50" becomes 10.5, with no arithmetic on the way. */
export function brlToJsonNumber(cents: Cents): number {
  return Number(formatBrl(cents));
}

/**
 * A non-negative rational numerator / denominator rounded to the nearest integer, halves up:
 * the one rounding of money computed from a rate (a fee, a fine, interest, a discount).
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n)
    throw new RangeError("divideRoundHalfUp takes a numerator >= 0 and a denominator > 0");
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A fee rate in hundredths of a percent: "0.99" % is 99. */
export type PercentCenti = bigint;

export function parsePercent(value: unknown): PercentCenti {
  const centi = parseBrl(value); // same decimal grammar: at most two places
  if (centi < 0n || centi > 10_000n) throw new MoneyFormatError("must be between 0 and 100");
  return centi;
}

export function formatPercent(centi: PercentCenti): string {
  return formatBrl(centi);
}
