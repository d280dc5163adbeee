"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { RepeatIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { CompanyFilter } from "@/features/companies/company-filter";
import type { RecurrenceRowFragment, RecurrenceStatus } from "@/gql/graphql";
import { formatDocument } from "@/lib/format";
import { RecurrenceAmount } from "./recurrence-amount";
import { RecurrenceStatusBadge, RecurrenceStatusName } from "./recurrence-status-badge";
import { operatorRecurrenceFilters, RECURRENCE_STATUSES } from "./search-params";

type Row = RecurrenceRowFragment;

/**
 * Recurrences, newest first, filtered by status (the URL's `status`); each row opens its page
 * under `basePath` (the merchant's /m/recurrences, the operator's /ops/recurrences).
 */
export function RecurrencesTable({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  status,
  basePath,
  companies,
  company,
}: {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  status: RecurrenceStatus | null;
  basePath: string;
  /** Operators: the accounts' names by id (a column and the account filter). */
  companies?: Record<string, string>;
  /** Operators: the account the list is filtered by. */
  company?: string | null;
}) {
  const t = useTranslations("recurrences.list");
  const tFrequency = useTranslations("recurrences.frequency");
  const router = useRouter();
  // One set of parsers for both audiences: a merchant's URL never has `company`.
  const { setState, isPending } = useTableUrlState(operatorRecurrenceFilters);
  const href = (row: Row) => `${basePath}/${row.id}`;
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: "payer",
      header: t("columns.payer"),
      cell: ({ row }) => (
        <div className="flex max-w-56 flex-col">
          <Link
            href={href(row.original)}
            className="truncate font-medium hover:underline focus-visible:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.payer.name}
          </Link>
          <span className="font-mono text-xs text-muted-foreground">{formatDocument(row.original.payer.document)}</span>
        </div>
      ),
    },
    {
      id: "object",
      header: t("columns.object"),
      meta: { className: "hidden md:table-cell" },
      cell: ({ row }) => (
        <div className="flex max-w-56 flex-col">
          <span className="truncate text-sm">{row.original.object}</span>
          <span className="truncate text-xs text-muted-foreground">{row.original.contract}</span>
        </div>
      ),
    },
    ...(companies
      ? [
          {
            id: "company",
            header: t("columns.company"),
            cell: ({ row }) => (
              <span className="block max-w-40 truncate text-sm">
                {companies[row.original.companyId] ?? row.original.companyId}
              </span>
            ),
          } satisfies ColumnDef<Row, unknown>,
        ]
      : []),
    {
      id: "frequency",
      header: t("columns.frequency"),
      cell: ({ row }) => <span className="text-sm">{tFrequency(row.original.frequency)}</span>,
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("columns.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <RecurrenceAmount amount={row.original.amount} className="font-medium" />,
    },
    {
      id: "status",
      header: t("columns.status"),
      cell: ({ row }) => <RecurrenceStatusBadge status={row.original.status} />,
    },
    {
      id: "created",
      header: t("columns.created"),
      meta: { className: "hidden lg:table-cell" },
      cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
    },
  ];
  return (
    <DataTable
      label={t("label")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      onRowClick={(row) => router.push(href(row))}
      toolbar={
        <>
          {companies && (
            <CompanyFilter
              company={company ?? null}
              companyName={company ? (companies[company] ?? company) : null}
              onChange={(id) => void setState({ company: id, page: 1 })}
            />
          )}
          <DataTableFacetedFilter
            title={t("statusFilter")}
            options={RECURRENCE_STATUSES.map((value) => ({
              value,
              label: <RecurrenceStatusName status={value} />,
            }))}
            selected={status ? [status] : []}
            onChange={(values) => void setState({ status: (values[0] as RecurrenceStatus) ?? null, page: 1 })}
          />
        </>
      }
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      empty={
        status || company
          ? { title: t("noMatch"), description: t("noMatchDescription") }
          : { title: t("empty"), description: t("emptyDescription"), icon: RepeatIcon }
      }
      mobileCard={(row) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{row.payer.name}</p>
              <p className="truncate text-sm text-muted-foreground">{row.object}</p>
            </div>
            <RecurrenceStatusBadge status={row.status} />
          </div>
          <p className="text-sm">
            <RecurrenceAmount amount={row.amount} className="font-semibold" /> · {tFrequency(row.frequency)}
          </p>
          <p className="text-xs text-muted-foreground">
            <DateTime value={row.createdAt} />
          </p>
        </div>
      )}
    />
  );
}
