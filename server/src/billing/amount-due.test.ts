import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { formatBrl, parseBrl } from "../core/money";
import {
  AdjustmentMode,
  abatementOf,
  amountDueOn,
  DiscountMode,
  type DiscountTerm,
  type DueDateTerms,
  InterestMode,
  lastPayableDay,
  movedDueDay,
} from "./amount-due";
import { dayOf, isoDate, parseIsoDate } from "./business-days";

/**
 * The amount-due table (CONTRACT §11, steps 1 to 4). Every expected value below was worked
 * out by hand, its arithmetic in the comment beside it; none is computed by the code under
 * test. Values: BRL, percentages as written ("2" is 2 %).
 *
 * The 2026 calendar these cases lean on: Carnival Mon 16 and Tue 17 Feb, Good Friday 3 Apr,
 * Tiradentes Tue 21 Apr, Corpus Christi Thu 4 Jun, Consciência Negra Fri 20 Nov, Christmas
 * Fri 25 Dec, 1 Jan 2027 a Friday. 10 Mar 2026 is a Tuesday, 14 Mar a Saturday, 31 Mar a
 * Tuesday.
 */

type Pct = string;
interface Case {
  name: string;
  amount: string;
  due: string;
  on: string;
  daysAfterDue?: number;
  abatement?: [AdjustmentMode, string];
  fine?: [AdjustmentMode, string];
  interest?: [InterestMode, Pct];
  discount?: [DiscountMode, string] | [DiscountMode, [string, string][]];
  /** amount_due, abatement, discount, fine, interest */
  expect: [string, string, string, string, string];
}

const { FIXED, PERCENT } = AdjustmentMode;
const I = InterestMode;
const D = DiscountMode;

