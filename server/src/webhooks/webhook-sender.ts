import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isLiteralPrivateHost, isPrivateAddress } from "./webhook-url";

/** How much of the receiver's answer is kept in the history. */
export const RESPONSE_BODY_KEEP_BYTES = 1024;
/** An answer longer than this is cut off: the receiver owes us a status, not a download. */
const RESPONSE_BODY_READ_LIMIT = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  event: string;
  signature: string;
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
 * Resolves a host and refuses it when any of its addresses is private, loopback or
 * link-local. It runs when the socket connects, so the address checked is the address
 * used (no window for DNS to change in between).
 */
function guardedLookup(allowPrivate: boolean, resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) {
        const message = `refused: ${hostname} resolves to a private address (${refused.address})`;
        return callback(new PrivateAddressError(message), "", 0);
      }
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), "", 0);
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function describeFailure(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `timeout: no complete answer within ${timeoutMs} ms`;
  if (error instanceof PrivateAddressError) return error.message;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * POSTs webhooks with keep-alive connections. Redirects are not followed (a 3xx is a
 * failed attempt); a receiver that does not answer within the timeout is a failed attempt.
 */
export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(
    private readonly timeoutMs: number,
    private readonly allowPrivate: boolean,
    resolveHost: ResolveHost = resolveWithDns,
  ) {
    const agentOptions = { keepAlive: true, maxSockets: 64, lookup: guardedLookup(allowPrivate, resolveHost) };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return resolve({ ok: false, status: null, timeMs: 0, bodyStart: null, error: "invalid webhook URL" });
      }
      // A literal IP never goes through the lookup above.
      if (!this.allowPrivate && isLiteralPrivateHost(url.hostname)) {
        const error = `refused: ${url.hostname} is a private address`;
        return resolve({ ok: false, status: null, timeMs: 0, bodyStart: null, error });
      }
      const secure = url.protocol === "https:";
      let timedOut = false;
      let settled = false;
      const finish = (result: Omit<WebhookResponse, "timeMs">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, timeMs: elapsed() });
      };
      const req = (secure ? https : http).request(url, {
        method: "POST",
        agent: secure ? this.httpsAgent : this.httpAgent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(request.body),
          "User-Agent": "pix-payments-webhooks/1",
          "X-Service-Event": request.event,
          "X-Signature": request.signature,
        },
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new Error("timeout"));
      }, this.timeoutMs);
      req.on("error", (error) =>
        finish({ ok: false, status: null, bodyStart: null, error: describeFailure(error, this.timeoutMs, timedOut) }),
      );
      req.on("response", (res) => {
        const status = res.statusCode ?? 0;
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let readBytes = 0;
        const verdict = () => {
          const bodyStart = Buffer.concat(kept).subarray(0, RESPONSE_BODY_KEEP_BYTES).toString("utf8");
          const ok = status >= 200 && status < 300;
          let error: string | null = null;
          if (status >= 300 && status < 400) error = `redirect to ${res.headers.location ?? "(none)"} not followed`;
          else if (!ok) error = `HTTP ${status}`;
          // PostgreSQL text cannot hold NUL characters.
          return { ok, status, bodyStart: bodyStart.replaceAll("\u0000", ""), error };
        };
        res.on("data", (chunk: Buffer) => {
          readBytes += chunk.length;
          if (keptBytes < RESPONSE_BODY_KEEP_BYTES) {
            kept.push(chunk);
            keptBytes += chunk.length;
          }
          if (readBytes > RESPONSE_BODY_READ_LIMIT) {
            finish(verdict());
            res.destroy();
          }
        });
        // A timeout wins over whatever had arrived; otherwise what arrived counts.
        const done = () =>
          finish(
            timedOut ? { ...verdict(), ok: false, error: describeFailure(null, this.timeoutMs, true) } : verdict(),
          );
        res.on("end", done);
        res.on("error", done);
        res.on("close", done);
      });
      req.end(request.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
