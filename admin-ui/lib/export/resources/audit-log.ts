import { AuditLogDocument } from "@/features/audit-log/documents";
import { AUDIT_OBJECT_TYPES } from "@/features/audit-log/search-params";
import type { AuditLogQuery } from "@/gql/graphql";
import { csvDateTime } from "../csv";
import { defineExport } from "../registry-types";
import { oneOf } from "./filters";

type Row = AuditLogQuery["auditLog"]["data"][number];

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** The audit log (app/(operator)/ops/audit-log) with its object type and object id filters. */
export const auditLogExport = defineExport<Row>({
  filename: "audit-log",
  columns: [
    { key: "id", value: (row) => row.id },
    { key: "when", value: (row) => csvDateTime(row.at), trusted: true },
    { key: "actor", value: (row) => row.actor },
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
    });
    return {
      rows: auditLog.data,
      endCursor: auditLog.pageInfo.endCursor ?? null,
      hasNextPage: auditLog.pageInfo.hasNextPage,
    };
  },
});
