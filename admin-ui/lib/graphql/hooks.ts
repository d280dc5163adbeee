"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TypedDocumentString } from "@/gql/graphql";
import { execute } from "./execute";

/** The operation's name ("Withdrawals"): the first part of every query key, so mutations can invalidate it. */
export function operationName(document: { toString(): string }): string {
  return /\b(?:query|mutation)\s+(\w+)/.exec(document.toString())?.[1] ?? "anonymous";
}

const run = execute as <R, V>(document: TypedDocumentString<R, V>, variables: V) => Promise<R>;

/**
 * A typed query in the browser, seeded with what the server page already fetched (so the
 * first render needs no request) and refetched when a mutation invalidates it.
 */
export function useGraphQLQuery<R, V>(document: TypedDocumentString<R, V>, variables: V, initialData?: R) {
  return useQuery({
    queryKey: [operationName(document), variables],
    queryFn: () => run(document, variables),
    initialData,
  });
}

/**
 * A typed mutation. `invalidates` names the queries (operation names) whose data it changes:
 * they refetch after it succeeds.
 */
export function useGraphQLMutation<R, V>(
  document: TypedDocumentString<R, V>,
  options: { invalidates?: string[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => run(document, variables),
    onSettled: async () => {
      await Promise.all((options.invalidates ?? []).map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
    },
  });
}
