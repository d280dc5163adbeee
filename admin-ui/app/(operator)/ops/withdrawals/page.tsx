import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { companyNames, fetchWithdrawalPage } from "@/features/withdrawals/queries";
import { loadWithdrawalParams } from "@/features/withdrawals/search-params";
import { WithdrawalsView } from "@/features/withdrawals/withdrawals-view";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { ExportButton } from "@/lib/export/export-button";

export const metadata: Metadata = { title: "Withdrawals" };

export default async function WithdrawalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer();
  const { view, status, company, page, perPage, sort } = await loadWithdrawalParams(searchParams);
  const oldestFirst = view === "all" && sort?.id === "requested" && !sort.desc;
  const params = { view, status: view === "queue" ? null : status, company, page, perPage, oldestFirst };
  const initial = await fetchWithdrawalPage(params);
  const companies = await companyNames([...initial.rows.map((row) => row.companyId), ...(company ? [company] : [])]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Withdrawals"
        description={
          view === "queue"
            ? "Approve or reject PIX withdrawals waiting in the queue, oldest first."
            : "Every withdrawal across all accounts, newest first."
        }
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
