import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { AuditLogTable } from "@/features/audit-log/audit-log-table";
import { AuditLogDocument } from "@/features/audit-log/documents";
import { loadAuditParams } from "@/features/audit-log/search-params";
import { ExportButton } from "@/lib/export/export-button";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { perPage, after, objectType, q } = await loadAuditParams(searchParams);
  const objectId = q.trim() || null;
  const { auditLog } = await execute(AuditLogDocument, { first: perPage, after, objectType, objectId });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Audit log"
        description="Every operator action and sign-in, append-only: who, what, on which object, and why."
        actions={<ExportButton resource="audit-log" filters={{ objectType, q: objectId }} />}
      />
      <AuditLogTable
        rows={auditLog.data}
        perPage={perPage}
        after={after}
        endCursor={auditLog.pageInfo.endCursor ?? null}
        hasNextPage={auditLog.pageInfo.hasNextPage}
        objectType={objectType}
        searching={Boolean(objectId || objectType)}
      />
    </div>
  );
}
