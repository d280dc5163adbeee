import { TZDate } from "@date-fns/tz";
import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";
import { moneyToCentavos, TIME_ZONE } from "@/lib/format";

export const CHARGE_STATUSES = ["PENDING", "PAID", "EXPIRED", "CANCELLED"] as const;
export const RESERVED_FILTERS = ["held", "free"] as const;
export const CHARGE_TYPES = ["IMMEDIATE", "DUE_DATE"] as const;
/** Charges with money returned to the payer, or with an amount blocked by a MED dispute. */
export const MONEY_BACK_FILTERS = ["refunded", "disputed"] as const;

/**
 * The charges list's URL: status, held or not, refunded or disputed, type, one company, created days; cursor paging and
 * the search text (`q`: a charge id, chg_ id, txid or e2e id) from tableParsers.
 */
export const chargeFilters = {
  status: parseAsStringLiteral(CHARGE_STATUSES),
  reserved: parseAsStringLiteral(RESERVED_FILTERS),
  moneyBack: parseAsStringLiteral(MONEY_BACK_FILTERS),
  type: parseAsStringLiteral(CHARGE_TYPES),
  company: parseAsString,
  /** Created on or after this São Paulo day (YYYY-MM-DD). */
  from: parseAsString,
  /** Created on or before this São Paulo day (YYYY-MM-DD), the whole day included. */
  to: parseAsString,
};

export const loadChargeParams = createLoader({ ...tableParsers, ...chargeFilters });

/** The API's `refunded` and `disputed` arguments from the URL's filter. */
export function moneyBackArguments(value: (typeof MONEY_BACK_FILTERS)[number] | null): {
  refunded: boolean | null;
  disputed: boolean | null;
} {
  return { refunded: value === "refunded" ? true : null, disputed: value === "disputed" ? true : null };
}

/** The API's `reserved` argument from the URL's filter. */
export function reservedArgument(value: (typeof RESERVED_FILTERS)[number] | null): boolean | null {
  return value === "held" ? true : value === "free" ? false : null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight in São Paulo starting the day `day` (YYYY-MM-DD) plus `offset` days, as ISO; null when not a date. */
function saoPauloMidnight(day: string | null, offset: number): string | null {
  const match = day ? DAY.exec(day) : null;
  if (!match) return null;
  const date = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offset, TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime()).toISOString();
}

/** The API's created range (start included, end excluded) from the URL's São Paulo days. */
export function createdRange(
  from: string | null,
  to: string | null,
): { createdFrom: string | null; createdTo: string | null } {
  return { createdFrom: saoPauloMidnight(from, 0), createdTo: saoPauloMidnight(to, 1) };
}

/** The longest text the API's search accepts. */
const MAX_SEARCH_LENGTH = 100;

/** The search text the API is asked for: trimmed, null when blank. */
export function chargeSearchText(q: string): string | null {
  const text = q.trim().slice(0, MAX_SEARCH_LENGTH);
  return text.length > 0 ? text : null;
}

interface SearchHit {
  companyId: string;
  status: string;
  type: string;
  reserved: boolean;
  refundedAmount: string;
  disputedAmount: string;
  createdAt: string;
}

/**
 * Whether a search hit also meets the list's other filters: the API's search finds a charge
 * by one of its keys only, so the page narrows its few hits (at most 10) to the filtered view.
 */
export function hitMatchesFilters(
  hit: SearchHit,
  filters: {
    status: string | null;
    type: string | null;
    reserved: boolean | null;
    refunded: boolean | null;
    disputed: boolean | null;
    companyId: string | null;
    createdFrom: string | null;
    createdTo: string | null;
  },
): boolean {
  const created = Date.parse(hit.createdAt);
  return (
    (filters.status === null || hit.status === filters.status) &&
    (filters.type === null || hit.type === filters.type) &&
    (filters.reserved === null || hit.reserved === filters.reserved) &&
    (filters.refunded === null || moneyToCentavos(hit.refundedAmount) > 0n === filters.refunded) &&
    (filters.disputed === null || moneyToCentavos(hit.disputedAmount) > 0n === filters.disputed) &&
    (filters.companyId === null || hit.companyId === filters.companyId) &&
    (filters.createdFrom === null || created >= Date.parse(filters.createdFrom)) &&
    (filters.createdTo === null || created < Date.parse(filters.createdTo))
  );
}
