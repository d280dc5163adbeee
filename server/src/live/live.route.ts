import type { FastifyInstance, FastifyReply } from "fastify";
import { AppError, forbidden, unauthenticated, validationError } from "../core/errors";
import { newWebhookListenerId } from "../core/ids";
import { hashSecret } from "../core/secrets";
import { sendError } from "../http/http-errors";
import {
  LIVE_TOPICS,
  type ListenerViewer,
  type LiveHub,
  type LiveStream,
  type LiveTopic,
  type LiveViewer,
} from "./live-hub";

/** The stream of changes for the console's open pages (server-sent events). */
export const LIVE_EVENTS_PATH = "/live/events";

/** The stream of an account's events with their bodies, for `pix-webhooks listen` (server/src/cli/). */
export const WEBHOOK_LISTENER_PATH = "/live/webhook-events";

/**
 * GET /live/events?topics=charge,withdrawal: a text/event-stream of `change` events
 * ({type, resourceId}, the outbox event's id as the SSE id) the viewer may see, `ready` once
 * listening, `resync` after the process lost and regained its LISTEN connection, `end`
 * before the server closes it (session gone, shutdown), and a comment line as heartbeat.
 * Only for a console session (the cookie of the console's own GraphQL calls): no session is
 * 401 JSON. Last-Event-ID is not replayed: a page refetches on `ready` after a reconnect.
 */
export function registerLiveRoute(app: FastifyInstance, hub: LiveHub): void {
  app.get(LIVE_EVENTS_PATH, { config: { access: "optional" } }, (request, reply) => {
    const principal = request.principal;
    // The console's session only: a bearer credential is for the API, not for pages.
    if (!principal || !request.viaSession || !request.sessionToken) return sendError(request, reply, unauthenticated());
    const topics = parseTopics((request.query as Record<string, unknown>).topics);
    if (topics === undefined)
      return sendError(request, reply, validationError(`topics: a comma-separated list of ${LIVE_TOPICS.join(", ")}`));
    const viewer: LiveViewer = {
      kind: principal.kind,
      role: principal.role,
      companyId: principal.kind === "merchant" ? principal.companyId : null,
      sessionHash: hashSecret(request.sessionToken),
    };
    const refusal = hub.refusal(viewer);
    if (refusal === "SESSION_STREAMS")
      return sendError(request, reply, new AppError("RATE_LIMITED", "Too many live streams for this session"), {
        "Retry-After": "30",
      });
    if (refusal === "PROCESS_STREAMS")
      return sendError(request, reply, new AppError("SERVICE_UNAVAILABLE", "Live updates are busy; poll instead"), {
        "Retry-After": "30",
      });

    openLiveStream(reply, hub, viewer, topics);
  });

  /**
   * GET /live/webhook-events: every event of the client secret's account as it is written,
   * `webhook` events carrying {id, type, created_at, request_id, body} (the body exactly as
   * its webhooks send it; for an event no endpoint takes, as the account's own endpoint would),
   * `missed` ({id, type, reason}) for one without its body (`no_endpoint`: none was kept, an
   * event written before the stream was registered; `unreadable`: the database failed),
   * and `ready`, `resync`, `end` and the heartbeat as above; the stream ends when the
   * secret is revoked or expires. A merchant's client secret only (bearer): the listener
   * signs and forwards what it hears to the integrator's own machine.
   */
  app.get(WEBHOOK_LISTENER_PATH, { config: { access: "credential" } }, async (request, reply) => {
    const principal = request.principal;
    if (!principal) return sendError(request, reply, unauthenticated());
    if (principal.kind !== "merchant" || principal.credentialId === null)
      return sendError(request, reply, forbidden("The webhook listener's stream takes a merchant's client secret"));
    const viewer: ListenerViewer = {
      kind: "listener",
      companyId: principal.companyId,
      credentialId: principal.credentialId,
      presenceId: newWebhookListenerId(),
    };
    const refusal = hub.refusal(viewer);
    if (refusal === "SESSION_STREAMS")
      return sendError(
        request,
        reply,
        new AppError("RATE_LIMITED", "Too many listener streams for this client secret"),
        {
          "Retry-After": "30",
        },
      );
    if (refusal === "PROCESS_STREAMS")
      return sendError(request, reply, new AppError("SERVICE_UNAVAILABLE", "Live updates are busy; try again later"), {
        "Retry-After": "30",
      });
    // Registered before `ready`: from then on an event no endpoint takes is kept for this stream too.
    try {
      await hub.registerListener(viewer);
    } catch (error) {
      request.log.warn({ error: (error as Error).message }, "live updates: a listener could not be registered");
      return sendError(request, reply, new AppError("SERVICE_UNAVAILABLE", "Live updates are busy; try again later"), {
        "Retry-After": "5",
      });
    }
    // The client left while it was registered: no stream to open.
    if (request.raw.destroyed || request.raw.socket.destroyed) {
      await hub.unregisterListener(viewer);
      reply.hijack();
      return;
    }
    openLiveStream(reply, hub, viewer, null);
  });
}

/**
 * Answers the request with a stream of the hub's changes for this viewer (the hub has
 * admitted it: see LiveHub.refusal): the SSE headers, the browser's retry delay, and the
 * stream's removal when its client goes away.
 */
export function openLiveStream(
  reply: FastifyReply,
  hub: LiveHub,
  viewer: LiveViewer,
  topics: ReadonlySet<LiveTopic> | null,
): void {
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(200, {
    ...headers,
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store, no-transform",
    Connection: "keep-alive",
    // Proxies that buffer (nginx) pass each event at once.
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
  // A dropped stream is tried again by the browser after 3 s.
  res.write("retry: 3000\n\n");
  let ended = false;
  let remove: () => void = () => undefined;
  const stream: LiveStream = {
    viewer,
    topics,
    send: (chunk) => {
      if (ended) return;
      hub.noteBuffered(stream, !res.write(chunk));
    },
    end: (reason) => {
      if (ended) return;
      ended = true;
      remove();
      res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    },
  };
  remove = hub.add(stream);
  res.on("drain", () => hub.noteBuffered(stream, false));
  // The client went away (tab closed, navigation): no listener left behind.
  res.on("close", () => {
    ended = true;
    remove();
  });
}

/** null: every topic; undefined: not a valid list. */
function parseTopics(value: unknown): ReadonlySet<LiveTopic> | null | undefined {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || value.length > 100) return undefined;
  const names = value.split(",").map((name) => name.trim());
  if (!names.every((name) => (LIVE_TOPICS as readonly string[]).includes(name))) return undefined;
  return new Set(names as LiveTopic[]);
}
