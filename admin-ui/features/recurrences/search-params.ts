import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const RECURRENCE_STATUSES = ["CREATED", "APPROVED", "REJECTED", "EXPIRED", "CANCELLED", "COMPLETED"] as const;

/** A recurrences list: its status filter and page in the URL. */
export const recurrenceFilters = {
  status: parseAsStringLiteral(RECURRENCE_STATUSES),
};

export const loadRecurrenceParams = createLoader({ ...tableParsers, ...recurrenceFilters });

/** The operators' list: the same, and one account (the URL's `company`). */
export const operatorRecurrenceFilters = { ...recurrenceFilters, company: parseAsString };

export const loadOperatorRecurrenceParams = createLoader({ ...tableParsers, ...operatorRecurrenceFilters });
