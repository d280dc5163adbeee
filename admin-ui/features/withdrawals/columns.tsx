"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { BanIcon, CheckIcon, CopyIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations as useT, type useTranslations } from "next-intl";
import { DataTableColumnHeader } from "@/components/data-table/data-table-column-header";
import { DataTableRowActions } from "@/components/data-table/data-table-row-actions";
import { RelativeTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { WithdrawalRowFragment } from "@/gql/graphql";
import { formatDateTime } from "@/lib/format";
import { RecipientLine, WithdrawalDestination } from "./destination";
import { WithdrawalSchedule } from "./schedule";

export type WithdrawalRow = WithdrawalRowFragment;

export interface WithdrawalActions {
  /** The withdrawals catalogue and the key types' names, for the column texts. */
  t: ReturnType<typeof useTranslations<"withdrawals">>;
  keyType: (type: string) => string;
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
  const t = useT("withdrawals");
  if (row.status !== "PENDING" || row.approvalsRequired < 2) return null;
  return (
    <Badge variant="outline" className="tabular" title={t("approvalsTitle")}>
      {t("approvals", { given: row.approvals.length, required: row.approvalsRequired })}
    </Badge>
  );
}

export function withdrawalColumns(actions: WithdrawalActions): ColumnDef<WithdrawalRow, unknown>[] {
  const { t } = actions;
  return [
    {
      id: "requested",
      header: () =>
        actions.showQueuePosition ? (
          t("table.waiting")
        ) : (
          <DataTableColumnHeader id="requested" title={t("table.requested")} />
        ),
      cell: ({ row }) => (
        <div className="flex flex-col">
          <RelativeTime value={row.original.createdAt} className="text-sm font-medium" />
          <span className="tabular text-xs text-muted-foreground">{formatDateTime(row.original.createdAt)}</span>
        </div>
      ),
    },
    {
      id: "company",
      header: t("table.company"),
      cell: ({ row }) => (
        <div className="flex max-w-52 flex-col">
          <Link
            href={`/ops/companies/${row.original.companyId}`}
            className="min-h-6 truncate leading-6 font-medium hover:underline focus-visible:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {actions.companyName(row.original.companyId)}
          </Link>
          {/* Both links a full 24 px line: stacked, a shorter one is a target too small to hit (WCAG 2.5.8). */}
          <Link
            href={`/ops/withdrawals/${row.original.id}`}
            className="min-h-6 font-mono text-xs leading-6 text-muted-foreground hover:text-foreground hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.withdrawalReference}
          </Link>
        </div>
      ),
    },
    {
      id: "destination",
      header: t("table.destination"),
      cell: ({ row }) => (
        <div className="flex max-w-40 flex-col">
          <WithdrawalDestination source={row.original} className="flex flex-col" />
          <RecipientLine recipient={row.original.recipient} warnings={row.original.recipientWarnings} />
          <WithdrawalSchedule source={row.original} />
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("table.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
    },
    actions.showQueuePosition
      ? {
          id: "queue",
          header: t("table.queue"),
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
          header: t("table.status"),
          cell: ({ row }) => (
            <div className="flex flex-col items-start gap-1">
              <WithdrawalStatusBadge
                status={row.original.status}
                rejected={row.original.rejected}
                scheduledFor={row.original.scheduledFor}
                cancellable={row.original.cancellable}
              />
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
      header: () => <span className="sr-only">{t("table.actions")}</span>,
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
                aria-label={t("row.rejectFor", { reference: w.withdrawalReference })}
              >
                {t("row.reject")}
              </Button>
            )}
            {canApprove && actions.showQueuePosition && (
              <Button
                size="sm"
                onClick={(event) => {
                  event.stopPropagation();
                  actions.approve(w);
                }}
                aria-label={t("row.approveFor", { reference: w.withdrawalReference })}
              >
                {t("row.approve")}
              </Button>
            )}
            <DataTableRowActions
              label={t("row.moreFor", { reference: w.withdrawalReference })}
              actions={[
                ...(canApprove
                  ? [{ key: "approve", label: t("row.approve"), icon: CheckIcon, onSelect: () => actions.approve(w) }]
                  : []),
                ...(canReject
                  ? [
                      {
                        key: "reject",
                        label: t("row.rejectMenu"),
                        icon: BanIcon,
                        destructive: true,
                        onSelect: () => actions.reject(w),
                      },
                    ]
                  : []),
                {
                  key: "copyId",
                  label: t("row.copyId"),
                  icon: CopyIcon,
                  separatorBefore: canApprove || canReject,
                  onSelect: () => actions.copy(w.id),
                },
                {
                  key: "copyReference",
                  label: t("row.copyReference"),
                  icon: CopyIcon,
                  onSelect: () => actions.copy(w.withdrawalReference),
                },
              ]}
            />
          </div>
        );
      },
    },
  ];
}
