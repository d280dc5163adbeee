import type { CompaniesQuery } from "@/gql/graphql";
import { formatBRL, formatPercent } from "@/lib/format";

export type CompanyRow = CompaniesQuery["companies"]["data"][number];

/** "0,99 %" or "0,99 % + R$ 0,50". */
export function feePlan(company: Pick<CompanyRow, "feePercent" | "feeFixed">): string {
  return company.feeFixed === "0.00"
    ? formatPercent(company.feePercent)
    : `${formatPercent(company.feePercent)} + ${formatBRL(company.feeFixed)}`;
}

/** "12.345.678/0001-95" from the 14 characters the API keeps. */
export function formatCnpj(cnpj: string): string {
  return cnpj.length === 14
    ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    : cnpj;
}
