import { type LookupAddress, lookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent } from "undici";
import { nonPublicAddressReason, nonPublicHostReason } from "./webhook-address-policy";
import { standardWebhooksSignature } from "./webhook-secrets";

/** How much of the receiver's answer is kept in the history. */
export const RESPONSE_BODY_KEEP_BYTES = 1024;
/** An answer longer than this is cut off: the receiver owes us a status, not a download. */
const RESPONSE_BODY_READ_LIMIT = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  event: string;
  signature: string;
  /** The event id, sent as webhook-id (Standard Webhooks). */
  eventId: string;
  /** The Standard Webhooks key: the secret's bytes after `whsec_` (standardWebhooksKey). */
  standardKey: Buffer;
  /** The id of the request that caused the attempt, sent as X-Request-Id. */
  requestId?: string | null;
}

export interface WebhookResponse {
  /** True for any 2xx answer. */
  ok: boolean;
  status: number | null;
  timeMs: number;
  /** The first 1 kB of the answer, as text. */
  bodyStart: string | null;
  error: string | null;
}

/** Every address of a host name (dns.lookup with `all`); replaceable in tests. */
export type ResolveHost = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveWithDns: ResolveHost = (hostname, callback) => lookup(hostname, { all: true }, callback);

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
}

/**
 * The socket's DNS lookup, with the address check inside it: a host is refused when any
 * of its addresses is not public (see webhook-address-policy.ts). Only the addresses
 * checked here reach the socket, which connects to them and never resolves the name
 * again: with `all` (Node's happy eyeballs, autoSelectFamily) it tries each of them in
 * turn, without it the first. TLS still sends the host name (SNI) and checks the
 * certificate against it, and the Host header carries it: only the lookup is ours.
 */
