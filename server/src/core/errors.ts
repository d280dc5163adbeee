import { GraphQLError, Kind } from "graphql";

/**
 * One table for every error the service can answer with. A code maps to one HTTP status
 * (REST) and is the GraphQL `extensions.code`. Anything that is not an AppError is an
 * unexpected failure and leaves as a generic INTERNAL_ERROR, never with its details.
 */
export type ErrorCode =
  | "VALIDATION_ERROR"
  | "INVALID_JSON"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "STEP_UP_REQUIRED"
  | "SANDBOX_ONLY"
  | "NOT_FOUND"
  | "PAYLOAD_TOO_LARGE"
  | "INSUFFICIENT_BALANCE"
  | "IDEMPOTENCY_KEY_REUSED"
  | "INVALID_STATE"
  | "CONFLICT"
  | "CHARGE_RESERVED"
  | "REFUND_WINDOW_CLOSED"
  | "REFUND_EXCEEDS_CHARGE"
  | "CUSTOMER_EXISTS"
  | "EXTERNAL_REFERENCE_TAKEN"
  | "RATE_LIMITED"
  | "INTERNAL_ERROR"
  | "BAD_USER_INPUT"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "REQUEST_TIMEOUT"
  | "SERVICE_UNAVAILABLE";

export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case "VALIDATION_ERROR":
    case "INVALID_JSON":
    case "INSUFFICIENT_BALANCE":
    case "REFUND_EXCEEDS_CHARGE":
    case "BAD_USER_INPUT":
      return 400;
    case "UNAUTHENTICATED":
      return 401;
    case "FORBIDDEN":
    case "STEP_UP_REQUIRED":
    case "SANDBOX_ONLY":
      return 403;
    case "NOT_FOUND":
      return 404;
    case "IDEMPOTENCY_KEY_REUSED":
    case "INVALID_STATE":
    case "CONFLICT":
    case "CHARGE_RESERVED":
    case "REFUND_WINDOW_CLOSED":
    case "CUSTOMER_EXISTS":
    case "EXTERNAL_REFERENCE_TAKEN":
      return 409;
    case "REQUEST_TIMEOUT":
      return 408;
    case "PAYLOAD_TOO_LARGE":
      return 413;
    case "UNSUPPORTED_MEDIA_TYPE":
      return 415;
    case "RATE_LIMITED":
      return 429;
    case "INTERNAL_ERROR":
      return 500;
    case "SERVICE_UNAVAILABLE":
      return 503;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** A machine-readable why, under the code (GraphQL `extensions.reason`), for clients that explain it in their own words. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** One refused item of a request that takes many (a batch), by its place in the list. */
export interface ItemError {
  index: number;
  error: string;
  code: ErrorCode;
}

/** A batch refused whole (VALIDATION_ERROR) with every refused item and why: `items` beside error and code. */
export class ItemsRefusedError extends AppError {
  constructor(
    readonly items: ItemError[],
    message = `${items.length} of the items are refused; nothing was created`,
  ) {
    super("VALIDATION_ERROR", message);
    this.name = "ItemsRefusedError";
  }
}

export const validationError = (message: string) => new AppError("VALIDATION_ERROR", message);
export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const invalidState = (message: string) => new AppError("INVALID_STATE", message);
export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Missing, invalid, expired or revoked credential");
export const forbidden = (message = "This operation needs the operator credential") =>
  new AppError("FORBIDDEN", message);

export const INTERNAL_MESSAGE = "Internal server error";
export const UNAVAILABLE_MESSAGE = "The database is too busy or unreachable; try again shortly";
export const serviceUnavailable = (message = UNAVAILABLE_MESSAGE) => new AppError("SERVICE_UNAVAILABLE", message);

/**
 * PostgreSQL's answers that mean "not now" rather than "wrong": a statement cancelled by
 * statement_timeout or by a cancel request (57014), a server shutting down or refusing
 * connections (57P0x, 53300), a session ended for idling in a transaction (25P03), a
 * lost connection (08xxx), and a deadlock or serialization failure that outlived its
 * retries (40P01, 40001).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57014", "57P01", "57P02", "57P03", "53300", "25P03", "40P01", "40001"]);
/** Node's socket errors when PostgreSQL cannot be reached. */
const UNREACHABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);
/** node-postgres's words, as bare Errors without a code, for a connection lost under a statement. */
const LOST_CONNECTION_MESSAGES = ["Connection terminated", "Client has encountered a connection error"];
/** node-postgres and its pool report these as bare Errors without a code. */
const UNREACHABLE_MESSAGES = ["timeout exceeded when trying to connect", ...LOST_CONNECTION_MESSAGES];

/** True when an error says the database is too slow or unreachable now (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message, driverError, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (
    typeof code === "string" &&
    (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNREACHABLE_ERRNOS.has(code))
  )
    return true;
  if (typeof message === "string" && UNREACHABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
  // TypeORM's word for a transaction whose connection failed under it (see core/transactions.ts).
  const name = (error as { name?: unknown }).name;
  if (name === "QueryRunnerAlreadyReleasedError" || name === "QueryRunnerProviderAlreadyReleasedError") return true;
  if (driverError !== undefined && driverError !== error && isDatabaseUnavailable(driverError)) return true;
  // net.connect to a host with several addresses fails with an AggregateError of each attempt.
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner));
}

/** PostgreSQL's "your session was ended" (57P01 by an operator or pg_terminate_backend, 57P02 in a crash). */
const SESSION_ENDED_SQLSTATES = new Set(["57P01", "57P02"]);

