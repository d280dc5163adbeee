"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Building2Icon, ReceiptIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { CHARGE_STATUS_LABELS, ChargeStatusBadge, ReservedBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ChargeRowFragment, ChargeStatus } from "@/gql/graphql";
import { formatDateTime } from "@/lib/format";
import { CHARGE_STATUSES, chargeFilters, RESERVED_FILTERS } from "./search-params";

const RESERVED_LABELS: Record<(typeof RESERVED_FILTERS)[number], string> = { held: "Reserved", free: "Not reserved" };

/** Every account's charges, newest first, paged by cursor; filters live in the URL. */
export function ChargesTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  status,
  reserved,
  company,
  from,
  to,
  companies,
}: {
  rows: ChargeRowFragment[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  status: ChargeStatus | null;
  reserved: (typeof RESERVED_FILTERS)[number] | null;
  company: string | null;
  from: string | null;
  to: string | null;
  companies: Array<{ id: string; name: string }>;
}) {
  const router = useRouter();
  const { setState } = useTableUrlState(chargeFilters);
  const names = new Map(companies.map((c) => [c.id, c.name]));
  const companyName = (id: string) => names.get(id) ?? id;
  const filtered = Boolean(status || reserved || company || from || to);

  const columns: ColumnDef<ChargeRowFragment, unknown>[] = [
    {
      id: "created",
      header: "Created",
      cell: ({ row }) => <DateTime value={row.original.createdAt} />,
    },
    {
      id: "charge",
      header: "Charge",
      cell: ({ row }) => (
        <div className="flex max-w-60 flex-col">
          <Link
            href={`/ops/charges/${row.original.id}`}
            className="font-mono text-xs font-medium hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            chg_{row.original.id}
          </Link>
          <span className="truncate text-xs text-muted-foreground">{row.original.description ?? "No description"}</span>
        </div>
      ),
    },
    {
      id: "company",
      header: "Company",
      cell: ({ row }) => (
        <Link
          href={`/ops/companies/${row.original.companyId}`}
          className="block max-w-44 truncate hover:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {companyName(row.original.companyId)}
        </Link>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">Amount</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <div className="flex flex-col items-end">
          <Money value={row.original.amount} className="font-medium" />
          <span className="text-xs text-muted-foreground">
            net <Money value={row.original.netAmount} />
          </span>
        </div>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <ChargeStatusBadge status={row.original.status} />
          {row.original.reserved && <ReservedBadge />}
        </div>
      ),
    },
    {
      id: "payer",
      header: "Payer",
      meta: { className: "hidden lg:table-cell" },
      cell: ({ row }) =>
        row.original.payerName ? (
          <span className="block max-w-40 truncate">{row.original.payerName}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];

  return (
    <DataTable
      label="Charges, newest first"
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      onRowClick={(row) => router.push(`/ops/charges/${row.id}`)}
      toolbar={
        <>
          <DataTableFacetedFilter
            title="Status"
            options={CHARGE_STATUSES.map((value) => ({ value, label: CHARGE_STATUS_LABELS[value] }))}
            selected={status ? [status] : []}
            onChange={(values) => void setState({ status: (values[0] as ChargeStatus) ?? null, after: null })}
          />
          <DataTableFacetedFilter
            title="Reserve"
            options={RESERVED_FILTERS.map((value) => ({ value, label: RESERVED_LABELS[value] }))}
            selected={reserved ? [reserved] : []}
            onChange={(values) =>
              void setState({ reserved: (values[0] as (typeof RESERVED_FILTERS)[number]) ?? null, after: null })
            }
          />
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:items-center">
            <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-1.5">
              <label htmlFor="charges-from" className="text-xs text-muted-foreground">
                Created from
              </label>
              <Input
                id="charges-from"
                type="date"
                value={from ?? ""}
                max={to ?? undefined}
                onChange={(event) => void setState({ from: event.target.value || null, after: null })}
                className="h-8 sm:w-36"
              />
            </div>
            <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-1.5">
              <label htmlFor="charges-to" className="text-xs text-muted-foreground">
                Created to
              </label>
              <Input
                id="charges-to"
                type="date"
                value={to ?? ""}
                min={from ?? undefined}
                onChange={(event) => void setState({ to: event.target.value || null, after: null })}
                className="h-8 sm:w-36"
              />
            </div>
          </div>
          {company && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void setState({ company: null, after: null })}
              aria-label={`Clear company filter: ${companyName(company)}`}
            >
              <Building2Icon aria-hidden />
              {companyName(company)}
              <XIcon aria-hidden className="text-muted-foreground" />
            </Button>
          )}
        </>
      }
      pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
      empty={{
        title: filtered ? "No charge matches" : "No charges yet",
        description: filtered
          ? "Try another status or clear the filters."
          : "Charges created through the API appear here.",
        icon: ReceiptIcon,
      }}
      mobileCard={(row) => (
        <Link href={`/ops/charges/${row.id}`} className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Money value={row.amount} className="text-base font-semibold" />
              <p className="truncate text-sm text-muted-foreground">{companyName(row.companyId)}</p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <ChargeStatusBadge status={row.status} />
              {row.reserved && <ReservedBadge />}
            </div>
          </div>
          <p className="truncate text-xs text-muted-foreground">
            <span className="font-mono">chg_{row.id}</span> · {formatDateTime(row.createdAt)}
          </p>
        </Link>
      )}
    />
  );
}
