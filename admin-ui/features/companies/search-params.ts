import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const CHARGE_STATUSES = ["PENDING", "PAID", "EXPIRED", "CANCELLED"] as const;

/** The companies list: search by name or id, sort, page. */
export const loadCompanyListParams = createLoader(tableParsers);

/** The company page: which tab, and that tab's status filter and page. */
export const companyPageFilters = {
  tab: parseAsStringLiteral(["charges", "withdrawals", "adjustments"] as const).withDefault("charges"),
  status: parseAsStringLiteral([...CHARGE_STATUSES, "PROCESSING", "FAILED"] as const),
};

export const loadCompanyPageParams = createLoader({ ...tableParsers, ...companyPageFilters });
