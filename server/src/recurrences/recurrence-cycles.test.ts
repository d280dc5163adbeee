import assert from "node:assert/strict";
import { test } from "node:test";
import { isoDate, parseIsoDate } from "../billing/business-days";
import { RecurrenceFrequency } from "./recurrence.entity";
import { cycleDueDate, firstCycleFrom } from "./recurrence-cycles";

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
