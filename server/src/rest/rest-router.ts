import { type Request, type Response, Router } from "express";
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
import { AppError, httpStatusFor, type PublicError, toPublicError, unauthenticated } from "../core/errors";
import { checkIdempotencyKey } from "../core/idempotency";
import { describeError } from "../core/logger";
import type { RequestContext } from "../graphql/context";
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

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
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

export function sendError(res: Response, error: PublicError): void {
  res.status(httpStatusFor(error.code)).json({ error: error.message, code: error.code });
}

function checkAllowed(kind: string, given: Record<string, unknown>, allowed: readonly string[] | undefined): void {
  const unknown = Object.keys(given).filter((name) => !(allowed ?? []).includes(name));
  if (unknown.length > 0) throw new AppError("VALIDATION_ERROR", `Unknown ${kind}: ${unknown.join(", ")}`);
}

export function createRestRouter(
  schema: GraphQLSchema,
  routes: readonly RestRoute[],
  createContext: (req: Request) => Promise<RequestContext>,
): Router {
  const router = Router();
  for (const compiled of routes.map((route) => compileRoute(schema, route))) {
    const { route } = compiled;
    const handler = async (req: Request, res: Response) => {
      const context = await createContext(req);
      // Checks in the contract's order: credential, Idempotency-Key, then the request itself.
      if (!context.principal) return sendError(res, unauthenticated());
      let variables: Record<string, unknown>;
      try {
        const idempotencyKey = route.idempotencyKey
          ? checkIdempotencyKey(req.header("idempotency-key"), route.idempotencyKey === "required")
          : null;
        const body = req.body ?? {};
        if (typeof body !== "object" || Array.isArray(body))
          throw new AppError("VALIDATION_ERROR", "Body must be a JSON object");
        checkAllowed("query parameter", req.query, route.query);
        if (route.method === "POST") checkAllowed("body field", body, route.body);
        const request: RestRequest = {
          params: req.params as Record<string, string>,
          query: req.query as Record<string, string>,
          body,
          idempotencyKey,
        };
        variables = route.variables?.(request) ?? {};
      } catch (error) {
        if (error instanceof AppError) return sendError(res, { code: error.code, message: error.message });
        throw error;
      }
      const result = await execute({
        schema,
        document: compiled.document,
        variableValues: variables,
        contextValue: context,
      });
      for (const [name, value] of Object.entries(context.responseHeaders)) res.setHeader(name, value);
      if (result.errors?.length) {
        const publicError = toPublicError(result.errors[0]);
        if (publicError.code === "INTERNAL_ERROR") {
          context.services.logger.error("REST operation failed", {
            operation: route.operation,
            ...describeError(result.errors[0].originalError),
          });
        }
        return sendError(res, { code: publicError.code, message: restMessage(publicError.message) });
      }
      const data = result.data?.[route.operation];
      res.status(route.status ?? 200).json(toRestJson(data, compiled.resultType));
    };
    if (route.method === "GET") router.get(route.path, handler);
    else router.post(route.path, handler);
  }
  return router;
}
