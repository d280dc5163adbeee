import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED", "NO_URL"] as const;
export const WEBHOOK_EVENTS = [
  "charge.paid",
  "withdrawal.pending",
  "withdrawal.processing",
  "withdrawal.paid",
  "withdrawal.failed",
  "withdrawal.cancelled",
  "ping",
] as const;

/** The deliveries list's URL: status, event name, one charge or withdrawal, one company. */
export const deliveryFilters = {
  status: parseAsStringLiteral(DELIVERY_STATUSES),
  event: parseAsString,
  subject: parseAsString,
  company: parseAsString,
};

export const loadDeliveryParams = createLoader({ ...tableParsers, ...deliveryFilters });
