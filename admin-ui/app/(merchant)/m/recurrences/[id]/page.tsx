import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { createLoader } from "nuqs/server";
import { CopyableId } from "@/components/copy-button";
import { tableParsers, toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LiveUpdates } from "@/features/live/live-updates";
import { ServiceInfoDocument } from "@/features/provider/documents";
import { RecurrenceDetailDocument } from "@/features/recurrences/documents";
import { NewRecurringChargeButton } from "@/features/recurrences/new-recurring-charge-dialog";
import { CancelRecurrenceButton, SimulateDecisionButtons } from "@/features/recurrences/recurrence-actions";
import { RecurrenceActivity } from "@/features/recurrences/recurrence-activity";
import { RecurrenceAuthorisationCard } from "@/features/recurrences/recurrence-authorisation-card";
import { RecurrenceDetailsCard } from "@/features/recurrences/recurrence-details-card";
import { RecurrenceStatusBadge } from "@/features/recurrences/recurrence-status-badge";
import { formatBRL, formatIsoDay, lastPayableDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recurrences.detail"))("metaTitle") };
}

const loadParams = createLoader(tableParsers);

export default async function MerchantRecurrencePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const { page, perPage } = await loadParams(searchParams);
  const recurrenceId = decodeURIComponent(id);
  const [{ recurrence, recurrenceCharges }, { serviceInfo }, t] = await Promise.all([
    executeOrNotFound(RecurrenceDetailDocument, { id: recurrenceId, ...toLimitOffset(page, perPage) }),
    execute(ServiceInfoDocument),
    getTranslations("recurrences.detail"),
  ]);
  const open = recurrence.status === "CREATED" || recurrence.status === "APPROVED";
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["recurrence", "charge"]} resourceId={recurrence.id} />
      <PageHeader
        title={recurrence.object}
        description={recurrence.payer.name}
        meta={
          <>
            <RecurrenceStatusBadge status={recurrence.status} />
            <CopyableId value={recurrence.id} />
          </>
        }
        actions={
          open ? (
            <>
              {recurrence.status === "APPROVED" && (
                <NewRecurringChargeButton recurrenceId={recurrence.id} fixedAmount={recurrence.amount} />
              )}
              <CancelRecurrenceButton id={recurrence.id} />
            </>
          ) : undefined
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className={recurrence.status === "CREATED" ? "lg:col-span-2" : "lg:col-span-3"}>
          <RecurrenceDetailsCard
            recurrence={recurrence}
            nextCycleDate={recurrence.nextCycleDate}
            payerBankAccount={recurrence.payerBankAccount}
            payerBankRequest={recurrence.payerBankRequest}
          />
        </div>
        {recurrence.status === "CREATED" && (
          <Card>
            <CardHeader>
              <div>
                <CardTitle>{t("authorisation")}</CardTitle>
                <CardDescription>
                  {t("authorisationDescription", {
                    date: formatIsoDay(lastPayableDay(recurrence.authorisationExpiresAt)),
                  })}
                </CardDescription>
                {recurrence.firstPayment && (
                  <p className="pt-1 text-sm font-medium">
                    {t("authorisationWithPayment", { amount: formatBRL(recurrence.firstPayment.amount) })}
                  </p>
                )}
              </div>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <RecurrenceAuthorisationCard pixCode={recurrence.pixCode} object={recurrence.object} />
              {serviceInfo.sandbox && <SimulateDecisionButtons id={recurrence.id} status={recurrence.status} />}
            </CardContent>
          </Card>
        )}
      </div>
      <RecurrenceActivity
        recurrenceId={recurrence.id}
        charges={recurrenceCharges}
        page={page}
        perPage={perPage}
        sandbox={serviceInfo.sandbox}
        chargeBasePath="/m/charges"
      />
    </div>
  );
}
