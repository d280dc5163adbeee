/** The background task that sends one outbox event to the merchant (graphile-worker). */
export const DELIVER_WEBHOOK_JOB = "webhook_deliver";

/** One job key per event: at most one waiting job per event, whoever queued it. */
export const WEBHOOK_JOB_KEY_PREFIX = "webhook:";
export const webhookJobKey = (eventId: string) => `${WEBHOOK_JOB_KEY_PREFIX}${eventId}`;

export interface WebhookJobPayload {
  eventId: string;
  /** The event's account (jobs queued before it was added lack it). */
  companyId?: string;
}

export function readWebhookJobPayload(payload: unknown): WebhookJobPayload {
  const { eventId, companyId } = (payload ?? {}) as { eventId?: unknown; companyId?: unknown };
  if (typeof eventId !== "string") throw new Error("webhook job without eventId");
  return typeof companyId === "string" ? { eventId, companyId } : { eventId };
}
