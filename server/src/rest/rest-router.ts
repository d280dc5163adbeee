import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type DocumentNode,
  execute,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  validate,
} from "graphql";
import { RATE_LIMITED, type RequestAdmission } from "../auth/request-admission";
import { AppError, INTERNAL_MESSAGE, toPublicError, unauthenticated } from "../core/errors";
import { checkIdempotencyKey } from "../core/idempotency";
import { describeError } from "../core/logger";
import type { RequestContext } from "../graphql/context";
import type { Services } from "../services";
import { sendError, writeJson } from "./http-json";
import { readJsonBody } from "./json-body";
import type { RestRequest, RestRoute } from "./rest-route";

interface CompiledRoute {
  route: RestRoute;
  document: DocumentNode;
  resultType: GraphQLOutputType;
}

/** Builds `query|mutation Op($a: T) { op(a: $a) { ...selection } }` from the schema, once. */
function compileRoute(schema: GraphQLSchema, route: RestRoute): CompiledRoute {
  const queryField = schema.getQueryType()?.getFields()[route.operation];
  const mutationField = schema.getMutationType()?.getFields()[route.operation];
  const field = queryField ?? mutationField;
  if (!field) throw new Error(`REST ${route.method} ${route.path}: no GraphQL operation "${route.operation}"`);
  const kind = queryField ? "query" : "mutation";
  const varDefs = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(", ");
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const text = `${kind} Rest${route.operation}${varDefs ? `(${varDefs})` : ""} { ${route.operation}${args ? `(${args})` : ""} ${route.selection} }`;
  const document = parse(text);
  const errors = validate(schema, document);
  if (errors.length > 0)
    throw new Error(`REST ${route.method} ${route.path}: ${errors.map((e) => e.message).join("; ")}`);
  return { route, document, resultType: field.type };
}

const snakeCaseNames = new Map<string, string>();

/** GraphQL field names are few and fixed: each is converted once. */
function snakeCase(name: string): string {
  let snake = snakeCaseNames.get(name);
  if (snake === undefined) {
    snake = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    snakeCaseNames.set(name, snake);
  }
  return snake;
}

/** GraphQL result -> REST JSON: snake_case keys, Money strings as JSON numbers. */
function toRestJson(value: unknown, type: GraphQLOutputType): unknown {
  if (value === null || value === undefined) return null;
  if (isNonNullType(type)) return toRestJson(value, type.ofType);
  if (isListType(type)) return (value as unknown[]).map((item) => toRestJson(item, type.ofType));
  if (isObjectType(type)) {
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[snakeCase(key)] = toRestJson(item, fields[key].type);
    }
    return out;
  }
  if (getNamedType(type).name === "Money") return Number(value); // "10.50" -> 10.5, text to number, no arithmetic
  return value;
}

/**
 * GraphQL names variables and camelCase paths in its coercion messages; REST callers sent
 * snake_case JSON fields, so say it in their words: "amount: Money must be ...".
 */
function restMessage(message: string): string {
  const missing = /Field "(\w+)" of required type "[^"]+" was not provided/.exec(message);
  if (missing) return `${snakeCase(missing[1])} is required`;
  const invalid = /^Variable "\$(\w+)" got invalid value .*?(?: at "\w+\.([\w.]+)")?; (.+)$/s.exec(message);
  if (invalid) return `${snakeCase(invalid[2] ?? invalid[1])}: ${invalid[3]}`;
  return message;
}

function checkAllowed(kind: string, given: Record<string, unknown>, allowed: readonly string[] | undefined): void {
  const unknown = Object.keys(given).filter((name) => !(allowed ?? []).includes(name));
  if (unknown.length > 0) throw new AppError("VALIDATION_ERROR", `Unknown ${kind}: ${unknown.join(", ")}`);
}

