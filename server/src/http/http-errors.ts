import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { graphqlExtensions, httpStatusFor, type PublicError, toPublicError } from "../core/errors";
import { routeOf } from "./request-scope";

/** The error body: `{"error","code"}` for REST, `{"errors":[{message, extensions.code}]}` on /graphql. */
export function errorBody(error: PublicError, graphql: boolean): unknown {
  return graphql
    ? { errors: [{ message: error.message, extensions: graphqlExtensions(error) }] }
    : { error: error.message, code: error.code, ...(error.items ? { items: error.items } : {}) };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: PublicError,
  headers: Record<string, string | string[]> = {},
): FastifyReply {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
  const graphql = routeOf(request).config?.errorShape === "graphql";
  return reply.code(httpStatusFor(error.code)).type("application/json; charset=utf-8").send(errorBody(error, graphql));
}

/** A client that went away before its answer: nobody to answer, nothing to report. */
function clientGone(request: FastifyRequest): boolean {
  // (request.raw is "destroyed" once its body was read: the socket says whether anyone listens.)
  return request.raw.socket?.destroyed !== false;
}

/** Every error the HTTP layer meets (ours, Fastify's, thrown by handlers) leaves through toPublicError. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (clientGone(request)) {
      request.log.debug({ error: error.message }, "client went away before its answer");
      return;
    }
    const publicError = toPublicError(error);
    if (publicError.code === "INTERNAL_ERROR") request.log.error({ err: error }, "request failed");
    else if (publicError.code === "SERVICE_UNAVAILABLE" || publicError.code === "DATABASE_UNAVAILABLE")
      request.log.warn({ err: error }, "database unavailable");
    else if (!(error as { code?: string }).code?.startsWith("FST_"))
      request.log.debug({ code: publicError.code }, publicError.message);
    if (reply.sent) return;
    if (request.uncheckedCredential)
      return request.settleCredential(publicError).then((settled) => sendError(request, reply, settled));
    return sendError(request, reply, publicError);
  });
}

/**
 * Requests Fastify refuses before it routes them: a path that is not percent-encoded UTF-8
 * (`/charges/%ED%A0%80`, the bytes of a lone surrogate), or a path segment past its length.
 * The same error body as everything else, not Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header("X-Request-Id", request.id);
  sendError(request, reply, {
    code: "VALIDATION_ERROR",
    message:
      error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? "A segment of the URL path is too long"
        : "The URL path is not valid percent-encoded UTF-8",
  });
}

/**
 * Requests that never reached a route: unparsable HTTP, headers too long or too slow, a
 * body that took too long. Answered (when the socket still can) with the same error body.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify(
    status === 408
      ? { error: "The request took too long to arrive", code: "REQUEST_TIMEOUT" }
      : status === 431
        ? { error: "Request headers are too large", code: "PAYLOAD_TOO_LARGE" }
        : { error: "Malformed HTTP request", code: "VALIDATION_ERROR" },
  );
  this.log.debug({ code: error.code }, "client error");
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
