import type { NavKey } from "@/components/shell/nav";

export interface SearchLinks {
  charge: (id: string) => string;
  withdrawal: (id: string) => string;
  company: (id: string) => string | null;
}

/**
 * Where a search hit opens, per audience. An audience without an entry searches pages only;
 * the merchant console adds its own when its detail pages exist.
 */
export const SEARCH_LINKS: Partial<Record<NavKey, SearchLinks>> = {
  operator: {
    charge: (id) => `/ops/charges/${id}`,
    withdrawal: (id) => `/ops/withdrawals/${id}`,
    company: (id) => `/ops/companies/${id}`,
  },
};
