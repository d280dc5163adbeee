import type { ErrorCode } from "./errors";

/**
 * The REST address of a GraphQL operation, declared once beside its resolver method:
 *
 *   @RestRoute({ method: "POST", path: "/charges", status: 201, ... })
 *   @Mutation(() => Charge)
 *   createCharge(...) { ... }
 *
 * The resolver method is the operation (its name is the GraphQL root field). The REST
 * route, its request schemas, the REST <-> GraphQL variable mapping, the answer's shape and
 * the OpenAPI document are all derived from this declaration and the GraphQL types
 * (server/src/http/rest-routes.ts, server/src/http/openapi.ts). Mechanical rules:
 * - `:name` path parameters are the arguments of that name;
 * - the `idempotencyKey` argument comes from the `Idempotency-Key` header;
 * - an argument named `input` (an input object) is the JSON body, its fields in snake_case;
 * - other arguments (those named in `args`, when given) are query parameters (GET) or body
 *   fields (POST), in snake_case;
 * - `companyId` is never a REST parameter: a merchant's credential names its account.
 */
export interface RestDeclaration<Context = unknown> {
  method: "GET" | "POST";
  /** Fastify path, e.g. "/withdrawals/:id/cancel". */
  path: string;
  /** HTTP status of success (default 200). */
  status?: number;
  /** Whether the Idempotency-Key header is required or optional (omitted: not read). */
  idempotencyKey?: "required" | "optional";
  /** The answer: a GraphQL selection set of the operation's type, fields in the JSON order. */
  selection: string;
  /**
   * The arguments REST takes as query parameters or body fields, besides the path, `input`
   * and the Idempotency-Key (omitted: every one). A list's cursor paging and console filters
   * stay GraphQL-only, so the contract's REST routes refuse them as unknown.
   */
  args?: string[];
  /** Codes of this route's own errors; those every route may answer are added for it. */
  errors: ErrorCode[];
  summary: string;
  /** OpenAPI tag (the feature). */
  tag: string;
  /**
   * A check the contract orders before the Idempotency-Key and the body: the resource the
   * path names must exist for the caller (404 first). Given the resolvers' context and the
   * path's parameters; it throws the error to answer.
   */
  checkFirst?: (context: Context, params: Record<string, string>) => Promise<unknown>;
  /**
   * The operation's read checks a client secret in its own statement (one round trip, not
   * two: auth/credential-lookup.ts). The admission then spends the rate limit but does not
   * look the credential up; the resolver passes `readScope(ctx)` to a read that takes it.
   */
  credentialInRead?: boolean;
}

export interface RestOperation extends RestDeclaration {
  /** Root field of the schema's Query or Mutation type. */
  field: string;
}

const declared: RestOperation[] = [];

/** Declares the REST route of the resolver method it decorates. */
export function RestRoute<Context = unknown>(declaration: RestDeclaration<Context>): MethodDecorator {
  return (_target, propertyKey) => {
    declared.push({ ...(declaration as RestDeclaration), field: String(propertyKey) });
  };
}

/** Every declared REST operation (filled as the resolver classes load). */
export function restOperations(): readonly RestOperation[] {
  return declared;
}
