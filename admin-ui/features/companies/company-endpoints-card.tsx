import { ArrowRightIcon, WebhookIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmptyState, ErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CompanyEndpointsQuery } from "@/gql/graphql";
import { formatDateTime } from "@/lib/format";

type Endpoint = CompanyEndpointsQuery["webhookEndpoints"]["data"][number];

/** Where the operator's webhooks page (the deliveries) opens on this account, or on one of its endpoints. */
export function deliveriesHref(companyId: string, endpointId?: string): string {
  const query = new URLSearchParams({ company: companyId });
  if (endpointId) query.set("endpoint", endpointId);
  return `/ops/webhooks?${query}`;
}

/**
 * The account's webhook endpoints (CONTRACT §15: up to 10, the account's own URL the first):
 * each one's URL, whether it is on, the events it takes and whether it is failing, with the
 * way to its deliveries; an empty state when the account has none. `endpoints` null: the read
 * failed, the rest of the company page still shows.
 */
export async function CompanyEndpointsCard({
  companyId,
  endpoints,
}: {
  companyId: string;
  endpoints: Endpoint[] | null;
}) {
  const t = await getTranslations("companies.endpoints");
  return (
    <section aria-labelledby="company-endpoints-title" data-testid="company-endpoints" className="min-w-0">
      <Card>
        <CardHeader>
          <div className="min-w-0">
            <CardTitle id="company-endpoints-title">{t("title")}</CardTitle>
            <CardDescription>
              {endpoints === null ? t("description") : t("count", { count: endpoints.length })}
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" asChild>
            <Link href={deliveriesHref(companyId)}>
              {t("deliveries")} <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {endpoints === null ? (
            <ErrorState title={t("errorTitle")} message={t("errorDescription")} />
          ) : endpoints.length === 0 ? (
            <EmptyState icon={WebhookIcon} title={t("emptyTitle")} description={t("emptyDescription")} />
          ) : (
            <ul className="divide-y border-t">
              {endpoints.map((endpoint) => (
                <EndpointRow key={endpoint.id} companyId={companyId} endpoint={endpoint} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

async function EndpointRow({ companyId, endpoint }: { companyId: string; endpoint: Endpoint }) {
  const t = await getTranslations("companies.endpoints");
  const failingOff = endpoint.status === "DISABLED" && endpoint.disabledReason === "FAILING";
  const status = endpoint.status === "ENABLED" ? "ENABLED" : failingOff ? "FAILING" : "DISABLED";
  const events = endpoint.events.includes("*") ? t("allEvents") : t("events", { count: endpoint.events.length });
  return (
    <li className="grid gap-1.5 px-5 py-3" data-testid="company-endpoint">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="w-full min-w-0 font-mono text-xs break-all sm:w-auto sm:flex-1"
          data-testid="company-endpoint-url"
        >
          {endpoint.url}
        </span>
        {endpoint.accountEndpoint && <Badge variant="secondary">{t("accountEndpoint")}</Badge>}
        <Badge
          variant={status === "ENABLED" ? "success" : status === "FAILING" ? "danger" : "neutral"}
          data-testid="company-endpoint-status"
        >
          {t(`status.${status}`)}
        </Badge>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span data-testid="company-endpoint-events">{events}</span>
        {endpoint.status === "ENABLED" && endpoint.failingSince && (
          <span className="text-destructive" data-testid="company-endpoint-failing">
            {t("failing", {
              since: formatDateTime(endpoint.failingSince),
              count: endpoint.consecutiveFailures,
            })}
          </span>
        )}
        {failingOff && endpoint.disabledAt && (
          <span className="text-destructive" data-testid="company-endpoint-failing">
            {t("disabledAt", { at: formatDateTime(endpoint.disabledAt) })}
          </span>
        )}
        <Link
          href={deliveriesHref(companyId, endpoint.id)}
          className="inline-flex min-h-6 items-center font-medium text-foreground underline-offset-4 hover:underline"
        >
          {t("endpointDeliveries")}
        </Link>
      </p>
    </li>
  );
}
