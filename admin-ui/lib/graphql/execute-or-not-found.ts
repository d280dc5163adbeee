import { notFound } from "next/navigation";
import type { TypedDocumentString } from "@/gql/graphql";
import { execute, GraphQLRequestError } from "./execute";

/** What the API answers for an id that names nothing the viewer may see, or is not an id at all. */
const NOT_FOUND_CODES = new Set(["NOT_FOUND", "BAD_REQUEST", "VALIDATION_ERROR"]);

/**
 * Reads a detail page's document; an unknown, foreign or malformed id gives the 404 page
 * (never another account's object, never an error page). Other errors go to the error boundary.
 */
export async function executeOrNotFound<TResult, TVariables extends { id: string }>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  try {
    return await (execute as (d: typeof document, v: TVariables) => Promise<TResult>)(document, variables);
  } catch (error) {
    if (error instanceof GraphQLRequestError && NOT_FOUND_CODES.has(error.code)) notFound();
    throw error;
  }
}
