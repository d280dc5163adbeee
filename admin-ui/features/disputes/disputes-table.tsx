"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { GavelIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { Button } from "@/components/ui/button";
import { TabsNav } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import type { DisputeRowFragment, DisputeStatus } from "@/gql/graphql";
import { chargeReference } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { type DisputeAction, DisputeActionDialog } from "./dispute-action-dialog";
import { DisputeAmounts, DisputeDeadline, DisputeStatusBadge } from "./dispute-cells";
import { SubmitDisputeStatementDocument } from "./documents";
import { DISPUTE_STATUSES, disputeFilters } from "./search-params";

/**
 * MED disputes, nearest deadline first, by status. Operators who act on money accept, contest
 * or close each (every action behind a confirmation naming the account and the amount);
 * merchants read theirs and their charge.
 */
export function DisputesTable({
  rows,
  total,
  perPage,
  after,
  endCursor,
  hasNextPage,
  status,
  audience,
  canAct,
  companies,
}: {
  rows: DisputeRowFragment[];
  total: number;
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  status: DisputeStatus;
  audience: "operator" | "merchant";
  canAct: boolean;
  companies: Array<{ id: string; name: string }>;
}) {
  const t = useTranslations("disputes");
  const { setState } = useTableUrlState(disputeFilters);
  const [acting, setActing] = useState<{ dispute: DisputeRowFragment; action: DisputeAction } | null>(null);
  const [answering, setAnswering] = useState<DisputeRowFragment | null>(null);
  const router = useRouter();
  const describe = useErrorMessage();
  const names = new Map(companies.map((company) => [company.id, company.name]));
  const chargeHref = (chargeId: string) =>
    audience === "operator" ? `/ops/charges/${chargeId}` : `/m/charges/${chargeId}`;

  const actions = (row: DisputeRowFragment, className = "flex justify-end gap-1.5 whitespace-nowrap") => {
    if (audience === "merchant") {
      if (row.merchantStatement) {
        return (
          <p className="max-w-64 truncate text-xs text-muted-foreground" title={row.merchantStatement}>
            {t("statement.sent", { statement: row.merchantStatement })}
          </p>
        );
      }
      if (row.status !== "OPEN") return null;
      return (
        <div className={className}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setAnswering(row)}
            aria-label={t("statement.actionFor", { id: row.id })}
          >
            {t("statement.action")}
          </Button>
        </div>
      );
    }
    if (!canAct) return null;
    const open = row.status === "OPEN";
    // The bank holds a claim it returns itself, and its decision closes it.
    const bankCloses = row.returnedByBank && Number(row.heldAmount) > 0;
    if (!open && (row.status !== "REJECTED" || bankCloses)) return null;
    return (
      <div className={className}>
        {open && Number(row.heldAmount) > 0 && (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => setActing({ dispute: row, action: "accept" })}
            aria-label={t("accept.actionFor", { id: row.id })}
          >
            {t("accept.action")}
          </Button>
        )}
        {open && (
          <Button
            size="sm"
            onClick={() => setActing({ dispute: row, action: "contest" })}
            aria-label={t("contest.actionFor", { id: row.id })}
          >
            {t("contest.action")}
          </Button>
        )}
        {!bankCloses && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setActing({ dispute: row, action: "close" })}
            aria-label={t("close.actionFor", { id: row.id })}
          >
            {t("close.action")}
          </Button>
        )}
      </div>
    );
  };

  const columns: ColumnDef<DisputeRowFragment, unknown>[] = [
    { id: "deadline", header: t("table.deadline"), cell: ({ row }) => <DisputeDeadline row={row.original} /> },
    {
      id: "charge",
      header: t("table.charge"),
      cell: ({ row }) => (
        <div className="flex max-w-60 flex-col">
          <Link href={chargeHref(row.original.chargeId)} className="font-mono text-xs hover:underline">
            {chargeReference(row.original.chargeId)}
          </Link>
          {audience === "operator" && (
            <span className="truncate text-xs text-muted-foreground">
              {names.get(row.original.companyId) ?? row.original.companyId}
            </span>
          )}
          <span className="truncate font-mono text-xs text-muted-foreground">{row.original.id}</span>
        </div>
      ),
    },
    {
      id: "nature",
      header: t("table.nature"),
      cell: ({ row }) => (
        <div className="flex max-w-64 flex-col gap-0.5">
          <span>{t(`nature.${row.original.nature}`)}</span>
          {row.original.description && (
            <span className="truncate text-xs text-muted-foreground" title={row.original.description}>
              {row.original.description}
            </span>
          )}
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("table.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <DisputeAmounts row={row.original} />,
    },
    { id: "status", header: t("table.status"), cell: ({ row }) => <DisputeStatusBadge row={row.original} /> },
  ];
  if (canAct || audience === "merchant") {
    columns.push({
      id: "actions",
      header: () => <span className="sr-only">{t("table.actions")}</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => actions(row.original),
    });
  }

  return (
    <>
      <DataTable
        label={t("table.label", { status: t(`status.${status}`), total })}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <TabsNav
            label={t("tabs.label")}
            value={status}
            options={DISPUTE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            onChange={(next) => void setState({ status: next, after: null })}
          />
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: t(`empty.${status}.title`),
          description: t(`empty.${status}.description`),
          icon: GavelIcon,
        }}
        mobileCard={(row) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <DisputeStatusBadge row={row} />
              <DisputeAmounts row={row} />
            </div>
            <p className="text-sm">{t(`nature.${row.nature}`)}</p>
            <Link href={chargeHref(row.chargeId)} className="self-start font-mono text-xs hover:underline">
              {chargeReference(row.chargeId)}
            </Link>
            {audience === "operator" && (
              <p className="truncate text-xs text-muted-foreground">{names.get(row.companyId) ?? row.companyId}</p>
            )}
            <DisputeDeadline row={row} />
            <div data-row-actions>{actions(row, "flex flex-wrap items-center gap-2 pt-1")}</div>
          </div>
        )}
      />
      <DisputeActionDialog
        dispute={acting?.dispute ?? null}
        action={acting?.action ?? "accept"}
        account={acting ? (names.get(acting.dispute.companyId) ?? acting.dispute.companyId) : null}
        onOpenChange={(open) => !open && setActing(null)}
      />
      <ReasonDialog
        open={answering !== null}
        onOpenChange={(open) => !open && setAnswering(null)}
        title={t("statement.title")}
        description={t("statement.description")}
        reasonLabel={t("statement.label")}
        confirmLabel={t("statement.confirm")}
        onConfirm={async (statement) => {
          if (!answering) return;
          try {
            await execute(SubmitDisputeStatementDocument, { id: answering.id, statement });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(t("statement.done"));
          router.refresh();
        }}
      />
    </>
  );
}
