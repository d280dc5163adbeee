"use client";

import { LoaderIcon, SendIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { DateTime } from "@/components/date-time";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form";
import type { MerchantWebhookDeliveryFragment } from "@/gql/graphql";
import { formatInteger } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { attemptErrorText } from "./attempt-error";
import { AttemptStatus } from "./delivery-attempts";
import { PingDeliveriesDocument, SendTestWebhookDocument } from "./documents";

const POLL_MS = 700;
const GIVE_UP_MS = 20_000;

/** Why no result is shown: kept as data, put into words when drawn (in the reader's language). */
type PingProblem = { kind: "queued" } | { kind: "failed"; cause: unknown };

/**
 * Sends a `ping` to the webhook URL and shows its first attempt's answer here: the event is
 * queued by the API and delivered by the worker, so the result is read back until it arrives.
 */
export function TestPing({ disabled }: { disabled: boolean }) {
  const t = useTranslations("merchantWebhooks");
  const tError = useTranslations("attemptErrors");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [eventId, setEventId] = useState<string | null>(null);
  const [result, setResult] = useState<MerchantWebhookDeliveryFragment | null>(null);
  const [error, setError] = useState<PingProblem | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!eventId) return;
    let stopped = false;
    const started = Date.now();
    const poll = async () => {
      while (!stopped && Date.now() - started < GIVE_UP_MS) {
        try {
          const { webhookDeliveries } = await execute(PingDeliveriesDocument);
          const delivery = webhookDeliveries.data.find((d) => d.eventId === eventId);
          if (delivery?.attempts.some((attempt) => attempt.finishedAt)) {
            if (!stopped) {
              setResult(delivery);
              setWaiting(false);
              router.refresh();
            }
            return;
          }
        } catch (cause) {
          if (!stopped) setError({ kind: "failed", cause });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!stopped) {
        setWaiting(false);
        setError((current) => current ?? { kind: "queued" });
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [eventId, router]);

  const send = async () => {
    setError(null);
    setResult(null);
    setWaiting(true);
    try {
      const { sendTestWebhook } = await execute(SendTestWebhookDocument);
      setEventId(sendTestWebhook.eventId);
    } catch (cause) {
      setWaiting(false);
      setError({ kind: "failed", cause });
    }
  };

  const attempt = result?.attempts.find((a) => a.finishedAt);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void send()} disabled={disabled || waiting}>
          {waiting ? <LoaderIcon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
          {waiting ? t("ping.sending") : t("ping.send")}
        </Button>
        {disabled && <span className="text-sm text-muted-foreground">{t("ping.saveUrlFirst")}</span>}
      </div>
      <FormError
        message={error ? (error.kind === "queued" ? t("ping.stillQueued") : errorMessage(error.cause)) : null}
      />
      <div aria-live="polite">
        {result && attempt && (
          <div data-testid="ping-result" className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
            <span className="font-medium">{t("ping.result", { eventId: result.eventId })}</span>
            <AttemptStatus attempt={attempt} />
            <span className="text-muted-foreground">
              <DateTime value={attempt.startedAt} seconds />
              {attempt.responseTimeMs != null &&
                ` · ${t("attempt.duration", { ms: formatInteger(attempt.responseTimeMs) })}`}
            </span>
            {attempt.error && (
              <span className="text-status-danger" title={attempt.error}>
                {attemptErrorText(tError, attempt.error)}
              </span>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
