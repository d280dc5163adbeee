import type { FastifyInstance } from "fastify";
import { AppError, toPublicError } from "../core/errors";
import { sendError } from "../http/http-errors";
import { type LiveHub, openLiveStream } from "../live";
import { addressKey, type PayerPageService } from "./payer-page.service";

/** The payer's page's stream: under /live, an API path (http/api-paths.ts). */
export const PAYER_LIVE_PATH = "/live/pay/:token";

const CHARGE_TOPIC = new Set(["charge"] as const);

/**
 * GET /live/pay/<token>: the server-sent events of one charge, for its payer's page, without
 * a credential: `change` when the charge changes (the page refetches what it shows), `ready`,
 * `resync`, and `end` (reason "final" once the charge is paid, expired or cancelled). The
 * token is looked up as the page looks it up (the same limits: an unknown token is 404 and
 * counts as a miss of the address). A final charge answers `end` at once.
 */
export function registerPayerLiveRoute(app: FastifyInstance, hub: LiveHub, payerPages: PayerPageService): void {
  app.get(PAYER_LIVE_PATH, { config: { access: "public" } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    let chargeId: string;
    try {
      const { charge } = await payerPages.findByToken(token, request.ip);
      if (charge.status !== "PENDING") {
        return reply
          .type("text/event-stream; charset=utf-8")
          .header("Cache-Control", "no-store")
          .send(`event: end\ndata: ${JSON.stringify({ reason: "final" })}\n\n`);
      }
      chargeId = charge.id;
    } catch (error) {
      return sendError(request, reply, toPublicError(error));
    }
    const viewer = { kind: "payer" as const, chargeId, addressKey: addressKey(request.ip) };
    const refusal = hub.refusal(viewer);
    if (refusal === "SESSION_STREAMS")
      return sendError(request, reply, new AppError("RATE_LIMITED", "Too many live streams from this address"), {
        "Retry-After": "30",
      });
    if (refusal === "PROCESS_STREAMS")
      return sendError(request, reply, new AppError("SERVICE_UNAVAILABLE", "Live updates are busy; poll instead"), {
        "Retry-After": "30",
      });
    openLiveStream(reply, hub, viewer, CHARGE_TOPIC);
  });
}
