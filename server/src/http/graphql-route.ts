import { Readable } from "node:stream";
import { type ApolloServer, HeaderMap } from "@apollo/server";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../graphql/context";
import type { Services } from "../services";
import { requestInfo } from "./request-scope";

/**
 * /graphql on Fastify: the body was read (and the caller admitted) by the one HTTP stack;
 * Apollo runs the operation. Headers the resolvers asked for (Idempotent-Replayed,
 * Set-Cookie, possibly several) are sent as they are.
 */
export function registerGraphqlRoute(
  app: FastifyInstance,
  apollo: ApolloServer<RequestContext>,
  services: Services,
): void {
  app.route({
    method: ["GET", "POST"],
    url: "/graphql",
    config: { access: "optional", errorShape: "graphql" },
    handler: async (request, reply) => {
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const queryStart = request.url.indexOf("?");
      const context: RequestContext = {
        principal: request.principal,
        services,
        responseHeaders: {},
        request: requestInfo(request, reply),
        sessionToken: request.sessionToken,
      };
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: request.method,
          headers,
          search: queryStart === -1 ? "" : request.url.slice(queryStart + 1),
          body: request.body,
        },
        context: async () => context,
      });
      for (const [name, value] of response.headers) reply.header(name, value);
      for (const [name, value] of Object.entries(context.responseHeaders)) reply.header(name, value);
      reply.code(response.status ?? 200);
      if (response.body.kind === "complete") return reply.send(response.body.string);
      return reply.send(Readable.from(response.body.asyncIterator));
    },
  });
}
