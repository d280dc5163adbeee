import { send, turnAwayFromOtherAudience } from "#graphql-transport";
import type { TypedDocumentString } from "@/gql/graphql";
import { GraphQLRequestError } from "./errors";
import { askForStepUp } from "./step-up";

export { GraphQLRequestError } from "./errors";

/** A typed document as the client preset generates it (documentMode "string"). */
export type { TypedDocumentString };

/** When this tab's last mutation succeeded (ms since the epoch; 0: none yet). */
let lastMutationSucceededAt = 0;

/**
 * The time of the last successful mutation this tab sent. The page refetched after it (every
 * mutation's caller refreshes what it changed), so a live change seen before it, or as its
 * echo just after, needs no refetch of its own (features/live/live-updates.tsx).
 */
export function lastMutationAt(): number {
  return lastMutationSucceededAt;
}

const MUTATION = /^\s*mutation\b/;

type Variables<V> = V extends Record<string, never> ? [variables?: V] : [variables: V];

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number; reason?: string } }>;
}

/**
 * The console's one way to the API: a typed document and its variables.
 * - On the server (server components, route handlers) it runs in the API's own process as
 *   the page's caller, without HTTP (transport.server.ts).
 * - In the browser it posts same-origin to /graphql; the browser adds the session cookie and
 *   the Origin header the API checks on state-changing requests (transport.browser.ts).
 * Which transport is used is decided at build time by the `react-server` condition.
 */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: Variables<TVariables>
): Promise<TResult> {
  const { status, text } = await send({
    query: document.toString(),
    variables: (variables ?? {}) as Record<string, unknown>,
  });
  let payload: GraphQLResponse<TResult>;
  try {
    payload = JSON.parse(text) as GraphQLResponse<TResult>;
  } catch {
    throw new GraphQLRequestError([{ message: `The API answered ${status}`, code: "INTERNAL_ERROR" }], status);
  }
  if (payload.errors?.length) {
    // A code from the last minutes is needed: ask for it once, then send the action again.
    if (payload.errors[0]?.extensions?.code === "STEP_UP_REQUIRED" && (await askForStepUp())) {
      return execute(document, ...([variables] as Variables<TVariables>));
    }
    if (payload.errors[0]?.extensions?.code === "FORBIDDEN") await turnAwayFromOtherAudience();
    throw new GraphQLRequestError(
      payload.errors.map((error) => ({
        message: error.message,
        code: error.extensions?.code ?? "INTERNAL_ERROR",
        retryAfter: error.extensions?.retryAfter,
        reason: error.extensions?.reason,
      })),
      status,
    );
  }
  if (!payload.data) throw new GraphQLRequestError([{ message: "Empty answer", code: "INTERNAL_ERROR" }], status);
  // Only a browser tab's own actions count (the server's renders send none).
  if (typeof window !== "undefined" && MUTATION.test(document.toString())) lastMutationSucceededAt = Date.now();
  return payload.data;
}
