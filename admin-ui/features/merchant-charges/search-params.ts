import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";
import { MONEY_BACK_FILTERS } from "@/features/charges/search-params";

export const CHARGE_STATUSES = ["PENDING", "PAID", "EXPIRED", "CANCELLED"] as const;
export const CHARGE_TYPES = ["IMMEDIATE", "DUE_DATE"] as const;

/** The merchant's charges list: status, type, refunded or disputed, created days (São Paulo) and the search box (id, txid, e2e id). */
export const chargeFilters = {
  status: parseAsStringLiteral(CHARGE_STATUSES),
  type: parseAsStringLiteral(CHARGE_TYPES),
  moneyBack: parseAsStringLiteral(MONEY_BACK_FILTERS),
  from: parseAsString,
  to: parseAsString,
};

export const loadChargeParams = createLoader({ ...tableParsers, ...chargeFilters });
