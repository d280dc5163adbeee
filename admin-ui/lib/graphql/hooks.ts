"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TypedDocumentString } from "@/gql/graphql";
import { execute } from "./execute";

const run = execute as <R, V>(document: TypedDocumentString<R, V>, variables: V) => Promise<R>;

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
