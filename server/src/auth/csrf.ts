import { parse } from "graphql";
import { AppError } from "../core/errors";

/**
 * Whether a request can change state, for the CSRF check of cookie-authenticated calls:
 * every method but GET, HEAD and OPTIONS does, except a POST to /graphql whose document
 * holds only queries (the console's server reads with POST without an Origin header).
 * A document that does not parse counts as changing state.
 */
export function requestChangesState(method: string, path: string, graphqlBody?: unknown): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  if (method !== "POST" || path !== "/graphql") return true;
  const query = (graphqlBody as { query?: unknown } | null | undefined)?.query;
  if (typeof query !== "string") return true;
  try {
    return parse(query).definitions.some(
      (definition) => definition.kind === "OperationDefinition" && definition.operation !== "query",
    );
  } catch {
    return true;
  }
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The CSRF check of requests authenticated by the session cookie that may change state:
 * the Origin header (or, without one, the Referer's origin) must be the service's own
 * (PUBLIC_BASE_URL). Answers the error to refuse with, or null to go on. Requests with a
 * bearer credential never reach this: a browser does not add those by itself.
 */
export function checkSessionOrigin(
  request: { origin: string | undefined; referer: string | undefined },
  publicBaseUrl: string,
): AppError | null {
  const expected = new URL(publicBaseUrl).origin;
  const given = request.origin !== undefined ? originOf(request.origin) : originOf(request.referer);
  if (given === expected) return null;
  return new AppError(
    "FORBIDDEN",
    given === null
      ? "Cross-site request refused: a session request that changes state needs an Origin header"
      : "Cross-site request refused: the Origin is not this service's",
  );
}
