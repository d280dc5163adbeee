import type { EntityManager } from "typeorm";
import { notFound } from "../core/errors";
import { newEventId } from "../core/ids";
import { LIVE_CHANNEL, liveNoticePayload } from "../core/live-events";
import { hmacSha256Hex } from "../core/secrets";
import { queryRows } from "../core/sql";
import { WebhookDeliveryStatus } from "./webhook-event.entity";
import type { WebhookEventName } from "./webhook-event-names";
import { NOTIFY_WEBHOOK_DUE_SQL } from "./webhook-queue";
import { openWebhookSecret } from "./webhook-secrets";

export interface SignedWebhookBody {
  eventId: string;
  body: string;
  signature: string;
}

/**
 * The body as the merchant receives it: event, event_id and timestamp first, then the
 * event's fields in the source document's order, signature last. The signature is the
 * HMAC-SHA256 of JSON.stringify of the body without `signature`, keyed with the secret
 * exactly as shown to the merchant.
 */
export function signWebhookBody(
  secret: string,
  event: WebhookEventName,
  fields: Record<string, unknown>,
  at: Date = new Date(),
): SignedWebhookBody {
  const eventId = newEventId();
  const unsigned = { event, event_id: eventId, timestamp: at.toISOString(), ...fields };
  const signature = hmacSha256Hex(secret, JSON.stringify(unsigned));
  return { eventId, body: JSON.stringify({ ...unsigned, signature }), signature };
}

/** What signing and sending an account's events needs, read under the caller's account lock. */
export interface WebhookAccount {
  /** As shown to the merchant: opened with openWebhookSecret (webhook-secrets.ts). */
  webhookSecret: string;
  webhookUrl: string | null;
}

/**
 * Writes an event into the outbox inside the caller's transaction, due at once, so it
 * exists (and is delivered) if and only if the change that caused it commits; the
 * workers are woken when that transaction commits (webhook-queue.ts). The
 * open console pages are told through LIVE_CHANNEL by the same statement (so only on commit,
 * core/live-events.ts). The webhook secret is read in the same transaction (or given by a caller that already read
 * it there): events created after a rotation are signed with the new secret. Without a
 * webhook URL the event is kept, marked NO_URL. `requestId` names the request that made
 * the change (null for the service's own work): its attempts are sent with it.
 */
export async function appendWebhookEvent(
  em: EntityManager,
  companyId: string,
  event: WebhookEventName,
  fields: Record<string, unknown>,
  subjectId: string | null,
  requestId: string | null,
  account?: WebhookAccount,
): Promise<SignedWebhookBody & { deliveryStatus: WebhookDeliveryStatus }> {
  const { webhookSecret, webhookUrl } = account ?? (await readWebhookAccount(em, companyId));
  const signed = signWebhookBody(webhookSecret, event, fields);
  const deliveryStatus = webhookUrl ? WebhookDeliveryStatus.PENDING : WebhookDeliveryStatus.NO_URL;
  // One round trip: the event row, the live pages' notice, and the workers' wake-up when there
  // is somewhere to send it (NOTIFY is delivered on commit, and never if the change rolls back).
  await em.query(
    `WITH inserted AS (
       INSERT INTO webhook_events (id, company_id, event, subject_id, body, signature, delivery_status, next_attempt_at,
                                   request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 = 'PENDING' THEN now() END, $8)
       RETURNING delivery_status
     )
     SELECT pg_notify('${LIVE_CHANNEL}', $9),
            CASE WHEN delivery_status = 'PENDING' THEN ${NOTIFY_WEBHOOK_DUE_SQL} END
       FROM inserted`,
    [
      signed.eventId,
      companyId,
      event,
      subjectId,
      signed.body,
      signed.signature,
      deliveryStatus,
      // The request this change is made for (its attempts are sent with it), if any.
      requestId,
      liveNoticePayload({ id: signed.eventId, type: event, companyId, resourceId: subjectId }),
    ],
  );
  return { ...signed, deliveryStatus };
}

async function readWebhookAccount(em: EntityManager, companyId: string): Promise<WebhookAccount> {
  const rows = await queryRows<{ webhook_secret: string; webhook_url: string | null }>(
    em,
    "SELECT webhook_secret, webhook_url FROM companies WHERE id = $1",
    [companyId],
  );
  if (rows.length === 0) throw notFound("Company");
  return { webhookSecret: openWebhookSecret(em, companyId, rows[0].webhook_secret), webhookUrl: rows[0].webhook_url };
}
