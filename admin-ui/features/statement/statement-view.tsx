"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ScrollTextIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { ledgerKindLabel, type StatementRow, statementReference, type WithReference } from "./columns";
import { DateRangeFilter } from "./date-range-filter";
import { statementFilters } from "./search-params";

type StatementT = ReturnType<typeof useTranslations<"statement">>;

/** The table's columns, titled in the reader's language. */
function statementColumns(t: StatementT): ColumnDef<StatementRow & WithReference, unknown>[] {
  return [
    {
      id: "createdAt",
      header: t("columns.date"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
    },
    {
      id: "description",
      header: t("columns.description"),
      cell: ({ row }) => (
        <div className="flex max-w-72 flex-col">
          <span className="text-sm font-medium">{ledgerKindLabel(row.original.kind, t)}</span>
          <span className="truncate text-xs text-muted-foreground">
            {row.original.memo && <>{row.original.memo} · </>}
            <ReferenceLink row={row.original} />
          </span>
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("columns.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} signed className="font-medium" />,
    },
    {
      id: "balanceAfter",
      header: () => <span className="block text-right">{t("columns.balance")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.balanceAfter} className="text-muted-foreground" />,
    },
  ];
}

/** The charge or withdrawal an entry belongs to, as a link to its page; adjustments by id. */
function ReferenceLink({ row }: { row: StatementRow & WithReference }) {
  const href = row.chargeId
    ? `/m/charges/${row.chargeId}`
    : row.withdrawalId
      ? `/m/withdrawals/${row.withdrawalId}`
      : null;
  const text = statementReference(row);
  if (!href) return <span className="font-mono">{text}</span>;
  return (
    <Link href={href} className="font-mono underline-offset-2 hover:text-foreground hover:underline">
      {text}
    </Link>
  );
}

/** The ledger, newest first, with the running balance after each movement. */
export function StatementView({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  filtered,
}: {
  rows: Array<StatementRow & WithReference>;
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  filtered: boolean;
}) {
  const t = useTranslations("statement");
  const { isPending } = useTableUrlState(statementFilters);
  return (
    <DataTable
      label={t("label")}
      columns={statementColumns(t)}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      toolbar={<DateRangeFilter />}
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      empty={
        filtered
          ? { title: t("noMatch"), description: t("noMatchDescription") }
          : {
              title: t("empty"),
              description: t("emptyDescription"),
              icon: ScrollTextIcon,
            }
      }
      mobileCard={(row) => (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">{ledgerKindLabel(row.kind, t)}</p>
            <p className="truncate text-xs text-muted-foreground">{row.memo ?? statementReference(row)}</p>
            <p className="text-xs text-muted-foreground">
              <DateTime value={row.createdAt} />
            </p>
          </div>
          <div className="text-right">
            <Money value={row.amount} signed className="block font-semibold" />
            <span className="text-xs text-muted-foreground">
              {t.rich("balanceAfter", { money: () => <Money value={row.balanceAfter} /> })}
            </span>
          </div>
        </div>
      )}
    />
  );
}
