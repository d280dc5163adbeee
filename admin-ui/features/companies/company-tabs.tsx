"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ArrowLeftRightIcon, ReceiptIcon, ScaleIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import {
  CHARGE_STATUS_LABELS,
  ChargeFlags,
  ChargeStatusBadge,
  WITHDRAWAL_STATUS_LABELS,
  WithdrawalStatusBadge,
} from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { TabsNav } from "@/components/ui/tabs";
import { ChargeTypeBadge, DueDateLine, PaidAmountLine } from "@/features/billing/charge-terms";
import { WithdrawalDestination } from "@/features/withdrawals/destination";
import { WITHDRAWAL_STATUSES } from "@/features/withdrawals/search-params";
import type { CompanyAdjustmentsQuery, CompanyChargesQuery, WithdrawalRowFragment } from "@/gql/graphql";
import { CHARGE_STATUSES, companyPageFilters } from "./search-params";

type ChargeRow = CompanyChargesQuery["charges"]["data"][number];
type AdjustmentRow = CompanyAdjustmentsQuery["adjustments"]["data"][number];
type Tab = "charges" | "withdrawals" | "adjustments";
type CompanyListStatus = (typeof CHARGE_STATUSES)[number] | (typeof WITHDRAWAL_STATUSES)[number];
type CompaniesT = ReturnType<typeof useTranslations<"companies">>;
type BillingT = ReturnType<typeof useTranslations<"billing">>;

