"use client";

import { type UseQueryStatesKeysMap, useQueryStates } from "nuqs";
import { createContext, type TransitionStartFunction, useContext, useTransition } from "react";
import { tableParsers } from "./search-params";

/** The table's shared transition: every control of one table reports into one pending state. */
export const TableTransitionContext = createContext<[boolean, TransitionStartFunction] | null>(null);

/**
 * The table's URL state (page, size, sort, search, cursor) plus the feature's own filters.
 * `shallow: false` makes Next re-render the server page with the new search params, which
 * fetches the new page; `isPending` is true meanwhile, so the table can show it is loading.
 */
export function useTableUrlState<F extends UseQueryStatesKeysMap>(filters: F = {} as F) {
  const shared = useContext(TableTransitionContext);
  const own = useTransition();
  const [isPending, startTransition] = shared ?? own;
  const [state, setState] = useQueryStates(
    { ...tableParsers, ...filters },
    { shallow: false, history: "push", scroll: false, startTransition },
  );
  return { state, setState, isPending };
}
