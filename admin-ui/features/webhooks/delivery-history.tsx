"use client";

import { RotateCcwIcon, WebhookIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { DateTime } from "@/components/date-time";
import { EmptyState } from "@/components/states";
import { DeliveryStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import type { MerchantWebhookDeliveryFragment } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { AttemptStatus, DeliveryAttempts } from "./delivery-attempts";
import { RedeliverMerchantWebhookDocument } from "./documents";

/** Each event sent, newest first; open one for its attempts, bodies and a redeliver button. */
export function DeliveryHistory({
  deliveries,
  canRedeliver,
}: {
  deliveries: MerchantWebhookDeliveryFragment[];
  canRedeliver: boolean;
}) {
  const t = useTranslations("merchantWebhooks.history");
  const { run, isBusy } = useAction();
  // An event goes to each endpoint that takes it: each of its deliveries is sent again on its own.
  const keyOf = (delivery: MerchantWebhookDeliveryFragment) => `${delivery.eventId}:${delivery.endpointId}`;
  const redeliver = (delivery: MerchantWebhookDeliveryFragment) =>
    run(
      () => execute(RedeliverMerchantWebhookDocument, { eventId: delivery.eventId, endpointId: delivery.endpointId }),
      {
        success: t("redeliveryQueued", { eventId: delivery.eventId }),
        failure: t("redeliverFailed"),
        key: keyOf(delivery),
      },
    );
  if (deliveries.length === 0)
    return <EmptyState icon={WebhookIcon} title={t("empty")} description={t("emptyDescription")} />;
  return (
    <ul className="grid gap-2" aria-label={t("label")}>
      {deliveries.map((delivery) => {
        const last = delivery.attempts.at(-1);
        return (
          <li key={keyOf(delivery)} className="min-w-0">
            <details className="group rounded-md border">
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="font-mono font-medium">{delivery.event}</span>
                <DeliveryStatusBadge status={delivery.status} />
                {last && <AttemptStatus attempt={last} />}
                <span className="text-xs text-muted-foreground">
                  <DateTime value={delivery.createdAt} seconds /> · {t("attempts", { count: delivery.attemptCount })}
                </span>
                <span className="ml-auto font-mono text-xs text-muted-foreground">{delivery.eventId}</span>
                {/* An event goes to each endpoint that takes it: which one this is. */}
                <span className="min-w-0 basis-full font-mono text-xs break-all text-muted-foreground">
                  {delivery.endpointUrl ? t("endpoint", { url: delivery.endpointUrl }) : t("noEndpointUrl")}
                </span>
              </summary>
              <div className="grid gap-3 border-t p-3">
                <DeliveryAttempts delivery={delivery} />
                {canRedeliver && delivery.status !== "NO_URL" && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    disabled={isBusy(keyOf(delivery))}
                    onClick={() => void redeliver(delivery)}
                  >
                    <RotateCcwIcon aria-hidden /> {t("redeliver")}
                  </Button>
                )}
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