/**
 * True when a statement failed because its connection was lost under it (its backend
 * ended, the socket closed), not because of what it asked: the same read sent again on
 * another connection may well succeed. A refused connection or a busy server is not one.
 */
export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string")
    return SESSION_ENDED_SQLSTATES.has(code) || code.startsWith("08") || code === "ECONNRESET" || code === "EPIPE";
  return typeof message === "string" && LOST_CONNECTION_MESSAGES.some((text) => message.startsWith(text));
}

/** RATE_LIMITED with the seconds to wait: GraphQL answers them as `extensions.retryAfter`. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many requests; retry later",
  ) {
    super("RATE_LIMITED", message);
    this.name = "RateLimitedError";
  }
}

export interface PublicError {
  code: ErrorCode;
  message: string;
  /** Seconds before a RATE_LIMITED caller may try again (the transport sends Retry-After). */
  retryAfterSeconds?: number;
  /** AppError's reason (e.g. why a password is refused). */
  reason?: string;
  /** A refused batch's items (ItemsRefusedError). */
  items?: ItemError[];
}

/** A public error's GraphQL extensions: its code, its reason when it has one, and when to retry a rate-limited call. */
export function graphqlExtensions(error: PublicError): Record<string, unknown> {
  const extensions: Record<string, unknown> = { code: error.code };
  if (error.reason !== undefined) extensions.reason = error.reason;
  if (error.retryAfterSeconds !== undefined) extensions.retryAfter = error.retryAfterSeconds;
  if (error.items !== undefined) extensions.items = error.items;
  return extensions;
}

/** The codes of answers the HTTP layer itself gives, by the status a framework error carries. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "VALIDATION_ERROR",
  404: "NOT_FOUND",
  408: "REQUEST_TIMEOUT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

const FRAMEWORK_MESSAGES: Record<string, string> = {
  PAYLOAD_TOO_LARGE: "Body is too large",
  REQUEST_TIMEOUT: "The request took too long to arrive",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported Content-Type",
  NOT_FOUND: "Not found",
  VALIDATION_ERROR: "Malformed request",
  RATE_LIMITED: "Too many requests; retry later",
  SERVICE_UNAVAILABLE: "Service unavailable; retry later",
};

/**
 * The one mapper from anything that went wrong to what the caller is told, for every
 * transport (REST, GraphQL's formatError, the provider endpoint, the HTTP layer's own
 * errors). Our AppErrors keep their code and message (a rate limit its Retry-After); a
 * database that is too slow or unreachable is a 503 SERVICE_UNAVAILABLE. graphql-js's request errors
 * (syntax, unknown fields, wrong literals) are validation errors, and a variable that does
 * not coerce to its type is BAD_USER_INPUT. An HTTP framework's client error (a status
 * below 500) keeps its status under our code and a fixed message. Anything else is a 500
 * whose message says nothing about the cause.
 */
export function toPublicError(error: unknown): PublicError {
  if (error instanceof RateLimitedError) {
    return { code: error.code, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof ItemsRefusedError) return { code: error.code, message: error.message, items: error.items };
  if (error instanceof AppError) {
    return error.reason === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, reason: error.reason };
  }
  if (isDatabaseUnavailable(error)) return { code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE };
  if (error instanceof GraphQLError) {
    const original = error.originalError;
    if (original instanceof AppError || isDatabaseUnavailable(original)) return toPublicError(original);
    const requestLevel = error.path === undefined; // raised before any resolver ran
    if (requestLevel && error.nodes?.length === 1 && error.nodes[0].kind === Kind.VARIABLE_DEFINITION) {
      return { code: "BAD_USER_INPUT", message: error.message };
    }
    if (original === undefined || original instanceof GraphQLError || requestLevel) {
      const declared = error.extensions?.code;
      const code = typeof declared === "string" && isErrorCode(declared) ? declared : "VALIDATION_ERROR";
      return { code, message: error.message };
    }
    return { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? "VALIDATION_ERROR";
    return { code, message: FRAMEWORK_MESSAGES[code] ?? "Malformed request" };
  }
  return { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE };
}

const ERROR_CODES = new Set<string>([
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "STEP_UP_REQUIRED",
  "SANDBOX_ONLY",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
  "INSUFFICIENT_BALANCE",
  "IDEMPOTENCY_KEY_REUSED",
  "INVALID_STATE",
  "CONFLICT",
  "CHARGE_RESERVED",
  "REFUND_WINDOW_CLOSED",
  "REFUND_EXCEEDS_CHARGE",
  "CUSTOMER_EXISTS",
  "EXTERNAL_REFERENCE_TAKEN",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "BAD_USER_INPUT",
  "UNSUPPORTED_MEDIA_TYPE",
  "REQUEST_TIMEOUT",
  "SERVICE_UNAVAILABLE",
]);

export function isErrorCode(code: string): code is ErrorCode {
  return ERROR_CODES.has(code);
}