/** "/withdrawals/:id/cancel" -> a pattern and the names of its parameters. */
function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}/?$`), names };
}

/** Query strings as a plain object; a parameter given twice is refused rather than guessed at. */
function readQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (name in query) throw new AppError("VALIDATION_ERROR", `Query parameter ${name} is given twice`);
    query[name] = value;
  }
  return query;
}

/** Turns the HTTP request into the operation's variables, in the contract's order of checks. */
async function requestVariables(
  route: RestRoute,
  req: IncomingMessage,
  params: Record<string, string>,
  search: string,
) {
  const idempotencyKey = route.idempotencyKey
    ? checkIdempotencyKey(headerOf(req, "idempotency-key"), route.idempotencyKey === "required")
    : null;
  const body = route.method === "POST" ? await readJsonBody(req) : {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new AppError("VALIDATION_ERROR", "Body must be a JSON object");
  const query = readQuery(search);
  checkAllowed("query parameter", query, route.query);
  if (route.method === "POST") checkAllowed("body field", body as Record<string, unknown>, route.body);
  const request: RestRequest = { params, query, body: body as Record<string, unknown>, idempotencyKey };
  return route.variables?.(request) ?? {};
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface RestHandlerDeps {
  admission: RequestAdmission;
  services: Services;
}

/**
 * The REST routes, served straight from Node's request (no framework in between: these
 * are the hot paths). Answers true when the request was a REST route and has been
 * answered; anything else goes on to the rest of the app.
 */
export function createRestHandler(
  schema: GraphQLSchema,
  routes: readonly RestRoute[],
  { admission, services }: RestHandlerDeps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const compiled = routes.map((route) => ({ ...compileRoute(schema, route), ...pathPattern(route.path) }));

  const serve = async (
    entry: (typeof compiled)[number],
    params: Record<string, string>,
    search: string,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    const { route } = entry;
    // Checks in the contract's order: credential, Idempotency-Key, then the request itself.
    const admitted = await admission.admit(headerOf(req, "authorization"), req.socket.remoteAddress);
    if (!admitted.admitted) {
      req.resume();
      return sendError(res, RATE_LIMITED, { "Retry-After": String(admitted.retryAfterSeconds) });
    }
    if (!admitted.principal) {
      req.resume();
      return sendError(res, unauthenticated());
    }
    const context: RequestContext = { principal: admitted.principal, services, responseHeaders: {} };
    let variables: Record<string, unknown>;
    try {
      variables = await requestVariables(route, req, params, search);
    } catch (error) {
      if (error instanceof AppError) return sendError(res, { code: error.code, message: error.message });
      throw error;
    }
    const result = await execute({
      schema,
      document: entry.document,
      variableValues: variables,
      contextValue: context,
    });
    if (result.errors?.length) {
      const publicError = toPublicError(result.errors[0]);
      if (publicError.code === "INTERNAL_ERROR") {
        services.logger.error("REST operation failed", {
          operation: route.operation,
          ...describeError(result.errors[0].originalError),
        });
      }
      return sendError(
        res,
        { code: publicError.code, message: restMessage(publicError.message) },
        context.responseHeaders,
      );
    }
    const data = result.data?.[route.operation];
    writeJson(res, route.status ?? 200, toRestJson(data, entry.resultType), context.responseHeaders);
  };

  return (req, res) => {
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const search = queryStart === -1 ? "" : url.slice(queryStart + 1);
    for (const entry of compiled) {
      if (entry.route.method !== req.method) continue;
      const match = entry.pattern.exec(path);
      if (!match) continue;
      let params: Record<string, string>;
      try {
        params = Object.fromEntries(entry.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
      } catch {
        sendError(res, { code: "NOT_FOUND", message: `No route ${req.method} ${path}` });
        return true;
      }
      serve(entry, params, search, req, res).catch((error) => {
        // The caller hung up while its body was on the way: there is no one to answer.
        if ((error as { code?: string }).code === "ECONNRESET" || req.destroyed) {
          services.logger.debug("REST request aborted by the client", { path });
          return;
        }
        services.logger.error("REST request failed", describeError(error));
        if (!res.headersSent) sendError(res, { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE });
        else res.destroy();
      });
      return true;
    }
    return false;
  };
}
