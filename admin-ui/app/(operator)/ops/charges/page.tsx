import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { ChargesTable } from "@/features/charges/charges-table";
import { ChargeSearchDocument, ChargesListDocument } from "@/features/charges/documents";
import {
  chargeSearchText,
  createdRange,
  hitMatchesFilters,
  loadChargeParams,
  moneyBackArguments,
  reservedArgument,
} from "@/features/charges/search-params";
import { companyNames } from "@/features/withdrawals/queries";
import { ExportButton } from "@/lib/export/export-button";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("charges"))("metaTitle") };
}

export default async function ChargesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { perPage, after, status, reserved, moneyBack, type, company, from, to, q } =
    await loadChargeParams(searchParams);
  const search = chargeSearchText(q);
  const filters = {
    status,
    type,
    reserved: reservedArgument(reserved),
    ...moneyBackArguments(moneyBack),
    companyId: company,
    ...createdRange(from, to),
  };
  // A search shows the charges found by id, txid or e2e id (at most 10, no paging) within the filters.
  const listing = search
    ? await execute(ChargeSearchDocument, { query: search }).then(({ search: found }) => ({
        data: found.charges.filter((hit) => hitMatchesFilters(hit, filters)),
        pageInfo: { endCursor: null, hasNextPage: false },
      }))
    : await execute(ChargesListDocument, { first: perPage, after, ...filters }).then(({ charges }) => charges);
  const t = await getTranslations("charges");
  const companies = await companyNames([...listing.data.map((row) => row.companyId), ...(company ? [company] : [])]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          // The export pages the filtered list; a search's few hits are all on screen.
          search ? undefined : (
            <ExportButton resource="charges" filters={{ status, reserved, moneyBack, type, company, from, to }} />
          )
        }
      />
      <ChargesTable
        rows={listing.data}
        perPage={perPage}
        after={after}
        endCursor={listing.pageInfo.endCursor ?? null}
        hasNextPage={listing.pageInfo.hasNextPage}
        searching={search !== null}
        status={status}
        reserved={reserved}
        moneyBack={moneyBack}
        type={type}
        company={company}
        from={from}
        to={to}
        companies={companies}
      />
    </div>
  );
}
