import "server-only";
import { PAGE_TICKET_HEADER, pageOperationBridge } from "@server/console/page-operations";
import type { TypedDocumentString } from "@/gql/graphql";
import { GraphQLRequestError } from "@/lib/graphql/errors";

/** Runs typed documents as the caller of the export's request, in the API's process. */
export type ExportClient = <R, V>(document: TypedDocumentString<R, V>, variables: V) => Promise<R>;

/**
 * A client bound to one request's caller: the ticket the API's thread gave the request
 * (server/src/console/page-operations.ts), valid until the download ends. The route streams
 * its answer after the handler returned, outside Next's request scope, so it carries the
 * ticket itself instead of reading it through next/headers as lib/graphql does.
 */
export function exportClient(request: Request): ExportClient {
  const ticket = request.headers.get(PAGE_TICKET_HEADER);
  const bridge = pageOperationBridge();
  return async (document, variables) => {
    const answer = await bridge(ticket, {
      query: document.toString(),
      variables: (variables ?? {}) as Record<string, unknown>,
    });
    const payload = (() => {
      try {
        return JSON.parse(answer.body) as {
          data?: unknown;
          errors?: Array<{ message: string; extensions?: { code?: string } }>;
        };
      } catch {
        return null;
      }
    })();
    if (!payload || payload.errors?.length || !payload.data) {
      const errors = payload?.errors?.map((error) => ({
        message: error.message,
        code: error.extensions?.code ?? "INTERNAL_ERROR",
      })) ?? [{ message: `The API answered ${answer.status}`, code: "INTERNAL_ERROR" }];
      throw new GraphQLRequestError(errors, answer.status);
    }
    return payload.data as never;
  };
}
