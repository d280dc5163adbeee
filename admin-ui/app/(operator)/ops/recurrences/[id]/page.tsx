import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { createLoader } from "nuqs/server";
import { CopyableId } from "@/components/copy-button";
import { tableParsers, toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { LiveUpdates } from "@/features/live/live-updates";
import { RecurrenceDetailDocument } from "@/features/recurrences/documents";
import { RecurrenceActivity } from "@/features/recurrences/recurrence-activity";
import { RecurrenceDetailsCard } from "@/features/recurrences/recurrence-details-card";
import { RecurrenceStatusBadge } from "@/features/recurrences/recurrence-status-badge";
import { companyNames } from "@/features/withdrawals/queries";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recurrences.detail"))("metaTitle") };
}

const loadParams = createLoader(tableParsers);

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
  const { recurrence, recurrenceCharges } = await executeOrNotFound(RecurrenceDetailDocument, {
    id: recurrenceId,
    ...toLimitOffset(page, perPage),
  });
  const names = await companyNames([recurrence.companyId]);
  const company = names.find(({ id: companyId }) => companyId === recurrence.companyId);
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["recurrence", "charge"]} resourceId={recurrence.id} />
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
      <RecurrenceDetailsCard
        recurrence={recurrence}
        nextCycleDate={recurrence.nextCycleDate}
        payerBankAccount={recurrence.payerBankAccount}
        payerBankRequest={recurrence.payerBankRequest}
      />
      <RecurrenceActivity
        recurrenceId={recurrence.id}
        charges={recurrenceCharges}
        page={page}
        perPage={perPage}
        sandbox={false}
        chargeBasePath="/ops/charges"
      />
    </div>
  );
}
