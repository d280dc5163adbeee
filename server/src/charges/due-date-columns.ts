import type { ValueTransformer } from "typeorm";
import type { AdjustmentTerm, DiscountTerm, InterestTerm } from "../billing";
import { formatBrl, parseBrl } from "../core/money";

/**
 * How a due-date charge's terms are stored: jsonb as given, each value as two-decimal text
 * ({"mode": "PERCENT", "value": "2.00"}), never a JSON number, so no value passes through a
 * float; read back with bigint values (centavos, or hundredths of a percent).
 */
type StoredTerm = { mode: string; value?: string; dates?: { date: string; value: string }[] };

function termToStored(term: { mode: string; value?: bigint; dates?: { date: string; value: bigint }[] }): StoredTerm {
  return term.dates !== undefined
    ? { mode: term.mode, dates: term.dates.map((entry) => ({ date: entry.date, value: formatBrl(entry.value) })) }
    : { mode: term.mode, value: formatBrl(term.value as bigint) };
}

function termFromStored(stored: StoredTerm) {
  return stored.dates !== undefined
    ? { mode: stored.mode, dates: stored.dates.map((entry) => ({ date: entry.date, value: parseBrl(entry.value) })) }
    : { mode: stored.mode, value: parseBrl(stored.value) };
}

const termColumn: ValueTransformer = {
  to: (term: Parameters<typeof termToStored>[0] | null | undefined) =>
    term === null || term === undefined ? term : termToStored(term),
  from: (stored: StoredTerm | null) => (stored === null ? null : termFromStored(stored)),
};

export const adjustmentColumn = termColumn as ValueTransformer & { from(stored: unknown): AdjustmentTerm | null };
export const interestColumn = termColumn as ValueTransformer & { from(stored: unknown): InterestTerm | null };
export const discountColumn = termColumn as ValueTransformer & { from(stored: unknown): DiscountTerm | null };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A `date` column as "YYYY-MM-DD": node-postgres reads a date as a Date at local midnight
 * (and TypeORM's own reads as text), so both become the same text, whatever the process's zone.
 */
export const dateColumn: ValueTransformer = {
  to: (value: string | null | undefined) => value,
  from: (value: Date | string | null) =>
    value instanceof Date ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` : value,
};
