import { useTranslations } from "next-intl";
import { DateTime } from "@/components/date-time";
import { Badge } from "@/components/ui/badge";
import type { MerchantWebhookDeliveryFragment } from "@/gql/graphql";
import { formatDateTime, formatInteger } from "@/lib/format";
import { attemptErrorText } from "./attempt-error";

type Attempt = MerchantWebhookDeliveryFragment["attempts"][number];

/** One attempt's answer as a badge: the HTTP status, or why none came. */
export function AttemptStatus({ attempt }: { attempt: Attempt }) {
  const t = useTranslations("merchantWebhooks.attempt");
  if (attempt.responseStatus != null) {
    const ok = attempt.responseStatus >= 200 && attempt.responseStatus < 300;
    return <Badge variant={ok ? "success" : "danger"}>{t("http", { status: attempt.responseStatus })}</Badge>;
  }
  if (!attempt.finishedAt) return <Badge variant="warn">{t("inFlight")}</Badge>;
  return <Badge variant="danger">{t("noAnswer")}</Badge>;
}

/** Every attempt of a delivery: status code, time, duration, and the bodies sent and received. */
export function DeliveryAttempts({ delivery }: { delivery: MerchantWebhookDeliveryFragment }) {
  const t = useTranslations("merchantWebhooks.attempt");
  const tError = useTranslations("attemptErrors");
  return (
    <div className="grid gap-3">
      <div>
        <p className="mb-1 text-xs font-medium text-muted-foreground">{t("requestBody")}</p>
        <pre className="max-h-48 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">
          {delivery.requestBody}
        </pre>
      </div>
      {delivery.status === "PENDING" && delivery.nextAttemptAt && delivery.attempts.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="next-attempt">
          {t("nextAttempt", { at: formatDateTime(delivery.nextAttemptAt, { seconds: true }) })}
        </p>
      )}
      {delivery.attempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <ol className="grid gap-2" aria-label={t("listLabel", { eventId: delivery.eventId })}>
          {delivery.attempts.map((attempt) => (
            <li key={attempt.id} className="rounded-md border p-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{t("number", { number: attempt.attemptNumber })}</span>
                {attempt.manual && <Badge variant="outline">{t("redelivery")}</Badge>}
                <AttemptStatus attempt={attempt} />
                <span className="text-xs text-muted-foreground">
                  <DateTime value={attempt.startedAt} seconds />
                  {attempt.responseTimeMs != null &&
                    ` · ${t("duration", { ms: formatInteger(attempt.responseTimeMs) })}`}
                </span>
              </div>
              {attempt.url && <p className="mt-1 font-mono text-xs break-all text-muted-foreground">{attempt.url}</p>}
              {attempt.error && (
                <p className="mt-1 text-sm text-status-danger" title={attempt.error}>
                  {attemptErrorText(tError, attempt.error)}
                </p>
              )}
              {attempt.responseBody != null && (
                <>
                  <p className="mt-2 mb-1 text-xs font-medium text-muted-foreground">{t("responseBody")}</p>
                  <pre className="max-h-32 overflow-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-all">
                    {attempt.responseBody || t("emptyBody")}
                  </pre>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
