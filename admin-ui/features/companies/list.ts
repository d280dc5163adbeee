import type { CompaniesQuery } from "@/gql/graphql";
import { formatBRL, formatPercent } from "@/lib/format";

/** A row of the companies table. */
export type CompanyRow = CompaniesQuery["companies"]["data"][number];

/** "0,99 %" or "0,99 % + R$ 0,50". */
export function feePlan(company: Pick<CompanyRow, "feePercent" | "feeFixed">): string {
  return company.feeFixed === "0.00"
    ? formatPercent(company.feePercent)
    : `${formatPercent(company.feePercent)} + ${formatBRL(company.feeFixed)}`;
}
