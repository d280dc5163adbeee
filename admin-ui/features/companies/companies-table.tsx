"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Building2Icon, ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { formatBRL, formatDate, formatDocument } from "@/lib/format";
import { type CompanyRow, feePlan } from "./list";

/** "2 endpoints"; "Nenhum endpoint" greyed. */
function EndpointCount({ count }: { count: number }) {
  const t = useTranslations("companies.table");
  return (
    <Badge variant={count > 0 ? "secondary" : "neutral"} data-testid="company-endpoint-count">
      {t("endpointCount", { count })}
    </Badge>
  );
}

export function CompaniesTable({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  searching,
}: {
  rows: CompanyRow[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  searching: boolean;
}) {
  const t = useTranslations("companies");
  const router = useRouter();
  const columns: ColumnDef<CompanyRow, unknown>[] = [
    {
      id: "name",
      header: t("table.company"),
      cell: ({ row }) => (
        <div className="flex flex-col">
          <Link
            href={`/ops/companies/${row.original.id}`}
            className="font-medium hover:underline focus-visible:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.name}
          </Link>
          <span className="font-mono text-xs text-muted-foreground">
            {row.original.cnpj ? formatDocument(row.original.cnpj) : row.original.id}
          </span>
        </div>
      ),
    },
    {
      id: "balance",
      header: () => <span className="block text-right">{t("table.balance")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.balance} tone className="font-medium" />,
    },
    {
      id: "fee",
      header: t("table.feePlan"),
      cell: ({ row }) => <span className="tabular">{feePlan(row.original)}</span>,
    },
    {
      id: "autoApprove",
      header: t("table.autoApprove"),
      cell: ({ row }) =>
        row.original.autoApproveLimit ? (
          <span className="tabular">{t("table.upTo", { amount: formatBRL(row.original.autoApproveLimit) })}</span>
        ) : (
          <span className="text-muted-foreground">{t("table.off")}</span>
        ),
    },
    {
      // CONTRACT §15: an account has up to 10 endpoints, its own URL only the first of them.
      id: "endpoints",
      header: t("table.endpoints"),
      cell: ({ row }) => <EndpointCount count={row.original.webhookEndpointCount} />,
    },
    {
      id: "createdAt",
      header: t("table.created"),
      cell: ({ row }) => <span className="tabular text-muted-foreground">{formatDate(row.original.createdAt)}</span>,
    },
  ];
  return (
    <DataTable
      label={t("table.label")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      toolbar={<DataTableSearch placeholder={t("search.placeholder")} label={t("search.label")} />}
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      onRowClick={(row) => router.push(`/ops/companies/${row.id}`)}
      empty={
        searching
          ? { title: t("empty.noMatch"), description: t("empty.noMatchDescription") }
          : { title: t("empty.none"), description: t("empty.noneDescription"), icon: Building2Icon }
      }
      mobileCard={(row) => (
        <Link href={`/ops/companies/${row.id}`} className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{row.name}</p>
            <p className="truncate font-mono text-xs text-muted-foreground">{row.id}</p>
            <p className="mt-1 text-xs text-muted-foreground">{t("table.fee", { plan: feePlan(row) })}</p>
            <p className="mt-1">
              <EndpointCount count={row.webhookEndpointCount} />
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Money value={row.balance} tone className="font-semibold" />
            <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
          </div>
        </Link>
      )}
    />
  );
}
