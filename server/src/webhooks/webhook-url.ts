import { AppError } from "../core/errors";
import { nonPublicHostReason } from "./webhook-address-policy";

/** Why a webhook URL is refused, as GraphQL's `extensions.reason`: the console says it in the reader's language. */
type WebhookUrlProblem =
  | "WEBHOOK_URL_NOT_ABSOLUTE"
  | "WEBHOOK_URL_SCHEME"
  | "WEBHOOK_URL_CREDENTIALS"
  | "WEBHOOK_URL_TOO_LONG"
  | "WEBHOOK_URL_NOT_PUBLIC";

const refuse = (problem: WebhookUrlProblem, message: string) => new AppError("VALIDATION_ERROR", message, problem);

/**
 * Checks a merchant's webhook URL when it is set: its shape, and, unless private
 * addresses are allowed, that an IP literal is public and the host is no localhost name.
 * Host names are checked again at every delivery, on every address they resolve to,
 * since DNS can change (see webhook-sender.ts). `field` is the input's name in the messages: an
 * endpoint's is `url`, the account's own URL `webhookUrl`.
 */
export function assertWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  field: "webhookUrl" | "url" = "webhookUrl",
): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("WEBHOOK_URL_NOT_ABSOLUTE", `${field} must be an absolute http(s) URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw refuse("WEBHOOK_URL_SCHEME", `${field} must use http or https`);
  if (url.username || url.password) throw refuse("WEBHOOK_URL_CREDENTIALS", `${field} must not carry credentials`);
  if (raw.length > 2048) throw refuse("WEBHOOK_URL_TOO_LONG", `${field} must be at most 2048 characters`);
  const refusal = allowPrivate ? null : nonPublicHostReason(url.hostname);
  if (refusal) throw refuse("WEBHOOK_URL_NOT_PUBLIC", `${field} must point to a public address: ${refusal}`);
  return url.toString();
}
