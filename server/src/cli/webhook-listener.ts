import { hmacSha256Hex } from "../core/secrets";
import { standardWebhooksKey, WebhookSender } from "../webhooks";

/** The service's stream of an account's events with their bodies (server/src/live/live.route.ts). */
const STREAM_PATH = "/live/webhook-events";

export interface ListenerOptions {
  apiUrl: string;
  apiKey: string;
  forwardTo: string;
  /** The `whsec_...` secret every forwarded event is signed with. */
  secret: string;
  /** Event names to forward; null: every event. */
  events: ReadonlySet<string> | null;
  /** A forward that has no complete answer within this is a failure, as WEBHOOK_TIMEOUT_MS. */
  timeoutMs: number;
  /** Stopping the listener (Ctrl-C). */
  signal: AbortSignal;
  print(line: string): void;
  printError(line: string): void;
}

/** Why the listener stopped: asked to (0), or the service refused its key (1). */
export type ListenerExit = { code: 0 } | { code: 1; reason: string };

interface StreamEvent {
  event: string;
  data: string;
}

/** What the stream's `webhook` events carry. */
interface ListenedEvent {
  id: string;
  type: string;
  request_id: string | null;
  body: string;
}

/** Nothing heard for this long (the service sends a heartbeat every 20 s): the stream is dead. */
const IDLE_MS = 60_000;
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/** The refusal that no retry mends: the key is wrong, revoked or not a merchant's. */
class KeyRefused extends Error {}

/**
 * The body signed as the service signs it (contract section 4): `signature` taken out, the
 * rest serialised again, its HMAC-SHA256 hex keyed with the secret, put back last. With the
 * account's own secret this gives the very bytes the service sends.
 */
export function signBody(body: string, secret: string): { body: string; signature: string } {
  const { signature: _dropped, ...unsigned } = JSON.parse(body) as Record<string, unknown>;
  const signature = hmacSha256Hex(secret, JSON.stringify(unsigned));
  return { body: JSON.stringify({ ...unsigned, signature }), signature };
}

/**
 * Listens to the account's events and forwards each to `forwardTo`, signed with `secret` and
 * carrying the same headers as the service's deliveries (webhook-sender.ts), one at a time in
 * the order they were written; prints one line per delivery. A dropped stream is opened again
 * with backoff; events written while it was down are not forwarded (they are in the account's
 * webhook deliveries). Answers when stopped or when the key is refused.
 */
