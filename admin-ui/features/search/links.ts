import type { NavKey } from "@/components/shell/nav";

export interface SearchLinks {
  /** What the box finds, said in its description and placeholder (`shell.search.<key>`). */
  findsKey: "operatorFinds" | "merchantFinds";
  placeholderKey: "operatorPlaceholder" | "merchantPlaceholder";
  charge: (id: string) => string;
  withdrawal: (id: string) => string;
  company: (id: string) => string | null;
}

/**
 * Where a search hit opens, per audience. An audience without an entry searches pages only.
 * The API scopes the hits: a merchant finds only their own account's charges and withdrawals.
 */
export const SEARCH_LINKS: Partial<Record<NavKey, SearchLinks>> = {
  operator: {
    findsKey: "operatorFinds",
    placeholderKey: "operatorPlaceholder",
    charge: (id) => `/ops/charges/${id}`,
    withdrawal: (id) => `/ops/withdrawals/${id}`,
    company: (id) => `/ops/companies/${id}`,
  },
  merchant: {
    findsKey: "merchantFinds",
    placeholderKey: "merchantPlaceholder",
    charge: (id) => `/m/charges/${id}`,
    withdrawal: (id) => `/m/withdrawals/${id}`,
    company: () => null,
  },
};
