import type { EntityManager } from "typeorm";
import { newEventId } from "../core/ids";
import { hmacSha256Hex } from "../core/secrets";

export type WebhookEventName =
  | "charge.paid"
  | "withdrawal.pending"
  | "withdrawal.processing"
  | "withdrawal.paid"
  | "withdrawal.failed"
  | "withdrawal.cancelled"
  | "ping";

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

/**
 * Writes an event into the outbox inside the caller's transaction, so the event exists
 * if and only if the change that caused it commits. The webhook secret is read in the
 * same transaction: events created after a rotation are signed with the new secret.
 */
export async function appendWebhookEvent(
  em: EntityManager,
  companyId: string,
  event: WebhookEventName,
  fields: Record<string, unknown>,
  subjectId: string | null,
): Promise<SignedWebhookBody> {
  const rows: Array<{ webhook_secret: string }> = await em.query("SELECT webhook_secret FROM companies WHERE id = $1", [
    companyId,
  ]);
  const signed = signWebhookBody(rows[0].webhook_secret, event, fields);
  await em.query(
    "INSERT INTO webhook_events (id, company_id, event, subject_id, body, signature) VALUES ($1, $2, $3, $4, $5, $6)",
    [signed.eventId, companyId, event, subjectId, signed.body, signed.signature],
  );
  return signed;
}
