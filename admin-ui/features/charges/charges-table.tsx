"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ReceiptIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { DayRangeFilter } from "@/components/data-table/day-range-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { CHARGE_STATUS_LABELS, ChargeFlags, ChargeStatusBadge } from "@/components/status-badge";
import { ChargeTypeBadge, ChargeTypeName, DueDateLine, PaidAmountLine } from "@/features/billing/charge-terms";
import { CompanyFilter } from "@/features/companies/company-filter";
import type { ChargeRowFragment, ChargeStatus, ChargeType } from "@/gql/graphql";
import { chargeReference, formatDateTime } from "@/lib/format";
import { CHARGE_STATUSES, CHARGE_TYPES, chargeFilters, MONEY_BACK_FILTERS, RESERVED_FILTERS } from "./search-params";

/** Every account's charges, newest first, paged by cursor; filters live in the URL. */
export function ChargesTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  status,
  reserved,
  moneyBack,
  type,
  company,
  from,
  to,
  companies,
  searching,
}: {
  rows: ChargeRowFragment[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  status: ChargeStatus | null;
  reserved: (typeof RESERVED_FILTERS)[number] | null;
  moneyBack: (typeof MONEY_BACK_FILTERS)[number] | null;
  type: ChargeType | null;
  company: string | null;
  from: string | null;
  to: string | null;
  companies: Array<{ id: string; name: string }>;
  /** The rows are the search's hits (the URL's `q`), not a page of the list. */
  searching: boolean;
}) {
  const t = useTranslations("charges.table");
  const tBilling = useTranslations("billing");
  const router = useRouter();
  const { setState } = useTableUrlState(chargeFilters);
  const names = new Map(companies.map((c) => [c.id, c.name]));
  const companyName = (id: string) => names.get(id) ?? id;
  const filtered = Boolean(searching || status || reserved || moneyBack || type || company || from || to);

  const columns: ColumnDef<ChargeRowFragment, unknown>[] = [
    {
      id: "created",
      header: t("created"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} />,
    },
    {
      id: "charge",
      header: t("charge"),
      cell: ({ row }) => (
        <div className="flex max-w-60 flex-col">
          <Link
            href={`/ops/charges/${row.original.id}`}
            className="font-mono text-xs font-medium hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {chargeReference(row.original.id)}
          </Link>
          <span className="truncate text-xs text-muted-foreground">
            {row.original.description ?? t("noDescription")}
          </span>
        </div>
      ),
    },
    {
      id: "company",
      header: t("company"),
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
      header: () => <span className="block text-right">{t("amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <div className="flex flex-col items-end">
          <Money value={row.original.amount} className="font-medium" />
          <PaidAmountLine amount={row.original.amount} paidAmount={row.original.paidAmount} />
          <span className="text-xs text-muted-foreground">
            {t.rich("net", { money: () => <Money value={row.original.netAmount} /> })}
          </span>
        </div>
      ),
    },
    {
      id: "status",
      header: t("status"),
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <ChargeStatusBadge status={row.original.status} />
          <ChargeFlags charge={row.original} />
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
      header: t("payer"),
      meta: { className: "hidden lg:table-cell" },
      // The payer the charge is addressed to (a due-date charge's), else whoever paid it.
      cell: ({ row }) =>
        (row.original.payer?.name ?? row.original.payerName) ? (
          <span className="block max-w-40 truncate">{row.original.payer?.name ?? row.original.payerName}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];

  return (
    <DataTable
      label={t("label")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      onRowClick={(row) => router.push(`/ops/charges/${row.id}`)}
      toolbar={
        <>
          <DataTableSearch placeholder={t("search.placeholder")} label={t("search.label")} />
          <CompanyFilter
            company={company}
            companyName={company ? companyName(company) : null}
            onChange={(id) => void setState({ company: id, after: null })}
          />
          <DataTableFacetedFilter
            title={t("statusFilter")}
            options={CHARGE_STATUSES.map((value) => ({ value, label: CHARGE_STATUS_LABELS[value] }))}
            selected={status ? [status] : []}
            onChange={(values) => void setState({ status: (values[0] as ChargeStatus) ?? null, after: null })}
          />
          <DataTableFacetedFilter
            title={tBilling("typeFilter")}
            options={CHARGE_TYPES.map((value) => ({ value, label: <ChargeTypeName type={value} /> }))}
            selected={type ? [type] : []}
            onChange={(values) =>
              void setState({ type: (values[0] as (typeof CHARGE_TYPES)[number]) ?? null, after: null })
            }
          />
          <DataTableFacetedFilter
            title={t("reserveFilter")}
            options={RESERVED_FILTERS.map((value) => ({ value, label: t(`reservedOptions.${value}`) }))}
            selected={reserved ? [reserved] : []}
            onChange={(values) =>
              void setState({ reserved: (values[0] as (typeof RESERVED_FILTERS)[number]) ?? null, after: null })
            }
          />
          <DataTableFacetedFilter
            title={t("moneyBackFilter")}
            options={MONEY_BACK_FILTERS.map((value) => ({ value, label: t(`moneyBackOptions.${value}`) }))}
            selected={moneyBack ? [moneyBack] : []}
            onChange={(values) =>
              void setState({ moneyBack: (values[0] as (typeof MONEY_BACK_FILTERS)[number]) ?? null, after: null })
            }
          />
          <DayRangeFilter
            from={from}
            to={to}
            labels={{ from: t("createdFrom"), to: t("createdTo") }}
            onChange={(change) => void setState({ ...change, after: null })}
          />
        </>
      }
      pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
      empty={{
        title: filtered ? t("noMatch") : t("empty"),
        description: filtered ? t("noMatchDescription") : t("emptyDescription"),
        icon: ReceiptIcon,
      }}
      mobileCard={(row) => (
        <Link href={`/ops/charges/${row.id}`} className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Money value={row.amount} className="text-base font-semibold" />
              <PaidAmountLine amount={row.amount} paidAmount={row.paidAmount} />
              <p className="truncate text-sm text-muted-foreground">{companyName(row.companyId)}</p>
              {(row.payer?.name ?? row.payerName) && (
                <p className="truncate text-xs text-muted-foreground">{row.payer?.name ?? row.payerName}</p>
              )}
            </div>
            <div className="flex flex-col items-end gap-1">
              <ChargeStatusBadge status={row.status} />
              <ChargeFlags charge={row} />
            </div>
          </div>
          <p className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{chargeReference(row.id)}</span> · {formatDateTime(row.createdAt)}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <ChargeTypeBadge type={row.type} />
            <DueDateLine dueDate={row.dueDate} />
          </div>
        </Link>
      )}
    />
  );
}
