import { toLimitOffset } from "@/components/data-table/search-params";
import type { WithdrawalRowFragment, WithdrawalStatus } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { CompanyNameDocument, CompanyNamesDocument, WithdrawalsDocument } from "./documents";

export interface WithdrawalListParams {
  view: "queue" | "all";
  status: WithdrawalStatus | null;
  company: string | null;
  page: number;
  perPage: number;
  /** "All" view sorted by request time, oldest first (the queue always is). */
  oldestFirst: boolean;
}

export interface WithdrawalListPage {
  rows: WithdrawalRowFragment[];
  total: number;
  /** The total stopped counting (at 10,000): show "10,000+". */
  totalCapped: boolean;
}

/**
 * One page of the withdrawals list, the same on the server (first render) and in the browser
 * (refetch after an approval): the queue is every PENDING withdrawal oldest first (the API's
 * OLDEST_FIRST order); "all" is newest first unless sorted, optionally one status.
 */
export async function fetchWithdrawalPage(params: WithdrawalListParams): Promise<WithdrawalListPage> {
  const queue = params.view === "queue";
  const page = await execute(WithdrawalsDocument, {
    status: queue ? "PENDING" : params.status,
    companyId: params.company || null,
    order: queue || params.oldestFirst ? "OLDEST_FIRST" : "NEWEST_FIRST",
    ...toLimitOffset(params.page, params.perPage),
  });
  return { rows: page.withdrawals.data, total: page.withdrawals.total, totalCapped: page.withdrawals.totalCapped };
}

/**
 * Names of the companies of some rows: one read of the first hundred accounts, then one read
 * per account still unnamed (lists show at most a page of rows).
 */
export async function companyNames(ids: string[]): Promise<Array<{ id: string; name: string }>> {
  const { companies } = await execute(CompanyNamesDocument);
  const known = new Map(companies.data.map((company) => [company.id, company.name]));
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  const found = await Promise.all(
    missing.map((id) =>
      execute(CompanyNameDocument, { id })
        .then(({ company }) => company)
        .catch(() => null),
    ),
  );
  for (const company of found) if (company) known.set(company.id, company.name);
  return [...known].map(([id, name]) => ({ id, name }));
}
