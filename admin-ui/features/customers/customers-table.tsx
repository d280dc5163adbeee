"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { UsersIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import type { CustomerRowFragment } from "@/gql/graphql";
import { formatDocument } from "@/lib/format";

type Row = CustomerRowFragment;

/** The account's customers, newest first; the search box finds one by CPF or CNPJ (the URL's `q`). */
export function CustomersTable({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  searched,
}: {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  searched: boolean;
}) {
  const t = useTranslations("customers.list");
  const router = useRouter();
  const { isPending } = useTableUrlState({});
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: "name",
      header: t("columns.name"),
      cell: ({ row }) => (
        <Link
          href={`/m/customers/${row.original.id}`}
          className="block max-w-64 truncate font-medium hover:underline focus-visible:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: "document",
      header: t("columns.document"),
      cell: ({ row }) => <span className="font-mono text-xs">{formatDocument(row.original.document)}</span>,
    },
    {
      id: "contact",
      header: t("columns.contact"),
      meta: { className: "hidden md:table-cell" },
      cell: ({ row }) => (
        <span className="flex max-w-56 flex-col text-xs text-muted-foreground">
          <span className="truncate">{row.original.email ?? "—"}</span>
          {row.original.phone && <span>{row.original.phone}</span>}
        </span>
      ),
    },
    {
      id: "created",
      header: t("columns.created"),
      cell: ({ row }) => <DateTime value={row.original.createdAt} className="tabular text-sm" />,
    },
  ];
  return (
    <DataTable
      label={t("label")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      onRowClick={(row) => router.push(`/m/customers/${row.id}`)}
      toolbar={<DataTableSearch placeholder={t("searchPlaceholder")} label={t("searchLabel")} />}
      pagination={searched ? undefined : { kind: "offset", page, perPage, total, totalCapped }}
      empty={
        searched
          ? { title: t("noMatch"), description: t("noMatchDescription") }
          : { title: t("empty"), description: t("emptyDescription"), icon: UsersIcon }
      }
      mobileCard={(row) => (
        <div className="flex flex-col gap-1">
          <p className="truncate font-medium">{row.name}</p>
          <p className="font-mono text-xs text-muted-foreground">{formatDocument(row.document)}</p>
          {row.email && <p className="truncate text-xs text-muted-foreground">{row.email}</p>}
        </div>
      )}
    />
  );
}
