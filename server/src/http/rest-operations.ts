import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { AppError, toPublicError } from "../core/errors";
import { checkIdempotencyKey } from "../core/idempotency";
import { illFormedTextMessage, textProblem } from "../core/text-input";
import type { RequestScope } from "../operation/operation-context";
import { CallContext } from "../operation/operation-context";
import { type PolicyServices, runOperation } from "../operation/operation-runner";
import { ERROR_SCHEMA, type RestRoute } from "../operation/rest-shape";
import { sendError } from "./http-errors";
import { requestInfo } from "./request-scope";

const JSON_TYPE = "application/json; charset=utf-8";

/** The name of the first query parameter whose percent-encoded bytes are not UTF-8 text, or null. */
function illFormedQueryParameter(url: string): string | null {
  const start = url.indexOf("?");
  if (start === -1) return null;
  for (const pair of url.slice(start + 1).split("&")) {
    const [name, value = ""] = pair.split("=");
    try {
      decodeURIComponent(name.replace(/\+/g, " "));
      decodeURIComponent(value.replace(/\+/g, " "));
    } catch {
      try {
        return decodeURIComponent(name);
      } catch {
        return "query";
      }
    }
  }
  return null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Idempotency-Key as checked before the body is read (lower case), or null. */
    idempotencyKey: string | null;
    /** The operation's request scope, made once (a check before the body may need it). */
    operationScope: RequestScope | null;
  }
}

/** The request's scope for its operation: who calls (as admission found), the request, headers to answer with. */
function scopeOf(request: FastifyRequest, reply: FastifyReply): RequestScope {
  request.operationScope ??= {
    principal: request.principal,
    uncheckedCredential: request.uncheckedCredential,
    request: requestInfo(request, reply),
    sessionToken: request.sessionToken,
    responseHeaders: {},
  };
  return request.operationScope;
}

/**
 * The REST adapter: every declared operation with a REST address becomes a Fastify route
 * that checks, in the contract's order, the credential (admission, before the route), the
 * path's resource when the route asks for it first, the Idempotency-Key, the query or body
 * (its JSON schema, then its values decoded once: Money to centavos), then runs the
 * operation (access and policies: operation/operation-runner.ts) and writes its answer.
 */
export function registerRestOperations<Deps extends PolicyServices>(
  app: FastifyInstance,
  routes: ReadonlyArray<RestRoute<Deps>>,
  services: Deps,
): void {
  app.decorateRequest("idempotencyKey", null);
  app.decorateRequest("operationScope", null);
  for (const route of routes) {
    const { operation, declaration } = route;
    const fastifySchema: FastifySchema = {
      response: Object.fromEntries(
        [...route.answers.keys()].map((status) => [
          status,
          status === route.successStatus ? route.schema.success : ERROR_SCHEMA,
        ]),
      ),
    };
    if (route.schema.params) fastifySchema.params = route.schema.params;
    if (route.schema.querystring) fastifySchema.querystring = route.schema.querystring;
    if (route.schema.body) fastifySchema.body = route.schema.body;

    const { findFirst } = operation;
    const pathParameters = route.parameters.filter((parameter) => parameter.location === "path");
    const readIdempotencyKey = (request: FastifyRequest) => {
      if (!operation.idempotencyKey) return;
      const header = request.headers["idempotency-key"];
      request.idempotencyKey = checkIdempotencyKey(
        Array.isArray(header) ? header.join(", ") : header,
        operation.idempotencyKey === "required",
      );
    };

    app.route({
      method: operation.method,
      url: operation.path,
      schema: fastifySchema,
      config: { access: "credential", credentialInRead: operation.credentialInRead === true },
      schemaErrorFormatter: route.schemaError as never,
      ...(operation.bodyLimit === undefined ? {} : { bodyLimit: operation.bodyLimit }),
      // Checks in the contract's order: credential (admission), the path's resource when the
      // route asks for it first, Idempotency-Key, then the body. Callback hooks where they
      // can be: every request of the route runs them.
      preParsing: findFirst
        ? async (request, reply, payload) => {
            const params = request.params as Record<string, string>;
            // The path's own text rule comes first, as on every route (its schema runs later).
            for (const { name } of pathParameters) {
              const problem = textProblem(name, name, params[name] ?? "");
              if (problem !== null) throw new AppError("VALIDATION_ERROR", problem);
            }
            await findFirst(params, new CallContext(scopeOf(request, reply), "operators"), services);
            readIdempotencyKey(request);
            return payload;
          }
        : operation.idempotencyKey
          ? (request, _reply, payload, done) => {
              try {
                readIdempotencyKey(request);
              } catch (error) {
                return done(error as Error);
              }
              done(null, payload);
            }
          : undefined,
      preValidation: (request, _reply, done) => {
        const query = request.query as Record<string, unknown>;
        for (const name in query) {
          if (Array.isArray(query[name]))
            return done(new AppError("VALIDATION_ERROR", `Query parameter ${name} is given twice`));
        }
        // The query's parser reads bytes that are not UTF-8 as U+FFFD: a free-text parameter
        // would pass them on. Such a query is refused as the body's text is.
        const badText = illFormedQueryParameter(request.raw.url ?? "");
        if (badText !== null) return done(new AppError("VALIDATION_ERROR", illFormedTextMessage(badText)));
        if ((operation.method === "POST" || operation.method === "PATCH") && request.body === undefined)
          request.body = {};
        done();
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const args = route.decode({
          params: request.params as Record<string, string>,
          query: request.query as Record<string, string>,
          body: request.body as Record<string, unknown>,
          idempotencyKey: request.idempotencyKey,
        });
        const scope = scopeOf(request, reply);
        let answer: string;
        try {
          answer = route.encode(await runOperation(declaration, args, scope, services));
        } catch (error) {
          const publicError = toPublicError(error);
          if (publicError.code === "INTERNAL_ERROR") request.log.error({ err: error }, "REST operation failed");
          const settled = request.uncheckedCredential ? await request.settleCredential(publicError) : publicError;
          return sendError(request, reply, settled, scope.responseHeaders);
        }
        const headers = scope.responseHeaders;
        for (const name in headers) reply.header(name, headers[name]);
        // The answer is already its JSON text (Money as numbers): sent as it is.
        return reply.code(route.successStatus).type(JSON_TYPE).send(answer);
      },
    });
  }
}
