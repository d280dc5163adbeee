import type { ExportDefinition } from "./registry-types";
import { auditLogExport } from "./resources/audit-log";
import { chargesExport } from "./resources/charges";
import { statementExport } from "./resources/statement";
import { withdrawalsExport } from "./resources/withdrawals";

export type { ExportDefinition } from "./registry-types";

/**
 * Every list that exports to CSV, by the name in /api/export/<name>. To add one (e.g. a
 * new list): write resources/<name>.ts with defineExport and add it here; the
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
