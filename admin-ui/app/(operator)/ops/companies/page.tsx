import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { CompaniesTable } from "@/features/companies/companies-table";
import { CompaniesDocument } from "@/features/companies/documents";
import { loadCompanyListParams } from "@/features/companies/search-params";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Companies" };

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await loadCompanyListParams(searchParams);
  const search = params.q.trim() || null;
  const { companies } = await execute(CompaniesDocument, {
    search,
    limit: params.perPage,
    offset: (Math.max(1, params.page) - 1) * params.perPage,
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Companies" description="Merchant accounts, newest first: balances, fee plans and settings." />
      <CompaniesTable
        rows={companies.data}
        total={companies.total}
        totalCapped={companies.totalCapped}
        page={params.page}
        perPage={params.perPage}
        searching={search !== null}
      />
    </div>
  );
}
