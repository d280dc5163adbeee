import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { AdjustmentsTable } from "@/features/adjustments/adjustments-table";
import { CreateAdjustmentButton } from "@/features/adjustments/create-adjustment-button";
import { AdjustmentsListDocument } from "@/features/adjustments/documents";
import { loadAdjustmentParams } from "@/features/adjustments/search-params";
import { companyNames } from "@/features/withdrawals/queries";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adjustments");
  return { title: t("metaTitle") };
}

export default async function AdjustmentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("adjustments");
  const { perPage, after, status, company } = await loadAdjustmentParams(searchParams);
  const { adjustments } = await execute(AdjustmentsListDocument, { first: perPage, after, status, companyId: company });
  const companies = await companyNames([
    ...adjustments.data.map((row) => row.companyId),
    ...(company ? [company] : []),
  ]);
  const canAct = canActOnMoney(viewer);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canAct ? <CreateAdjustmentButton companies={companies} defaultCompany={company} /> : undefined}
      />
      <AdjustmentsTable
        rows={adjustments.data}
        perPage={perPage}
        after={after}
        endCursor={adjustments.pageInfo.endCursor ?? null}
        hasNextPage={adjustments.pageInfo.hasNextPage}
        status={status}
        company={company}
        companies={companies}
        canAct={canAct}
        viewerActor={`operator:${viewer.id}`}
      />
    </div>
  );
}
