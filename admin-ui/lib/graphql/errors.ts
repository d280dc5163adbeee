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
