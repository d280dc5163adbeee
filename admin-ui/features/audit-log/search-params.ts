import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";

export const AUDIT_OBJECT_TYPES = [
  "withdrawal",
  "adjustment",
  "charge",
  "company",
  "client_credential",
  "console_user",
  "payment_exception",
  "webhook_event",
] as const;

export const auditFilters = { objectType: parseAsStringLiteral(AUDIT_OBJECT_TYPES) };

/** The audit log's URL: object type, object id (the search box), page size and cursor. */
export const loadAuditParams = createLoader({ ...tableParsers, ...auditFilters });