// biome-ignore format: one case a line reads as a table
const CASES: Case[] = [
  // No terms: the amount, whatever the day.
  { name: "plain, early", amount: "100.00", due: "2026-03-10", on: "2026-03-01", expect: ["100.00", "0.00", "0.00", "0.00", "0.00"] },
  { name: "plain, on the due date", amount: "100.00", due: "2026-03-10", on: "2026-03-10", expect: ["100.00", "0.00", "0.00", "0.00", "0.00"] },
  { name: "plain, late without fine or interest", amount: "100.00", due: "2026-03-10", on: "2026-03-20", expect: ["100.00", "0.00", "0.00", "0.00", "0.00"] },

  // Step 1: abatement.
  // 100.00 - 10.00
  { name: "abatement FIXED", amount: "100.00", due: "2026-03-10", on: "2026-03-10", abatement: [FIXED, "10.00"], expect: ["90.00", "10.00", "0.00", "0.00", "0.00"] },
  // 10000 * 12.5 % = 1250 c
  { name: "abatement PERCENT", amount: "100.00", due: "2026-03-10", on: "2026-03-10", abatement: [PERCENT, "12.5"], expect: ["87.50", "12.50", "0.00", "0.00", "0.00"] },
  // 1000 c * 0.33 % = 3.3 c -> 3 c (below half: down)
  { name: "abatement PERCENT rounds down below half", amount: "10.00", due: "2026-03-10", on: "2026-03-10", abatement: [PERCENT, "0.33"], expect: ["9.97", "0.03", "0.00", "0.00", "0.00"] },
  // 1000 c * 0.35 % = 3.5 c -> 4 c (half: up)
  { name: "abatement PERCENT rounds a half up", amount: "10.00", due: "2026-03-10", on: "2026-03-10", abatement: [PERCENT, "0.35"], expect: ["9.96", "0.04", "0.00", "0.00", "0.00"] },
  // 10000 c * 99.99 % = 9999 c; 1 c left
  { name: "abatement leaving exactly 0.01", amount: "100.00", due: "2026-03-10", on: "2026-03-10", abatement: [PERCENT, "99.99"], expect: ["0.01", "99.99", "0.00", "0.00", "0.00"] },

  // Step 4: the fine, once late. Due Tue 10 Mar; Wed 11 Mar is one day late.
  { name: "fine FIXED, a day late", amount: "100.00", due: "2026-03-10", on: "2026-03-11", fine: [FIXED, "5.00"], expect: ["105.00", "0.00", "0.00", "5.00", "0.00"] },
  // 10000 c * 2 % = 200 c
  { name: "fine PERCENT, a day late", amount: "100.00", due: "2026-03-10", on: "2026-03-11", fine: [PERCENT, "2"], expect: ["102.00", "0.00", "0.00", "2.00", "0.00"] },
  { name: "fine PERCENT, on the due date: none", amount: "100.00", due: "2026-03-10", on: "2026-03-10", fine: [PERCENT, "2"], expect: ["100.00", "0.00", "0.00", "0.00", "0.00"] },
  // 12345 c * 2 % = 246.9 c -> 247 c
  { name: "fine PERCENT rounds up above half", amount: "123.45", due: "2026-03-10", on: "2026-03-11", fine: [PERCENT, "2"], expect: ["125.92", "0.00", "0.00", "2.47", "0.00"] },
  // base 123.45 - 23.45 = 100.00; fine 2 % of the base = 2.00
  { name: "fine PERCENT is of the base (after abatement)", amount: "123.45", due: "2026-03-10", on: "2026-03-11", abatement: [FIXED, "23.45"], fine: [PERCENT, "2"], expect: ["102.00", "23.45", "0.00", "2.00", "0.00"] },
  // 99 c * 0.5 % = 0.495 c -> 0
  { name: "fine PERCENT below half a centavo: 0", amount: "0.99", due: "2026-03-10", on: "2026-03-11", fine: [PERCENT, "0.5"], expect: ["0.99", "0.00", "0.00", "0.00", "0.00"] },
  // 100 c * 0.5 % = 0.5 c -> 1 c
  { name: "fine PERCENT of exactly half a centavo: 1", amount: "1.00", due: "2026-03-10", on: "2026-03-11", fine: [PERCENT, "0.5"], expect: ["1.01", "0.00", "0.00", "0.01", "0.00"] },

  // Interest, calendar days late (d with 10 Mar < d <= D). Amount 1000.00 = 100000 c.
  // n = 1: 0.50 * 1
  { name: "AMOUNT_PER_DAY, 1 day", amount: "1000.00", due: "2026-03-10", on: "2026-03-11", interest: [I.AMOUNT_PER_DAY, "0.50"], expect: ["1000.50", "0.00", "0.00", "0.00", "0.50"] },
  // n = 10: 0.50 * 10 = 5.00
  { name: "AMOUNT_PER_DAY, 10 days", amount: "1000.00", due: "2026-03-10", on: "2026-03-20", interest: [I.AMOUNT_PER_DAY, "0.50"], expect: ["1005.00", "0.00", "0.00", "0.00", "5.00"] },
  // 100000 * 0.03 % * 10 = 300 c
  { name: "PERCENT_PER_DAY, 10 days", amount: "1000.00", due: "2026-03-10", on: "2026-03-20", interest: [I.PERCENT_PER_DAY, "0.03"], expect: ["1003.00", "0.00", "0.00", "0.00", "3.00"] },
  // 12345 * 0.07 % * 3 = 25.9245 c -> 26 c
  { name: "PERCENT_PER_DAY rounds the exact product once", amount: "123.45", due: "2026-03-10", on: "2026-03-13", interest: [I.PERCENT_PER_DAY, "0.07"], expect: ["123.71", "0.00", "0.00", "0.00", "0.26"] },
  // 100000 * 1 % * 10 / 30 = 333.33 c -> 333 c
  { name: "PERCENT_PER_MONTH, 10 days", amount: "1000.00", due: "2026-03-10", on: "2026-03-20", interest: [I.PERCENT_PER_MONTH, "1"], expect: ["1003.33", "0.00", "0.00", "0.00", "3.33"] },
  // 10 Mar + 30 days = 9 Apr; 100000 * 1 % * 30 / 30 = 1000 c
  { name: "PERCENT_PER_MONTH, 30 days is one month", amount: "1000.00", due: "2026-03-10", on: "2026-04-09", interest: [I.PERCENT_PER_MONTH, "1"], expect: ["1010.00", "0.00", "0.00", "0.00", "10.00"] },
  // 10000 * 1 % / 30 = 3.33 c -> 3 c
  { name: "PERCENT_PER_MONTH, 1 day of 100.00", amount: "100.00", due: "2026-03-10", on: "2026-03-11", interest: [I.PERCENT_PER_MONTH, "1"], expect: ["100.03", "0.00", "0.00", "0.00", "0.03"] },
  // 10000 * 1.5 % / 30 = 5 c exactly
  { name: "PERCENT_PER_MONTH, exact centavos", amount: "100.00", due: "2026-03-10", on: "2026-03-11", interest: [I.PERCENT_PER_MONTH, "1.5"], expect: ["100.05", "0.00", "0.00", "0.00", "0.05"] },
  // 4500 * 1 % / 30 = 1.5 c -> 2 c
  { name: "PERCENT_PER_MONTH, a half centavo up", amount: "45.00", due: "2026-03-10", on: "2026-03-11", interest: [I.PERCENT_PER_MONTH, "1"], expect: ["45.02", "0.00", "0.00", "0.00", "0.02"] },
  // 100000 * 12 % * 10 / 365 = 328.77 c -> 329 c
  { name: "PERCENT_PER_YEAR, 10 days", amount: "1000.00", due: "2026-03-10", on: "2026-03-20", interest: [I.PERCENT_PER_YEAR, "12"], expect: ["1003.29", "0.00", "0.00", "0.00", "3.29"] },
  // 10000 * 36.5 % * 2 / 365 = 20 c
  { name: "PERCENT_PER_YEAR, exact", amount: "100.00", due: "2026-03-10", on: "2026-03-12", interest: [I.PERCENT_PER_YEAR, "36.5"], expect: ["100.20", "0.00", "0.00", "0.00", "0.20"] },
  // 1825 * 10 % / 365 = 0.5 c -> 1 c
  { name: "PERCENT_PER_YEAR, a half centavo up", amount: "18.25", due: "2026-03-10", on: "2026-03-11", interest: [I.PERCENT_PER_YEAR, "10"], expect: ["18.26", "0.00", "0.00", "0.00", "0.01"] },
  // 1824 * 10 % / 365 = 0.4997 c -> 0
  { name: "PERCENT_PER_YEAR, just below half: 0", amount: "18.24", due: "2026-03-10", on: "2026-03-11", interest: [I.PERCENT_PER_YEAR, "10"], expect: ["18.24", "0.00", "0.00", "0.00", "0.00"] },

  // Business days across Carnival: due Fri 13 Feb 2026. After it: Sat 14, Sun 15, Carnival
  // Mon 16 and Tue 17 (holidays), Wed 18 (a business day), Thu 19, Fri 20.
  // 18 Feb: calendar n = 5, business n = 1 (18); 20 Feb: calendar 7, business 3.
  { name: "AMOUNT_PER_BUSINESS_DAY over Carnival, 1 business day", amount: "1000.00", due: "2026-02-13", on: "2026-02-18", interest: [I.AMOUNT_PER_BUSINESS_DAY, "1.00"], expect: ["1001.00", "0.00", "0.00", "0.00", "1.00"] },
  { name: "AMOUNT_PER_BUSINESS_DAY over Carnival, 3 business days", amount: "1000.00", due: "2026-02-13", on: "2026-02-20", interest: [I.AMOUNT_PER_BUSINESS_DAY, "1.00"], expect: ["1003.00", "0.00", "0.00", "0.00", "3.00"] },
  { name: "AMOUNT_PER_DAY over Carnival counts every day", amount: "1000.00", due: "2026-02-13", on: "2026-02-18", interest: [I.AMOUNT_PER_DAY, "1.00"], expect: ["1005.00", "0.00", "0.00", "0.00", "5.00"] },
  // 100000 * 0.1 % * 3 = 300 c
  { name: "PERCENT_PER_BUSINESS_DAY, 3 business days", amount: "1000.00", due: "2026-02-13", on: "2026-02-20", interest: [I.PERCENT_PER_BUSINESS_DAY, "0.1"], expect: ["1003.00", "0.00", "0.00", "0.00", "3.00"] },
  // 100000 * 2.1 % * 3 / 21 = 300 c
  { name: "PERCENT_PER_MONTH_BUSINESS_DAYS, / 21", amount: "1000.00", due: "2026-02-13", on: "2026-02-20", interest: [I.PERCENT_PER_MONTH_BUSINESS_DAYS, "2.1"], expect: ["1003.00", "0.00", "0.00", "0.00", "3.00"] },
  // 100000 * 1 % * 1 / 21 = 47.62 c -> 48 c
  { name: "PERCENT_PER_MONTH_BUSINESS_DAYS, 1 business day", amount: "1000.00", due: "2026-02-13", on: "2026-02-18", interest: [I.PERCENT_PER_MONTH_BUSINESS_DAYS, "1"], expect: ["1000.48", "0.00", "0.00", "0.00", "0.48"] },
  // 100000 * 25.2 % * 3 / 252 = 300 c
  { name: "PERCENT_PER_YEAR_BUSINESS_DAYS, / 252", amount: "1000.00", due: "2026-02-13", on: "2026-02-20", interest: [I.PERCENT_PER_YEAR_BUSINESS_DAYS, "25.2"], expect: ["1003.00", "0.00", "0.00", "0.00", "3.00"] },
  // 100000 * 12 % * 1 / 252 = 47.62 c -> 48 c
  { name: "PERCENT_PER_YEAR_BUSINESS_DAYS, 1 business day", amount: "1000.00", due: "2026-02-13", on: "2026-02-18", interest: [I.PERCENT_PER_YEAR_BUSINESS_DAYS, "12"], expect: ["1000.48", "0.00", "0.00", "0.00", "0.48"] },
  // Carnival Monday is late (the due date, a Friday, did not move): fine 2 % = 20.00, 0 business days of interest.
  { name: "late on a holiday: the fine, no business-day interest", amount: "1000.00", due: "2026-02-13", on: "2026-02-16", fine: [PERCENT, "2"], interest: [I.AMOUNT_PER_BUSINESS_DAY, "1.00"], expect: ["1020.00", "0.00", "0.00", "20.00", "0.00"] },

  // A due date that is not a business day moves: Good Friday 3 Apr 2026 moves to Mon 6 Apr.
  { name: "due on Good Friday, paid Monday: no charges", amount: "1000.00", due: "2026-04-03", on: "2026-04-06", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },
  { name: "due on Good Friday, paid Saturday: no charges", amount: "1000.00", due: "2026-04-03", on: "2026-04-04", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },
  // Tue 7 Apr is late; days counted from 3 Apr as given: 4, 5, 6, 7 = 4. fine 20.00;
  // interest 100000 * 1 % * 4 / 30 = 133.33 c -> 133 c.
  { name: "due on Good Friday, paid Tuesday: days from the date as given", amount: "1000.00", due: "2026-04-03", on: "2026-04-07", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], expect: ["1021.33", "0.00", "0.00", "20.00", "1.33"] },
  // Business days d with 3 Apr < d <= 7 Apr: Mon 6, Tue 7 = 2; 100000 * 1 % * 2 / 21 = 95.24 c -> 95 c.
  { name: "due on Good Friday, business-day interest", amount: "1000.00", due: "2026-04-03", on: "2026-04-07", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH_BUSINESS_DAYS, "1"], expect: ["1020.95", "0.00", "0.00", "20.00", "0.95"] },
  // Sat 14 Mar moves to Mon 16 Mar.
  { name: "due on a Saturday, paid Monday", amount: "1000.00", due: "2026-03-14", on: "2026-03-16", fine: [FIXED, "10.00"], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },
  // Tue 17: 15, 16, 17 = 3 calendar days: 0.30; fine 10.00.
  { name: "due on a Saturday, paid Tuesday", amount: "1000.00", due: "2026-03-14", on: "2026-03-17", fine: [FIXED, "10.00"], interest: [I.AMOUNT_PER_DAY, "0.10"], expect: ["1010.30", "0.00", "0.00", "10.00", "0.30"] },
  // Tiradentes, Tue 21 Apr, moves to Wed 22.
  { name: "due on Tiradentes, paid the next day", amount: "500.00", due: "2026-04-21", on: "2026-04-22", interest: [I.AMOUNT_PER_BUSINESS_DAY, "2.00"], expect: ["500.00", "0.00", "0.00", "0.00", "0.00"] },
  // Thu 23: business days 22, 23 = 2: 4.00.
  { name: "due on Tiradentes, paid two days after", amount: "500.00", due: "2026-04-21", on: "2026-04-23", interest: [I.AMOUNT_PER_BUSINESS_DAY, "2.00"], expect: ["504.00", "0.00", "0.00", "0.00", "4.00"] },
  // Christmas, Fri 25 Dec, moves to Mon 28.
  { name: "due on Christmas, paid Monday", amount: "100.00", due: "2026-12-25", on: "2026-12-28", interest: [I.PERCENT_PER_DAY, "1"], expect: ["100.00", "0.00", "0.00", "0.00", "0.00"] },
  // Tue 29: 26, 27, 28, 29 = 4 days; 10000 * 1 % * 4 = 400 c.
  { name: "due on Christmas, paid Tuesday", amount: "100.00", due: "2026-12-25", on: "2026-12-29", interest: [I.PERCENT_PER_DAY, "1"], expect: ["104.00", "0.00", "0.00", "0.00", "4.00"] },
  // Due Thu 31 Dec; Mon 4 Jan 2027: 1 Jan (holiday), 2, 3 (weekend), 4 = 1 business day.
  { name: "over New Year: 1 business day", amount: "100.00", due: "2026-12-31", on: "2027-01-04", interest: [I.AMOUNT_PER_BUSINESS_DAY, "1.00"], expect: ["101.00", "0.00", "0.00", "0.00", "1.00"] },
  // Due Wed 3 Jun; Fri 5 Jun: Corpus Christi (4), 5 = 1 business day; 10000 * 1 % = 100 c.
  { name: "over Corpus Christi: 1 business day", amount: "100.00", due: "2026-06-03", on: "2026-06-05", interest: [I.PERCENT_PER_BUSINESS_DAY, "1"], expect: ["101.00", "0.00", "0.00", "0.00", "1.00"] },
  // Due Thu 19 Nov; Mon 23 Nov: 20 (Consciência Negra), 21, 22, 23 = 1 business day, 4 calendar days.
  { name: "over Consciência Negra: 1 business day", amount: "100.00", due: "2026-11-19", on: "2026-11-23", interest: [I.AMOUNT_PER_BUSINESS_DAY, "1.00"], expect: ["101.00", "0.00", "0.00", "0.00", "1.00"] },
  { name: "over Consciência Negra: 4 calendar days", amount: "100.00", due: "2026-11-19", on: "2026-11-23", interest: [I.AMOUNT_PER_DAY, "1.00"], expect: ["104.00", "0.00", "0.00", "0.00", "4.00"] },

  // Step 3: discounts until dates. Due Tue 31 Mar; 10 Mar: 50.00, 20 Mar: 30.00, 31 Mar: 10.00.
  { name: "FIXED_UNTIL_DATES before the first date", amount: "1000.00", due: "2026-03-31", on: "2026-03-05", discount: [D.FIXED_UNTIL_DATES, [["2026-03-10", "50.00"], ["2026-03-20", "30.00"], ["2026-03-31", "10.00"]]], expect: ["950.00", "0.00", "50.00", "0.00", "0.00"] },
  { name: "FIXED_UNTIL_DATES on the first date", amount: "1000.00", due: "2026-03-31", on: "2026-03-10", discount: [D.FIXED_UNTIL_DATES, [["2026-03-10", "50.00"], ["2026-03-20", "30.00"], ["2026-03-31", "10.00"]]], expect: ["950.00", "0.00", "50.00", "0.00", "0.00"] },
  { name: "FIXED_UNTIL_DATES the day after the first date", amount: "1000.00", due: "2026-03-31", on: "2026-03-11", discount: [D.FIXED_UNTIL_DATES, [["2026-03-10", "50.00"], ["2026-03-20", "30.00"], ["2026-03-31", "10.00"]]], expect: ["970.00", "0.00", "30.00", "0.00", "0.00"] },
  { name: "FIXED_UNTIL_DATES on the due date", amount: "1000.00", due: "2026-03-31", on: "2026-03-31", discount: [D.FIXED_UNTIL_DATES, [["2026-03-10", "50.00"], ["2026-03-20", "30.00"], ["2026-03-31", "10.00"]]], expect: ["990.00", "0.00", "10.00", "0.00", "0.00"] },
  { name: "FIXED_UNTIL_DATES late: none", amount: "1000.00", due: "2026-03-31", on: "2026-04-01", discount: [D.FIXED_UNTIL_DATES, [["2026-03-10", "50.00"], ["2026-03-20", "30.00"], ["2026-03-31", "10.00"]]], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },
  // base 1000.00 - 100.00 = 900.00; 5 % of the base = 45.00
  { name: "PERCENT_UNTIL_DATES is of the base", amount: "1000.00", due: "2026-03-31", on: "2026-03-15", abatement: [FIXED, "100.00"], discount: [D.PERCENT_UNTIL_DATES, [["2026-03-15", "5"]]], expect: ["855.00", "100.00", "45.00", "0.00", "0.00"] },
  { name: "PERCENT_UNTIL_DATES after its only date: none", amount: "1000.00", due: "2026-03-31", on: "2026-03-16", abatement: [FIXED, "100.00"], discount: [D.PERCENT_UNTIL_DATES, [["2026-03-15", "5"]]], expect: ["900.00", "100.00", "0.00", "0.00", "0.00"] },
  // 1010 * 2.5 % = 25.25 c -> 25 c
  { name: "PERCENT_UNTIL_DATES rounds down", amount: "10.10", due: "2026-03-31", on: "2026-03-01", discount: [D.PERCENT_UNTIL_DATES, [["2026-03-31", "2.5"]]], expect: ["9.85", "0.00", "0.25", "0.00", "0.00"] },
  // 1020 * 2.5 % = 25.5 c -> 26 c
  { name: "PERCENT_UNTIL_DATES rounds a half up", amount: "10.20", due: "2026-03-31", on: "2026-03-01", discount: [D.PERCENT_UNTIL_DATES, [["2026-03-31", "2.5"]]], expect: ["9.94", "0.00", "0.26", "0.00", "0.00"] },
  // 150.00 off 100.00 would leave less than nothing: the discount stops at 99.99.
  { name: "discount floor: at least 0.01 due", amount: "100.00", due: "2026-03-31", on: "2026-03-01", discount: [D.FIXED_UNTIL_DATES, [["2026-03-31", "150.00"]]], expect: ["0.01", "0.00", "99.99", "0.00", "0.00"] },
  // 100.00 off 100.00: floor too.
  { name: "discount floor: a discount of the whole amount", amount: "100.00", due: "2026-03-31", on: "2026-03-01", discount: [D.PERCENT_UNTIL_DATES, [["2026-03-31", "100"]]], expect: ["0.01", "0.00", "99.99", "0.00", "0.00"] },

  // Early discounts: due Tue 31 Mar; Sat 21 Mar is 10 calendar days early (22..31) and 7
  // business days early (23-27, 30, 31).
  { name: "AMOUNT_PER_DAY_EARLY, 10 days", amount: "1000.00", due: "2026-03-31", on: "2026-03-21", discount: [D.AMOUNT_PER_DAY_EARLY, "1.00"], expect: ["990.00", "0.00", "10.00", "0.00", "0.00"] },
  { name: "AMOUNT_PER_DAY_EARLY on the due date: none", amount: "1000.00", due: "2026-03-31", on: "2026-03-31", discount: [D.AMOUNT_PER_DAY_EARLY, "1.00"], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },
  { name: "AMOUNT_PER_BUSINESS_DAY_EARLY, 7 business days", amount: "1000.00", due: "2026-03-31", on: "2026-03-21", discount: [D.AMOUNT_PER_BUSINESS_DAY_EARLY, "1.00"], expect: ["993.00", "0.00", "7.00", "0.00", "0.00"] },
  // 100000 * 0.1 % * 10 = 1000 c
  { name: "PERCENT_PER_DAY_EARLY, 10 days", amount: "1000.00", due: "2026-03-31", on: "2026-03-21", discount: [D.PERCENT_PER_DAY_EARLY, "0.1"], expect: ["990.00", "0.00", "10.00", "0.00", "0.00"] },
  // 100000 * 0.15 % * 7 = 1050 c
  { name: "PERCENT_PER_BUSINESS_DAY_EARLY, 7 business days", amount: "1000.00", due: "2026-03-31", on: "2026-03-21", discount: [D.PERCENT_PER_BUSINESS_DAY_EARLY, "0.15"], expect: ["989.50", "0.00", "10.50", "0.00", "0.00"] },
  // 20.00 * 10 = 200.00 off 100.00: floor at 99.99.
  { name: "AMOUNT_PER_DAY_EARLY floor", amount: "100.00", due: "2026-03-31", on: "2026-03-21", discount: [D.AMOUNT_PER_DAY_EARLY, "20.00"], expect: ["0.01", "0.00", "99.99", "0.00", "0.00"] },
  // Sat 28 Mar: 29, 30, 31 = 3 days; 12345 * 0.07 % * 3 = 25.9245 c -> 26 c
  { name: "PERCENT_PER_DAY_EARLY rounds the exact product", amount: "123.45", due: "2026-03-31", on: "2026-03-28", discount: [D.PERCENT_PER_DAY_EARLY, "0.07"], expect: ["123.19", "0.00", "0.26", "0.00", "0.00"] },
  // Due Tue 7 Apr; Wed 1 Apr is 6 calendar days early, 3 business days (Thu 2, Mon 6, Tue 7: Good Friday 3 is not).
  { name: "AMOUNT_PER_BUSINESS_DAY_EARLY over Good Friday", amount: "1000.00", due: "2026-04-07", on: "2026-04-01", discount: [D.AMOUNT_PER_BUSINESS_DAY_EARLY, "1.00"], expect: ["997.00", "0.00", "3.00", "0.00", "0.00"] },
  { name: "AMOUNT_PER_DAY_EARLY over Good Friday", amount: "1000.00", due: "2026-04-07", on: "2026-04-01", discount: [D.AMOUNT_PER_DAY_EARLY, "1.00"], expect: ["994.00", "0.00", "6.00", "0.00", "0.00"] },
  // Due Sat 14 Mar (moves to Mon 16): on Monday nothing early (d <= 14 Mar), nothing late.
  { name: "early discount on the moved due date: none", amount: "1000.00", due: "2026-03-14", on: "2026-03-16", discount: [D.AMOUNT_PER_DAY_EARLY, "1.00"], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },
  // Thu 12 Mar: 13, 14 = 2 days early.
  { name: "early discount before a Saturday due date", amount: "1000.00", due: "2026-03-14", on: "2026-03-12", discount: [D.AMOUNT_PER_DAY_EARLY, "1.00"], expect: ["998.00", "0.00", "2.00", "0.00", "0.00"] },
  { name: "between the due date and its moved day: no fine", amount: "1000.00", due: "2026-03-14", on: "2026-03-15", fine: [FIXED, "10.00"], discount: [D.AMOUNT_PER_DAY_EARLY, "1.00"], expect: ["1000.00", "0.00", "0.00", "0.00", "0.00"] },

  // Everything at once: 500.00, abatement 10 % (50.00, base 450.00), fine 2 %, 1 % a month,
  // 3 % off until 5 Mar; due Tue 10 Mar.
  // 3 % of 450.00 = 13.50
  { name: "all terms, early with the discount", amount: "500.00", due: "2026-03-10", on: "2026-03-01", abatement: [PERCENT, "10"], fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], discount: [D.PERCENT_UNTIL_DATES, [["2026-03-05", "3"]]], expect: ["436.50", "50.00", "13.50", "0.00", "0.00"] },
  { name: "all terms, early after the discount date", amount: "500.00", due: "2026-03-10", on: "2026-03-07", abatement: [PERCENT, "10"], fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], discount: [D.PERCENT_UNTIL_DATES, [["2026-03-05", "3"]]], expect: ["450.00", "50.00", "0.00", "0.00", "0.00"] },
  // 25 Mar: n = 15; fine 2 % of 450.00 = 9.00; 45000 * 1 % * 15 / 30 = 225 c
  { name: "all terms, 15 days late", amount: "500.00", due: "2026-03-10", on: "2026-03-25", abatement: [PERCENT, "10"], fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], discount: [D.PERCENT_UNTIL_DATES, [["2026-03-05", "3"]]], expect: ["461.25", "50.00", "0.00", "9.00", "2.25"] },
  // 9 Apr: n = 30; 45000 * 1 % * 30 / 30 = 450 c
  { name: "all terms, 30 days late", amount: "500.00", due: "2026-03-10", on: "2026-04-09", abatement: [PERCENT, "10"], fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], discount: [D.PERCENT_UNTIL_DATES, [["2026-03-05", "3"]]], expect: ["463.50", "50.00", "0.00", "9.00", "4.50"] },
  // The new-user try: 150.00, fine 2 % (3.00), 1 % a month, 5.00 off until 1 Mar; due Tue 10 Mar; paid Fri 20 Mar
  // (10 days late): 15000 * 1 % * 10 / 30 = 50 c.
  { name: "a school's monthly fee, paid 10 days late", amount: "150.00", due: "2026-03-10", on: "2026-03-20", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], discount: [D.FIXED_UNTIL_DATES, [["2026-03-01", "5.00"]]], expect: ["153.50", "0.00", "0.00", "3.00", "0.50"] },
  { name: "a school's monthly fee, paid early", amount: "150.00", due: "2026-03-10", on: "2026-02-27", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_MONTH, "1"], discount: [D.FIXED_UNTIL_DATES, [["2026-03-01", "5.00"]]], expect: ["145.00", "0.00", "5.00", "0.00", "0.00"] },
  // The largest amount, 100 % a year for 365 days (10 Mar 2026 to 10 Mar 2027): the interest is the amount again.
  { name: "largest amount, a year late at 100 % a year", amount: "99999999.99", due: "2026-03-10", on: "2027-03-10", daysAfterDue: 365, interest: [I.PERCENT_PER_YEAR, "100"], expect: ["199999999.98", "0.00", "0.00", "0.00", "99999999.99"] },
  // 0.01 with a fine of 2 %: 0.02 c -> 0.
  { name: "smallest amount, late", amount: "0.01", due: "2026-03-10", on: "2026-03-11", fine: [PERCENT, "2"], interest: [I.PERCENT_PER_DAY, "1"], expect: ["0.01", "0.00", "0.00", "0.00", "0.00"] },
];

