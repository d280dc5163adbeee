"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { FlaskConicalIcon, ReceiptIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { Money } from "@/components/money";
import { ChargeStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import type { RecurringChargeRowFragment } from "@/gql/graphql";
import { formatIsoDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { SimulateRecurringDebitDocument } from "./documents";

type Row = RecurringChargeRowFragment;

/** Sandbox: the payer's bank's answer to a PENDING charge's debit attempt in progress. */
function SimulateDebitButtons({ chargeId }: { chargeId: string }) {
  const t = useTranslations("recurrences.simulate");
  const { run, busy } = useAction();
  const debit = (outcome: "PAID" | "FAILED") => {
    const reason = t("failureReason");
    return run(
      () =>
        execute(SimulateRecurringDebitDocument, { chargeId, outcome, reason: outcome === "FAILED" ? reason : null }),
      {
        success: outcome === "PAID" ? t("debitPaidDone") : t("debitFailedDone", { reason }),
        failure: t("failed"),
      },
    );
  };
  // Inside a clickable row: a click here is the button's, not the row's (which opens the charge).
  const click = (outcome: "PAID" | "FAILED") => (event: React.MouseEvent) => {
    event.stopPropagation();
    void debit(outcome);
  };
  return (
    <div className="flex flex-wrap gap-1">
      <Button size="sm" variant="outline" disabled={busy} onClick={click("PAID")}>
        <FlaskConicalIcon aria-hidden /> {t("debitPaid")}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={click("FAILED")}>
        {t("debitFailed")}
      </Button>
    </div>
  );
}

/**
 * A recurrence's charges, newest first: each cycle's due date, amount, status, which debit
 * attempt is in progress, the last refusal's reason and the next attempt's day; in the sandbox
 * a PENDING recurring charge's debit can be simulated. Each row opens its charge's page under `chargeBasePath`.
 */
export function RecurrenceCharges({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  sandbox,
  chargeBasePath,
}: {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
  sandbox: boolean;
  chargeBasePath: string;
}) {
  const t = useTranslations("recurrences.detail");
  const router = useRouter();
  const { isPending } = useTableUrlState({});
  const chargeHref = (id: string) => `${chargeBasePath}/${id}`;
  const due = (row: Row) =>
    row.type === "RECURRING" && row.dueDate ? formatIsoDay(row.dueDate) : t("firstPaymentCharge");
  const debitable = (row: Row) => sandbox && row.type === "RECURRING" && row.status === "PENDING";
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: "dueDate",
      header: t("columns.dueDate"),
      cell: ({ row }) => (
        <Link
          href={chargeHref(row.original.id)}
          className="font-medium tabular hover:underline focus-visible:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {due(row.original)}
        </Link>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{t("columns.amount")}</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
    },
    {
      id: "status",
      header: t("columns.status"),
      cell: ({ row }) => <ChargeStatusBadge status={row.original.status} />,
    },
    {
      id: "attempt",
      header: t("columns.attempt"),
      cell: ({ row }) =>
        row.original.debitAttempt ? (
          <span className="text-sm">{t("attemptOf", { attempt: row.original.debitAttempt })}</span>
        ) : (
          <span className="text-muted-foreground">{t("none")}</span>
        ),
    },
    {
      id: "failure",
      header: t("columns.failure"),
      meta: { className: "hidden md:table-cell" },
      cell: ({ row }) => <span className="text-sm">{row.original.failureReason ?? t("none")}</span>,
    },
    {
      id: "nextAttempt",
      header: t("columns.nextAttempt"),
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <span className="text-sm tabular">
            {row.original.status === "PENDING" && row.original.nextAttemptOn
              ? formatIsoDay(row.original.nextAttemptOn)
              : t("none")}
          </span>
          {debitable(row.original) && <SimulateDebitButtons chargeId={row.original.id} />}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label={t("chargesLabel")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isPending={isPending}
      onRowClick={(row) => router.push(chargeHref(row.id))}
      pagination={{ kind: "offset", page, perPage, total, totalCapped }}
      empty={{ title: t("noCharges"), description: t("noChargesDescription"), icon: ReceiptIcon }}
      mobileCard={(row) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Money value={row.amount} className="text-base font-semibold" />
              <p className="text-sm text-muted-foreground">{due(row)}</p>
            </div>
            <ChargeStatusBadge status={row.status} />
          </div>
          {row.debitAttempt && (
            <p className="text-xs text-muted-foreground">
              {t("attemptOf", { attempt: row.debitAttempt })}
              {row.failureReason && ` · ${row.failureReason}`}
              {row.status === "PENDING" && row.nextAttemptOn && ` · ${formatIsoDay(row.nextAttemptOn)}`}
            </p>
          )}
          {debitable(row) && <SimulateDebitButtons chargeId={row.id} />}
        </div>
      )}
    />
  );
}
