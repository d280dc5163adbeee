import type { NavKey } from "@/components/shell/nav";

export interface SearchLinks {
  /** What the box finds, said in its description and placeholder (`shell.search.<key>`). */
  finds: "operatorFinds" | "merchantFinds";
  placeholder: "operatorPlaceholder" | "merchantPlaceholder";
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
    finds: "operatorFinds",
    placeholder: "operatorPlaceholder",
    charge: (id) => `/ops/charges/${id}`,
    withdrawal: (id) => `/ops/withdrawals/${id}`,
    company: (id) => `/ops/companies/${id}`,
  },
  merchant: {
    finds: "merchantFinds",
    placeholder: "merchantPlaceholder",
    charge: (id) => `/m/charges/${id}`,
    withdrawal: (id) => `/m/withdrawals/${id}`,
    company: () => null,
  },
};
