import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Strict-Transport-Security: a year, subdomains included (sent only when the service is on https). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer, by @fastify/helmet, set on the raw response as the
 * request starts (registered before the hook that hands console requests over). API answers
 * are JSON (and QR code images): nothing in them may run, load, be framed or submit
 * anywhere. A console answer gets them too, and the console's own Content-Security-Policy
 * (a nonce per request, admin-ui/proxy.ts) takes the place of the API's one, since the
 * headers of Next's answer replace those already set (next-console.ts).
 * Strict-Transport-Security only when PUBLIC_BASE_URL is https: over plain http a browser
 * ignores it, and a development machine should not be pinned to https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  const https = new URL(publicBaseUrl).protocol === "https:";
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    // same-origin: the console's own requests keep their Origin (the CSRF check needs it; with
    // no-referrer a browser sends `Origin: null` on a same-origin POST); other sites get nothing.
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // The API is called by servers and by its own console, never embedded cross-origin.
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
}
