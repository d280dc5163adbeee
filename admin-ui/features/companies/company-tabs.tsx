"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ArrowLeftRightIcon, ReceiptIcon, ScaleIcon } from "lucide-react";
import Link from "next/link";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import {
  CHARGE_STATUS_LABELS,
  ChargeStatusBadge,
  ReservedBadge,
  WITHDRAWAL_STATUS_LABELS,
  WithdrawalStatusBadge,
} from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { TabsNav } from "@/components/ui/tabs";
import { keyTypeLabel } from "@/features/withdrawals/columns";
import { WITHDRAWAL_STATUSES } from "@/features/withdrawals/search-params";
import type { CompanyAdjustmentsQuery, CompanyChargesQuery, WithdrawalRowFragment } from "@/gql/graphql";
import { CHARGE_STATUSES, companyPageFilters } from "./search-params";

type ChargeRow = CompanyChargesQuery["charges"]["data"][number];
type AdjustmentRow = CompanyAdjustmentsQuery["adjustments"]["data"][number];
type Tab = "charges" | "withdrawals" | "adjustments";
type CompanyListStatus = (typeof CHARGE_STATUSES)[number] | (typeof WITHDRAWAL_STATUSES)[number];

const chargeColumns: ColumnDef<ChargeRow, unknown>[] = [
  { id: "created", header: "Created", cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
  {
    id: "id",
    header: "Charge",
    cell: ({ row }) => (
      <div className="flex max-w-60 flex-col">
        <span className="font-mono text-xs">{row.original.id}</span>
        <span className="truncate text-xs text-muted-foreground">{row.original.description ?? "No description"}</span>
      </div>
    ),
  },
  {
    id: "amount",
    header: () => <span className="block text-right">Amount</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
  },
  {
    id: "net",
    header: () => <span className="block text-right">Net</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => (
      <div className="flex flex-col items-end">
        <Money value={row.original.netAmount} />
        <span className="text-xs text-muted-foreground">
          fee <Money value={row.original.fee} />
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
    cell: ({ row }) =>
      row.original.payerName ? (
        <span className="truncate">{row.original.payerName}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
];

const withdrawalColumns: ColumnDef<WithdrawalRowFragment, unknown>[] = [
  { id: "created", header: "Requested", cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
  {
    id: "reference",
    header: "Reference",
    cell: ({ row }) => (
      <Link href={`/ops/withdrawals/${row.original.id}`} className="font-mono text-xs hover:underline">
        {row.original.withdrawalReference}
      </Link>
    ),
  },
  {
    id: "amount",
    header: () => <span className="block text-right">Amount</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
  },
  {
    id: "destination",
    header: "Destination",
    cell: ({ row }) => (
      <div className="flex max-w-56 flex-col">
        <span className="truncate font-mono text-xs">{row.original.pixKey}</span>
        <span className="text-xs text-muted-foreground">{keyTypeLabel(row.original.pixKeyType)}</span>
      </div>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <div className="flex flex-col gap-1">
        <WithdrawalStatusBadge status={row.original.status} />
        {row.original.reason && (
          <span className="max-w-56 truncate text-xs text-muted-foreground">{row.original.reason}</span>
        )}
      </div>
    ),
  },
];

const ADJUSTMENT_STATUS: Record<string, { label: string; variant: "success" | "warn" | "neutral" }> = {
  POSTED: { label: "Posted", variant: "success" },
  REQUESTED: { label: "Awaiting second operator", variant: "warn" },
  REJECTED: { label: "Rejected", variant: "neutral" },
};

const adjustmentColumns: ColumnDef<AdjustmentRow, unknown>[] = [
  { id: "created", header: "Created", cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
  {
    id: "amount",
    header: () => <span className="block text-right">Amount</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => <Money value={row.original.amount} signed tone className="font-medium" />,
  },
  {
    id: "description",
    header: "Reason",
    cell: ({ row }) => <span className="block max-w-80 truncate">{row.original.description}</span>,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => {
      const look = ADJUSTMENT_STATUS[row.original.status] ?? {
        label: row.original.status,
        variant: "neutral" as const,
      };
      return <Badge variant={look.variant}>{look.label}</Badge>;
    },
  },
  {
    id: "by",
    header: "By",
    cell: ({ row }) => <span className="font-mono text-xs text-muted-foreground">{row.original.requestedBy}</span>,
  },
];

/** The company page's lists: charges, withdrawals and adjustments, each in the URL. */
export function CompanyTabs({
  tab,
  status,
  page,
  perPage,
  charges,
  withdrawals,
  adjustments,
}: {
  tab: Tab;
  status: string | null;
  page: number;
  perPage: number;
  charges?: { rows: ChargeRow[]; total: number };
  withdrawals?: { rows: WithdrawalRowFragment[]; total: number };
  adjustments?: { rows: AdjustmentRow[]; total: number };
}) {
  const { setState } = useTableUrlState(companyPageFilters);
  const tabs = (
    <TabsNav
      label="Company records"
      value={tab}
      options={[
        {
          value: "charges",
          label: (
            <>
              <ReceiptIcon aria-hidden className="hidden sm:block" /> Charges
            </>
          ),
        },
        {
          value: "withdrawals",
          label: (
            <>
              <ArrowLeftRightIcon aria-hidden className="hidden sm:block" /> Withdrawals
            </>
          ),
        },
        {
          value: "adjustments",
          label: (
            <>
              <ScaleIcon aria-hidden className="hidden sm:block" /> Adjustments
            </>
          ),
        },
      ]}
      onChange={(next: Tab) => void setState({ tab: next, status: null, page: 1 })}
    />
  );
  const statusFilter = (options: readonly string[], labels: Record<string, React.ReactNode>) => (
    <DataTableFacetedFilter
      title="Status"
      options={options.map((value) => ({ value, label: labels[value] ?? value }))}
      selected={status ? [status] : []}
      onChange={(values) => void setState({ status: (values[0] ?? null) as CompanyListStatus | null, page: 1 })}
    />
  );

  if (tab === "withdrawals" && withdrawals) {
    return (
      <DataTable
        label="Withdrawals of this company, newest first"
        columns={withdrawalColumns}
        data={withdrawals.rows}
        getRowId={(row) => row.id}
        toolbar={
          <>
            {tabs}
            {statusFilter(WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS)}
          </>
        }
        pagination={{ kind: "offset", page, perPage, total: withdrawals.total }}
        empty={{ title: "No withdrawals", description: "Withdrawals this company sends appear here." }}
        mobileCard={(row) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Money value={row.amount} className="font-semibold" />
              <p className="truncate font-mono text-xs text-muted-foreground">{row.withdrawalReference}</p>
              <p className="text-xs text-muted-foreground">
                <DateTime value={row.createdAt} />
              </p>
            </div>
            <WithdrawalStatusBadge status={row.status} />
          </div>
        )}
      />
    );
  }
  if (tab === "adjustments" && adjustments) {
    return (
      <DataTable
        label="Adjustments of this company, newest first"
        columns={adjustmentColumns}
        data={adjustments.rows}
        getRowId={(row) => row.id}
        toolbar={tabs}
        pagination={{ kind: "offset", page, perPage, total: adjustments.total }}
        empty={{ title: "No adjustments", description: "Manual credits and debits by operators appear here." }}
        mobileCard={(row) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Money value={row.amount} signed tone className="font-semibold" />
              <p className="truncate text-sm">{row.description}</p>
              <p className="text-xs text-muted-foreground">
                <DateTime value={row.createdAt} />
              </p>
            </div>
            <Badge variant={ADJUSTMENT_STATUS[row.status]?.variant ?? "neutral"}>
              {ADJUSTMENT_STATUS[row.status]?.label ?? row.status}
            </Badge>
          </div>
        )}
      />
    );
  }
  return (
    <DataTable
      label="Charges of this company, newest first"
      columns={chargeColumns}
      data={charges?.rows ?? []}
      getRowId={(row) => row.id}
      toolbar={
        <>
          {tabs}
          {statusFilter(CHARGE_STATUSES, CHARGE_STATUS_LABELS)}
        </>
      }
      pagination={{ kind: "offset", page, perPage, total: charges?.total ?? 0 }}
      empty={{ title: "No charges", description: "PIX charges this company creates appear here." }}
      mobileCard={(row) => (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Money value={row.amount} className="font-semibold" />
            <p className="truncate text-sm text-muted-foreground">{row.description ?? row.id}</p>
            <p className="text-xs text-muted-foreground">
              <DateTime value={row.createdAt} />
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <ChargeStatusBadge status={row.status} />
            {row.reserved && <ReservedBadge />}
          </div>
        </div>
      )}
    />
  );
}
