import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";
import { createdRange } from "@/features/charges/search-params";

export const AUDIT_OBJECT_TYPES = [
  "withdrawal",
  "adjustment",
  "charge",
  "company",
  "client_credential",
  "console_user",
  "payment_exception",
  "unconfirmed_notification",
  "webhook_event",
] as const;

/**
 * The audit log's filters: object type, actor (the API's raw actor, e.g. "operator:usr_…"),
 * action, and São Paulo days from and to (YYYY-MM-DD, both included; see createdRange).
 */
export const auditFilters = {
  objectType: parseAsStringLiteral(AUDIT_OBJECT_TYPES),
  actor: parseAsString,
  action: parseAsString,
  from: parseAsString,
  to: parseAsString,
};

/** The audit log's URL: the filters, the object id (the search box), page size and cursor. */
export const loadAuditParams = createLoader({ ...tableParsers, ...auditFilters });

/** The API's from/to for the URL's São Paulo days, both included (as the charges list reads its days). */
export function auditRange(from: string | null, to: string | null): { from: string | null; to: string | null } {
  const { createdFrom, createdTo } = createdRange(from, to);
  return { from: createdFrom, to: createdTo };
}
