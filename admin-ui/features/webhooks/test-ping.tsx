"use client";

import { LoaderIcon, SendIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { DateTime } from "@/components/date-time";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form";
import type { MerchantWebhookDeliveryFragment } from "@/gql/graphql";
import { formatInteger } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { AttemptStatus } from "./delivery-attempts";
import { PingDeliveriesDocument, SendTestWebhookDocument } from "./documents";

const POLL_MS = 700;
const GIVE_UP_MS = 20_000;

/**
 * Sends a `ping` to the webhook URL and shows its first attempt's answer here: the event is
 * queued by the API and delivered by the worker, so the result is read back until it arrives.
 */
export function TestPing({ disabled }: { disabled: boolean }) {
  const router = useRouter();
  const [eventId, setEventId] = useState<string | null>(null);
  const [result, setResult] = useState<MerchantWebhookDeliveryFragment | null>(null);
  const [error, setError] = useState<string | null>(null);
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
          if (!stopped) setError(errorMessage(cause));
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!stopped) {
        setWaiting(false);
        setError(
          (current) => current ?? "No answer yet: the ping is still queued. Its result will appear in the history.",
        );
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
      setError(errorMessage(cause));
    }
  };

  const attempt = result?.attempts.find((a) => a.finishedAt);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void send()} disabled={disabled || waiting}>
          {waiting ? <LoaderIcon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
          {waiting ? "Sending ping…" : "Send test ping"}
        </Button>
        {disabled && <span className="text-sm text-muted-foreground">Save a URL first.</span>}
      </div>
      <FormError message={error} />
      <div aria-live="polite">
        {result && attempt && (
          <div data-testid="ping-result" className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
            <span className="font-medium">Ping {result.eventId}</span>
            <AttemptStatus attempt={attempt} />
            <span className="text-muted-foreground">
              <DateTime value={attempt.startedAt} seconds />
              {attempt.responseTimeMs != null && ` · ${formatInteger(attempt.responseTimeMs)} ms`}
            </span>
            {attempt.error && <span className="text-status-danger">{attempt.error}</span>}
          </div>
        )}
      </div>
    </div>
  );
}
