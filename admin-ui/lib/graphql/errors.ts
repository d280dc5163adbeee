/** A GraphQL answer with errors (or no answer): the first error's code and message. */
export interface GraphQLErrorEntry {
  message: string;
  code: string;
  /** Seconds to wait, on RATE_LIMITED answers. */
  retryAfter?: number;
  /** Why, under the code, when the API says (e.g. PASSWORD_COMMON on a refused password). */
  reason?: string;
}

export class GraphQLRequestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errors: ReadonlyArray<GraphQLErrorEntry>;

  constructor(errors: ReadonlyArray<GraphQLErrorEntry>, status: number) {
    super(errors[0]?.message ?? `GraphQL request failed (${status})`);
    this.name = "GraphQLRequestError";
    this.code = errors[0]?.code ?? "INTERNAL_ERROR";
    this.status = status;
    this.errors = errors;
  }
}

/** The message a person should read for a failed operation. */
export function errorMessage(error: unknown): string {
  if (error instanceof GraphQLRequestError) {
    if (error.code === "RATE_LIMITED") {
      const seconds = error.errors[0]?.retryAfter;
      return seconds
        ? `Too many attempts. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`
        : "Too many attempts. Wait a moment and try again.";
    }
    if (error.code === "INTERNAL_ERROR") return "Something went wrong on our side. Try again.";
    return error.message;
  }
  if (error instanceof TypeError) return "The service could not be reached. Check your connection and try again.";
  return error instanceof Error ? error.message : "Something went wrong.";
}
