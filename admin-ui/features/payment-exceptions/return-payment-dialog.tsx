"use client";

import { CheckCircle2Icon, LoaderIcon, type LucideIcon, XCircleIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { MoneyConfirmDialog } from "@/components/confirm-dialogs";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import type { PaymentExceptionRowFragment, PaymentReturnStatus } from "@/gql/graphql";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { ReturnPaymentExceptionDocument } from "./documents";

/** Kinds that name a received Pix the bank can take back (MALFORMED and UNKNOWN_RETURN do not). */
const RETURNABLE = new Set([
  "ALREADY_PAID",
  "AMOUNT_MISMATCH",
  "CHARGE_EXPIRED",
  "CHARGE_CANCELLED",
  "UNKNOWN_TXID",
  "QRCODE_INACTIVE",
]);

/** Whether an operator may send this exception's payment back now (a FAILED return may be tried again). */
export function returnable(row: PaymentExceptionRowFragment): boolean {
  return row.status === "OPEN" && RETURNABLE.has(row.kind) && row.amount !== null && row.returnStatus !== "PROCESSING";
}

const LOOK: Record<PaymentReturnStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  PROCESSING: { variant: "info", icon: LoaderIcon },
  RETURNED: { variant: "success", icon: CheckCircle2Icon },
  FAILED: { variant: "danger", icon: XCircleIcon },
};

/** Where the payment's return stands, with the bank's reason when it failed. */
export function ReturnStatus({ row }: { row: PaymentExceptionRowFragment }) {
  const t = useTranslations("paymentExceptions.return");
  if (!row.returnStatus) return null;
  const Icon = LOOK[row.returnStatus].icon;
  return (
    <span className="flex flex-col items-start gap-0.5" data-testid="return-status">
      <Badge variant={LOOK[row.returnStatus].variant}>
        <Icon aria-hidden />
        {t(`status.${row.returnStatus}`)}
      </Badge>
      {row.returnStatus === "FAILED" && row.returnFailureReason && (
        <span className="max-w-56 truncate text-xs text-muted-foreground" title={row.returnFailureReason}>
          {t("failure", { reason: row.returnFailureReason })}
        </span>
      )}
    </span>
  );
}

/**
 * "Return to payer": a devolução of the exception's received Pix, after a confirmation that
 * names the amount, the payer and the account it was meant for.
 */
export function ReturnPaymentDialog({
  exception,
  account,
  onOpenChange,
}: {
  /** The exception to return; null: closed. */
  exception: PaymentExceptionRowFragment | null;
  account: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("paymentExceptions.return");
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState("");
  const amount = exception?.amount ?? "0.00";
  return (
    <MoneyConfirmDialog
      open={exception !== null}
      onOpenChange={(open) => {
        if (!open) setReason("");
        onOpenChange(open);
      }}
      title={t("title")}
      description={t("description")}
      facts={
        exception
          ? {
              account,
              amount,
              payer: { name: exception.payerName ?? null, document: exception.payerDocument ?? null },
            }
          : null
      }
      confirmLabel={t("confirm", { amount: formatBRL(amount) })}
      destructive
      onConfirm={async () => {
        if (!exception) return;
        await execute(ReturnPaymentExceptionDocument, { id: exception.id, reason: reason.trim() || null });
        setReason("");
        toast.success(t("done", { amount: formatBRL(amount) }));
        router.refresh();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>{t("reason")}</Label>
        <Textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t("reasonPlaceholder")}
          maxLength={140}
        />
      </div>
    </MoneyConfirmDialog>
  );
}
