import type { IncomingMessage, Server, ServerResponse } from "node:http";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { efiNotificationRoutes } from "./bank-events/efi/efi-notifications";
import { efiRecurrenceNotificationRoutes } from "./bank-events/efi/efi-recurrences";
import { registerChargeQrCodeRoute } from "./charges/charge-qrcode.http";
import { registerPixLocationRoute } from "./charges/pix-location.http";
import { consoleUsersRefusedInputRecorders } from "./console-users/console-users.operations";
import type { RequestContext } from "./graphql/context";
import { type GraphQLAnswer, type GraphQLParams, GraphQLPipeline } from "./graphql/graphql-pipeline";
import { graphqlLimits } from "./graphql/query-limits";
import { isApiPath, isConsoleAsset, pathOf } from "./http/api-paths";
import { registerGraphqlRoute } from "./http/graphql-route";
import { type HealthOptions, registerHealthRoutes } from "./http/health";
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling, sendError } from "./http/http-errors";
import { API_BODY_LIMIT, registerJsonBodies } from "./http/json-body";
import { observeRequestDuration, registerMetricsRoute } from "./http/metrics-route";
import { openApiDocument } from "./http/openapi";
import { inPortuguese } from "./http/openapi-pt-br";
import { createAdmissionLimits, registerAdmission } from "./http/request-admission";
import { decorateRequestRoute, lazyChildLogger, logAccess, requestIdOf, requestInfo } from "./http/request-scope";
import { registerRestOperations } from "./http/rest-operations";
import { securityHeaders } from "./http/security-headers";
import { inboundPixRoutes } from "./inbound-pix/inbound-pix.http";
import { registerLiveRoute } from "./live/live.route";
import { LiveHub, type LiveOptions } from "./live/live-hub";
import { compileRestRoute, type RestRoute } from "./operation/rest-shape";
import { OPERATIONS } from "./operations";
import { registerPayerLiveRoute } from "./payer-page/payer-live.route";
import { registerQrCodeImageRoute } from "./qrcodes/qrcode-image.http";
import type { Runtime } from "./runtime";
import { buildAppSchema } from "./schema";
import type { Services } from "./services";

/**
 * Who asked for a console page, as admission found them (one session lookup): handed to the
 * page's own data calls, which run in this process (runPageOperation).
 */
export type PageCaller = Pick<RequestContext, "principal" | "request" | "sessionToken">;

/**
 * Serves every path outside the API (the console); `caller` is null for the console's
 * static files, which are served before admission (http/api-paths.ts isConsoleAsset).
 */
export type FallbackHandler = (req: IncomingMessage, res: ServerResponse, caller: PageCaller | null) => void;

