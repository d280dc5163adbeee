import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { WebhookDeliveriesDocument } from "@/features/webhook-deliveries/documents";
import { loadDeliveryParams } from "@/features/webhook-deliveries/search-params";
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
  const { perPage, after, status, event, subject, company } = await loadDeliveryParams(searchParams);
  const { webhookDeliveries } = await execute(WebhookDeliveriesDocument, {
    first: perPage,
    after,
    status,
    event,
    subjectId: subject,
    companyId: company,
  });
  const companies = await companyNames([
    ...webhookDeliveries.data.map((row) => row.companyId),
    ...(company ? [company] : []),
  ]);
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
        canAct={canActOnMoney(viewer)}
      />
    </div>
  );
}