function chargeColumns(t: CompaniesT, tBilling: BillingT): ColumnDef<ChargeRow, unknown>[] {
  return [
    { id: "created", header: t("charges.created"), cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
    {
      id: "id",
      header: t("charges.charge"),
      cell: ({ row }) => (
        <div className="flex max-w-60 flex-col">
          <span className="font-mono text-xs">{row.original.id}</span>
          <span className="truncate text-xs text-muted-foreground">
            {row.original.description ?? t("charges.noDescription")}
          </span>
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("charges.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <>
          <Money value={row.original.amount} className="font-medium" />
          <PaidAmountLine amount={row.original.amount} paidAmount={row.original.paidAmount} />
        </>
      ),
    },
    {
      id: "type",
      header: tBilling("columns.type"),
      cell: ({ row }) => (
        <div className="flex flex-col gap-0.5">
          <ChargeTypeBadge type={row.original.type} />
          <DueDateLine dueDate={row.original.dueDate} />
        </div>
      ),
    },
    {
      id: "net",
      header: () => <span className="block text-right">{t("charges.net")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <div className="flex flex-col items-end">
          <Money value={row.original.netAmount} />
          <span className="text-xs text-muted-foreground">
            {t("charges.fee")} <Money value={row.original.fee} />
          </span>
        </div>
      ),
    },
    {
      id: "status",
      header: t("charges.status"),
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <ChargeStatusBadge status={row.original.status} />
          <ChargeFlags charge={row.original} />
        </div>
      ),
    },
    {
      id: "payer",
      header: t("charges.payer"),
      // The payer the charge is addressed to (a due-date charge's), else whoever paid it.
      cell: ({ row }) =>
        (row.original.payer?.name ?? row.original.payerName) ? (
          <span className="truncate">{row.original.payer?.name ?? row.original.payerName}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];
}

function withdrawalColumns(t: CompaniesT): ColumnDef<WithdrawalRowFragment, unknown>[] {
  return [
    {
      id: "created",
      header: t("withdrawals.requested"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} />,
    },
    {
      id: "reference",
      header: t("withdrawals.reference"),
      cell: ({ row }) => (
        <Link href={`/ops/withdrawals/${row.original.id}`} className="font-mono text-xs hover:underline">
          {row.original.withdrawalReference}
        </Link>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("withdrawals.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
    },
    {
      id: "destination",
      header: t("withdrawals.destination"),
      cell: ({ row }) => <WithdrawalDestination source={row.original} />,
    },
    {
      id: "status",
      header: t("withdrawals.status"),
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <WithdrawalStatusBadge
            status={row.original.status}
            rejected={row.original.rejected}
            scheduledFor={row.original.scheduledFor}
            cancellable={row.original.cancellable}
          />
          {row.original.reason && (
            <span className="max-w-56 truncate text-xs text-muted-foreground">{row.original.reason}</span>
          )}
        </div>
      ),
    },
  ];
}

const ADJUSTMENT_VARIANT: Record<string, "success" | "warn" | "neutral"> = {
  POSTED: "success",
  REQUESTED: "warn",
  REJECTED: "neutral",
};

/** An adjustment's status as a badge; a status the catalogue lacks is shown as the API names it. */
function AdjustmentStatusBadge({ status }: { status: string }) {
  const t = useTranslations("companies.adjustments.statuses");
  const key = status as "POSTED";
  return <Badge variant={ADJUSTMENT_VARIANT[status] ?? "neutral"}>{t.has(key) ? t(key) : status}</Badge>;
}

function adjustmentColumns(t: CompaniesT): ColumnDef<AdjustmentRow, unknown>[] {
  return [
    {
      id: "created",
      header: t("adjustments.created"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} />,
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("adjustments.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} signed tone className="font-medium" />,
    },
    {
      id: "description",
      header: t("adjustments.reason"),
      cell: ({ row }) => <span className="block max-w-80 truncate">{row.original.description}</span>,
    },
    {
      id: "status",
      header: t("adjustments.status"),
      cell: ({ row }) => <AdjustmentStatusBadge status={row.original.status} />,
    },
    {
      id: "by",
      header: t("adjustments.by"),
      cell: ({ row }) => <span className="font-mono text-xs text-muted-foreground">{row.original.requestedBy}</span>,
    },
  ];
}

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
  const t = useTranslations("companies");
  const tBilling = useTranslations("billing");
  const { setState } = useTableUrlState(companyPageFilters);
  const tabs = (
    <TabsNav
      label={t("tabs.label")}
      value={tab}
      options={[
        {
          value: "charges",
          label: (
            <>
              <ReceiptIcon aria-hidden className="hidden sm:block" /> {t("tabs.charges")}
            </>
          ),
        },
        {
          value: "withdrawals",
          label: (
            <>
              <ArrowLeftRightIcon aria-hidden className="hidden sm:block" /> {t("tabs.withdrawals")}
            </>
          ),
        },
        {
          value: "adjustments",
          label: (
            <>
              <ScaleIcon aria-hidden className="hidden sm:block" /> {t("tabs.adjustments")}
            </>
          ),
        },
      ]}
      onChange={(next: Tab) => void setState({ tab: next, status: null, page: 1 })}
    />
  );
  const statusFilter = (options: readonly string[], labels: Record<string, React.ReactNode>) => (
    <DataTableFacetedFilter
      title={t("tabs.status")}
      options={options.map((value) => ({ value, label: labels[value] ?? value }))}
      selected={status ? [status] : []}
      onChange={(values) => void setState({ status: (values[0] ?? null) as CompanyListStatus | null, page: 1 })}
    />
  );

  if (tab === "withdrawals" && withdrawals) {
    return (
      <DataTable
        label={t("withdrawals.label")}
        columns={withdrawalColumns(t)}
        data={withdrawals.rows}
        getRowId={(row) => row.id}
        toolbar={
          <>
            {tabs}
            {statusFilter(WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS)}
          </>
        }
        pagination={{ kind: "offset", page, perPage, total: withdrawals.total }}
        empty={{ title: t("withdrawals.empty"), description: t("withdrawals.emptyDescription") }}
        mobileCard={(row) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Money value={row.amount} className="font-semibold" />
              <p className="truncate font-mono text-xs text-muted-foreground">{row.withdrawalReference}</p>
              <p className="text-xs text-muted-foreground">
                <DateTime value={row.createdAt} />
              </p>
            </div>
            <WithdrawalStatusBadge
              status={row.status}
              rejected={row.rejected}
              scheduledFor={row.scheduledFor}
              cancellable={row.cancellable}
            />
          </div>
        )}
      />
    );
  }
  if (tab === "adjustments" && adjustments) {
    return (
      <DataTable
        label={t("adjustments.label")}
        columns={adjustmentColumns(t)}
        data={adjustments.rows}
        getRowId={(row) => row.id}
        toolbar={tabs}
        pagination={{ kind: "offset", page, perPage, total: adjustments.total }}
        empty={{ title: t("adjustments.empty"), description: t("adjustments.emptyDescription") }}
        mobileCard={(row) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Money value={row.amount} signed tone className="font-semibold" />
              <p className="truncate text-sm">{row.description}</p>
              <p className="text-xs text-muted-foreground">
                <DateTime value={row.createdAt} />
              </p>
            </div>
            <AdjustmentStatusBadge status={row.status} />
          </div>
        )}
      />
    );
  }
  return (
    <DataTable
      label={t("charges.label")}
      columns={chargeColumns(t, tBilling)}
      data={charges?.rows ?? []}
      getRowId={(row) => row.id}
      toolbar={
        <>
          {tabs}
          {statusFilter(CHARGE_STATUSES, CHARGE_STATUS_LABELS)}
        </>
      }
      pagination={{ kind: "offset", page, perPage, total: charges?.total ?? 0 }}
      empty={{ title: t("charges.empty"), description: t("charges.emptyDescription") }}
      mobileCard={(row) => (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Money value={row.amount} className="font-semibold" />
            <PaidAmountLine amount={row.amount} paidAmount={row.paidAmount} />
            <p className="truncate text-sm text-muted-foreground">{row.description ?? row.id}</p>
            <div className="flex flex-wrap items-center gap-2">
              <ChargeTypeBadge type={row.type} />
              <DueDateLine dueDate={row.dueDate} />
            </div>
            <p className="text-xs text-muted-foreground">
              <DateTime value={row.createdAt} />
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <ChargeStatusBadge status={row.status} />
            <ChargeFlags charge={row} />
          </div>
        </div>
      )}
    />
  );
}