const money = (text: string) => parseBrl(text);

function termsOf(
  item: Pick<Case, "amount" | "due" | "daysAfterDue" | "abatement" | "fine" | "interest" | "discount">,
): DueDateTerms {
  const adjustment = (term?: [AdjustmentMode, string]) => (term ? { mode: term[0], value: money(term[1]) } : null);
  let discount: DiscountTerm | null = null;
  if (item.discount) {
    const [mode, value] = item.discount;
    discount = Array.isArray(value)
      ? ({ mode, dates: value.map(([date, amount]) => ({ date, value: money(amount) })) } as DiscountTerm)
      : ({ mode, value: money(value) } as DiscountTerm);
  }
  return {
    amountCents: money(item.amount),
    dueDate: item.due,
    daysAfterDue: item.daysAfterDue ?? 30,
    abatement: adjustment(item.abatement),
    fine: adjustment(item.fine),
    interest: item.interest ? { mode: item.interest[0], value: money(item.interest[1]) } : null,
    discount,
  };
}

describe("the amount due (CONTRACT §11)", () => {
  test("the table has at least 60 cases and every mode", () => {
    assert.ok(CASES.length >= 60, `${CASES.length} cases`);
    for (const mode of Object.values(InterestMode))
      assert.ok(
        CASES.some((item) => item.interest?.[0] === mode),
        mode,
      );
    for (const mode of Object.values(DiscountMode))
      assert.ok(
        CASES.some((item) => item.discount?.[0] === mode),
        mode,
      );
    for (const mode of Object.values(AdjustmentMode)) {
      assert.ok(
        CASES.some((item) => item.fine?.[0] === mode),
        `fine ${mode}`,
      );
      assert.ok(
        CASES.some((item) => item.abatement?.[0] === mode),
        `abatement ${mode}`,
      );
    }
  });

  for (const item of CASES) {
    test(item.name, () => {
      const due = amountDueOn(termsOf(item), parseIsoDate(item.on) as number);
      const got = [due.amountDueCents, due.abatementCents, due.discountCents, due.fineCents, due.interestCents].map(
        formatBrl,
      );
      assert.deepEqual(got, item.expect);
      assert.equal(due.date, item.on);
    });
  }
});

