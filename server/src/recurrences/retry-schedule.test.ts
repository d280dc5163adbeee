import assert from "node:assert/strict";
import { test } from "node:test";
import { isoDate, parseIsoDate } from "../billing/business-days";
import { RecurrenceRetryPolicy } from "./recurrence.entity";
import { nextRetryDay } from "./retry-schedule";

const day = (text: string) => parseIsoDate(text) as number;
const next = (due: string, attempt: number, failedOn: string, policy = RecurrenceRetryPolicy.THREE_IN_SEVEN_DAYS) => {
  const found = nextRetryDay(policy, day(due), attempt, day(failedOn));
  return found === null ? null : isoDate(found);
};

test("NONE never retries", () => {
  assert.equal(next("2027-04-16", 1, "2027-04-16", RecurrenceRetryPolicy.NONE), null);
});

test("the next business day after the refused one: weekends and national banking holidays skipped", () => {
  // Friday 16 April 2027: Monday 19, Tuesday 20, then Thursday 22 (21 April is Tiradentes).
  assert.equal(next("2027-04-16", 1, "2027-04-16"), "2027-04-19");
  assert.equal(next("2027-04-16", 2, "2027-04-19"), "2027-04-20");
  assert.equal(next("2027-04-16", 3, "2027-04-20"), "2027-04-22");
  // Carnival: due Friday 5 February 2027, Monday 8 and Tuesday 9 are holidays.
  assert.equal(next("2027-02-05", 1, "2027-02-05"), "2027-02-10");
});

test("at most 3 retries: the fourth attempt's refusal is the last", () => {
  assert.equal(next("2027-04-16", 4, "2027-04-22"), null);
});

test("never twice a day, never later than 7 days after the due date", () => {
  // An attempt refused on its day is retried the next business day at the earliest.
  assert.equal(next("2027-04-12", 1, "2027-04-12"), "2027-04-13");
  // Refused on the 7th day after the due date: nothing left in the window.
  assert.equal(next("2027-04-12", 2, "2027-04-19"), null);
  // Refused on the 6th (a Friday): the 7th is a Saturday, no business day left.
  assert.equal(next("2027-04-10", 2, "2027-04-16"), null);
  // A refusal reported before the due date counts from the due date.
  assert.equal(next("2027-04-12", 1, "2027-04-09"), "2027-04-13");
});
