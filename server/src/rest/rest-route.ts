/**
 * A REST route is one line: method, path, the GraphQL operation it runs, and how the
 * request becomes that operation's variables. Handlers hold no business logic.
 */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface RestRoute {
  method: "GET" | "POST";
  path: string;
  /** Root field of the schema's Query or Mutation type. */
  operation: string;
  /** GraphQL selection set of the response, in the order the JSON fields appear. */
  selection: string;
  /** HTTP status on success (default 200). */
  status?: number;
  idempotencyKey?: "required" | "optional";
  /** Query parameters the route accepts; any other is a 400. */
  query?: readonly string[];
  /** Body fields the route accepts; any other is a 400. Omitted: the route takes no body. */
  body?: readonly string[];
  variables?: (request: RestRequest) => Record<string, unknown>;
}

/**
 * REST speaks BRL as JSON numbers; GraphQL's Money also takes strings. A string (or any
 * other type) is passed on wrapped, so the Money scalar rejects it with its own message.
 */
export function restMoney(value: unknown): unknown {
  return typeof value === "number" || value === undefined ? value : { notANumber: value };
}

/** Query strings are text: digits become integers, anything else goes on for GraphQL to refuse. */
export function restInt(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  return /^-?\d{1,15}$/.test(value) ? Number(value) : value;
}
