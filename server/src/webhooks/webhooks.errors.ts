import { notFound, validationError } from "../core/errors";
import { WEBHOOK_EVENT_NAMES } from "./webhook-event-names";

export const webhookEventNotFound = () => notFound("Webhook event");
export const noWebhookUrl = () => validationError("No webhook URL is set: set one with updateWebhookSettings first");
export const unknownWebhookEvent = (event: string) =>
  validationError(`Unknown webhook event "${event.slice(0, 64)}"; expected one of ${WEBHOOK_EVENT_NAMES.join(", ")}`);
