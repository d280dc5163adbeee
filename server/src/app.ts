import type { IncomingMessage, ServerResponse } from "node:http";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import type { GraphQLFormattedError } from "graphql";
import { GraphQLError } from "graphql";
import type { Principal } from "./auth/principal";
import { RATE_LIMITED, RequestAdmission } from "./auth/request-admission";
import { chargeRoutes } from "./charges/charges.rest";
import { INTERNAL_MESSAGE, toPublicError, unauthenticated } from "./core/errors";
import { describeError } from "./core/logger";
import { RateLimiter } from "./core/rate-limiter";
import type { RequestContext } from "./graphql/context";
import { complexityLimitPlugin, depthLimitRule, MAX_QUERY_COMPLEXITY, MAX_QUERY_DEPTH } from "./graphql/query-limits";
import { buildAppSchema } from "./graphql/schema";
import { createInboundPixRouter } from "./provider/inbound-pix.http";
import { createPixLocationRouter } from "./provider/pix-location.http";
import { sendError } from "./rest/http-json";
import { invalidJson, payloadTooLarge, unsupportedEncoding } from "./rest/json-body";
import { createRestHandler } from "./rest/rest-router";
import type { Services } from "./services";
import { withdrawalRoutes } from "./withdrawals/withdrawals.rest";

/** Paths that belong to the API: unknown ones answer JSON 404, not the console's page. */
const API_PREFIXES = ["/charges", "/withdrawals", "/graphql", "/provider", "/pix"];

export const REST_ROUTES = [...chargeRoutes, ...withdrawalRoutes];

/** Sends headers that resolvers asked for (Idempotent-Replayed) over GraphQL too. */
const responseHeadersPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        for (const [name, value] of Object.entries(contextValue.responseHeaders ?? {}))
          response.http.headers.set(name, value);
      },
    };
  },
};

/** Express's side of admission: resolves the credential and applies the rate limit. */
function admitRequests(admission: RequestAdmission): RequestHandler {
  return async (req, res, next) => {
    try {
      const admitted = await admission.admit(req.header("authorization"), req.socket.remoteAddress);
      if (!admitted.admitted) {
        return sendError(res, RATE_LIMITED, { "Retry-After": String(admitted.retryAfterSeconds) });
      }
      res.locals.principal = admitted.principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}

export interface HttpApp {
  /** The request listener: REST routes straight from Node, everything else through Express. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  stop(): Promise<void>;
}

export async function createHttpApp(services: Services): Promise<HttpApp> {
  const schema = await buildAppSchema();
  // The credential is resolved once per request, by the middleware below.
  const createContext = async (req: Request): Promise<RequestContext> => ({
    principal: (req.res?.locals.principal as Principal | null | undefined) ?? null,
    services,
    responseHeaders: {},
  });

  const apollo = new ApolloServer<RequestContext>({
    schema,
    introspection: services.config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    plugins: [responseHeadersPlugin, complexityLimitPlugin(schema, MAX_QUERY_COMPLEXITY)],
    validationRules: [depthLimitRule(MAX_QUERY_DEPTH)],
    formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
      const graphQLError = error instanceof GraphQLError ? error : new GraphQLError(INTERNAL_MESSAGE);
      const publicError = toPublicError(graphQLError);
      if (publicError.code === "INTERNAL_ERROR") {
        services.logger.error("GraphQL operation failed", describeError(graphQLError.originalError ?? error));
      }
      return {
        message: publicError.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: publicError.code },
      };
    },
  });
  await apollo.start();

  const { rateLimitRps } = services.config;
  const admission = new RequestAdmission(
    services.auth,
    rateLimitRps > 0 ? new RateLimiter(rateLimitRps, rateLimitRps * 2) : null,
  );
  const serveRest = createRestHandler(schema, REST_ROUTES, { admission, services });

  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", false);
  app.use(admitRequests(admission));
  // The provider's notifications are signed over their raw bytes: read before the JSON parser.
  app.use(createInboundPixRouter(services.inboundPix, services.logger));
  // Every API body is JSON whatever its Content-Type says; at most 100 kB.
  app.use(express.json({ limit: "100kb", type: () => true }));
  app.use("/graphql", expressMiddleware(apollo, { context: ({ req }) => createContext(req) }));
  app.use(createPixLocationRouter(services.charges));
  app.use((req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`))) {
      return sendError(res, { code: "NOT_FOUND", message: `No route ${req.method} ${req.path}` });
    }
    next();
  });
  const handleErrors: ErrorRequestHandler = (error, _req, res, _next) => {
    const type = (error as { type?: string }).type;
    // A body we could not read from a caller we do not know: the credential is checked first.
    if (type?.startsWith("entity.") && !res.locals.principal) {
      return sendError(res, unauthenticated());
    }
    if (type === "entity.too.large") return sendError(res, payloadTooLarge());
    if (type === "entity.parse.failed") return sendError(res, invalidJson());
    if (type === "encoding.unsupported" || type === "charset.unsupported") return sendError(res, unsupportedEncoding());
    services.logger.error("unhandled request error", describeError(error));
    if (res.headersSent) return;
    sendError(res, { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE });
  };
  app.use(handleErrors);

  return {
    handle: (req, res) => {
      if (!serveRest(req, res)) app(req, res);
    },
    stop: () => apollo.stop(),
  };
}
