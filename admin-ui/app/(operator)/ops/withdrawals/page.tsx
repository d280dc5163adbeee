import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { LiveUpdates } from "@/features/live/live-updates";
import { companyNames, fetchWithdrawalPage } from "@/features/withdrawals/queries";
import { loadWithdrawalParams } from "@/features/withdrawals/search-params";
import { WithdrawalsView } from "@/features/withdrawals/withdrawals-view";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { ExportButton } from "@/lib/export/export-button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("withdrawals");
  return { title: t("metaTitle") };
}

export default async function WithdrawalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("withdrawals");
  const { view, status, company, page, perPage, sort } = await loadWithdrawalParams(searchParams);
  const oldestFirst = view === "all" && sort?.id === "requested" && !sort.desc;
  const params = { view, status: view === "queue" ? null : status, company, page, perPage, oldestFirst };
  const initial = await fetchWithdrawalPage(params);
  const companies = await companyNames([...initial.rows.map((row) => row.companyId), ...(company ? [company] : [])]);
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates
        topics={["withdrawal"]}
        watch={view === "queue" ? { count: initial.total, rows: "withdrawals", scope: company ?? "" } : undefined}
      />
      <PageHeader
        title={t("title")}
        description={t(`description.${view}`)}
        actions={
          <ExportButton
            resource="withdrawals"
            filters={{
              view,
              status: view === "queue" ? null : status,
              company,
              sort: sort ? `${sort.id}.${sort.desc ? "desc" : "asc"}` : null,
            }}
          />
        }
      />
      <WithdrawalsView
        params={params}
        sort={sort}
        initial={initial}
        companies={companies}
        canAct={canActOnMoney(viewer)}
        viewerActor={`operator:${viewer.id}`}
      />
    </div>
  );
}
