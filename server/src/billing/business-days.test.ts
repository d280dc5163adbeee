import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Holidays from "date-holidays";
import {
  businessDaysAfter,
  easterSunday,
  isBusinessDay,
  isoDate,
  nationalBankingHolidays,
  nextBusinessDay,
  parseIsoDate,
  saoPauloDay,
  startOfSaoPauloDay,
  weekday,
} from "./business-days";

const day = (text: string) => parseIsoDate(text) as number;

/** Written by hand from the published FEBRABAN calendars (national holidays only). */
const HAND_WRITTEN: Record<number, string[]> = {
  2023: ["01-01", "02-20", "02-21", "04-07", "04-21", "05-01", "06-08", "09-07", "10-12", "11-02", "11-15", "12-25"],
  2024: [
    "01-01",
    "02-12",
    "02-13",
    "03-29",
    "04-21",
    "05-01",
    "05-30",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "11-20",
    "12-25",
  ],
  2025: [
    "01-01",
    "03-03",
    "03-04",
    "04-18",
    "04-21",
    "05-01",
    "06-19",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "11-20",
    "12-25",
  ],
  2026: [
    "01-01",
    "02-16",
    "02-17",
    "04-03",
    "04-21",
    "05-01",
    "06-04",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "11-20",
    "12-25",
  ],
  2027: [
    "01-01",
    "02-08",
    "02-09",
    "03-26",
    "04-21",
    "05-01",
    "05-27",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "11-20",
    "12-25",
  ],
  2028: [
    "01-01",
    "02-28",
    "02-29",
    "04-14",
    "04-21",
    "05-01",
    "06-15",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "11-20",
    "12-25",
  ],
  2030: [
    "01-01",
    "03-04",
    "03-05",
    "04-19",
    "04-21",
    "05-01",
    "06-20",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "11-20",
    "12-25",
  ],
};

describe("national banking holidays", () => {
  for (const [year, dates] of Object.entries(HAND_WRITTEN)) {
    test(`${year} as the hand-written calendar`, () => {
      const ours = nationalBankingHolidays(Number(year)).map((holiday) => holiday.date);
      assert.deepEqual(
        ours,
        dates.map((date) => `${year}-${date}`),
      );
    });
  }

  test("Easter Sunday, including the earliest and latest it can be", () => {
    const known: Record<number, string> = {
      1818: "1818-03-22",
      1943: "1943-04-25",
      2000: "2000-04-23",
      2008: "2008-03-23",
      2011: "2011-04-24",
      2019: "2019-04-21",
      2024: "2024-03-31",
      2026: "2026-04-05",
      2038: "2038-04-25",
      2100: "2100-03-28",
      2285: "2285-03-22",
    };
    for (const [year, date] of Object.entries(known)) assert.equal(isoDate(easterSunday(Number(year))), date, year);
  });

  test("the same days as date-holidays' public and bank holidays of Brazil, 1990 to 2300", () => {
    const calendar = new Holidays("BR");
    for (let year = 1990; year <= 2300; year += 1) {
      const theirs = calendar
        .getHolidays(year)
        .filter((holiday) => (holiday.type === "public" || holiday.type === "bank") && !/Eleição/.test(holiday.name))
        .map((holiday) => holiday.date.slice(0, 10))
        .filter((date) => year >= 2024 || !date.endsWith("-11-20"));
      const ours = nationalBankingHolidays(year).map((holiday) => holiday.date);
      assert.deepEqual([...new Set(ours)].sort(), [...new Set(theirs)].sort(), String(year));
    }
  });
});

describe("business days", () => {
  test("weekdays", () => {
    assert.equal(weekday(day("2026-03-10")), 2); // Tuesday
    assert.equal(weekday(day("1970-01-01")), 4); // Thursday
    assert.equal(weekday(day("1969-12-28")), 0); // Sunday, before the epoch
  });

  test("weekends and holidays are not business days; Ash Wednesday is", () => {
    assert.equal(isBusinessDay(day("2026-03-14")), false); // Saturday
    assert.equal(isBusinessDay(day("2026-03-15")), false); // Sunday
    assert.equal(isBusinessDay(day("2026-02-16")), false); // Carnival Monday
    assert.equal(isBusinessDay(day("2026-02-17")), false); // Carnival Tuesday
    assert.equal(isBusinessDay(day("2026-02-18")), true); // Ash Wednesday
    assert.equal(isBusinessDay(day("2026-06-04")), false); // Corpus Christi
    assert.equal(isBusinessDay(day("2026-11-20")), false); // Consciência Negra
    assert.equal(isBusinessDay(day("2023-11-20")), true); // before it was national
    assert.equal(isBusinessDay(day("2026-03-10")), true);
  });

  test("the next business day", () => {
    assert.equal(isoDate(nextBusinessDay(day("2026-02-14"))), "2026-02-18");
    assert.equal(isoDate(nextBusinessDay(day("2026-12-25"))), "2026-12-28");
    assert.equal(isoDate(nextBusinessDay(day("2026-12-31"))), "2026-12-31");
    assert.equal(isoDate(nextBusinessDay(day("2027-01-01"))), "2027-01-04");
  });

  test("business days after a day, up to another", () => {
    assert.equal(businessDaysAfter(day("2026-02-13"), day("2026-02-20")), 3);
    assert.equal(businessDaysAfter(day("2026-03-10"), day("2026-03-10")), 0);
    assert.equal(businessDaysAfter(day("2026-03-10"), day("2026-03-01")), 0);
    // A whole year: 365 days, 104 weekend days, and the 2026 holidays on weekdays (all but
    // 15 Nov, a Sunday): 12. 365 - 104 - 12 = 249.
    assert.equal(businessDaysAfter(day("2025-12-31"), day("2026-12-31")), 249);
  });

  test("dates", () => {
    assert.equal(parseIsoDate("2026-02-29"), null);
    assert.equal(parseIsoDate("2028-02-29"), day("2028-02-29"));
    assert.equal(parseIsoDate("2026-13-01"), null);
    assert.equal(parseIsoDate("2026-1-01"), null);
    assert.equal(parseIsoDate(" 2026-01-01"), null);
  });
});

describe("days in America/Sao_Paulo", () => {
  test("the day of an instant", () => {
    assert.equal(isoDate(saoPauloDay(new Date("2026-03-11T02:59:59.999Z"))), "2026-03-10");
    assert.equal(isoDate(saoPauloDay(new Date("2026-03-11T03:00:00.000Z"))), "2026-03-11");
  });

  test("the instant a day begins, also in the old summers", () => {
    assert.equal(startOfSaoPauloDay(day("2026-03-10")).toISOString(), "2026-03-10T03:00:00.000Z");
    assert.equal(startOfSaoPauloDay(day("2018-12-01")).toISOString(), "2018-12-01T02:00:00.000Z"); // -02:00
    // 4 Nov 2018: the clocks jumped from 00:00 to 01:00 (-02:00), so the day began at 03:00 UTC.
    assert.equal(startOfSaoPauloDay(day("2018-11-04")).toISOString(), "2018-11-04T03:00:00.000Z");
    // 17 Feb 2019: 00:00 -02:00 went back to 23:00 -03:00 of the 16th; the 17th began at 03:00 UTC.
    assert.equal(startOfSaoPauloDay(day("2019-02-17")).toISOString(), "2019-02-17T03:00:00.000Z");
  });
});
