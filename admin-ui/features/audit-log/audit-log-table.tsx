"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { FileClockIcon, SearchIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { DataTableRowActions } from "@/components/data-table/data-table-row-actions";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import type { AuditLogQuery } from "@/gql/graphql";
import { formatDateTime } from "@/lib/format";
import { AUDIT_OBJECT_TYPES, auditFilters } from "./search-params";

type AuditRow = AuditLogQuery["auditLog"]["data"][number];

type AuditT = ReturnType<typeof useTranslations<"audit">>;

/** An object type's name in the reader's language; a type the catalogue lacks is shown as stored. */
function objectLabel(t: AuditT, objectType: string): string {
  const key = `objects.${objectType}` as "objects.charge";
  return t.has(key) ? t(key) : objectType;
}

function actorKindLabel(t: AuditT, kind: string): string {
  const key = `actorKinds.${kind}` as "actorKinds.OPERATOR";
  return t.has(key) ? t(key) : kind.toLowerCase();
}

function ObjectCell({ row }: { row: AuditRow }) {
  const t = useTranslations("audit");
  const label = objectLabel(t, row.objectType);
  const href = row.objectType === "company" && row.objectId ? `/ops/companies/${row.objectId}` : null;
  return (
    <div className="flex flex-col">
      <span className="text-xs text-muted-foreground">{label}</span>
      {row.objectId &&
        (href ? (
          <Link href={href} className="font-mono text-xs hover:underline">
            {row.objectId}
          </Link>
        ) : (
          <span className="font-mono text-xs">{row.objectId}</span>
        ))}
    </div>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="grid content-start gap-1.5">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <pre className="max-h-60 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap">
        {value === null || value === undefined ? "—" : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** The append-only audit log, newest first, paged by cursor. */
/** Failures and security alerts (alert.sign_in_spray) stand out in the list. */
const isWarning = (action: string) => action.endsWith("_failed") || action.startsWith("alert.");

export function AuditLogTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  objectType,
  searching,
}: {
  rows: AuditRow[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  objectType: string | null;
  searching: boolean;
}) {
  const t = useTranslations("audit");
  const tc = useTranslations("common");
  const { setState } = useTableUrlState(auditFilters);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const columns: ColumnDef<AuditRow, unknown>[] = [
    { id: "at", header: t("table.when"), cell: ({ row }) => <DateTime value={row.original.at} seconds /> },
    {
      id: "actor",
      header: t("table.actor"),
      cell: ({ row }) => (
        <div className="flex max-w-44 flex-col">
          <span className="truncate font-mono text-xs" title={row.original.actor}>
            {row.original.actor}
          </span>
          <span className="text-xs text-muted-foreground">{actorKindLabel(t, row.original.actorKind)}</span>
        </div>
      ),
    },
    {
      id: "action",
      header: t("table.action"),
      cell: ({ row }) => (
        <Badge variant={isWarning(row.original.action) ? "danger" : "secondary"} className="font-mono">
          {row.original.action}
        </Badge>
      ),
    },
    { id: "object", header: t("table.object"), cell: ({ row }) => <ObjectCell row={row.original} /> },
    {
      id: "reason",
      header: t("table.reason"),
      meta: { className: "hidden 2xl:table-cell" },
      cell: ({ row }) =>
        row.original.reason ? (
          <span className="block max-w-56 truncate" title={row.original.reason}>
            {row.original.reason}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{tc("actionsColumn")}</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => (
        <DataTableRowActions label={t("table.actionsFor", { id: row.original.id })}>
          <DropdownMenuItem onSelect={() => setOpen(row.original)}>
            <FileClockIcon aria-hidden /> {t("table.viewChanges")}
          </DropdownMenuItem>
          {row.original.objectId && (
            <DropdownMenuItem onSelect={() => void setState({ q: row.original.objectId, after: null })}>
              <SearchIcon aria-hidden /> {t("table.trail")}
            </DropdownMenuItem>
          )}
        </DataTableRowActions>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={t("table.label")}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <>
            <DataTableSearch placeholder={t("search.placeholder")} label={t("search.label")} />
            <DataTableFacetedFilter
              title={t("objectFilter")}
              options={AUDIT_OBJECT_TYPES.map((value) => ({ value, label: objectLabel(t, value) }))}
              selected={objectType ? [objectType] : []}
              onChange={(values) =>
                void setState({
                  objectType: (values[0] ?? null) as (typeof AUDIT_OBJECT_TYPES)[number] | null,
                  after: null,
                })
              }
            />
          </>
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: searching ? t("empty.noMatch") : t("empty.none"),
          description: searching ? t("empty.noMatchDescription") : t("empty.noneDescription"),
          icon: FileClockIcon,
        }}
        mobileCard={(row) => (
          <div className="flex flex-col items-start gap-1">
            <div className="flex w-full items-center justify-between gap-2">
              <Badge variant="secondary" className="font-mono">
                {row.action}
              </Badge>
              <span className="tabular text-xs text-muted-foreground">{formatDateTime(row.at)}</span>
            </div>
            <span className="max-w-full truncate font-mono text-xs">{row.actor}</span>
            <div className="flex w-full items-end justify-between gap-2">
              <ObjectCell row={row} />
              <Button
                variant="outline"
                size="sm"
                onClick={() => setOpen(row)}
                aria-label={t("table.changesOf", { action: row.action })}
              >
                {t("table.changes")}
              </Button>
            </div>
          </div>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle className="font-mono">{open?.action}</DialogTitle>
            <DialogDescription>
              {open ? `${open.actor} · ${formatDateTime(open.at, { seconds: true })}` : null}
              {open?.address ? ` · ${t("dialog.from", { address: open.address })}` : null}
            </DialogDescription>
          </DialogHeader>
          {open?.reason && <p className="text-sm">{t("dialog.reason", { reason: open.reason })}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Json label={t("dialog.before")} value={open?.before} />
            <Json label={t("dialog.after")} value={open?.after} />
          </div>
          {open?.requestId && (
            <p className="font-mono text-xs text-muted-foreground">{t("dialog.request", { id: open.requestId })}</p>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
