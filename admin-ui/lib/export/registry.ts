import { auditLogExport } from "@/features/audit-log/export";
import { chargesExport } from "@/features/charges/export";
import { statementExport } from "@/features/statement/export";
import { withdrawalsExport } from "@/features/withdrawals/export";
import type { ExportDefinition } from "./registry-types";

export type { ExportDefinition } from "./registry-types";

/**
 * Every list that exports to CSV, by the name in /api/export/<name>. To add one (e.g. a
 * new list): write features/<feature>/export.ts with defineExport and add it here; the
 * route and ExportButton need nothing else, and the API still decides what the caller may read.
 */
// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own row type through defineExport
export const EXPORTS: Record<string, ExportDefinition<any>> = {
  charges: chargesExport,
  withdrawals: withdrawalsExport,
  "audit-log": auditLogExport,
  statement: statementExport,
};

export function findExport(resource: string): ExportDefinition<unknown> | null {
  return Object.hasOwn(EXPORTS, resource) ? EXPORTS[resource] : null;
}
