import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const WITHDRAWAL_STATUSES = ["PENDING", "PROCESSING", "PAID", "FAILED", "CANCELLED"] as const;

/** The withdrawals list's URL: the queue (PENDING, oldest first) or every withdrawal by status. */
export const withdrawalFilters = {
  view: parseAsStringLiteral(["queue", "all"] as const).withDefault("queue"),
  status: parseAsStringLiteral(WITHDRAWAL_STATUSES),
  company: parseAsString,
};

export const loadWithdrawalParams = createLoader({ ...tableParsers, ...withdrawalFilters });
