"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MoneyConfirmDialog, type MoneyFacts, ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { RefundRequestRowFragment } from "@/gql/graphql";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { ConfirmRefundRequestDocument, RejectRefundRequestDocument } from "./documents";

/**
 * Confirm or reject another operator's refund request, each behind a confirmation naming the
 * account, the amount, the charge and the payer who gets the money back. The requester sees
 * that it waits for someone else.
 */
export function RefundRequestActions({
  request,
  account,
  payer,
}: {
  request: RefundRequestRowFragment;
  account: string;
  payer: NonNullable<MoneyFacts["payer"]>;
}) {
  const t = useTranslations("refunds.requests");
  const router = useRouter();
  const [dialog, setDialog] = useState<"confirm" | "reject" | null>(null);
  const amount = formatBRL(request.amount);

  if (request.mine) return <p className="text-xs font-medium text-status-warn">{t("mine")}</p>;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setDialog("confirm")}>
        <CheckIcon aria-hidden /> {t("confirm")}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setDialog("reject")}>
        <XIcon aria-hidden /> {t("reject")}
      </Button>
      <MoneyConfirmDialog
        open={dialog === "confirm"}
        onOpenChange={(open) => setDialog(open ? "confirm" : null)}
        title={t("confirmTitle")}
        description={t("confirmDescription", { amount, charge: `chg_${request.chargeId}` })}
        facts={{ account, amount: request.amount, payer }}
        confirmLabel={t("confirmAction", { amount })}
        onConfirm={async () => {
          await execute(ConfirmRefundRequestDocument, { id: request.id });
          toast.success(t("confirmed", { amount }));
          router.refresh();
        }}
      />
      <ReasonDialog
        open={dialog === "reject"}
        onOpenChange={(open) => setDialog(open ? "reject" : null)}
        title={t("rejectTitle")}
        description={t("rejectDescription", { amount, account, charge: `chg_${request.chargeId}` })}
        confirmLabel={t("rejectAction")}
        destructive
        onConfirm={async (reason) => {
          await execute(RejectRefundRequestDocument, { id: request.id, reason });
          toast.success(t("rejected", { amount }));
          router.refresh();
        }}
      />
    </div>
  );
}
