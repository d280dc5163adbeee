import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import { TIME_ZONE } from "@/lib/format";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight in São Paulo of a "yyyy-mm-dd" day, as the API's DateTimeISO; null when not a day. */
export function dayStartIso(day: string | null | undefined): string | null {
  const match = day ? DAY.exec(day) : null;
  if (!match) return null;
  const date = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime()).toISOString();
}

/**
 * A "from … to …" pair of days as the API's half-open range: from midnight of the first day
 * to midnight after the last, so the "to" day itself is included as a person means it.
 */
export function dayRange(from: string | null, to: string | null): { from: string | null; to: string | null } {
  const end = dayStartIso(to);
  return {
    from: dayStartIso(from),
    to: end ? new Date(addDays(new TZDate(end, TIME_ZONE), 1).getTime()).toISOString() : null,
  };
}
