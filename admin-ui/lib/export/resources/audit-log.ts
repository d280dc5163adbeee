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
    { header: "ID", value: (row) => row.id },
    { header: "When", value: (row) => csvDateTime(row.at), trusted: true },
    { header: "Actor", value: (row) => row.actor },
    { header: "Actor kind", value: (row) => row.actorKind },
    { header: "Action", value: (row) => row.action },
    { header: "Object type", value: (row) => row.objectType },
    { header: "Object ID", value: (row) => row.objectId },
    { header: "Company ID", value: (row) => row.companyId },
    { header: "Reason", value: (row) => row.reason },
    { header: "Address", value: (row) => row.address },
    { header: "Request ID", value: (row) => row.requestId },
    { header: "Before", value: (row) => json(row.before) },
    { header: "After", value: (row) => json(row.after) },
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
