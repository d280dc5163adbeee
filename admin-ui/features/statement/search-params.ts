import { createLoader, parseAsString } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

/** The statement's URL: São Paulo days `from` and `to` (both included), page and size. */
export const statementFilters = { from: parseAsString, to: parseAsString };

export const loadStatementParams = createLoader({ ...tableParsers, ...statementFilters });
