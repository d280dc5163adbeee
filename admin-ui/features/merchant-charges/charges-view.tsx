"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ReceiptIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { CHARGE_STATUS_LABELS, ChargeFlags, ChargeStatusBadge } from "@/components/status-badge";
import { ChargeTypeBadge, ChargeTypeName, DueDateLine, PaidAmountLine } from "@/features/billing/charge-terms";
import { MONEY_BACK_FILTERS } from "@/features/charges/search-params";
import type { ChargeStatus, MerchantChargeRowFragment } from "@/gql/graphql";
import { chargeReference } from "@/lib/format";
import { DateRangeFilter } from "../statement/date-range-filter";
import type { ChargeListPage, ChargeListParams } from "./queries";
import { CHARGE_STATUSES, CHARGE_TYPES, chargeFilters } from "./search-params";

type Row = MerchantChargeRowFragment;

/** The table's columns, titled in the reader's language. */
function chargeColumns(
  t: ReturnType<typeof useTranslations<"merchantCharges.list">>,
  tBilling: ReturnType<typeof useTranslations<"billing">>,
): ColumnDef<Row, unknown>[] {
  return [
    {
      id: "created",
      header: t("columns.created"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
    },
    {
      id: "charge",
      header: t("columns.charge"),
      cell: ({ row }) => (
        <div className="flex max-w-64 flex-col">
          <Link
            href={`/m/charges/${row.original.id}`}
            className="truncate font-medium hover:underline focus-visible:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.description || t("fallbackName", { id: row.original.id })}
          </Link>
          <span className="font-mono text-xs text-muted-foreground">{chargeReference(row.original.id)}</span>
        </div>
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
      id: "payer",
      header: t("columns.payer"),
      cell: ({ row }) => (
        <span className="block max-w-40 truncate text-sm">
          {row.original.payer?.name ?? row.original.payerName ?? "—"}
        </span>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("columns.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <>
          <Money value={row.original.amount} className="font-medium" />
          <PaidAmountLine amount={row.original.amount} paidAmount={row.original.paidAmount} />
        </>
      ),
    },
    {
      id: "net",
      header: () => <span className="block text-right">{t("columns.net")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) =>
        row.original.status === "PAID" ? (
          <Money value={row.original.netAmount} className="text-muted-foreground" />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "status",
      header: t("columns.status"),
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1">
          <ChargeStatusBadge status={row.original.status} />
          <ChargeFlags charge={row.original} />
        </div>
      ),
    },
  ];
}

/** The merchant's charges: status, created days and search in the URL; the server page fetched the rows. */
export function ChargesView({ params, page }: { params: ChargeListParams; page: ChargeListPage }) {
  const t = useTranslations("merchantCharges.list");
  const tBilling = useTranslations("billing");
  // The filter's words are the operators' list's: one name for one filter.
  const tCharges = useTranslations("charges.table");
  const router = useRouter();
  const { setState, isPending } = useTableUrlState(chargeFilters);
  const filtered = Boolean(params.status || params.type || params.moneyBack || params.q || params.from || params.to);
  return (
    <DataTable
      label={t("label")}
      columns={chargeColumns(t, tBilling)}
      data={page.rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      onRowClick={(row) => router.push(`/m/charges/${row.id}`)}
      toolbar={
        <>
          <DataTableSearch placeholder={t("searchPlaceholder")} label={t("searchLabel")} />
          <DataTableFacetedFilter
            title={t("statusFilter")}
            options={CHARGE_STATUSES.map((status) => ({ value: status, label: CHARGE_STATUS_LABELS[status] }))}
            selected={params.status ? [params.status] : []}
            onChange={(values) => void setState({ status: (values[0] as ChargeStatus) ?? null, page: 1 })}
          />
          <DataTableFacetedFilter
            title={tBilling("typeFilter")}
            options={CHARGE_TYPES.map((type) => ({ value: type, label: <ChargeTypeName type={type} /> }))}
            selected={params.type ? [params.type] : []}
            onChange={(values) =>
              void setState({ type: (values[0] as (typeof CHARGE_TYPES)[number]) ?? null, page: 1 })
            }
          />
          <DataTableFacetedFilter
            title={tCharges("moneyBackFilter")}
            options={MONEY_BACK_FILTERS.map((value) => ({ value, label: tCharges(`moneyBackOptions.${value}`) }))}
            selected={params.moneyBack ? [params.moneyBack] : []}
            onChange={(values) =>
              void setState({ moneyBack: (values[0] as (typeof MONEY_BACK_FILTERS)[number]) ?? null, page: 1 })
            }
          />
          {!page.searched && <DateRangeFilter />}
        </>
      }
      pagination={
        page.searched
          ? undefined
          : {
              kind: "offset",
              page: params.page,
              perPage: params.perPage,
              total: page.total,
              totalCapped: page.totalCapped,
            }
      }
      empty={
        filtered
          ? { title: t("noMatch"), description: t("noMatchDescription") }
          : {
              title: t("empty"),
              description: t("emptyDescription"),
              icon: ReceiptIcon,
            }
      }
      mobileCard={(row) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Money value={row.amount} className="text-base font-semibold" />
              <PaidAmountLine amount={row.amount} paidAmount={row.paidAmount} />
              <p className="truncate text-sm text-muted-foreground">
                {row.description || t("fallbackName", { id: row.id })}
              </p>
              {(row.payer?.name ?? row.payerName) && (
                <p className="truncate text-xs text-muted-foreground">{row.payer?.name ?? row.payerName}</p>
              )}
            </div>
            <ChargeStatusBadge status={row.status} />
          </div>
          <p className="text-xs text-muted-foreground">
            <DateTime value={row.createdAt} /> · <span className="font-mono">{chargeReference(row.id)}</span>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <ChargeTypeBadge type={row.type} />
            <DueDateLine dueDate={row.dueDate} />
          </div>
        </div>
      )}
    />
  );
}
