// The outbox of signed events, delivery workers, attempts history, endpoints and settings.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { WEBHOOK_EVENTS, type WebhookEventName } from "./webhook-event-names";
export { appendWebhookEvent, type WebhookAccount } from "./webhook-outbox";
export {
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
  standardWebhooksKey,
  WEBHOOK_SECRET_PREFIX,
} from "./webhook-secrets";
export { WebhookSender } from "./webhook-sender";
export { assertWebhookUrl } from "./webhook-url";
