import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const ADJUSTMENT_STATUSES = ["REQUESTED", "POSTED", "REJECTED"] as const;

/** The adjustments list's URL: status and one company; cursor paging from tableParsers. */
export const adjustmentFilters = {
  status: parseAsStringLiteral(ADJUSTMENT_STATUSES),
  company: parseAsString,
};

export const loadAdjustmentParams = createLoader({ ...tableParsers, ...adjustmentFilters });
