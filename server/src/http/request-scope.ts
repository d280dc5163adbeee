import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type RequestScope, requestScope } from "../core/logger";
import type { RequestInfo } from "../graphql/context";

/** A caller's X-Request-Id is kept when it is short and plain; otherwise one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

declare module "fastify" {
  interface FastifyRequest {
    scope: RequestScope;
  }
}

/**
 * Every request: its id goes back in X-Request-Id, and its child logger (which writes the
 * id on every line) is the current logger of everything that runs for it. The scope is
 * entered again after the body is read, whose events arrive from outside it.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.decorateRequest("scope", null as unknown as RequestScope);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    request.scope = { id: request.id, log: request.log };
    requestScope.run(request.scope, done);
  });
  app.addHook("preValidation", (request, _reply, done) => {
    requestScope.run(request.scope, done);
  });
  // One line per request at debug level: the hot paths do not pay for a write each.
  app.addHook("onResponse", (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        path: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
    done();
  });
}

/**
 * What operations see of the request; the signal aborts when the client leaves before its
 * answer. It is made when an operation first asks for it (the cancellable reads): most
 * requests never do, and an AbortController with a listener per request is not free.
 */
export function requestInfo(request: FastifyRequest, reply: FastifyReply): RequestInfo {
  const userAgent = request.headers["user-agent"];
  let signal: AbortSignal | undefined;
  return {
    id: request.id,
    address: request.ip,
    userAgent: userAgent ?? null,
    get signal() {
      if (signal) return signal;
      const controller = new AbortController();
      signal = controller.signal;
      const res = reply.raw;
      const leftEarly = () => !res.writableFinished;
      // Asked for after the client already left: the close event is past, abort now.
      if (res.closed || res.destroyed) {
        if (leftEarly()) controller.abort();
      } else {
        res.once("close", () => {
          if (leftEarly()) controller.abort();
        });
      }
      return signal;
    },
  };
}
