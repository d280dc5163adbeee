"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ScrollTextIcon } from "lucide-react";
import Link from "next/link";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { LEDGER_KIND_LABELS, type StatementRow, statementReference } from "./columns";
import { DateRangeFilter } from "./date-range-filter";
import { statementFilters } from "./search-params";

const columns: ColumnDef<StatementRow, unknown>[] = [
  {
    id: "createdAt",
    header: "Date",
    cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
  },
  {
    id: "description",
    header: "Description",
    cell: ({ row }) => (
      <div className="flex max-w-72 flex-col">
        <span className="text-sm font-medium">{LEDGER_KIND_LABELS[row.original.kind] ?? row.original.kind}</span>
        <span className="truncate text-xs text-muted-foreground">
          {row.original.memo && <>{row.original.memo} · </>}
          <ReferenceLink row={row.original} />
        </span>
      </div>
    ),
  },
  {
    id: "amount",
    header: () => <span className="block text-right">Amount</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => <Money value={row.original.amount} signed className="font-medium" />,
  },
  {
    id: "balanceAfter",
    header: () => <span className="block text-right">Balance</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => <Money value={row.original.balanceAfter} className="text-muted-foreground" />,
  },
];

/** The charge or withdrawal an entry belongs to, as a link to its page; adjustments by id. */
function ReferenceLink({ row }: { row: StatementRow }) {
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
  rows: StatementRow[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  filtered: boolean;
}) {
  const { isPending } = useTableUrlState(statementFilters);
  return (
    <DataTable
      label="Statement, newest first, with the balance after each movement"
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      toolbar={<DateRangeFilter />}
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      empty={
        filtered
          ? { title: "Nothing in these days", description: "Pick other days or clear the dates." }
          : {
              title: "No movements yet",
              description: "Paid charges and withdrawals appear here.",
              icon: ScrollTextIcon,
            }
      }
      mobileCard={(row) => (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">{LEDGER_KIND_LABELS[row.kind] ?? row.kind}</p>
            <p className="truncate text-xs text-muted-foreground">{row.memo ?? statementReference(row)}</p>
            <p className="text-xs text-muted-foreground">
              <DateTime value={row.createdAt} />
            </p>
          </div>
          <div className="text-right">
            <Money value={row.amount} signed className="block font-semibold" />
            <span className="text-xs text-muted-foreground">
              Balance <Money value={row.balanceAfter} />
            </span>
          </div>
        </div>
      )}
    />
  );
}
