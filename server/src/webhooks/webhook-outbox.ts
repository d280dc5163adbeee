import type { EntityManager } from "typeorm";
import { notFound } from "../core/errors";
import { newEventId } from "../core/ids";
import { LIVE_CHANNEL, liveNoticePayload } from "../core/live-events";
import { hmacSha256Hex } from "../core/secrets";
import { queryRows } from "../core/sql";
import { WebhookDeliveryStatus } from "./webhook-event.entity";
import type { WebhookEventName } from "./webhook-event-names";
import { NOTIFY_WEBHOOK_DUE_SQL } from "./webhook-queue";
import { openEndpointSecret, openWebhookSecret } from "./webhook-secrets";

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
  eventId: string = newEventId(),
): SignedWebhookBody {
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

/** An endpoint as the outbox reads it: the account endpoint's URL and secret are the company's. */
interface EndpointRow {
  id: string;
  account_endpoint: boolean;
  url: string | null;
  webhook_secret: string;
  events: string[];
  /** Disabled for failing (CONTRACT §15): its events are kept, HELD. */
  held: boolean;
}

/**
 * Writes an event into the outbox inside the caller's transaction, due at once, so it
 * exists (and is delivered) if and only if the change that caused it commits; the
 * workers are woken when that transaction commits (webhook-queue.ts). One delivery row per
 * enabled endpoint that lists the event (CONTRACT §15), all with the same event id and
 * timestamp, each body signed with its endpoint's secret. The account's own endpoint (§4)
 * always gets its row while enabled for the event: without a webhook URL it is kept, marked
 * NO_URL. An event no endpoint takes is kept only for the account's open listeners
 * (`pix-webhooks listen`, live/live-hub.ts), when it has one. The open console pages are told through LIVE_CHANNEL by the same statement (so
 * only on commit, core/live-events.ts). Secrets are read in the same transaction (or the
 * account's given by a caller that already read it there): events created after a rotation
 * are signed with the new secret. `requestId` names the request that made the change (null
 * for the service's own work): its attempts are sent with it. The answer is the account
 * endpoint's delivery (the first other one when it gets none).
 */
export async function appendWebhookEvent(
  em: EntityManager,
  companyId: string,
  event: WebhookEventName,
  fields: Record<string, unknown>,
  subjectId: string | null,
  requestId: string | null,
  account?: WebhookAccount,
): Promise<
  SignedWebhookBody & {
    deliveryStatus: WebhookDeliveryStatus;
    deliveriesWithUrl: number;
    /** The first endpoint it goes to (the account's own when it has a URL); null: nowhere. */
    sentEndpointId: string | null;
  }
> {
  const endpoints = await queryRows<EndpointRow>(
    em,
    `SELECT w.id, w.account_endpoint, CASE WHEN w.account_endpoint THEN c.webhook_url ELSE w.url END AS url,
            CASE WHEN w.account_endpoint THEN c.webhook_secret ELSE w.webhook_secret END AS webhook_secret, w.events,
            w.status = 'DISABLED' AS held
       FROM companies c JOIN webhook_endpoints w ON w.company_id = c.id
      WHERE c.id = $1 AND w.deleted_at IS NULL AND (w.status = 'ENABLED' OR w.disabled_reason = 'FAILING')
        AND ($2 = ANY(w.events) OR '*' = ANY(w.events))
      ORDER BY w.account_endpoint DESC, w.created_at, w.id`,
    [companyId, event],
  );
  const at = new Date();
  const eventId = newEventId();
  // No endpoint takes it: its body is kept only while a listener of the account is open (on any
  // API process), for that stream (webhook_listener_events). Asked in the company's own lookup.
  let listenedBody: string | null = null;
  if (endpoints.length === 0) {
    const [company] = await queryRows<{ webhook_secret: string; listened: boolean }>(
      em,
      `SELECT c.webhook_secret,
              EXISTS (SELECT 1 FROM webhook_listeners l WHERE l.company_id = c.id AND l.expires_at > now()) AS listened
         FROM companies c WHERE c.id = $1`,
      [companyId],
    );
    if (!company) throw notFound("Company");
    if (company.listened) {
      const secret = account?.webhookSecret ?? openWebhookSecret(em, companyId, company.webhook_secret);
      listenedBody = signWebhookBody(secret, event, fields, at, eventId).body;
    }
  }
  const deliveries = endpoints.map((endpoint) => {
    const own = endpoint.account_endpoint && account;
    const url = own ? account.webhookUrl : endpoint.url;
    const secret = own
      ? account.webhookSecret
      : endpoint.account_endpoint
        ? openWebhookSecret(em, companyId, endpoint.webhook_secret)
        : openEndpointSecret(em, endpoint.id, endpoint.webhook_secret);
    const signed = signWebhookBody(secret, event, fields, at, eventId);
    const deliveryStatus = !url
      ? WebhookDeliveryStatus.NO_URL
      : endpoint.held
        ? WebhookDeliveryStatus.HELD
        : WebhookDeliveryStatus.PENDING;
    return { endpointId: endpoint.id, ...signed, deliveryStatus };
  });
  // One round trip: the delivery rows, the live pages' notice, and the workers' wake-up when there
  // is somewhere to send one (NOTIFY is delivered on commit, and never if the change rolls back).
  await em.query(
    `WITH inserted AS (
       INSERT INTO webhook_events (id, endpoint_id, company_id, event, subject_id, body, signature, delivery_status,
                                   next_attempt_at, request_id)
       SELECT $1, d.endpoint_id, $2, $3, $4, d.body, d.signature, d.status,
              CASE WHEN d.status = 'PENDING' THEN now() END, $8
         FROM unnest($5::text[], $6::text[], $7::text[], $10::text[]) WITH ORDINALITY AS d(endpoint_id, body, signature, status, n)
        ORDER BY d.n
       RETURNING delivery_status
     ), listened AS (
       INSERT INTO webhook_listener_events (id, company_id, event, body, request_id)
       SELECT $1, $2, $3, $11::text, $8 WHERE $11::text IS NOT NULL
     )
     SELECT pg_notify('${LIVE_CHANNEL}', $9),
            CASE WHEN bool_or(delivery_status = 'PENDING') THEN ${NOTIFY_WEBHOOK_DUE_SQL} END
       FROM inserted`,
    [
      eventId,
      companyId,
      event,
      subjectId,
      deliveries.map((d) => d.endpointId),
      deliveries.map((d) => d.body),
      deliveries.map((d) => d.signature),
      // The request this change is made for (its attempts are sent with it), if any.
      requestId,
      liveNoticePayload({ id: eventId, type: event, companyId, resourceId: subjectId }),
      deliveries.map((d) => d.deliveryStatus),
      listenedBody,
    ],
  );
  // Sent now, or held for an endpoint disabled for failing: somewhere to go either way.
  const deliveriesWithUrl = deliveries.filter((d) => d.deliveryStatus !== WebhookDeliveryStatus.NO_URL).length;
  const first = deliveries[0];
  const sentEndpointId = deliveries.find((d) => d.deliveryStatus !== WebhookDeliveryStatus.NO_URL)?.endpointId ?? null;
  if (!first)
    return {
      eventId,
      body: "",
      signature: "",
      deliveryStatus: WebhookDeliveryStatus.NO_URL,
      deliveriesWithUrl,
      sentEndpointId,
    };
  return {
    eventId,
    body: first.body,
    signature: first.signature,
    deliveryStatus: first.deliveryStatus,
    deliveriesWithUrl,
    sentEndpointId,
  };
}
