import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { ChargesTable } from "@/features/charges/charges-table";
import { ChargesListDocument } from "@/features/charges/documents";
import { createdRange, loadChargeParams, reservedArgument } from "@/features/charges/search-params";
import { companyNames } from "@/features/withdrawals/queries";
import { ExportButton } from "@/lib/export/export-button";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Charges" };

export default async function ChargesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { perPage, after, status, reserved, company, from, to } = await loadChargeParams(searchParams);
  const { charges } = await execute(ChargesListDocument, {
    first: perPage,
    after,
    status,
    reserved: reservedArgument(reserved),
    companyId: company,
    ...createdRange(from, to),
  });
  const companies = await companyNames([...charges.data.map((row) => row.companyId), ...(company ? [company] : [])]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Charges"
        description="PIX charges of every account, newest first: reserve disputed ones, open one for its BR Code."
        actions={<ExportButton resource="charges" filters={{ status, reserved, company, from, to }} />}
      />
      <ChargesTable
        rows={charges.data}
        perPage={perPage}
        after={after}
        endCursor={charges.pageInfo.endCursor ?? null}
        hasNextPage={charges.pageInfo.hasNextPage}
        status={status}
        reserved={reserved}
        company={company}
        from={from}
        to={to}
        companies={companies}
      />
    </div>
  );
}
