import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import express, { type ErrorRequestHandler, type Request } from "express";
import type { GraphQLFormattedError } from "graphql";
import { GraphQLError } from "graphql";
import { chargeRoutes } from "./charges/charges.rest";
import { INTERNAL_MESSAGE, toPublicError } from "./core/errors";
import { describeError } from "./core/logger";
import type { RequestContext } from "./graphql/context";
import { complexityLimitPlugin, depthLimitRule, MAX_QUERY_COMPLEXITY, MAX_QUERY_DEPTH } from "./graphql/query-limits";
import { buildAppSchema } from "./graphql/schema";
import { createPixLocationRouter } from "./provider/pix-location.http";
import { createRestRouter, sendError } from "./rest/rest-router";
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

export interface HttpApp {
  app: express.Express;
  stop(): Promise<void>;
}

export async function createHttpApp(services: Services): Promise<HttpApp> {
  const schema = await buildAppSchema();
  const createContext = async (req: Request): Promise<RequestContext> => ({
    principal: await services.auth.authenticateBearer(req.header("authorization")),
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

  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", false);
  // Every API body is JSON whatever its Content-Type says; at most 100 kB.
  app.use(express.json({ limit: "100kb", type: () => true }));
  app.use("/graphql", expressMiddleware(apollo, { context: ({ req }) => createContext(req) }));
  app.use(createPixLocationRouter(services.charges));
  app.use(createRestRouter(schema, REST_ROUTES, createContext));
  app.use((req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`))) {
      return sendError(res, { code: "NOT_FOUND", message: `No route ${req.method} ${req.path}` });
    }
    next();
  });
  const handleErrors: ErrorRequestHandler = (error, _req, res, _next) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large")
      return sendError(res, { code: "PAYLOAD_TOO_LARGE", message: "Body exceeds 100 kB" });
    if (type === "entity.parse.failed")
      return sendError(res, { code: "INVALID_JSON", message: "Body is not valid JSON" });
    if (type === "encoding.unsupported" || type === "charset.unsupported") {
      return sendError(res, { code: "VALIDATION_ERROR", message: "Unsupported body encoding" });
    }
    services.logger.error("unhandled request error", describeError(error));
    if (res.headersSent) return;
    sendError(res, { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE });
  };
  app.use(handleErrors);

  return { app, stop: () => apollo.stop() };
}
