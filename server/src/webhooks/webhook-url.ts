import { validationError } from "../core/errors";
import { nonPublicHostReason } from "./webhook-address-policy";

/**
 * Checks a merchant's webhook URL when it is set: its shape, and, unless private
 * addresses are allowed, that an IP literal is public and the host is no localhost name.
 * Host names are checked again at every delivery, on every address they resolve to,
 * since DNS can change (see webhook-sender.ts).
 */
export function assertWebhookUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError("webhookUrl must be an absolute http(s) URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw validationError("webhookUrl must use http or https");
  if (url.username || url.password) throw validationError("webhookUrl must not carry credentials");
  if (raw.length > 2048) throw validationError("webhookUrl must be at most 2048 characters");
  const refusal = allowPrivate ? null : nonPublicHostReason(url.hostname);
  if (refusal) throw validationError(`webhookUrl must point to a public address: ${refusal}`);
  return url.toString();
}
