import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { createLoader } from "nuqs/server";
import { CopyableId } from "@/components/copy-button";
import { tableParsers, toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DebitAttemptsList } from "@/features/recurrences/debit-attempts-list";
import { RecurrenceAttemptsDocument, RecurrenceDetailDocument } from "@/features/recurrences/documents";
import { RecurrenceCharges } from "@/features/recurrences/recurrence-charges";
import { RecurrenceDetailsCard } from "@/features/recurrences/recurrence-details-card";
import { RecurrenceStatusBadge } from "@/features/recurrences/recurrence-status-badge";
import { companyNames } from "@/features/withdrawals/queries";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recurrences.detail"))("metaTitle") };
}

const loadParams = createLoader(tableParsers);
/** The newest attempts shown (a recurrence has at most 4 a cycle). */
const ATTEMPTS_SHOWN = 50;

/** Operators: one recurrence, read only (the merchant and the payer act on it): its terms, charges and attempts. */
export default async function OperatorRecurrencePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const { page, perPage } = await loadParams(searchParams);
  const recurrenceId = decodeURIComponent(id);
  const [{ recurrence, recurrenceCharges }, t, tAttempts] = await Promise.all([
    executeOrNotFound(RecurrenceDetailDocument, { id: recurrenceId, ...toLimitOffset(page, perPage) }),
    getTranslations("recurrences.detail"),
    getTranslations("recurrences.attempts"),
  ]);
  const [{ recurringDebitAttempts }, names] = await Promise.all([
    execute(RecurrenceAttemptsDocument, { recurrenceId: recurrence.id, limit: ATTEMPTS_SHOWN }),
    companyNames([recurrence.companyId]),
  ]);
  const company = names.find(({ id: companyId }) => companyId === recurrence.companyId);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={recurrence.object}
        description={
          <Link href={`/ops/companies/${recurrence.companyId}`} className="hover:underline">
            {company?.name ?? recurrence.companyId}
          </Link>
        }
        meta={
          <>
            <RecurrenceStatusBadge status={recurrence.status} />
            <CopyableId value={recurrence.id} />
          </>
        }
      />
      <RecurrenceDetailsCard recurrence={recurrence} nextCycleDate={recurrence.nextCycleDate} />
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("charges")}</CardTitle>
            <CardDescription>{t("chargesDescription")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <RecurrenceCharges
            rows={recurrenceCharges.data}
            total={recurrenceCharges.total}
            totalCapped={recurrenceCharges.totalCapped}
            page={page}
            perPage={perPage}
            sandbox={false}
            chargeBasePath="/ops/charges"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{tAttempts("title")}</CardTitle>
            <CardDescription>{tAttempts("description")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <DebitAttemptsList
            rows={recurringDebitAttempts.data}
            chargeBasePath="/ops/charges"
            label={tAttempts("label")}
            empty={{ title: tAttempts("empty"), description: tAttempts("emptyDescription") }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
