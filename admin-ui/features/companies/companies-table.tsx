"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Building2Icon, ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { formatBRL, formatDate } from "@/lib/format";
import { type CompanyRow, feePlan, formatCnpj } from "./list";

const columns: ColumnDef<CompanyRow, unknown>[] = [
  {
    id: "name",
    header: "Company",
    cell: ({ row }) => (
      <div className="flex flex-col">
        <Link
          href={`/ops/companies/${row.original.id}`}
          className="font-medium hover:underline focus-visible:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.name}
        </Link>
        <span className="font-mono text-xs text-muted-foreground">
          {row.original.cnpj ? formatCnpj(row.original.cnpj) : row.original.id}
        </span>
      </div>
    ),
  },
  {
    id: "balance",
    header: () => <span className="block text-right">Balance</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => <Money value={row.original.balance} tone className="font-medium" />,
  },
  {
    id: "fee",
    header: "Fee plan",
    cell: ({ row }) => <span className="tabular">{feePlan(row.original)}</span>,
  },
  {
    id: "autoApprove",
    header: "Auto-approve",
    cell: ({ row }) =>
      row.original.autoApproveLimit ? (
        <span className="tabular">up to {formatBRL(row.original.autoApproveLimit)}</span>
      ) : (
        <span className="text-muted-foreground">Off</span>
      ),
  },
  {
    id: "webhook",
    header: "Webhook",
    cell: ({ row }) =>
      row.original.webhookUrl ? <Badge variant="success">Configured</Badge> : <Badge variant="neutral">Not set</Badge>,
  },
  {
    id: "createdAt",
    header: "Created",
    cell: ({ row }) => <span className="tabular text-muted-foreground">{formatDate(row.original.createdAt)}</span>,
  },
];

export function CompaniesTable({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  searching,
}: {
  rows: CompanyRow[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  searching: boolean;
}) {
  const router = useRouter();
  return (
    <DataTable
      label="Companies"
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      toolbar={<DataTableSearch placeholder="Name, CNPJ or ID" label="Search companies" />}
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      onRowClick={(row) => router.push(`/ops/companies/${row.id}`)}
      empty={
        searching
          ? { title: "No company matches", description: "Search by the start of the name, the CNPJ or the comp_ id." }
          : {
              title: "No companies yet",
              description: "Companies created through the API appear here.",
              icon: Building2Icon,
            }
      }
      mobileCard={(row) => (
        <Link href={`/ops/companies/${row.id}`} className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{row.name}</p>
            <p className="truncate font-mono text-xs text-muted-foreground">{row.id}</p>
            <p className="mt-1 text-xs text-muted-foreground">Fee {feePlan(row)}</p>
          </div>
          <div className="flex items-center gap-2">
            <Money value={row.balance} tone className="font-semibold" />
            <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
          </div>
        </Link>
      )}
    />
  );
}
