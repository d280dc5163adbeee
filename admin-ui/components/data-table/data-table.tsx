"use client";

import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type RowSelectionState,
  useReactTable,
} from "@tanstack/react-table";
import { SearchXIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { useEffect, useState, useTransition } from "react";
import { EmptyState, ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import { DataTablePagination, type PaginationInfo } from "./data-table-pagination";
import type { SortValue } from "./search-params";
import { TableTransitionContext, useTableUrlState } from "./use-table-url-state";

export interface DataTableProps<TData> {
  /** What the table lists, for screen readers ("Withdrawals waiting for approval"). */
  label: string;
  columns: ColumnDef<TData, unknown>[];
  data: TData[];
  getRowId: (row: TData) => string;
  pagination?: PaginationInfo;
  /** Filters, search and view options above the table. */
  toolbar?: React.ReactNode;
  /** Rows can be selected; the bar gets the selected rows and a way to clear them. */
  actionBar?: (selected: TData[], clear: () => void) => React.ReactNode;
  canSelect?: (row: TData) => boolean;
  /** How one row reads on a phone: a card with the key fields first. */
  mobileCard?: (row: TData) => React.ReactNode;
  /** The server page is fetching the next view (URL change in a transition). */
  isPending?: boolean;
  error?: { message: string; onRetry?: () => void } | null;
  empty?: { title: string; description?: React.ReactNode; icon?: React.ComponentType<{ className?: string }> };
  onRowClick?: (row: TData) => void;
  /** The URL's sort, announced on its column header (aria-sort). */
  sort?: SortValue | null;
  className?: string;
}

/**
 * The column of a row's actions (approve, confirm, its "…" menu) is pinned to the table's
 * right edge: a table wider than its card scrolls inside the card, and the actions must stay
 * in sight at any width (e2e/support/page-check.ts checks every list at 1280, 1024, 390 px).
 * Its cells are opaque so the columns scrolled under them do not show through; a shadow on
 * the left says more columns lie beneath.
 */
const ACTIONS_COLUMN = "actions";
const PINNED_END = "sticky right-0 z-[1] shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.18)]";
// The header's and the rows' own tints (bg-muted/50, hover bg-muted/40, selected bg-accent/70), made opaque.
const PINNED_HEAD = "bg-[color-mix(in_oklab,var(--muted)_50%,var(--card))]";
const PINNED_CELL =
  "bg-card group-hover/row:bg-[color-mix(in_oklab,var(--muted)_40%,var(--card))] group-data-[state=selected]/row:bg-[color-mix(in_oklab,var(--accent)_70%,var(--card))]";

/**
 * The one table every list uses: TanStack Table v8 in manual mode (paging, sorting and
 * filtering happen on the server, driven by the URL), with row selection for bulk actions,
 * loading, empty and error states, and a card layout below the `sm` breakpoint.
 */
export function DataTable<TData>({
  label,
  columns,
  data,
  getRowId,
  pagination,
  toolbar,
  actionBar,
  canSelect,
  mobileCard,
  isPending: isPendingProp = false,
  error,
  empty,
  onRowClick,
  sort,
  className,
}: DataTableProps<TData>) {
  const t = useTranslations("common");
  const transition = useTransition();
  const isPending = isPendingProp || transition[0];
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const selectable = Boolean(actionBar);

  // A new page of data replaces the rows: drop selections of rows no longer shown.
  useEffect(() => {
    setRowSelection((current) => {
      const ids = new Set(data.map(getRowId));
      const kept = Object.fromEntries(Object.entries(current).filter(([id]) => ids.has(id)));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
  }, [data, getRowId]);

  const allColumns: ColumnDef<TData, unknown>[] = selectable
    ? [
        {
          id: "select",
          header: ({ table }) => (
            <Checkbox
              checked={table.getIsAllPageRowsSelected() || (table.getIsSomePageRowsSelected() && "indeterminate")}
              onCheckedChange={(value) => table.toggleAllPageRowsSelected(Boolean(value))}
              aria-label={t("table.selectAll")}
              disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())}
            />
          ),
          cell: ({ row }) => (
            <Checkbox
              checked={row.getIsSelected()}
              onCheckedChange={(value) => row.toggleSelected(Boolean(value))}
              aria-label={t("table.selectRow", { id: row.id })}
              disabled={!row.getCanSelect()}
              onClick={(event) => event.stopPropagation()}
            />
          ),
          enableSorting: false,
          size: 40,
        },
        ...columns,
      ]
    : columns;

  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: canSelect ? (row: Row<TData>) => canSelect(row.original) : selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });

  const rows = table.getRowModel().rows;
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);
  const clear = () => setRowSelection({});

  // A page number past the data (typed, shared, or the last rows went meanwhile): say so and
  // offer the last page, rather than an empty list whose counts point elsewhere.
  const pastEnd =
    pagination?.kind === "offset" &&
    pagination.page > 1 &&
    pagination.total > 0 &&
    (pagination.page - 1) * pagination.perPage >= pagination.total;

  let body: React.ReactNode;
  if (error) {
    body = <ErrorState message={error.message} onRetry={error.onRetry} />;
  } else if (pastEnd && pagination?.kind === "offset") {
    body = <PastLastPage total={pagination.total} perPage={pagination.perPage} />;
  } else if (rows.length === 0) {
    body = <EmptyState title={empty?.title ?? t("states.empty")} description={empty?.description} icon={empty?.icon} />;
  }

  return (
    <TableTransitionContext.Provider value={transition}>
      <section data-slot="data-table" aria-label={label} className={cn("flex flex-col gap-3", className)}>
        {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
        <div
          className={cn(
            "relative overflow-hidden rounded-xl border bg-card shadow-xs transition-opacity",
            isPending && "opacity-60",
          )}
          aria-busy={isPending || undefined}
        >
          {isPending && (
            <div className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden bg-primary/15" aria-hidden>
              <div className="h-full w-1/3 animate-[pulse_1s_ease-in-out_infinite] bg-primary" />
            </div>
          )}
          {body ?? (
            <>
              <div className={cn(mobileCard && "hidden sm:block")}>
                <Table aria-label={label}>
                  <TableHeader>
                    {table.getHeaderGroups().map((group) => (
                      <TableRow key={group.id} className="hover:bg-transparent">
                        {group.headers.map((header) => (
                          <TableHead
                            key={header.id}
                            style={header.column.id === "select" ? { width: 40 } : undefined}
                            className={cn(
                              (header.column.columnDef.meta as ColumnMeta | undefined)?.className,
                              header.column.id === ACTIONS_COLUMN && [PINNED_END, PINNED_HEAD],
                            )}
                            aria-sort={
                              sort?.id === header.column.id ? (sort.desc ? "descending" : "ascending") : undefined
                            }
                          >
                            {header.isPlaceholder
                              ? null
                              : flexRender(header.column.columnDef.header, header.getContext())}
                          </TableHead>
                        ))}
                      </TableRow>
                    ))}
                  </TableHeader>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow
                        key={row.id}
                        data-state={row.getIsSelected() ? "selected" : undefined}
                        className={cn("group/row", onRowClick && "cursor-pointer")}
                        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                      >
                        {row.getVisibleCells().map((cell) => (
                          <TableCell
                            key={cell.id}
                            data-row-actions={cell.column.id === ACTIONS_COLUMN ? "" : undefined}
                            className={cn(
                              (cell.column.columnDef.meta as ColumnMeta | undefined)?.className,
                              cell.column.id === ACTIONS_COLUMN && [PINNED_END, PINNED_CELL],
                            )}
                          >
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {mobileCard && (
                <ul data-slot="row-cards" className="divide-y sm:hidden" aria-label={label}>
                  {rows.map((row) => (
                    <li
                      key={row.id}
                      className={cn("flex gap-3 px-4 py-3", row.getIsSelected() && "bg-accent/70")}
                      data-state={row.getIsSelected() ? "selected" : undefined}
                    >
                      {selectable && (
                        <div className="pt-0.5">
                          <Checkbox
                            checked={row.getIsSelected()}
                            onCheckedChange={(value) => row.toggleSelected(Boolean(value))}
                            aria-label={t("table.selectRow", { id: row.id })}
                            disabled={!row.getCanSelect()}
                          />
                        </div>
                      )}
                      <div className="min-w-0 flex-1">{mobileCard(row.original)}</div>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          {pagination && !error && !pastEnd && !(pagination.kind === "offset" && pagination.total === 0) && (
            <DataTablePagination info={pagination} shown={rows.length} />
          )}
        </div>
        {actionBar && selected.length > 0 && actionBar(selected, clear)}
      </section>
    </TableTransitionContext.Provider>
  );
}

function PastLastPage({ total, perPage }: { total: number; perPage: number }) {
  const t = useTranslations("common.table");
  const { setState } = useTableUrlState();
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <EmptyState
      icon={SearchXIcon}
      title={t("pastEndTitle")}
      description={t("pastEndDescription", { total, pages })}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button size="sm" onClick={() => void setState({ page: pages, after: null })}>
            {t("pastEndLast")}
          </Button>
          {pages > 1 && (
            <Button size="sm" variant="outline" onClick={() => void setState({ page: 1, after: null })}>
              {t("pastEndFirst")}
            </Button>
          )}
        </div>
      }
    />
  );
}

/** Per-column extras: the cells' class (e.g. right-aligned amounts). */
export interface ColumnMeta {
  className?: string;
}
