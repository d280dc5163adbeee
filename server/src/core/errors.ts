import { GraphQLError } from "graphql";

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
  | "NOT_FOUND"
  | "PAYLOAD_TOO_LARGE"
  | "INSUFFICIENT_BALANCE"
  | "IDEMPOTENCY_KEY_REUSED"
  | "INVALID_STATE"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "INTERNAL_ERROR";

export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case "VALIDATION_ERROR":
    case "INVALID_JSON":
    case "INSUFFICIENT_BALANCE":
      return 400;
    case "UNAUTHENTICATED":
      return 401;
    case "FORBIDDEN":
      return 403;
    case "NOT_FOUND":
      return 404;
    case "IDEMPOTENCY_KEY_REUSED":
    case "INVALID_STATE":
    case "CONFLICT":
      return 409;
    case "PAYLOAD_TOO_LARGE":
      return 413;
    case "RATE_LIMITED":
      return 429;
    case "INTERNAL_ERROR":
      return 500;
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
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const validationError = (message: string) => new AppError("VALIDATION_ERROR", message);
export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const invalidState = (message: string) => new AppError("INVALID_STATE", message);
export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Missing, invalid, expired or revoked credential");
export const forbidden = () => new AppError("FORBIDDEN", "This operation needs the operator credential");

export const INTERNAL_MESSAGE = "Internal server error";

export interface PublicError {
  code: ErrorCode;
  message: string;
}

/**
 * Turns whatever a GraphQL execution reported into the public error: our own AppErrors
 * keep their code and message; graphql-js's own request errors (syntax, unknown fields,
 * variables that do not coerce, wrong enum values) are validation errors; anything else
 * thrown while resolving a field is a 500 whose message says nothing about the cause.
 */
export function toPublicError(error: GraphQLError): PublicError {
  const original = error.originalError;
  if (original instanceof AppError) return { code: original.code, message: original.message };
  const requestLevel = error.path === undefined; // raised before any resolver ran
  if (original === undefined || original instanceof GraphQLError || requestLevel) {
    return { code: "VALIDATION_ERROR", message: error.message };
  }
  return { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE };
}
