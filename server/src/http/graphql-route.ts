import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import MIMEType from "whatwg-mimetype";
import { AppError } from "../core/errors";
import type { RequestContext } from "../graphql/context";
import type { GraphQLParams, GraphQLPipeline } from "../graphql/graphql-pipeline";
import type { Services } from "../services";
import { sendError } from "./http-errors";
import { parseJson } from "./json-body";
import { requestInfo } from "./request-scope";

const JSON_TYPE = "application/json; charset=utf-8";
const GRAPHQL_RESPONSE_TYPE = "application/graphql-response+json; charset=utf-8";
const MEDIA_TYPES = ["application/json", "application/graphql-response+json"];

/** What a browser may send cross-site without asking first (a CORS "simple" request). */
const NON_PREFLIGHTED_CONTENT_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
]);
/** Headers a page cannot add cross-site without a preflight: their presence proves one happened. */
const PREFLIGHT_HEADERS = ["x-apollo-operation-name", "apollo-require-preflight"];

const invalid = (message: string) => new AppError("VALIDATION_ERROR", message);

/**
 * /graphql on Fastify: the caller was admitted and the body read by the one HTTP stack;
 * this reads the GraphQL request from the body (POST) or the query string (GET, reads
 * only), runs it through the pipeline (graphql/graphql-pipeline.ts) and answers. Headers
 * the resolvers asked for (Idempotent-Replayed, Set-Cookie, Retry-After) are sent as they are.
 */
export function registerGraphqlRoute(
  app: FastifyInstance,
  pipeline: GraphQLPipeline,
  services: Services,
  bodyLimit: number,
): void {
  app.route({
    method: ["GET", "POST"],
    url: "/graphql",
    // Every operation of the schema runs here, so its body may be as large as the largest
    // REST route's (createChargeBatch's 1000 charges); a caller without credential still
    // sends at most ANONYMOUS_BODY_LIMIT: the admission refuses a larger announced body
    // unread (request-admission.ts), json-body.ts one that comes in chunks.
    bodyLimit,
    config: { access: "optional", errorShape: "graphql", credentialInRead: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // No answer of /graphql is for a cache: it depends on the caller.
      reply.header("cache-control", "no-store");
      refuseUnpreflighted(request);
      const params =
        request.method === "POST"
          ? paramsOfBody(request.body)
          : paramsOfQueryString(request.query as Record<string, string | string[]>);
      // A client secret the admission left unchecked (auth/credential-lookup.ts): the reads
      // check it themselves when the operation is only such reads; else it is looked up now.
      if (request.uncheckedCredential && !pipeline.checksCredentialInRead(params)) {
        const refusal = await request.checkCredential();
        if (refusal) return sendError(request, reply, refusal);
      }
      const context: RequestContext = {
        principal: request.principal,
        services,
        responseHeaders: {},
        request: requestInfo(request, reply),
        sessionToken: request.sessionToken,
        uncheckedCredential: request.uncheckedCredential,
      };
      const answer = await pipeline.run(params, context, request.method !== "POST");
      // An answer with errors is given only once the credential is known to be live (401 first).
      if (request.uncheckedCredential && answer.body.errors?.length) {
        const refusal = await request.checkCredential(answer.body.errors[0].extensions?.code === "UNAUTHENTICATED");
        if (refusal) return sendError(request, reply, refusal);
      }
      if (answer.status === 405) reply.header("allow", "POST");
      if (answer.retryAfterSeconds !== undefined) reply.header("retry-after", String(answer.retryAfterSeconds));
      const headers = context.responseHeaders;
      for (const name in headers) reply.header(name, headers[name]);
      return reply.code(answer.status).type(responseType(request.headers.accept)).send(JSON.stringify(answer.body));
    },
  });
}

/**
 * CSRF: a page on another site can make a browser send a GET, or a POST of form or plain
 * text, with the user's cookies and no preflight. Such a request is refused unless it
 * carries a header only a preflighted request can (Apollo Server's rule, which our clients
 * already follow): JSON POSTs, which every client sends, always pass. Content types are
 * parsed as the browser parses them (WHATWG MIME type).
 */
function refuseUnpreflighted(request: FastifyRequest): void {
  const contentType = request.headers["content-type"];
  // What every client sends, decided without a parse (a simple request's type is never this).
  if (contentType === "application/json" || contentType?.startsWith("application/json;")) return;
  if (contentType !== undefined) {
    const parsed = MIMEType.parse(contentType);
    if (parsed === null || !NON_PREFLIGHTED_CONTENT_TYPES.has(parsed.essence)) return;
  }
  if (PREFLIGHT_HEADERS.some((name) => (request.headers[name]?.length ?? 0) > 0)) return;
  throw invalid(
    `This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Send it as a POST with Content-Type: application/json, or add a non-empty ${PREFLIGHT_HEADERS.join(" or ")} header`,
  );
}

/** application/json unless the caller prefers the GraphQL over HTTP media type. */
function responseType(accept: string | undefined): string {
  if (accept === undefined || !accept.includes("graphql-response+json")) return JSON_TYPE;
  return new Negotiator({ headers: { accept } }).mediaType(MEDIA_TYPES) === "application/graphql-response+json"
    ? GRAPHQL_RESPONSE_TYPE
    : JSON_TYPE;
}

function paramsOfBody(body: unknown): GraphQLParams {
  if (Array.isArray(body)) throw invalid("Batched operations are not supported: send one operation per request");
  if (body === null || typeof body !== "object") throw invalid("The body must be a JSON object with a query");
  const { query, variables, operationName, extensions } = body as Record<string, unknown>;
  return graphqlParams(query, variables, operationName, extensions);
}

function paramsOfQueryString(search: Record<string, string | string[]>): GraphQLParams {
  for (const name of ["query", "variables", "operationName", "extensions"]) {
    if (Array.isArray(search[name])) throw invalid(`Query parameter ${name} is given twice`);
  }
  const json = (name: string) => {
    const text = search[name] as string | undefined;
    return text === undefined || text === "" ? undefined : parseJson(text);
  };
  return graphqlParams(search.query, json("variables"), search.operationName, json("extensions"));
}

function graphqlParams(query: unknown, variables: unknown, operationName: unknown, extensions: unknown): GraphQLParams {
  if (query === undefined || query === null || query === "") {
    const persisted = typeof extensions === "object" && extensions !== null && "persistedQuery" in extensions;
    throw invalid(
      persisted
        ? "Persisted queries are not supported: send the query text"
        : "GraphQL operations must contain a non-empty `query`",
    );
  }
  if (typeof query !== "string") throw invalid("`query` must be a string");
  if (variables !== undefined && variables !== null && (typeof variables !== "object" || Array.isArray(variables)))
    throw invalid("`variables` must be an object");
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string")
    throw invalid("`operationName` must be a string");
  return {
    query,
    variables: (variables ?? {}) as Record<string, unknown>,
    operationName: operationName ?? undefined,
  };
}
