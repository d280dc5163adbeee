"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Building2Icon, ScaleIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ActorName, actorWords } from "@/components/actor-name";
import { MoneyConfirmDialog, MoneyFactsList, ReasonDialog } from "@/components/confirm-dialogs";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { AdjustmentRowFragment, AdjustmentStatus } from "@/gql/graphql";
import { formatBRL, formatDateTime } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { ConfirmAdjustmentDocument, RejectAdjustmentDocument } from "./documents";
import { ADJUSTMENT_STATUSES, adjustmentFilters } from "./search-params";

const STATUS_VARIANT: Record<AdjustmentStatus, BadgeVariant> = {
  REQUESTED: "warn",
  POSTED: "success",
  REJECTED: "neutral",
};

function AdjustmentStatusBadge({ status }: { status: AdjustmentStatus }) {
  const t = useTranslations("adjustments.status");
  return <Badge variant={STATUS_VARIANT[status]}>{t(status)}</Badge>;
}

/**
 * Manual credits and debits of every account, newest first. A REQUESTED one (above the
 * four-eyes limit) is confirmed or rejected here by an operator other than its requester.
 */
export function AdjustmentsTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  status,
  company,
  companies,
  canAct,
  viewerActor,
}: {
  rows: AdjustmentRowFragment[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  status: AdjustmentStatus | null;
  company: string | null;
  companies: Array<{ id: string; name: string }>;
  canAct: boolean;
  viewerActor: string;
}) {
  const router = useRouter();
  const { setState } = useTableUrlState(adjustmentFilters);
  const [rejecting, setRejecting] = useState<AdjustmentRowFragment | null>(null);
  const [confirming, setConfirming] = useState<AdjustmentRowFragment | null>(null);
  const t = useTranslations("adjustments.confirm");
  const ta = useTranslations("adjustments");
  const tActors = useTranslations("actors");
  const describe = useErrorMessage();
  const names = new Map(companies.map((c) => [c.id, c.name]));
  const companyName = (id: string) => names.get(id) ?? id;

  const decision = (row: AdjustmentRowFragment, className?: string) => {
    if (!canAct || row.status !== "REQUESTED") return null;
    const own = row.requestedBy === viewerActor;
    return (
      <div className={className ?? "flex flex-col items-end gap-1"}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setRejecting(row)}
          aria-label={ta("rejectFor", { id: row.id })}
        >
          {ta("reject")}
        </Button>
        {own ? (
          <span className="text-xs text-muted-foreground">{ta("youRequested")}</span>
        ) : (
          <Button size="sm" onClick={() => setConfirming(row)} aria-label={ta("confirmFor", { id: row.id })}>
            {ta("confirmAction")}
          </Button>
        )}
      </div>
    );
  };

  const columns: ColumnDef<AdjustmentRowFragment, unknown>[] = [
    { id: "created", header: ta("table.requested"), cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
    {
      id: "company",
      header: ta("table.company"),
      meta: { className: "hidden xl:table-cell" },
      cell: ({ row }) => (
        <Link href={`/ops/companies/${row.original.companyId}`} className="block max-w-44 truncate hover:underline">
          {companyName(row.original.companyId)}
        </Link>
      ),
    },
    {
      id: "reason",
      header: ta("table.reason"),
      cell: ({ row }) => (
        <div className="flex max-w-56 flex-col">
          <span className="truncate" title={row.original.description}>
            {row.original.description}
          </span>
          <ActorName actor={row.original.requestedByInfo} className="truncate text-xs" />
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{ta("table.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} signed tone className="font-medium" />,
    },
    {
      id: "status",
      header: ta("table.status"),
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <AdjustmentStatusBadge status={row.original.status} />
          {row.original.rejectionReason && (
            <span className="max-w-48 truncate text-xs text-muted-foreground" title={row.original.rejectionReason}>
              {row.original.rejectionReason}
            </span>
          )}
        </div>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{ta("table.actions")}</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => decision(row.original),
    },
  ];

  return (
    <>
      <DataTable
        label={ta("table.label")}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <>
            <DataTableFacetedFilter
              title={ta("statusFilter")}
              options={ADJUSTMENT_STATUSES.map((value) => ({ value, label: ta(`status.${value}`) }))}
              selected={status ? [status] : []}
              onChange={(values) => void setState({ status: (values[0] as AdjustmentStatus) ?? null, after: null })}
            />
            {company && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void setState({ company: null, after: null })}
                aria-label={ta("clearCompany", { name: companyName(company) })}
              >
                <Building2Icon aria-hidden />
                {companyName(company)}
                <XIcon aria-hidden className="text-muted-foreground" />
              </Button>
            )}
          </>
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: status || company ? ta("table.emptyFiltered") : ta("table.empty"),
          description: ta("table.emptyDescription"),
          icon: ScaleIcon,
        }}
        mobileCard={(row) => (
          <div className="flex flex-col gap-1.5">
            {/* The status under the amount: a long one ("Precisa de um segundo operador") beside it cut a large amount. */}
            <div className="flex flex-col items-start gap-1">
              <div className="min-w-0 max-w-full">
                <Money value={row.amount} signed tone className="text-base font-semibold" />
                <p className="truncate text-sm text-muted-foreground">{companyName(row.companyId)}</p>
              </div>
              <AdjustmentStatusBadge status={row.status} />
            </div>
            <p className="truncate text-sm">{row.description}</p>
            <p className="text-xs text-muted-foreground">{formatDateTime(row.createdAt)}</p>
            <div data-row-actions>{decision(row, "flex items-center gap-2 pt-1")}</div>
          </div>
        )}
      />
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={ta("rejectDialog.title")}
        description={
          rejecting
            ? ta("rejectDialog.description", {
                amount: formatBRL(rejecting.amount, { signed: true }),
                company: companyName(rejecting.companyId),
              })
            : null
        }
        confirmLabel={ta("rejectDialog.confirm")}
        destructive
        onConfirm={async (reason) => {
          if (!rejecting) return;
          try {
            await execute(RejectAdjustmentDocument, { id: rejecting.id, reason });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(ta("rejectDialog.done"));
          router.refresh();
        }}
      >
        {rejecting && (
          <MoneyFactsList
            facts={{ account: companyName(rejecting.companyId), amount: rejecting.amount, signed: true }}
          />
        )}
      </ReasonDialog>
      <MoneyConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("title")}
        description={
          confirming ? (
            <>
              {confirming.amount.startsWith("-") ? t("debit") : t("credit")}{" "}
              {t("requestedBy", {
                who: actorWords(confirming.requestedByInfo, tActors).name,
                reason: confirming.description,
              })}
            </>
          ) : null
        }
        facts={
          confirming ? { account: companyName(confirming.companyId), amount: confirming.amount, signed: true } : null
        }
        confirmLabel={t("action")}
        onConfirm={async () => {
          if (!confirming) return;
          const row = confirming;
          await execute(ConfirmAdjustmentDocument, { id: row.id });
          toast.success(
            t("done", { amount: formatBRL(row.amount, { signed: true }), company: companyName(row.companyId) }),
          );
          router.refresh();
        }}
      />
    </>
  );
}