const notFoundFallback: FallbackHandler = (_req, res) => {
  const body = JSON.stringify({ error: "Not found", code: "NOT_FOUND" });
  res.writeHead(404, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
};

export interface HttpAppOptions extends HealthOptions {
  fallback?: FallbackHandler;
  /** Whole request (headers and body) must arrive within this (default 30 s). */
  requestTimeoutMs?: number;
  /** Headers must arrive within this (default 10 s). */
  headersTimeoutMs?: number;
  /** Limits and timers of the live updates' streams (live/live-hub.ts). */
  live?: Partial<LiveOptions>;
}

export interface HttpApp {
  fastify: FastifyInstance;
  server: Server;
  /** The REST routes, compiled from the declared operations. */
  routes: ReadonlyArray<RestRoute<Services>>;
  /** The live updates' streams of this process (GET /live/events). */
  live: LiveHub;
  /**
   * Runs a console page's data call as the page's caller, in this process: a read (a
   * mutation is refused as over GET), with the checks and limits of /graphql.
   */
  runPageOperation(params: GraphQLParams, caller: PageCaller): Promise<GraphQLAnswer>;
  /** Listens and answers the port (0 picks a free one). */
  listen(port: number, host?: string): Promise<number>;
  /** Stops accepting and finishes the requests in flight. */
  close(): Promise<void>;
}

/** Serves the runtime's services; its direct database target carries the live updates' LISTEN connection. */
export async function createHttpApp(
  runtime: Pick<Runtime, "services" | "database">,
  options: HttpAppOptions = {},
): Promise<HttpApp> {
  const { services } = runtime;
  const schema = await buildAppSchema();
  const { config, logger } = services;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout);

  const routes = OPERATIONS.filter((operation) => operation.rest).map((operation) =>
    compileRestRoute(schema, operation),
  );
  const graphqlPipeline = new GraphQLPipeline(
    schema,
    graphqlLimits(schema, { introspection: config.graphqlIntrospection }),
    logger,
    consoleUsersRefusedInputRecorders,
    new Map(
      routes
        .filter((route) => route.operation.credentialInRead)
        .map((route) => [route.operation.field, new Set(route.parameters.map((parameter) => parameter.variable))]),
    ),
  );

  const app = Fastify({
    loggerInstance: logger.pino as unknown as FastifyBaseLogger,
    // One line per request, written by the request scope's onResponse hook.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    genReqId: requestIdOf,
    childLoggerFactory: lazyChildLogger,
    trustProxy: trustProxyOf(config.trustProxy),
    bodyLimit: API_BODY_LIMIT,
    requestTimeout,
    http: { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, multipleOfPrecision: 4 } },
  });

  decorateRequestRoute(app);
  const security = securityHeaders(config.publicBaseUrl);
  const admit = registerAdmission(
    app,
    services.auth,
    createAdmissionLimits(services.limits, config.rateLimitRps),
    config.publicBaseUrl,
  );
  const fallback = options.fallback ?? notFoundFallback;
  const toConsole = (request: FastifyRequest, reply: FastifyReply, caller: PageCaller | null) => {
    reply.hijack();
    security.onRaw(reply.raw);
    reply.raw.setHeader("X-Request-Id", request.id);
    fallback(request.raw, reply.raw, caller);
  };
  // The start of every request, in one hook (each hook and each phase with hooks costs every
  // request): the security headers (a console answer gets them too, on the raw response);
  // its id goes back in X-Request-Id (its log lines carry it: request.log); the console's
  // static files go to it at once; every other request is admitted, then the paths outside
  // the API go, unread, to the console with the caller admission found.
  app.addHook("onRequest", (request, reply, done) => {
    security.onReply(reply);
    reply.header("X-Request-Id", request.id);
    if (request.is404 && isConsoleAsset(pathOf(request.url))) return toConsole(request, reply, null);
    const goOn = () => {
      if (reply.sent) return;
      if (!request.is404 || isApiPath(pathOf(request.url))) return done();
      const { principal, sessionToken } = request;
      toConsole(request, reply, { principal, sessionToken, request: requestInfo(request, reply) });
    };
    const admitting = admit(request, reply);
    if (admitting === undefined) goOn();
    else admitting.then(goOn, done);
  });
  // And its end: its duration for /metrics, and its access line.
  app.addHook("onResponse", (request, reply, done) => {
    observeRequestDuration(request, reply);
    logAccess(logger, request, reply);
    done();
  });
  registerErrorHandling(app);
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, {
      code: "NOT_FOUND",
      message: `No route ${request.method} ${request.url.split("?")[0]}`,
    }),
  );
  registerJsonBodies(app);

  registerRestOperations(app, routes, services);
  // /graphql takes any declared operation's body: the largest one a REST route takes (a batch's).
  const graphqlBodyLimit = Math.max(API_BODY_LIMIT, ...OPERATIONS.map((operation) => operation.rest?.bodyLimit ?? 0));
  registerGraphqlRoute(app, graphqlPipeline, services, graphqlBodyLimit);
  registerChargeQrCodeRoute(app, services.charges);
  registerQrCodeImageRoute(app, services.qrCodes);
  // A real PSP serves its own locations; the service answers them for the sandbox only.
  if (services.provider.servesLocations) registerPixLocationRoute(app, services.charges);
  await app.register(inboundPixRoutes, { inboundPix: services.inboundPix });
  if (services.efi) await app.register(efiNotificationRoutes, { notifications: services.efi.notifications });
  if (services.efi) await app.register(efiRecurrenceNotificationRoutes, { recurrences: services.efi.recurrences });
  // Live pages: its LISTEN connection opens with the first stream, and its streams end before
  // the server waits for open connections on close.
  const live = new LiveHub(runtime.database.direct, services.db, logger, config.sessionIdleMinutes, options.live);
  registerLiveRoute(app, live);
  registerPayerLiveRoute(app, live, services.payerPages);
  app.addHook("preClose", async () => live.close());
  registerHealthRoutes(app, services, options);
  registerMetricsRoute(app, services);
  const openApiEnglish = openApiDocument(routes, config.publicBaseUrl);
  const openApi = JSON.stringify(openApiEnglish);
  // ?lang=pt-BR: the same document with its prose in Portuguese (the console's reference reads it).
  const openApiPortuguese = JSON.stringify(inPortuguese(openApiEnglish));
  app.get("/openapi.json", { config: { access: "public" } }, async (request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .send((request.query as { lang?: unknown }).lang === "pt-BR" ? openApiPortuguese : openApi),
  );
  await app.ready();

  return {
    fastify: app,
    server: app.server,
    routes,
    live,
    runPageOperation: (params, caller) =>
      graphqlPipeline.run(params, { ...caller, services, responseHeaders: {} }, true),
    listen: async (port, host) => {
      await app.listen({ port, host: host ?? "::" });
      const address = app.server.address();
      return typeof address === "object" && address ? address.port : port;
    },
    close: () => app.close(),
  };
}

/**
 * TRUST_PROXY for Fastify (proxy-addr). A hop count trusts that many proxies nearest to us
 * whatever their address (Fastify itself ignores bare counts, as a direct client could then
 * claim any address): right only when every request comes through those proxies, which
 * docs/api.md says. A list of addresses and ranges is the safer form.
 */
function trustProxyOf(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Query strings as a plain object without a prototype (so `__proto__` is just an unknown
 * parameter); a parameter given twice becomes a list, which the routes refuse by name.
 */
function parseQueryString(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(search)) {
    const known = query[name];
    query[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return query;
}
