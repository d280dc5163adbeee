"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ShieldCheckIcon, Undo2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TabsNav } from "@/components/ui/tabs";
import type { PaymentExceptionRowFragment, PaymentExceptionStatus } from "@/gql/graphql";
import { formatDateTime } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { ResolvePaymentExceptionDocument } from "./documents";
import { ReturnPaymentDialog, ReturnStatus, returnable } from "./return-payment-dialog";
import { exceptionFilters } from "./search-params";

const KIND_LABELS: Record<string, string> = {
  ALREADY_PAID: "Paid twice",
  AMOUNT_MISMATCH: "Wrong amount",
  CHARGE_CANCELLED: "Charge cancelled",
  CHARGE_EXPIRED: "Charge expired",
  MALFORMED: "Unreadable",
  UNKNOWN_TXID: "Unknown txid",
  UNKNOWN_RETURN: "Unknown devolução",
};

/** What the matched charge asked for, shown only when the payer sent something else. */
function ExpectedAmount({ row }: { row: PaymentExceptionRowFragment }) {
  if (!row.expectedAmount || row.expectedAmount === row.amount) return null;
  return (
    <span className="text-xs text-muted-foreground">
      expected <Money value={row.expectedAmount} />
    </span>
  );
}

/**
 * Inbound PIX payments the service could not credit (wrong amount, expired charge, unknown
 * txid…). Resolving records what was done (a refund at the bank, an adjustment); it moves no money.
 */
export function PaymentExceptionsTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  status,
  canAct,
  companies,
}: {
  rows: PaymentExceptionRowFragment[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  status: PaymentExceptionStatus;
  canAct: boolean;
  companies: Array<{ id: string; name: string }>;
}) {
  const router = useRouter();
  const { setState } = useTableUrlState(exceptionFilters);
  const [resolving, setResolving] = useState<PaymentExceptionRowFragment | null>(null);
  const [returning, setReturning] = useState<PaymentExceptionRowFragment | null>(null);
  const t = useTranslations("paymentExceptions.return");
  const names = new Map(companies.map((company) => [company.id, company.name]));
  const accountOf = (row: PaymentExceptionRowFragment) =>
    row.companyId ? (names.get(row.companyId) ?? row.companyId) : null;

  const resolveButton = (row: PaymentExceptionRowFragment, className = "flex flex-col items-end gap-1.5") => (
    <div className={className}>
      <ReturnStatus row={row} />
      {canAct && returnable(row) && (
        <Button size="sm" onClick={() => setReturning(row)} aria-label={t("actionFor", { id: row.id })}>
          <Undo2Icon aria-hidden />
          {row.returnStatus === "FAILED" ? t("retry") : t("action")}
        </Button>
      )}
      {canAct && row.status === "OPEN" && row.returnStatus !== "PROCESSING" && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setResolving(row)}
          aria-label={`Resolve exception ${row.id}`}
        >
          Resolve
        </Button>
      )}
    </div>
  );

  const columns: ColumnDef<PaymentExceptionRowFragment, unknown>[] = [
    { id: "created", header: "Received", cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
    {
      id: "kind",
      header: "Problem",
      cell: ({ row }) => (
        <div className="flex max-w-56 flex-col items-start gap-1">
          <Badge variant={row.original.status === "OPEN" ? "warn" : "neutral"}>
            {KIND_LABELS[row.original.kind] ?? row.original.kind}
          </Badge>
          {row.original.problem && (
            <span className="truncate text-xs text-muted-foreground">{row.original.problem}</span>
          )}
        </div>
      ),
    },
    {
      id: "payment",
      header: "Payment",
      cell: ({ row }) => (
        <div className="flex max-w-60 flex-col">
          <span className="truncate">{row.original.payerName ?? "Unknown payer"}</span>
          <span className="truncate font-mono text-xs text-muted-foreground">
            {row.original.endToEndId ?? row.original.txid ?? "—"}
          </span>
          {row.original.chargeId && (
            <Link href={`/ops/charges/${row.original.chargeId}`} className="font-mono text-xs hover:underline">
              chg_{row.original.chargeId}
            </Link>
          )}
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">Amount</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <div className="flex flex-col items-end">
          {row.original.amount ? <Money value={row.original.amount} className="font-medium" /> : "—"}
          <ExpectedAmount row={row.original} />
        </div>
      ),
    },
    {
      id: "resolution",
      header: status === "OPEN" ? () => <span className="sr-only">Actions</span> : "Resolution",
      meta: { className: status === "OPEN" ? "w-0 text-right" : undefined },
      cell: ({ row }) =>
        row.original.status === "RESOLVED" ? (
          <div className="flex max-w-64 flex-col">
            <span className="truncate" title={row.original.resolution ?? ""}>
              {row.original.resolution}
            </span>
            <span className="truncate font-mono text-xs text-muted-foreground">{row.original.resolvedBy}</span>
            <ReturnStatus row={row.original} />
          </div>
        ) : (
          resolveButton(row.original)
        ),
    },
  ];

  return (
    <>
      <DataTable
        label={
          status === "OPEN" ? "Open payment exceptions, newest first" : "Resolved payment exceptions, newest first"
        }
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <TabsNav
            label="Which exceptions"
            value={status}
            options={[
              { value: "OPEN", label: "Open" },
              { value: "RESOLVED", label: "Resolved" },
            ]}
            onChange={(next) => void setState({ status: next, after: null })}
          />
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: status === "OPEN" ? "Nothing to review" : "No resolved exception yet",
          description:
            status === "OPEN"
              ? "Every inbound payment matched its charge. Mismatches appear here."
              : "Exceptions resolved by operators appear here with what was done.",
          icon: ShieldCheckIcon,
        }}
        mobileCard={(row) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <Badge variant={row.status === "OPEN" ? "warn" : "neutral"}>{KIND_LABELS[row.kind] ?? row.kind}</Badge>
              <div className="flex flex-col items-end">
                {row.amount && <Money value={row.amount} className="font-semibold" />}
                <ExpectedAmount row={row} />
              </div>
            </div>
            <p className="truncate text-sm">{row.payerName ?? "Unknown payer"}</p>
            <p className="truncate font-mono text-xs text-muted-foreground">{row.endToEndId ?? row.txid ?? "—"}</p>
            {row.chargeId && (
              <Link href={`/ops/charges/${row.chargeId}`} className="self-start font-mono text-xs hover:underline">
                chg_{row.chargeId}
              </Link>
            )}
            <p className="text-xs text-muted-foreground">{formatDateTime(row.createdAt)}</p>
            {row.resolution && <p className="text-sm">“{row.resolution}”</p>}
            {resolveButton(row, "flex flex-wrap items-center gap-2 pt-1")}
          </div>
        )}
      />
      <ReturnPaymentDialog
        exception={returning}
        account={returning ? accountOf(returning) : null}
        onOpenChange={(open) => !open && setReturning(null)}
      />
      <ReasonDialog
        open={resolving !== null}
        onOpenChange={(open) => !open && setResolving(null)}
        title="Resolve payment exception"
        description="Record what was done about this payment (refunded at the bank, credited by an adjustment…). Resolving moves no money."
        reasonLabel="Resolution"
        confirmLabel="Mark resolved"
        onConfirm={async (resolution) => {
          if (!resolving) return;
          try {
            await execute(ResolvePaymentExceptionDocument, { id: resolving.id, resolution });
          } catch (error) {
            throw new Error(errorMessage(error));
          }
          toast.success("Exception resolved");
          router.refresh();
        }}
      />
    </>
  );
}
