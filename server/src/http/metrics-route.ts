import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, notFound } from "../core/errors";
import { metricsText, observeHttpRequest } from "../metrics/metrics";
import type { Services } from "../services";
import { sendError } from "./http-errors";
import { routeOf } from "./request-scope";

/** A request's duration for /metrics, by route; paths outside the routes (the console, 404s) are one label each. */
export function observeRequestDuration(request: FastifyRequest, reply: FastifyReply): void {
  const route = routeOf(request).url ?? (reply.statusCode === 404 ? "(not found)" : "(other)");
  observeHttpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics. On the API port it needs `Authorization: Bearer <METRICS_TOKEN>` and is
 * 404 without METRICS_TOKEN; on the internal port (`open`) it needs nothing.
 */
export function registerMetricsRoute(app: FastifyInstance, services: Services, open = false): void {
  const token = services.config.metricsToken;
  app.get("/metrics", { config: { access: "health" } }, async (request, reply) => {
    if (!open) {
      if (!token) return sendError(request, reply, notFound("Route GET /metrics"));
      if (!bearerMatches(request, token)) {
        return sendError(request, reply, new AppError("UNAUTHENTICATED", "GET /metrics needs the METRICS_TOKEN"));
      }
    }
    const { contentType, text } = await metricsText(services.db);
    return reply.type(contentType).send(text);
  });
}
