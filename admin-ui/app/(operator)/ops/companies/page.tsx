import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { CompaniesTable } from "@/features/companies/companies-table";
import { NewCompanyButton } from "@/features/companies/company-dialog-buttons";
import { CompaniesDocument } from "@/features/companies/documents";
import { loadCompanyListParams } from "@/features/companies/search-params";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("companies"))("metaTitle") };
}

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("companies");
  const params = await loadCompanyListParams(searchParams);
  const search = params.q.trim() || null;
  const [viewer, { companies }] = await Promise.all([
    requireViewer(),
    execute(CompaniesDocument, {
      search,
      ...toLimitOffset(params.page, params.perPage),
    }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={viewer.role === "ADMIN" ? <NewCompanyButton /> : undefined}
      />
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
