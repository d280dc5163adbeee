import assert from "node:assert/strict";
import { test } from "node:test";
import { isoDate, parseIsoDate } from "../billing/business-days";
import { RecurrenceFrequency } from "./recurrence.entity";
import { cycleDueDate, cycleOf, firstCycleFrom } from "./recurrence-cycles";

const day = (text: string) => parseIsoDate(text) as number;
const cycles = (start: string, frequency: RecurrenceFrequency, count: number) =>
  Array.from({ length: count }, (_, n) => isoDate(cycleDueDate(day(start), frequency, n)));

test("monthly cycles keep the start's day of the month, or the month's last day", () => {
  assert.deepEqual(cycles("2027-01-31", RecurrenceFrequency.MONTHLY, 5), [
    "2027-01-31",
    "2027-02-28",
    "2027-03-31",
    "2027-04-30",
    "2027-05-31",
  ]);
  // 2028 is a leap year.
  assert.deepEqual(cycles("2027-11-29", RecurrenceFrequency.MONTHLY, 4), [
    "2027-11-29",
    "2027-12-29",
    "2028-01-29",
    "2028-02-29",
  ]);
});

test("weekly, quarterly, semiannual and annual cycles", () => {
  assert.deepEqual(cycles("2027-03-01", RecurrenceFrequency.WEEKLY, 3), ["2027-03-01", "2027-03-08", "2027-03-15"]);
  assert.deepEqual(cycles("2027-11-30", RecurrenceFrequency.QUARTERLY, 3), ["2027-11-30", "2028-02-29", "2028-05-30"]);
  assert.deepEqual(cycles("2027-08-31", RecurrenceFrequency.SEMIANNUAL, 3), ["2027-08-31", "2028-02-29", "2028-08-31"]);
  assert.deepEqual(cycles("2028-02-29", RecurrenceFrequency.ANNUAL, 3), ["2028-02-29", "2029-02-28", "2030-02-28"]);
});

test("the first cycle on or after a day, within the end date", () => {
  const start = day("2027-01-31");
  assert.equal(
    isoDate(firstCycleFrom(start, RecurrenceFrequency.MONTHLY, day("2027-01-01"), null) as number),
    "2027-01-31",
  );
  assert.equal(
    isoDate(firstCycleFrom(start, RecurrenceFrequency.MONTHLY, day("2027-02-01"), null) as number),
    "2027-02-28",
  );
  assert.equal(
    isoDate(firstCycleFrom(start, RecurrenceFrequency.MONTHLY, day("2027-03-31"), null) as number),
    "2027-03-31",
  );
  assert.equal(
    isoDate(firstCycleFrom(start, RecurrenceFrequency.MONTHLY, day("2031-06-01"), null) as number),
    "2031-06-30",
  );
  assert.equal(firstCycleFrom(start, RecurrenceFrequency.MONTHLY, day("2027-04-01"), day("2027-04-29")), null);
  assert.equal(
    isoDate(
      firstCycleFrom(day("2027-03-01"), RecurrenceFrequency.WEEKLY, day("2027-03-09"), day("2027-03-15")) as number,
    ),
    "2027-03-15",
  );
});

test("the cycle a day falls in: the last cycle due on or before it", () => {
  const of = (start: string, frequency: RecurrenceFrequency, on: string) =>
    isoDate(cycleOf(day(start), frequency, day(on)));
  assert.equal(of("2027-01-31", RecurrenceFrequency.MONTHLY, "2027-01-31"), "2027-01-31");
  assert.equal(of("2027-01-31", RecurrenceFrequency.MONTHLY, "2027-02-27"), "2027-01-31");
  assert.equal(of("2027-01-31", RecurrenceFrequency.MONTHLY, "2027-02-28"), "2027-02-28");
  assert.equal(of("2027-01-31", RecurrenceFrequency.MONTHLY, "2027-03-30"), "2027-02-28");
  assert.equal(of("2027-01-31", RecurrenceFrequency.MONTHLY, "2031-07-30"), "2031-06-30");
  assert.equal(of("2027-03-01", RecurrenceFrequency.WEEKLY, "2027-03-14"), "2027-03-08");
  assert.equal(of("2028-02-29", RecurrenceFrequency.ANNUAL, "2030-02-27"), "2029-02-28");
  // Before the start: the first cycle (a charge is never due before it).
  assert.equal(of("2027-03-01", RecurrenceFrequency.WEEKLY, "2027-02-20"), "2027-03-01");
  // Every day of ten years of monthly cycles falls in the cycle firstCycleFrom finds for it.
  const start = day("2027-01-31");
  for (let d = start; d < start + 3660; d += 1) {
    const cycle = cycleOf(start, RecurrenceFrequency.MONTHLY, d);
    assert.ok(cycle <= d);
    assert.ok((firstCycleFrom(start, RecurrenceFrequency.MONTHLY, cycle + 1, null) as number) > d, isoDate(d));
  }
});
