import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import {
  CompanyWebhookEndpointsDocument,
  FailedDeliveriesDocument,
  WebhookDeliveriesDocument,
} from "@/features/webhook-deliveries/documents";
import { loadDeliveryParams, REDELIVER_BATCH_MAX } from "@/features/webhook-deliveries/search-params";
import { WebhookDeliveriesTable } from "@/features/webhook-deliveries/webhook-deliveries-table";
import { companyNames } from "@/features/withdrawals/queries";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("deliveries"))("metaTitle") };
}

export default async function WebhookDeliveriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("deliveries");
  const { perPage, after, status, event, subject, company, endpoint } = await loadDeliveryParams(searchParams);
  const canAct = canActOnMoney(viewer);
  const [{ webhookDeliveries }, failed, endpoints] = await Promise.all([
    execute(WebhookDeliveriesDocument, {
      first: perPage,
      after,
      status,
      event,
      // The search box writes what was typed: an id pasted with a space around it still finds its events.
      subjectId: subject?.trim() || null,
      companyId: company,
      endpointId: endpoint,
    }),
    // What bulk redelivery would take: the account's FAILED deliveries (every account's without one).
    canAct
      ? execute(FailedDeliveriesDocument, { companyId: company, first: REDELIVER_BATCH_MAX }).then(
          ({ webhookDeliveries: page }) => page,
        )
      : null,
    // The filter by endpoint offers the chosen account's endpoints.
    company
      ? execute(CompanyWebhookEndpointsDocument, { companyId: company }).then(({ webhookEndpoints }) =>
          webhookEndpoints.data.map(({ id, url }) => ({ id, url })),
        )
      : [],
  ]);
  const failedCompanies = failed ? [...new Set(failed.data.map((row) => row.companyId))] : [];
  const companies = await companyNames([
    ...webhookDeliveries.data.map((row) => row.companyId),
    ...failedCompanies,
    ...(company ? [company] : []),
  ]);
  const names = new Map(companies.map((entry) => [entry.id, entry.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  // Every account is known by name when all the failures fit in one call.
  const accounts = company
    ? [nameOf(company)]
    : failed && failed.total <= REDELIVER_BATCH_MAX
      ? failedCompanies.map(nameOf)
      : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <WebhookDeliveriesTable
        rows={webhookDeliveries.data}
        perPage={perPage}
        after={after}
        endCursor={webhookDeliveries.pageInfo.endCursor ?? null}
        hasNextPage={webhookDeliveries.pageInfo.hasNextPage}
        status={status}
        event={event}
        subject={subject}
        company={company}
        companies={companies}
        endpoint={endpoint}
        endpoints={endpoints}
        canAct={canAct}
        failed={failed ? { total: failed.total, totalCapped: failed.totalCapped, accounts } : null}
      />
    </div>
  );
}
