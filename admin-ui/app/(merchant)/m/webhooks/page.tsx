import { ShieldCheckIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminOnly } from "@/features/merchant/admin-only";
import { DeliveryHistory } from "@/features/webhooks/delivery-history";
import { WebhookPageDocument } from "@/features/webhooks/documents";
import { EndpointsManager } from "@/features/webhooks/endpoints-manager";
import { RotateSecret } from "@/features/webhooks/rotate-secret";
import { StandardSecret } from "@/features/webhooks/standard-secret";
import { TestPing } from "@/features/webhooks/test-ping";
import { WebhookUrlForm } from "@/features/webhooks/webhook-url-form";
import { requireViewer } from "@/lib/auth/session";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantWebhooks"))("metaTitle") };
}

async function load(endpointId: string | null) {
  try {
    return await execute(WebhookPageDocument, { limit: 30, offset: 0, endpointId });
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") return null;
    throw error;
  }
}

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ endpoint?: string }> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("merchantWebhooks");
  const requested = (await searchParams).endpoint;
  const endpointId = typeof requested === "string" && /^we_[A-Za-z0-9]{1,64}$/.test(requested) ? requested : null;
  const data = await load(endpointId);
  if (!data) return <AdminOnly title={t("title")} />;
  // Members read the settings and the history; only admins change them (the API enforces it).
  const canManage = viewer.role === "ADMIN";
  const { webhookSettings, webhookDeliveries, webhookEndpoints } = data;
  const endpoints = webhookEndpoints.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>{t("endpoint")}</CardTitle>
              <CardDescription>{t("endpointDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            {canManage ? (
              <>
                <WebhookUrlForm current={webhookSettings.url ?? null} />
                <div className="border-t pt-4">
                  <RotateSecret hint={webhookSettings.secretHint} />
                </div>
                {webhookSettings.secretIsBase64url ? <StandardSecret /> : null}
                <div className="border-t pt-4">
                  <TestPing disabled={!endpoints.some((endpoint) => endpoint.status === "ENABLED")} />
                </div>
              </>
            ) : (
              <div className="grid gap-3 text-sm">
                <dl className="grid gap-3">
                  <div>
                    <dt className="text-muted-foreground">{t("url")}</dt>
                    <dd className="font-mono text-xs break-all">
                      {webhookSettings.url ?? <span className="font-sans text-muted-foreground">{t("notSet")}</span>}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("signingSecret")}</dt>
                    <dd className="font-mono text-xs">{webhookSettings.secretHint}</dd>
                  </div>
                </dl>
                <p className="text-muted-foreground">{t("adminsOnly")}</p>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden />
              <CardTitle>{t("rules.title")}</CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
              <li>{t("rules.scheme")}</li>
              <li>{t("rules.public")}</li>
              <li>{t("rules.dns")}</li>
              <li>{t("rules.redirects")}</li>
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("endpoints.title")}</CardTitle>
            <CardDescription>{t("endpoints.description")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <EndpointsManager endpoints={endpoints} canManage={canManage} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("history.title")}</CardTitle>
            <CardDescription>{t("history.description")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {endpoints.length > 1 ? (
            <nav aria-label={t("endpoints.filter")} className="flex flex-wrap gap-2 text-sm">
              <Link
                href="/m/webhooks"
                aria-current={endpointId === null ? "page" : undefined}
                className="rounded-md border px-2 py-1 aria-[current=page]:bg-muted aria-[current=page]:font-medium"
              >
                {t("endpoints.filterAll")}
              </Link>
              {endpoints.map((endpoint) => (
                <Link
                  key={endpoint.id}
                  href={`/m/webhooks?endpoint=${endpoint.id}`}
                  aria-current={endpointId === endpoint.id ? "page" : undefined}
                  className="max-w-full truncate rounded-md border px-2 py-1 font-mono text-xs aria-[current=page]:bg-muted aria-[current=page]:font-medium"
                >
                  {endpoint.url}
                </Link>
              ))}
            </nav>
          ) : null}
          <DeliveryHistory deliveries={webhookDeliveries.data} canRedeliver={canManage} />
        </CardContent>
      </Card>
    </div>
  );
}
