import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { toLimitOffset } from "@/components/data-table/search-params";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { withWithdrawalReferences } from "@/features/statement/columns";
import { dayRange } from "@/features/statement/date-range";
import { StatementDocument, WithdrawalReferenceDocument } from "@/features/statement/documents";
import { loadStatementParams } from "@/features/statement/search-params";
import { StatementView } from "@/features/statement/statement-view";
import { ExportButton } from "@/lib/export/export-button";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("statement"))("metaTitle") };
}

export default async function StatementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { from, to, page, perPage } = await loadStatementParams(searchParams);
  const [{ ledgerEntries, balance }, t] = await Promise.all([
    execute(StatementDocument, { ...dayRange(from, to), ...toLimitOffset(page, perPage) }),
    getTranslations("statement"),
  ]);
  const rows = await withWithdrawalReferences(ledgerEntries.data, (id) =>
    execute(WithdrawalReferenceDocument, { id }).then(({ withdrawal }) => withdrawal.withdrawalReference),
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={<ExportButton resource="statement" filters={{ from, to }} />}
        meta={
          <span>
            {t.rich("available", {
              money: () => <Money value={balance.balance} className="font-semibold text-foreground" />,
            })}
          </span>
        }
      />
      <StatementView
        rows={rows}
        total={ledgerEntries.total}
        totalCapped={ledgerEntries.totalCapped}
        page={page}
        perPage={perPage}
        filtered={Boolean(from || to)}
      />
    </div>
  );
}
