import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const DISPUTE_STATUSES = ["OPEN", "REJECTED", "ACCEPTED", "CLOSED"] as const;

/** Open disputes first: the page opens on the ones whose deadline runs. */
export const disputeFilters = { status: parseAsStringLiteral(DISPUTE_STATUSES).withDefault("OPEN") };

export const loadDisputeParams = createLoader({ ...tableParsers, ...disputeFilters });
