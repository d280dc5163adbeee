"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { FileClockIcon, SearchIcon } from "lucide-react";
import Link from "next/link";
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

const OBJECT_LABELS: Record<string, string> = {
  withdrawal: "Withdrawal",
  adjustment: "Adjustment",
  charge: "Charge",
  company: "Company",
  client_credential: "API credential",
  console_user: "Console user",
  payment_exception: "Payment exception",
  webhook_event: "Webhook event",
};

function ObjectCell({ row }: { row: AuditRow }) {
  const label = OBJECT_LABELS[row.objectType] ?? row.objectType;
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
  const { setState } = useTableUrlState(auditFilters);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const columns: ColumnDef<AuditRow, unknown>[] = [
    { id: "at", header: "When", cell: ({ row }) => <DateTime value={row.original.at} seconds /> },
    {
      id: "actor",
      header: "Actor",
      cell: ({ row }) => (
        <div className="flex max-w-44 flex-col">
          <span className="truncate font-mono text-xs" title={row.original.actor}>
            {row.original.actor}
          </span>
          <span className="text-xs text-muted-foreground capitalize">{row.original.actorKind.toLowerCase()}</span>
        </div>
      ),
    },
    {
      id: "action",
      header: "Action",
      cell: ({ row }) => (
        <Badge variant={row.original.action.endsWith("_failed") ? "danger" : "secondary"} className="font-mono">
          {row.original.action}
        </Badge>
      ),
    },
    { id: "object", header: "Object", cell: ({ row }) => <ObjectCell row={row.original} /> },
    {
      id: "reason",
      header: "Reason",
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
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => (
        <DataTableRowActions label={`Actions for audit entry ${row.original.id}`}>
          <DropdownMenuItem onSelect={() => setOpen(row.original)}>
            <FileClockIcon aria-hidden /> View changes
          </DropdownMenuItem>
          {row.original.objectId && (
            <DropdownMenuItem onSelect={() => void setState({ q: row.original.objectId, after: null })}>
              <SearchIcon aria-hidden /> This object's trail
            </DropdownMenuItem>
          )}
        </DataTableRowActions>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label="Audit log, newest first"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <>
            <DataTableSearch placeholder="Object id (wd_…, comp_…)" label="Filter by object id" />
            <DataTableFacetedFilter
              title="Object"
              options={AUDIT_OBJECT_TYPES.map((value) => ({ value, label: OBJECT_LABELS[value] }))}
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
          title: searching ? "No entry matches" : "The audit log is empty",
          description: searching ? "Try another object id or type." : "Operator actions and sign-ins appear here.",
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
              <Button variant="outline" size="sm" onClick={() => setOpen(row)} aria-label={`Changes of ${row.action}`}>
                Changes
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
              {open?.address ? ` · from ${open.address}` : null}
            </DialogDescription>
          </DialogHeader>
          {open?.reason && <p className="text-sm">Reason: {open.reason}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Json label="Before" value={open?.before} />
            <Json label="After" value={open?.after} />
          </div>
          {open?.requestId && <p className="font-mono text-xs text-muted-foreground">request {open.requestId}</p>}
        </DialogContent>
      </Dialog>
    </>
  );
}
