import "server-only";
import type { TypedDocumentString } from "@/gql/graphql";
import { GraphQLRequestError } from "@/lib/graphql/errors";

/** Runs typed documents as the caller: the API sees their session cookie and nothing else. */
export type ExportClient = <R, V>(document: TypedDocumentString<R, V>, variables: V) => Promise<R>;

/**
 * A client bound to one request's cookie. The route streams its answer after the handler
 * returned, outside Next's request scope, so it carries the headers itself instead of
 * reading them through next/headers as lib/graphql does.
 */
export function exportClient(request: Request): ExportClient {
  const origin = process.env.PIX_API_ORIGIN;
  if (!origin) throw new Error("PIX_API_ORIGIN is not set: the console runs inside the API's process");
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  for (const name of ["cookie", "x-request-id", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  return async (document, variables) => {
    const response = await fetch(`${origin}/graphql`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: document.toString(), variables }),
      cache: "no-store",
    });
    const payload = (await response.json().catch(() => null)) as {
      data?: unknown;
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    } | null;
    if (!payload || payload.errors?.length || !payload.data) {
      const errors = payload?.errors?.map((error) => ({
        message: error.message,
        code: error.extensions?.code ?? "INTERNAL_ERROR",
      })) ?? [{ message: `The API answered ${response.status}`, code: "INTERNAL_ERROR" }];
      throw new GraphQLRequestError(errors, response.status);
    }
    return payload.data as never;
  };
}
