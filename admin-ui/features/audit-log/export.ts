import { AuditLogDocument } from "@/features/audit-log/documents";
import { AUDIT_OBJECT_TYPES, auditRange } from "@/features/audit-log/search-params";
import type { AuditLogQuery } from "@/gql/graphql";
import { csvDateTime } from "@/lib/export/csv";
import { oneOf } from "@/lib/export/filters";
import { defineExport } from "@/lib/export/registry-types";

type Row = AuditLogQuery["auditLog"]["data"][number];

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** The audit log (app/(operator)/ops/audit-log) with its object, actor, action and day filters. */
export const auditLogExport = defineExport<Row>({
  filename: "log-de-auditoria",
  columns: [
    { key: "id", value: (row) => row.id },
    { key: "when", value: (row) => csvDateTime(row.at), trusted: true },
    { key: "actor", value: (row, words) => words.actor(row.actorInfo) },
    { key: "actorId", value: (row) => row.actor },
    { key: "actorKind", value: (row) => row.actorKind },
    { key: "action", value: (row) => row.action },
    { key: "objectType", value: (row) => row.objectType },
    { key: "objectId", value: (row) => row.objectId },
    { key: "companyId", value: (row) => row.companyId },
    { key: "reason", value: (row) => row.reason },
    { key: "address", value: (row) => row.address },
    { key: "requestId", value: (row) => row.requestId },
    { key: "before", value: (row) => json(row.before) },
    { key: "after", value: (row) => json(row.after) },
  ],
  async page(client, filters, after) {
    const { auditLog } = await client(AuditLogDocument, {
      first: 200,
      after,
      objectType: oneOf(filters.get("objectType"), AUDIT_OBJECT_TYPES),
      objectId: filters.get("q")?.trim() || null,
      actor: filters.get("actor") || null,
      action: filters.get("action") || null,
      ...auditRange(filters.get("from"), filters.get("to")),
    });
    return {
      rows: auditLog.data,
      endCursor: auditLog.pageInfo.endCursor ?? null,
      hasNextPage: auditLog.pageInfo.hasNextPage,
    };
  },
});
