"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { BanIcon, CheckIcon, CopyIcon } from "lucide-react";
import Link from "next/link";
import { DataTableColumnHeader } from "@/components/data-table/data-table-column-header";
import { DataTableRowActions } from "@/components/data-table/data-table-row-actions";
import { RelativeTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import type { WithdrawalRowFragment } from "@/gql/graphql";
import { formatDateTime, formatPixKey } from "@/lib/format";
import { keyTypeLabel } from "./key-types";

export { keyTypeLabel };

export type WithdrawalRow = WithdrawalRowFragment;

export interface WithdrawalActions {
  canAct: boolean;
  /** "operator:usr_…" of the signed-in operator: an operator cannot approve twice. */
  viewerActor: string;
  companyName: (id: string) => string;
  approve: (row: WithdrawalRow) => void;
  reject: (row: WithdrawalRow) => void;
  copy: (text: string) => void;
  showQueuePosition: boolean;
}

/** Whether this operator can approve this row now (PENDING and not already approved by them). */
export function approvable(row: WithdrawalRow, actions: Pick<WithdrawalActions, "canAct" | "viewerActor">): boolean {
  return (
    actions.canAct &&
    row.status === "PENDING" &&
    !row.approvals.some((approval) => approval.operator === actions.viewerActor)
  );
}

export function ApprovalProgress({ row }: { row: WithdrawalRow }) {
  if (row.status !== "PENDING" || row.approvalsRequired < 2) return null;
  return (
    <Badge variant="outline" className="tabular" title="Approvals by different operators">
      {row.approvals.length} of {row.approvalsRequired} approvals
    </Badge>
  );
}

export function withdrawalColumns(actions: WithdrawalActions): ColumnDef<WithdrawalRow, unknown>[] {
  return [
    {
      id: "requested",
      header: () =>
        actions.showQueuePosition ? "Waiting" : <DataTableColumnHeader id="requested" title="Requested" />,
      cell: ({ row }) => (
        <div className="flex flex-col">
          <RelativeTime value={row.original.createdAt} className="text-sm font-medium" />
          <span className="tabular text-xs text-muted-foreground">{formatDateTime(row.original.createdAt)}</span>
        </div>
      ),
    },
    {
      id: "company",
      header: "Company",
      cell: ({ row }) => (
        <div className="flex max-w-52 flex-col">
          <Link
            href={`/ops/companies/${row.original.companyId}`}
            className="truncate font-medium hover:underline focus-visible:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {actions.companyName(row.original.companyId)}
          </Link>
          <Link
            href={`/ops/withdrawals/${row.original.id}`}
            className="font-mono text-xs text-muted-foreground hover:text-foreground hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.withdrawalReference}
          </Link>
        </div>
      ),
    },
    {
      id: "destination",
      header: "Destination",
      cell: ({ row }) => (
        <div className="flex max-w-48 flex-col">
          <span className="truncate font-mono text-xs" title={row.original.pixKey}>
            {formatPixKey(row.original.pixKeyType, row.original.pixKey)}
          </span>
          <span className="text-xs text-muted-foreground">{keyTypeLabel(row.original.pixKeyType)}</span>
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">Amount</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
    },
    actions.showQueuePosition
      ? {
          id: "queue",
          header: "In account queue",
          cell: ({ row }) => (
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="tabular text-muted-foreground">
                {row.original.queuePosition != null ? `#${row.original.queuePosition}` : "—"}
              </span>
              <ApprovalProgress row={row.original} />
            </div>
          ),
        }
      : {
          id: "status",
          header: "Status",
          cell: ({ row }) => (
            <div className="flex flex-col items-start gap-1">
              <WithdrawalStatusBadge status={row.original.status} />
              <ApprovalProgress row={row.original} />
              {row.original.reason && (
                <span className="max-w-48 truncate text-xs text-muted-foreground" title={row.original.reason}>
                  {row.original.reason}
                </span>
              )}
            </div>
          ),
        },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => {
        const w = row.original;
        const canApprove = approvable(w, actions);
        const canReject = actions.canAct && w.status === "PENDING";
        return (
          <div className="flex items-center justify-end gap-1.5">
            {canReject && actions.showQueuePosition && (
              <Button
                variant="outline"
                size="sm"
                onClick={(event) => {
                  event.stopPropagation();
                  actions.reject(w);
                }}
                aria-label={`Reject ${w.withdrawalReference}`}
              >
                Reject
              </Button>
            )}
            {canApprove && actions.showQueuePosition && (
              <Button
                size="sm"
                onClick={(event) => {
                  event.stopPropagation();
                  actions.approve(w);
                }}
                aria-label={`Approve ${w.withdrawalReference}`}
              >
                Approve
              </Button>
            )}
            <DataTableRowActions label={`More actions for ${w.withdrawalReference}`}>
              {canApprove && (
                <DropdownMenuItem onSelect={() => actions.approve(w)}>
                  <CheckIcon aria-hidden /> Approve
                </DropdownMenuItem>
              )}
              {canReject && (
                <DropdownMenuItem variant="destructive" onSelect={() => actions.reject(w)}>
                  <BanIcon aria-hidden /> Reject…
                </DropdownMenuItem>
              )}
              {(canApprove || canReject) && <DropdownMenuSeparator />}
              <DropdownMenuItem onSelect={() => actions.copy(w.id)}>
                <CopyIcon aria-hidden /> Copy ID
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => actions.copy(w.withdrawalReference)}>
                <CopyIcon aria-hidden /> Copy reference
              </DropdownMenuItem>
            </DataTableRowActions>
          </div>
        );
      },
    },
  ];
}
