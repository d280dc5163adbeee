import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const RECURRENCE_STATUSES = ["CREATED", "APPROVED", "REJECTED", "EXPIRED", "CANCELLED", "COMPLETED"] as const;

/** A recurrences list: its status filter and page in the URL. */
export const recurrenceFilters = {
  status: parseAsStringLiteral(RECURRENCE_STATUSES),
};

export const loadRecurrenceParams = createLoader({ ...tableParsers, ...recurrenceFilters });
