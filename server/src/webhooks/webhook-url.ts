import { validationError } from "../core/errors";

/**
 * Checks the shape of a merchant's webhook URL when it is set. Whether its host resolves
 * to a private address is checked again at every delivery, since DNS can change.
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
  if (!allowPrivate && isLiteralPrivateHost(url.hostname)) {
    throw validationError("webhookUrl must not point to a private or loopback address");
  }
  return url.toString();
}

/** A literal IP or localhost name in a private, loopback or link-local range. */
export function isLiteralPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isPrivateAddress(host);
}

export function isPrivateAddress(address: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (address.includes(":")) {
    if (address === "::" || address === "::1") return true;
    if (address.startsWith("::ffff:")) return isPrivateAddress(address.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(address);
  }
  return false;
}
