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

/** A delivery that gets no attempt: its endpoint has no URL, or is disabled for failing (held). */
const unsent = (delivery: MerchantWebhookDeliveryFragment) =>
  delivery.status === "NO_URL" || delivery.status === "HELD";

/**
 * Sends a `ping` to each enabled endpoint that takes it and shows each one's first answer
 * here, one line per endpoint (CONTRACT §15: one delivery per endpoint, sharing the event id):
 * the event is queued by the API and delivered by the worker, so the results are read back
 * until every endpoint has answered.
 */
export function TestPing({ disabled }: { disabled: boolean }) {
  const t = useTranslations("merchantWebhooks");
  const tError = useTranslations("attemptErrors");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [eventId, setEventId] = useState<string | null>(null);
  const [results, setResults] = useState<MerchantWebhookDeliveryFragment[]>([]);
  const [error, setError] = useState<PingProblem | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!eventId) return;
    let stopped = false;
    const started = Date.now();
    // The endpoints that have answered so far: shown when some are still silent at GIVE_UP_MS.
    let answered: MerchantWebhookDeliveryFragment[] = [];
    const poll = async () => {
      while (!stopped && Date.now() - started < GIVE_UP_MS) {
        try {
          const { webhookDeliveries } = await execute(PingDeliveriesDocument);
          const deliveries = webhookDeliveries.data
            .filter((d) => d.eventId === eventId)
            .sort((a, b) => (a.endpointUrl ?? "").localeCompare(b.endpointUrl ?? ""));
          answered = deliveries.filter((d) => d.attempts.some((attempt) => attempt.finishedAt));
          if (answered.length > 0 && deliveries.every((d) => unsent(d) || answered.includes(d))) {
            if (!stopped) {
              setResults(answered);
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
        setResults(answered);
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
    setResults([]);
    setWaiting(true);
    try {
      const { sendTestWebhook } = await execute(SendTestWebhookDocument);
      setEventId(sendTestWebhook.eventId);
    } catch (cause) {
      setWaiting(false);
      setError({ kind: "failed", cause });
    }
  };

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
      <div aria-live="polite" className="grid gap-2">
        {results.map((result) => {
          const attempt = result.attempts.find((a) => a.finishedAt);
          if (!attempt) return null;
          return (
            <div
              key={`${result.eventId}:${result.endpointId}`}
              data-testid="ping-result"
              className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-md border p-3 text-sm"
            >
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
              {/* Which endpoint answered: a ping goes to each one that takes it. */}
              {result.endpointUrl && (
                <span className="min-w-0 basis-full font-mono text-xs break-all text-muted-foreground">
                  {t("history.endpoint", { url: result.endpointUrl })}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
