"use client";

import { type UrlKeys, type UseQueryStatesKeysMap, useQueryStates } from "nuqs";
import { createContext, type TransitionStartFunction, useContext, useTransition } from "react";
import { tableParsers } from "./search-params";

/** The table's shared transition: every control of one table reports into one pending state. */
export const TableTransitionContext = createContext<[boolean, TransitionStartFunction] | null>(null);

/**
 * The table's URL state (page, size, sort, search, cursor) plus the feature's own filters.
 * `shallow: false` makes Next re-render the server page with the new search params, which
 * fetches the new page; `isPending` is true meanwhile, so the table can show it is loading.
 * `urlKeys` names a key differently in the URL than in the code (the search box's `q` as a
 * list's own `subject`); two keys of one hook must never share a URL name (nuqs would loop).
 */
export function useTableUrlState<F extends UseQueryStatesKeysMap>(
  filters: F = {} as F,
  urlKeys?: Partial<Record<keyof (typeof tableParsers & F) & string, string>>,
) {
  const shared = useContext(TableTransitionContext);
  const own = useTransition();
  const [isPending, startTransition] = shared ?? own;
  type Parsers = typeof tableParsers & F;
  const [state, setState] = useQueryStates<Parsers>(
    { ...tableParsers, ...filters },
    {
      shallow: false,
      history: "push",
      scroll: false,
      startTransition,
      urlKeys: urlKeys as UrlKeys<Parsers> | undefined,
    },
  );
  return { state, setState, isPending };
}
