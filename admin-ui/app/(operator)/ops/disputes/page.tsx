import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { DisputesTable } from "@/features/disputes/disputes-table";
import { DisputesDocument } from "@/features/disputes/documents";
import { loadDisputeParams } from "@/features/disputes/search-params";
import { LiveUpdates } from "@/features/live/live-updates";
import { CompanyNamesDocument } from "@/features/withdrawals/documents";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("disputes");
  return { title: t("metaTitle") };
}

export default async function DisputesQueuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("disputes");
  const { perPage, after, status } = await loadDisputeParams(searchParams);
  const [{ disputes }, { companies }] = await Promise.all([
    execute(DisputesDocument, { first: perPage, after, status }),
    execute(CompanyNamesDocument),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["dispute"]} watch={{ count: disputes.total, rows: "disputes", scope: status }} />
      <PageHeader title={t("title")} description={t("description")} />
      <DisputesTable
        rows={disputes.data}
        total={disputes.total}
        perPage={perPage}
        after={after}
        endCursor={disputes.pageInfo.endCursor ?? null}
        hasNextPage={disputes.pageInfo.hasNextPage}
        status={status}
        audience="operator"
        canAct={canActOnMoney(viewer)}
        companies={companies.data}
      />
    </div>
  );
}
