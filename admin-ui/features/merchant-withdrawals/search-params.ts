import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const WITHDRAWAL_STATUSES = ["PENDING", "PROCESSING", "PAID", "FAILED", "CANCELLED"] as const;

export const merchantWithdrawalFilters = { status: parseAsStringLiteral(WITHDRAWAL_STATUSES) };

export const loadMerchantWithdrawalParams = createLoader({ ...tableParsers, ...merchantWithdrawalFilters });
