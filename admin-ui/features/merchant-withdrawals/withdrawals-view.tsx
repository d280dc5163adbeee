"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ArrowLeftRightIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { WITHDRAWAL_STATUS_LABELS, WithdrawalStatusBadge } from "@/components/status-badge";
import { type DestinationSource, useDestinationText, WithdrawalDestination } from "@/features/withdrawals/destination";
import { WithdrawalSchedule } from "@/features/withdrawals/schedule";
import type { MerchantWithdrawalRowFragment, WithdrawalStatus } from "@/gql/graphql";
import { merchantWithdrawalFilters, WITHDRAWAL_STATUSES } from "./search-params";

type Row = MerchantWithdrawalRowFragment;
type T = ReturnType<typeof useTranslations<"merchantWithdrawals">>;

function columnsOf(t: T): ColumnDef<Row, unknown>[] {
  return [
    {
      id: "requested",
      header: t("list.columns.requested"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
    },
    {
      id: "reference",
      header: t("list.columns.reference"),
      cell: ({ row }) => (
        <Link
          href={`/m/withdrawals/${row.original.id}`}
          className="font-mono text-xs font-medium hover:underline focus-visible:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.withdrawalReference}
        </Link>
      ),
    },
    {
      id: "destination",
      header: t("list.columns.destination"),
      cell: ({ row }) => <WithdrawalDestination source={row.original} />,
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("list.columns.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
    },
    {
      id: "status",
      header: t("list.columns.status"),
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <WithdrawalStatusBadge
            status={row.original.status}
            rejected={row.original.rejected}
            scheduledFor={row.original.scheduledFor}
            cancellable={row.original.cancellable}
          />
          {row.original.status === "PENDING" && row.original.queuePosition != null && (
            <span className="text-xs text-muted-foreground">
              {t("list.inYourQueue", { position: row.original.queuePosition })}
            </span>
          )}
          <WithdrawalSchedule source={row.original} />
        </div>
      ),
    },
  ];
}

export function MerchantWithdrawalsView({
  rows,
  total,
  totalCapped,
  status,
  page,
  perPage,
}: {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  status: WithdrawalStatus | null;
  page: number;
  perPage: number;
}) {
  const t = useTranslations("merchantWithdrawals");
  const router = useRouter();
  const { setState, isPending } = useTableUrlState(merchantWithdrawalFilters);
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <DataTable
      label={t("list.label")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      onRowClick={(row) => router.push(`/m/withdrawals/${row.id}`)}
      toolbar={
        <DataTableFacetedFilter
          title={t("list.statusFilter")}
          options={WITHDRAWAL_STATUSES.map((value) => ({ value, label: WITHDRAWAL_STATUS_LABELS[value] }))}
          selected={status ? [status] : []}
          onChange={(values) => void setState({ status: (values[0] as WithdrawalStatus) ?? null, page: 1 })}
        />
      }
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      empty={
        status
          ? { title: t("list.noMatch"), description: t("list.noMatchDescription") }
          : {
              title: t("list.empty"),
              description: t("list.emptyDescription"),
              icon: ArrowLeftRightIcon,
            }
      }
      mobileCard={(row) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <Money value={row.amount} className="text-base font-semibold" />
            <WithdrawalStatusBadge
              status={row.status}
              rejected={row.rejected}
              scheduledFor={row.scheduledFor}
              cancellable={row.cancellable}
            />
          </div>
          <MerchantCardDestination source={row} />
          <p className="text-xs text-muted-foreground">
            <DateTime value={row.createdAt} /> · <span className="font-mono">{row.withdrawalReference}</span>
            {row.status === "PENDING" &&
              row.queuePosition != null &&
              ` · ${t("list.inQueue", { position: row.queuePosition })}`}
          </p>
          <WithdrawalSchedule source={row} />
        </div>
      )}
    />
  );
}

/** A card's destination line: what it is, then the key or account. */
function MerchantCardDestination({ source }: { source: DestinationSource }) {
  const text = useDestinationText()(source);
  return (
    <p className="truncate font-mono text-xs">
      {text.detail} · {text.main}
    </p>
  );
}