describe("the days a due-date charge can be paid", () => {
  const last = (due: string, daysAfterDue: number) =>
    isoDate(lastPayableDay(termsOf({ amount: "1.00", due, daysAfterDue })));
  test("days_after_due calendar days after the due date", () => {
    assert.equal(last("2026-03-10", 0), "2026-03-10");
    assert.equal(last("2026-03-10", 30), "2026-04-09");
    assert.equal(last("2026-03-14", 5), "2026-03-19");
  });
  test("never before the moved due date", () => {
    assert.equal(last("2026-03-14", 0), "2026-03-16"); // Saturday -> Monday
    assert.equal(last("2026-03-14", 1), "2026-03-16");
    assert.equal(last("2026-04-03", 0), "2026-04-06"); // Good Friday -> Monday
    assert.equal(last("2026-12-31", 0), "2026-12-31");
  });
  test("the moved due date", () => {
    const moved = (due: string) => isoDate(movedDueDay(termsOf({ amount: "1.00", due })));
    assert.equal(moved("2026-02-14"), "2026-02-18"); // Saturday before Carnival -> Ash Wednesday
    assert.equal(moved("2026-11-20"), "2026-11-23"); // Consciência Negra (Friday) -> Monday
    assert.equal(moved("2026-03-10"), "2026-03-10");
  });
});

