import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LiveUpdates } from "@/features/live/live-updates";
import { DebitAttemptsList } from "@/features/recurrences/debit-attempts-list";
import { FailedDebitsDocument, RecurrencesDocument } from "@/features/recurrences/documents";
import { RecurrencesTable } from "@/features/recurrences/recurrences-table";
import { loadOperatorRecurrenceParams } from "@/features/recurrences/search-params";
import { companyNames } from "@/features/withdrawals/queries";
import { saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recurrences.operator"))("metaTitle") };
}

/** The day's refused debits shown (newest first); the rest are on each recurrence's page. */
const FAILED_SHOWN = 100;

/** Operators: every account's recurrences (or one account's) and the debits refused today. */
export default async function OperatorRecurrencesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { page, perPage, status, company } = await loadOperatorRecurrenceParams(searchParams);
  const [{ recurrences }, { recurringDebitAttempts: failed }, t] = await Promise.all([
    execute(RecurrencesDocument, { status, companyId: company, ...toLimitOffset(page, perPage) }),
    execute(FailedDebitsDocument, { day: saoPauloDay(), companyId: company, limit: FAILED_SHOWN }),
    getTranslations("recurrences.operator"),
  ]);
  const names = await companyNames([
    ...recurrences.data.map((row) => row.companyId),
    ...failed.data.map((row) => row.companyId),
    ...(company ? [company] : []),
  ]);
  const companies = Object.fromEntries(names.map(({ id, name }) => [id, name]));
  return (
    <div className="flex flex-col gap-6">
      {/* A status change, or a debit refused (charge.payment_failed) for the day's list. */}
      <LiveUpdates topics={["recurrence", "charge"]} />
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("failedToday")}</CardTitle>
            <CardDescription>{t("failedTodayDescription", { count: failed.total })}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <DebitAttemptsList
            rows={failed.data}
            chargeBasePath="/ops/charges"
            label={t("failedLabel")}
            empty={{ title: t("noFailed"), description: t("noFailedDescription") }}
            companies={new Map(Object.entries(companies))}
            recurrenceBasePath="/ops/recurrences"
          />
        </CardContent>
      </Card>
      <RecurrencesTable
        rows={recurrences.data}
        total={recurrences.total}
        totalCapped={recurrences.totalCapped}
        page={page}
        perPage={perPage}
        status={status}
        basePath="/ops/recurrences"
        companies={companies}
        company={company}
      />
    </div>
  );
}