export function guardedLookup(allowPrivate: boolean, resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (error: Error) => callback(error as NodeJS.ErrnoException, "", 0);
    const nameRefusal = allowPrivate ? null : nonPublicHostReason(hostname);
    if (nameRefusal) return fail(new PrivateAddressError(`refused: ${nameRefusal}`));
    resolveHost(hostname, (error, resolved) => {
      if (error) return fail(error);
      const family = (options as { family?: number }).family;
      const addresses = family === 4 || family === 6 ? resolved.filter((entry) => entry.family === family) : resolved;
      if (addresses.length === 0) return fail(new Error(`${hostname} has no address`));
      if (!allowPrivate) {
        for (const entry of addresses) {
          const refusal = nonPublicAddressReason(entry.address);
          if (refusal) {
            return fail(new PrivateAddressError(`refused: ${hostname} resolves to a non-public address: ${refusal}`));
          }
        }
      }
      if ((options as { all?: boolean }).all) {
        return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      }
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function describeFailure(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `timeout: no complete answer within ${timeoutMs} ms`;
  if (error instanceof PrivateAddressError) return error.message;
  const code = (error as { code?: string }).code;
  // undici's word for a connection the receiver closed: say it in ours.
  if (code === "UND_ERR_SOCKET") return "connection closed before an answer";
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** The Location header among undici's raw headers (name, value, name, value...). */
function locationOf(rawHeaders: Buffer[] | string[] | null): string | null {
  if (!rawHeaders) return null;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index].toString().toLowerCase() === "location") return rawHeaders[index + 1].toString();
  }
  return null;
}

/**
 * POSTs webhooks with keep-alive connections (undici, at most 64 per receiver, one
 * request at a time on each). Redirects are not followed (a 3xx is a failed attempt); a
 * receiver that does not answer within the timeout is a failed attempt.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly timeoutMs: number,
    private readonly allowPrivate: boolean,
    resolveHost: ResolveHost = resolveWithDns,
    /** Extra TLS options (tests trust their own certificate authority with `ca`). */
    tlsOptions: { ca?: string | Buffer } = {},
  ) {
    this.agent = new Agent({
      connections: 64,
      // Our own timer ends an attempt (send); undici's bounds are only a backstop behind it.
      headersTimeout: timeoutMs + 1000,
      bodyTimeout: timeoutMs + 1000,
      connect: { ...tlsOptions, timeout: timeoutMs + 1000, lookup: guardedLookup(allowPrivate, resolveHost) },
    });
  }

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return resolve({ ok: false, status: null, timeMs: 0, bodyStart: null, error: "invalid webhook URL" });
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        return resolve({ ok: false, status: null, timeMs: 0, bodyStart: null, error: "invalid webhook URL" });
      }
      // A literal IP never goes through the lookup: the socket connects to it directly.
      const refusal = this.allowPrivate ? null : nonPublicHostReason(url.hostname);
      if (refusal)
        return resolve({ ok: false, status: null, timeMs: 0, bodyStart: null, error: `refused: ${refusal}` });

      let status: number | null = null;
      let location: string | null = null;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;
      let timedOut = false;
      let settled = false;
      let abort: ((reason: Error) => void) | null = null;
      const finish = (result: Omit<WebhookResponse, "timeMs">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, timeMs: Math.round(performance.now() - started) });
      };
      const verdict = (): Omit<WebhookResponse, "timeMs"> => {
        const answered = status ?? 0;
        const bodyStart = Buffer.concat(kept).subarray(0, RESPONSE_BODY_KEEP_BYTES).toString("utf8");
        const ok = answered >= 200 && answered < 300;
        let error: string | null = null;
        if (answered >= 300 && answered < 400) error = `redirect to ${location ?? "(none)"} not followed`;
        else if (!ok) error = `HTTP ${answered}`;
        // PostgreSQL text cannot hold NUL characters.
        return { ok, status, bodyStart: bodyStart.replaceAll("\u0000", ""), error };
      };
      const timer = setTimeout(() => {
        timedOut = true;
        // A timeout wins over whatever had arrived: status and body so far are kept.
        const error = describeFailure(null, this.timeoutMs, true);
        finish(
          status === null ? { ok: false, status: null, bodyStart: null, error } : { ...verdict(), ok: false, error },
        );
        abort?.(new Error("timeout"));
      }, this.timeoutMs);

      const headers: Record<string, string> = {
        "content-type": "application/json",
        "user-agent": "pix-payments-webhooks/1",
        "x-service-event": request.event,
        "x-signature": request.signature,
      };
      // Standard Webhooks: signed at each attempt, so the timestamp is the attempt's (receivers refuse old ones).
      const timestamp = Math.floor(Date.now() / 1000);
      headers["webhook-id"] = request.eventId;
      headers["webhook-timestamp"] = String(timestamp);
      headers["webhook-signature"] = standardWebhooksSignature(
        request.standardKey,
        request.eventId,
        timestamp,
        request.body,
      );
      if (request.requestId) headers["x-request-id"] = request.requestId;
      this.agent.dispatch(
        { origin: url.origin, path: `${url.pathname}${url.search}`, method: "POST", headers, body: request.body },
        {
          onConnect: (abortRequest) => {
            abort = abortRequest;
            if (settled) abortRequest(new Error("timeout"));
          },
          onHeaders: (statusCode, rawHeaders) => {
            status = statusCode;
            location = locationOf(rawHeaders);
            return true;
          },
          onData: (chunk) => {
            readBytes += chunk.length;
            if (keptBytes < RESPONSE_BODY_KEEP_BYTES) {
              kept.push(chunk);
              keptBytes += chunk.length;
            }
            if (readBytes > RESPONSE_BODY_READ_LIMIT) {
              finish(verdict());
              abort?.(new Error("answer too long"));
              return false;
            }
            return true;
          },
          onComplete: () => {
            if (timedOut) return;
            finish(verdict());
          },
          onError: (error) => {
            // An answer cut off is no answer: the receiver may not have taken the event, so it is sent again.
            if (status !== null) {
              const cut = `connection closed mid-answer: HTTP ${status} and ${readBytes} bytes of body before it ended`;
              return finish({ ...verdict(), ok: false, error: cut });
            }
            finish({
              ok: false,
              status: null,
              bodyStart: null,
              error: describeFailure(error, this.timeoutMs, timedOut),
            });
          },
        },
      );
    });
  }

  close(): void {
    void this.agent.destroy().catch(() => undefined);
  }
}
