import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { nonPublicAddressReason, nonPublicHostReason } from "./webhook-address-policy";

/** How much of the receiver's answer is kept in the history. */
export const RESPONSE_BODY_KEEP_BYTES = 1024;
/** An answer longer than this is cut off: the receiver owes us a status, not a download. */
const RESPONSE_BODY_READ_LIMIT = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  event: string;
  signature: string;
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
    /** Extra TLS options (tests trust their own certificate authority with `ca`). */
    tlsOptions: Pick<https.AgentOptions, "ca"> = {},
  ) {
    const agentOptions = { keepAlive: true, maxSockets: 64, lookup: guardedLookup(allowPrivate, resolveHost) };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent({ ...agentOptions, ...tlsOptions });
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
      // A literal IP never goes through the lookup: the socket connects to it directly.
      const refusal = this.allowPrivate ? null : nonPublicHostReason(url.hostname);
      if (refusal)
        return resolve({ ok: false, status: null, timeMs: 0, bodyStart: null, error: `refused: ${refusal}` });
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
          ...(request.requestId ? { "X-Request-Id": request.requestId } : {}),
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
        // A timeout wins over whatever had arrived, and an answer cut off is no answer:
        // the receiver may not have taken the event, so it is sent again.
        const done = () => {
          if (timedOut) return finish({ ...verdict(), ok: false, error: describeFailure(null, this.timeoutMs, true) });
          if (!res.complete) {
            const error = `connection closed mid-answer: HTTP ${status} and ${readBytes} bytes of body before it ended`;
            return finish({ ...verdict(), ok: false, error });
          }
          finish(verdict());
        };
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
