import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { AuditLogTable } from "@/features/audit-log/audit-log-table";
import { AuditLogDocument } from "@/features/audit-log/documents";
import { auditRange, loadAuditParams } from "@/features/audit-log/search-params";
import { ExportButton } from "@/lib/export/export-button";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("metaTitle") };
}

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("audit");
  const { perPage, after, objectType, q, actor, action, from, to } = await loadAuditParams(searchParams);
  const objectId = q.trim() || null;
  const { auditLog } = await execute(AuditLogDocument, {
    first: perPage,
    after,
    objectType,
    objectId,
    actor,
    action,
    ...auditRange(from, to),
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={<ExportButton resource="audit-log" filters={{ objectType, q: objectId, actor, action, from, to }} />}
      />
      <AuditLogTable
        rows={auditLog.data}
        perPage={perPage}
        after={after}
        endCursor={auditLog.pageInfo.endCursor ?? null}
        hasNextPage={auditLog.pageInfo.hasNextPage}
        objectType={objectType}
        actor={actor}
        action={action}
        from={from}
        to={to}
        searching={Boolean(objectId || objectType || actor || action || from || to)}
      />
    </div>
  );
}