describe("amount-due properties", () => {
  const interestModes = Object.values(InterestMode);
  const day0 = dayOf(2026, 1, 5);
  const termsArbitrary = fc
    .record({
      amount: fc.bigInt({ min: 1n, max: 9_999_999_999n }),
      dueOffset: fc.integer({ min: 0, max: 800 }),
      daysAfterDue: fc.integer({ min: 0, max: 365 }),
      abatement: fc.option(
        fc.oneof(
          fc.record({ mode: fc.constant(FIXED), value: fc.bigInt({ min: 1n, max: 9_999_999_999n }) }),
          fc.record({ mode: fc.constant(PERCENT), value: fc.bigInt({ min: 1n, max: 10_000n }) }),
        ),
      ),
      fine: fc.option(
        fc.oneof(
          fc.record({ mode: fc.constant(FIXED), value: fc.bigInt({ min: 1n, max: 9_999_999_999n }) }),
          fc.record({ mode: fc.constant(PERCENT), value: fc.bigInt({ min: 1n, max: 10_000n }) }),
        ),
      ),
      interest: fc.option(
        fc.record({
          mode: fc.constantFrom(...interestModes),
          value: fc.bigInt({ min: 1n, max: 10_000n }),
        }),
      ),
      discount: fc.option(
        fc.oneof(
          fc.record({
            mode: fc.constantFrom(
              D.AMOUNT_PER_DAY_EARLY,
              D.AMOUNT_PER_BUSINESS_DAY_EARLY,
              D.PERCENT_PER_DAY_EARLY,
              D.PERCENT_PER_BUSINESS_DAY_EARLY,
            ),
            value: fc.bigInt({ min: 1n, max: 10_000n }),
          }),
          fc.record({
            mode: fc.constantFrom(D.FIXED_UNTIL_DATES, D.PERCENT_UNTIL_DATES),
            // Days before the due date of up to 3 entries, turned into increasing dates below.
            gaps: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 3 }),
            value: fc.bigInt({ min: 1n, max: 10_000n }),
          }),
        ),
      ),
    })
    .map((raw): DueDateTerms | null => {
      const due = day0 + raw.dueOffset;
      let discount: DiscountTerm | null = null;
      if (raw.discount && "gaps" in raw.discount) {
        const days = [...raw.discount.gaps].sort((a, b) => b - a).map((gap) => due - gap);
        discount = {
          mode: raw.discount.mode,
          dates: days.map((day) => ({ date: isoDate(day), value: raw.discount?.value ?? 1n })),
        } as DiscountTerm;
      } else if (raw.discount) {
        discount = { mode: raw.discount.mode, value: raw.discount.value } as DiscountTerm;
      }
      const terms: DueDateTerms = {
        amountCents: raw.amount,
        dueDate: isoDate(due),
        daysAfterDue: raw.daysAfterDue,
        abatement: raw.abatement,
        fine: raw.fine,
        interest: raw.interest,
        discount,
      };
      // An abatement leaving less than 0.01 is refused at creation: not a charge.
      return raw.amount - abatementOf(raw.amount, raw.abatement) >= 1n ? terms : null;
    })
    .filter((terms): terms is DueDateTerms => terms !== null);

  /** Every day the charge can be paid, from 60 days before its due date to its last payable day. */
  const payableDays = (terms: DueDateTerms) => {
    const due = parseIsoDate(terms.dueDate) as number;
    const days: number[] = [];
    for (let day = due - 60; day <= lastPayableDay(terms); day += 1) days.push(day);
    return days;
  };

  test("the amount due is never below 0.01", () => {
    fc.assert(
      fc.property(termsArbitrary, fc.integer({ min: -60, max: 400 }), (terms, offset) => {
        const day = (parseIsoDate(terms.dueDate) as number) + offset;
        return amountDueOn(terms, Math.min(day, lastPayableDay(terms))).amountDueCents >= 1n;
      }),
      { numRuns: 500 },
    );
  });

  test("without a discount it is the same every day on or before the (moved) due date", () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const plain = { ...terms, discount: null };
        const moved = movedDueDay(plain);
        const due = parseIsoDate(plain.dueDate) as number;
        const first = amountDueOn(plain, due - 60).amountDueCents;
        for (let day = due - 59; day <= moved; day += 1) {
          if (amountDueOn(plain, day).amountDueCents !== first) return false;
        }
        return first === plain.amountCents - amountDueOn(plain, moved).abatementCents;
      }),
      { numRuns: 200 },
    );
  });

  test("it never decreases after the due date (nor, with a discount, as the due date nears)", () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        let previous = -1n;
        for (const day of payableDays(terms)) {
          const due = amountDueOn(terms, day);
          if (due.amountDueCents < previous) return false;
          previous = due.amountDueCents;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  test("its parts add up", () => {
    fc.assert(
      fc.property(termsArbitrary, fc.integer({ min: -60, max: 400 }), (terms, offset) => {
        const day = Math.min((parseIsoDate(terms.dueDate) as number) + offset, lastPayableDay(terms));
        const due = amountDueOn(terms, day);
        const sum = terms.amountCents - due.abatementCents - due.discountCents + due.fineCents + due.interestCents;
        // Discount only on or before the moved due date, fine and interest only after.
        const early = day <= movedDueDay(terms);
        return (
          sum === due.amountDueCents &&
          (early ? due.fineCents === 0n && due.interestCents === 0n : due.discountCents === 0n)
        );
      }),
      { numRuns: 500 },
    );
  });
});
