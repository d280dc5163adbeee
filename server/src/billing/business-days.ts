/**
 * Calendar days and Brazil's banking business days, for due-date charges (CONTRACT §11).
 *
 * A day is a plain calendar date, held as its day number (days since 1970-01-01) so that
 * day arithmetic is integer arithmetic; "YYYY-MM-DD" at the edges. Business days are Monday
 * to Friday except the national banking holidays: 1 Jan, Carnival Monday and Tuesday, Good
 * Friday, 21 Apr, 1 May, Corpus Christi, 7 Sep, 12 Oct, 2 Nov, 15 Nov, 20 Nov, 25 Dec. The
 * movable ones follow Easter, computed for any Gregorian year (no table of a few years).
 * 20 Nov (Dia Nacional de Zumbi e da Consciência Negra) is national since Lei 14.759/2023,
 * so from 2024 on.
 */

/** A calendar day: days since 1970-01-01. */
export type DayNumber = number;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of "YYYY-MM-DD", or null when the text is not a real date (2026-02-30). */
export function parseIsoDate(text: string): DayNumber | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const number = dayOf(year, month, day);
  return isoDate(number) === text ? number : null;
}

/** The day of a year, month (1-12) and day of the month. */
export function dayOf(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** "YYYY-MM-DD" of a day. */
export function isoDate(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 Sunday .. 6 Saturday. */
export function weekday(day: DayNumber): number {
  // 1970-01-01 was a Thursday (4).
  return (((day + 4) % 7) + 7) % 7;
}

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): DayNumber {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, dayOfMonth);
}

/** A national banking holiday and its name, as the calendar lists it. */
export interface BankingHoliday {
  date: string;
  name: string;
}

/** Brazil's national banking holidays of a year, in date order. */
export function nationalBankingHolidays(year: number): BankingHoliday[] {
  const easter = easterSunday(year);
  const days: [DayNumber, string][] = [
    [dayOf(year, 1, 1), "Confraternização Universal"],
    [easter - 48, "Carnaval (segunda-feira)"],
    [easter - 47, "Carnaval (terça-feira)"],
    [easter - 2, "Sexta-feira Santa"],
    [dayOf(year, 4, 21), "Tiradentes"],
    [dayOf(year, 5, 1), "Dia do Trabalho"],
    [easter + 60, "Corpus Christi"],
    [dayOf(year, 9, 7), "Independência do Brasil"],
    [dayOf(year, 10, 12), "Nossa Senhora Aparecida"],
    [dayOf(year, 11, 2), "Finados"],
    [dayOf(year, 11, 15), "Proclamação da República"],
    ...(year >= 2024
      ? [[dayOf(year, 11, 20), "Dia Nacional de Zumbi e da Consciência Negra"] as [number, string]]
      : []),
    [dayOf(year, 12, 25), "Natal"],
  ];
  return days.sort(([a], [b]) => a - b).map(([day, name]) => ({ date: isoDate(day), name }));
}

/** Each year's holidays as day numbers, computed once per year asked. */
const holidaysByYear = new Map<number, Set<DayNumber>>();

function holidayDays(year: number): Set<DayNumber> {
  let days = holidaysByYear.get(year);
  if (days === undefined) {
    days = new Set(nationalBankingHolidays(year).map((holiday) => parseIsoDate(holiday.date) as DayNumber));
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isBankingHoliday(day: DayNumber): boolean {
  return holidayDays(new Date(day * MS_PER_DAY).getUTCFullYear()).has(day);
}

/** Monday to Friday and not a national banking holiday. */
export function isBusinessDay(day: DayNumber): boolean {
  const week = weekday(day);
  return week !== 0 && week !== 6 && !isBankingHoliday(day);
}

/** The day itself when it is a business day, else the next one. */
export function nextBusinessDay(day: DayNumber): DayNumber {
  let next = day;
  while (!isBusinessDay(next)) next += 1;
  return next;
}

/** How many business days d there are with from < d <= to (0 when to <= from). */
export function businessDaysAfter(from: DayNumber, to: DayNumber): number {
  let count = 0;
  for (let day = from + 1; day <= to; day += 1) if (isBusinessDay(day)) count += 1;
  return count;
}

const SAO_PAULO = "America/Sao_Paulo";
const saoPauloParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: SAO_PAULO,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function wallClock(instant: Date): { day: DayNumber } {
  const parts = Object.fromEntries(saoPauloParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return { day: dayOf(Number(parts.year), Number(parts.month), Number(parts.day)) };
}

/** The day an instant falls on in America/Sao_Paulo. */
export function saoPauloDay(instant: Date): DayNumber {
  return wallClock(instant).day;
}

/**
 * The instant a day begins in America/Sao_Paulo: the first whole hour of UTC whose local day
 * it is. The zone's offsets (-03:00, -02:00 in its old summers) and their changes are whole
 * hours, so this is its midnight, or 01:00 on a day whose midnight a summer skipped.
 */
export function startOfSaoPauloDay(day: DayNumber): Date {
  for (let hour = 0; hour < 24; hour += 1) {
    const instant = new Date(day * MS_PER_DAY + hour * 3_600_000);
    if (wallClock(instant).day === day) return instant;
  }
  throw new RangeError(`no hour of ${isoDate(day)} in America/Sao_Paulo`);
}
