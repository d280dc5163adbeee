import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";
import helmet from "helmet";

/** Strict-Transport-Security: a year, subdomains included (sent only when the service is on https). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Sets the security headers on an answer. */
export interface SecurityHeaders {
  /** On an answer Fastify writes: they go out with its own headers, in one writeHead. */
  onReply(reply: FastifyReply): void;
  /** On a raw response, for an answer Fastify does not write (the console's, once hijacked). */
  onRaw(res: ServerResponse): void;
}

/**
 * Security headers on every answer, by helmet, set as the request starts (by the app's one
 * onRequest hook: on Fastify's reply, or on the raw response of a request it hands over to
 * the console). API answers are
 * JSON (and QR code images): nothing in them may run, load, be framed or submit anywhere. A
 * console answer gets them too, and the console's own Content-Security-Policy (a nonce per
 * request, admin-ui/proxy.ts) takes the place of the API's one, since the headers of Next's
 * answer replace those already set (next-console.ts).
 * Strict-Transport-Security only when PUBLIC_BASE_URL is https: over plain http a browser
 * ignores it, and a development machine should not be pinned to https.
 *
 * helmet decides the headers once, at start-up (recorded from its middleware: they are the
 * same for every request); each request then only sets them. (@fastify/helmet built the
 * middleware again for every request, its options parsed each time, in two hooks of its own,
 * one async: about 3 % of a balance read's CPU; running the built middleware on every
 * request still allocated 1.7 KB for its chain of calls.) On Fastify's reply rather than the
 * raw response: Node then writes them with Fastify's headers from one object, where headers
 * set on the raw response first make each of Fastify's go through setHeader too, every
 * header stored as a [name, value] pair of its own.
 */
export function securityHeaders(publicBaseUrl: string): SecurityHeaders {
  const https = new URL(publicBaseUrl).protocol === "https:";
  const middleware = helmet({
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
  const headers = recordedHeaders(middleware);
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  // Indexed loops: destructuring each [name, value] pair went through the array iterator,
  // about 1.4 KB allocated per request for these eleven headers.
  return {
    onReply: (reply) => {
      for (let i = 0; i < names.length; i++) reply.header(names[i], values[i]);
    },
    onRaw: (res) => {
      for (let i = 0; i < names.length; i++) res.setHeader(names[i], values[i]);
    },
  };
}

/**
 * The headers a helmet middleware sets, recorded on a stand-in response. (It also removes
 * X-Powered-By, which Node never sets.) A middleware that did anything else would not be
 * static: refused.
 */
function recordedHeaders(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      if (typeof value !== "string") throw new Error(`helmet set ${name} to a value that is not text`);
      // Lower case, as Node keys them: setHeader then makes no lower-case copy per request.
      headers.push([name.toLowerCase(), value]);
    },
    removeHeader: () => {},
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error("helmet's middleware did not finish at once: its headers are not static");
  return headers;
}
