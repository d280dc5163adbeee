"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ReceiptIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { ChargeStatusBadge } from "@/components/status-badge";
import { ChargeTypeBadge, DueDateLine, PaidAmountLine } from "@/features/billing/charge-terms";
import type { MerchantChargeRowFragment } from "@/gql/graphql";
import { chargeReference } from "@/lib/format";

type Row = MerchantChargeRowFragment;

/** One customer's charges, newest first, paged by the URL's page. */
export function CustomerCharges({
  rows,
  total,
  totalCapped,
  page,
  perPage,
}: {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
}) {
  const t = useTranslations("customers.detail");
  const tList = useTranslations("merchantCharges.list");
  const tColumns = useTranslations("billing.columns");
  const router = useRouter();
  const { isPending } = useTableUrlState({});
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: "created",
      header: tList("columns.created"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
    },
    {
      id: "charge",
      header: tList("columns.charge"),
      cell: ({ row }) => (
        <div className="flex max-w-64 flex-col">
          <Link
            href={`/m/charges/${row.original.id}`}
            className="truncate font-medium hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.description || tList("fallbackName", { id: row.original.id })}
          </Link>
          <span className="font-mono text-xs text-muted-foreground">{chargeReference(row.original.id)}</span>
        </div>
      ),
    },
    {
      id: "type",
      header: tColumns("type"),
      cell: ({ row }) => (
        <div className="flex flex-col gap-0.5">
          <ChargeTypeBadge type={row.original.type} />
          <DueDateLine dueDate={row.original.dueDate} />
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{tList("columns.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <>
          <Money value={row.original.amount} className="font-medium" />
          <PaidAmountLine amount={row.original.amount} paidAmount={row.original.paidAmount} />
        </>
      ),
    },
    {
      id: "status",
      header: tList("columns.status"),
      cell: ({ row }) => <ChargeStatusBadge status={row.original.status} />,
    },
  ];
  return (
    <DataTable
      label={t("chargesLabel")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      onRowClick={(row) => router.push(`/m/charges/${row.id}`)}
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      empty={{ title: t("noCharges"), description: t("noChargesDescription"), icon: ReceiptIcon }}
      mobileCard={(row) => (
        <div className="flex flex-col gap-1">
          <div className="flex items-start justify-between gap-2">
            <Money value={row.amount} className="text-base font-semibold" />
            <ChargeStatusBadge status={row.status} />
          </div>
          <p className="truncate text-sm text-muted-foreground">
            {row.description || tList("fallbackName", { id: row.id })}
          </p>
          <DueDateLine dueDate={row.dueDate} />
        </div>
      )}
    />
  );
}