export async function runListener(options: ListenerOptions): Promise<ListenerExit> {
  const sender = new WebhookSender(options.timeoutMs, true);
  const standardKey = standardWebhooksKey(options.secret);
  let delay = RECONNECT_MIN_MS;
  let everReady = false;
  try {
    while (!options.signal.aborted) {
      let heard = false;
      try {
        await openStream(options, {
          ready: () => {
            heard = true;
            delay = RECONNECT_MIN_MS;
            if (everReady) {
              options.print(
                "Reconnected. Events written while the stream was down were not forwarded: see the webhook deliveries.",
              );
            } else {
              options.print(`Ready. Forwarding the account's events to ${options.forwardTo} (Ctrl-C to stop).`);
            }
            everReady = true;
          },
          event: (event) => forward(options, sender, standardKey, event),
        });
        if (options.signal.aborted) break;
        options.printError("The stream was closed by the service.");
      } catch (error) {
        if (options.signal.aborted) break;
        if (error instanceof KeyRefused) return { code: 1, reason: error.message };
        options.printError(
          heard
            ? `Lost the stream: ${describe(error)}.`
            : `Could not open the stream at ${options.apiUrl}: ${describe(error)}.`,
        );
      }
      if (heard) delay = RECONNECT_MIN_MS;
      options.printError(`Reconnecting in ${Math.round(delay / 1000)} s...`);
      await sleep(delay, options.signal);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
    return { code: 0 };
  } finally {
    sender.close();
  }
}

interface StreamHandlers {
  ready(): void;
  event(event: StreamEvent): Promise<void>;
}

/** One connection to the stream, until it ends: its events handled in order. */
async function openStream(options: ListenerOptions, handlers: StreamHandlers): Promise<void> {
  const connection = new AbortController();
  const stop = () => connection.abort();
  options.signal.addEventListener("abort", stop, { once: true });
  let idle: NodeJS.Timeout | undefined;
  const stillThere = () => {
    clearTimeout(idle);
    idle = setTimeout(() => connection.abort(new Error(`nothing heard for ${IDLE_MS / 1000} s`)), IDLE_MS);
  };
  try {
    stillThere();
    const response = await fetch(new URL(STREAM_PATH, options.apiUrl), {
      headers: { authorization: `Bearer ${options.apiKey}`, accept: "text/event-stream" },
      signal: connection.signal,
    });
    if (response.status === 401) {
      throw new KeyRefused(
        "The API key was refused (401): check --api-key or PIX_API_KEY (a client secret of the account, not revoked or expired).",
      );
    }
    if (response.status === 403) {
      throw new KeyRefused(
        "This key cannot listen (403): the listener takes a merchant's client secret, not the operators' token.",
      );
    }
    if (response.status === 404) {
      throw new KeyRefused(`${options.apiUrl} has no webhook event stream (404): check --api-url.`);
    }
    if (response.status !== 200 || !response.body) {
      const text = await response.text().catch(() => "");
      throw new Error(`the service answered ${response.status}${errorCodeOf(text)}`);
    }
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      stillThere();
      buffer += decoder.decode(chunk as Uint8Array, { stream: true }).replaceAll("\r\n", "\n");
      for (let cut = buffer.indexOf("\n\n"); cut !== -1; cut = buffer.indexOf("\n\n")) {
        const event = parseEvent(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (!event) continue;
        if (event.event === "ready" || event.event === "resync") handlers.ready();
        else if (event.event === "end") {
          const reason = (JSON.parse(event.data) as { reason?: string }).reason;
          if (reason === "credential") {
            throw new KeyRefused("The API key was revoked or has expired: the service closed the stream.");
          }
          return;
        } else {
          // One at a time: the next event is read once this one was forwarded (its own timeout bounds it).
          clearTimeout(idle);
          await handlers.event(event);
          stillThere();
        }
      }
    }
  } catch (error) {
    if (error instanceof KeyRefused) throw error;
    // An abort of ours carries its own reason (Ctrl-C, or the idle timer).
    if (connection.signal.aborted && connection.signal.reason instanceof Error && !options.signal.aborted)
      throw connection.signal.reason;
    throw error;
  } finally {
    clearTimeout(idle);
    options.signal.removeEventListener("abort", stop);
  }
}

/** The text/event-stream fields of one event; null for a comment (the heartbeat) or a `retry:` line alone. */
function parseEvent(block: string): StreamEvent | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join("\n") };
}

async function forward(
  options: ListenerOptions,
  sender: WebhookSender,
  standardKey: Buffer,
  streamEvent: StreamEvent,
): Promise<void> {
  if (streamEvent.event === "missed") {
    const missed = JSON.parse(streamEvent.data) as { id: string; type: string; reason?: string };
    const why =
      missed.reason === "no_endpoint"
        ? "none of the account's webhook endpoints takes this event and it was written before this listener was registered"
        : "the service could not read it (resend it from the webhook deliveries)";
    if (!options.events || options.events.has(missed.type))
      options.printError(`${now()}  ${missed.type}  ${missed.id}  not forwarded: ${why}`);
    return;
  }
  if (streamEvent.event !== "webhook") return;
  const event = JSON.parse(streamEvent.data) as ListenedEvent;
  if (options.events && !options.events.has(event.type)) return;
  const signed = signBody(event.body, options.secret);
  const answer = await sender.send({
    url: options.forwardTo,
    body: signed.body,
    event: event.type,
    signature: signed.signature,
    eventId: event.id,
    standardKey,
    requestId: event.request_id,
  });
  const outcome = answer.ok ? String(answer.status) : `failed: ${answer.error ?? `HTTP ${answer.status}`}`;
  const line = `${now()}  ${event.type}  ${event.id}  ${outcome}  ${answer.timeMs} ms`;
  if (answer.ok) options.print(line);
  else options.printError(line);
}

/** The receiving machine's local time, `2026-12-03 10:15:02`. */
function now(): string {
  return new Date().toLocaleString("sv-SE");
}

/** The error code of a JSON error answer, as ` (RATE_LIMITED)`, when there is one. */
function errorCodeOf(text: string): string {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === "string" ? ` (${code})` : "";
  } catch {
    return "";
  }
}

/** A network failure in a few words: `connect ECONNREFUSED 127.0.0.1:4000`, not a stack. */
function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
