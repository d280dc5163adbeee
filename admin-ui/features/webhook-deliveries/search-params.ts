import { createLoader, createParser, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED", "NO_URL", "HELD"] as const;
/** Every event the contract sends a merchant (server/src/webhooks/webhook-event-names.ts; e2e/operator/webhooks.spec.ts checks the filter offers them all). */
export const WEBHOOK_EVENTS = [
  "charge.paid",
  "charge.expired",
  "charge.cancelled",
  "withdrawal.pending",
  "withdrawal.processing",
  "withdrawal.paid",
  "withdrawal.failed",
  "withdrawal.cancelled",
  "refund.processing",
  "refund.refunded",
  "refund.failed",
  "dispute.opened",
  "dispute.closed",
  "charge.payment_failed",
  "recurrence.approved",
  "recurrence.rejected",
  "recurrence.cancelled",
  "recurrence.expired",
  "ping",
] as const;

/** An endpoint's id as the API issues it (we_ and letters or digits); anything else is no filter. */
const parseAsEndpointId = createParser<string>({
  parse: (value) => (/^we_[A-Za-z0-9]{1,64}$/.test(value) ? value : null),
  serialize: (value) => value,
});

/** The deliveries list's URL: status, event name, one charge or withdrawal (the search box), one company, one endpoint. */
export const deliveryFilters = {
  status: parseAsStringLiteral(DELIVERY_STATUSES),
  // An event the contract does not name is no filter (the API would refuse the whole page).
  event: parseAsStringLiteral(WEBHOOK_EVENTS),
  subject: parseAsString,
  company: parseAsString,
  endpoint: parseAsEndpointId,
};

export const loadDeliveryParams = createLoader({ ...tableParsers, ...deliveryFilters });

/** The most the API redelivers in one call (redeliverFailedWebhooks' max), oldest first. */
export const REDELIVER_BATCH_MAX = 100;
