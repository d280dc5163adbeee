import { notFound, validationError } from "../core/errors";

export const webhookEventNotFound = () => notFound("Webhook event");
export const noWebhookUrl = () => validationError("No webhook URL is set: set one with updateWebhookSettings first");
export const unknownWebhookEvent = (event: string) =>
  validationError(`Unknown webhook event "${event}"; expected one of charge.paid, withdrawal.*, ping`);
