import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const EXCEPTION_STATUSES = ["OPEN", "RESOLVED"] as const;

/** Open exceptions first: the page opens on the ones that need someone. */
export const exceptionFilters = { status: parseAsStringLiteral(EXCEPTION_STATUSES).withDefault("OPEN") };

export const loadExceptionParams = createLoader({ ...tableParsers, ...exceptionFilters });
