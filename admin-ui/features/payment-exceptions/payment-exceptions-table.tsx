"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ShieldCheckIcon, Undo2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { DataTable } from "@/components/data-table/data-table";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TabsNav } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import type { PaymentExceptionRowFragment, PaymentExceptionStatus } from "@/gql/graphql";
import { chargeReference, formatBRL, formatDateTime } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { ResolvePaymentExceptionDocument } from "./documents";
import { ReturnPaymentDialog, ReturnStatus, returnable } from "./return-payment-dialog";
import { exceptionFilters } from "./search-params";

/** What the matched charge asked for, shown only when the payer sent something else. */
function ExpectedAmount({ row }: { row: PaymentExceptionRowFragment }) {
  const t = useTranslations("paymentExceptions");
  if (!row.expectedAmount || row.expectedAmount === row.amount) return null;
  return (
    <span className="text-xs text-muted-foreground">{t("expected", { amount: formatBRL(row.expectedAmount) })}</span>
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
  const describe = useErrorMessage();
  const { setState } = useTableUrlState(exceptionFilters);
  const [resolving, setResolving] = useState<PaymentExceptionRowFragment | null>(null);
  const [returning, setReturning] = useState<PaymentExceptionRowFragment | null>(null);
  const t = useTranslations("paymentExceptions.return");
  const tp = useTranslations("paymentExceptions");
  const kind = (row: PaymentExceptionRowFragment) => tp(`kinds.${row.kind}`);
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
          aria-label={tp("resolve.actionFor", { id: row.id })}
        >
          {tp("resolve.action")}
        </Button>
      )}
    </div>
  );

  const columns: ColumnDef<PaymentExceptionRowFragment, unknown>[] = [
    { id: "created", header: tp("table.received"), cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
    {
      id: "kind",
      header: tp("table.problem"),
      cell: ({ row }) => (
        <div className="flex max-w-56 flex-col items-start gap-1">
          <Badge variant={row.original.status === "OPEN" ? "warn" : "neutral"}>{kind(row.original)}</Badge>
          {row.original.problem && (
            <span className="truncate text-xs text-muted-foreground">{row.original.problem}</span>
          )}
        </div>
      ),
    },
    {
      id: "payment",
      header: tp("table.payment"),
      cell: ({ row }) => (
        <div className="flex max-w-60 flex-col">
          <span className="truncate">{row.original.payerName ?? tp("unknownPayer")}</span>
          <span className="truncate font-mono text-xs text-muted-foreground">
            {row.original.endToEndId ?? row.original.txid ?? "—"}
          </span>
          {row.original.chargeId && (
            <Link href={`/ops/charges/${row.original.chargeId}`} className="font-mono text-xs hover:underline">
              {chargeReference(row.original.chargeId)}
            </Link>
          )}
        </div>
      ),
    },
    {
      id: "amount",
      header: () => <span className="block text-right">{tp("table.amount")}</span>,
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
      header: status === "OPEN" ? () => <span className="sr-only">{tp("table.actions")}</span> : tp("table.resolution"),
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
        label={tp(`table.${status}`)}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <TabsNav
            label={tp("tabs.label")}
            value={status}
            options={[
              { value: "OPEN", label: tp("tabs.OPEN") },
              { value: "RESOLVED", label: tp("tabs.RESOLVED") },
            ]}
            onChange={(next) => void setState({ status: next, after: null })}
          />
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: tp(`empty.${status}.title`),
          description: tp(`empty.${status}.description`),
          icon: ShieldCheckIcon,
        }}
        mobileCard={(row) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <Badge variant={row.status === "OPEN" ? "warn" : "neutral"}>{kind(row)}</Badge>
              <div className="flex flex-col items-end">
                {row.amount && <Money value={row.amount} className="font-semibold" />}
                <ExpectedAmount row={row} />
              </div>
            </div>
            <p className="truncate text-sm">{row.payerName ?? tp("unknownPayer")}</p>
            <p className="truncate font-mono text-xs text-muted-foreground">{row.endToEndId ?? row.txid ?? "—"}</p>
            {row.chargeId && (
              <Link href={`/ops/charges/${row.chargeId}`} className="self-start font-mono text-xs hover:underline">
                {chargeReference(row.chargeId)}
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
        title={tp("resolve.title")}
        description={tp("resolve.description")}
        reasonLabel={tp("resolve.label")}
        confirmLabel={tp("resolve.confirm")}
        onConfirm={async (resolution) => {
          if (!resolving) return;
          try {
            await execute(ResolvePaymentExceptionDocument, { id: resolving.id, resolution });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(tp("resolve.done"));
          router.refresh();
        }}
      />
    </>
  );
}
