"use client";

import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { toast } from "@/components/ui/toast";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { CancelMerchantWithdrawalDocument } from "./documents";

/** Cancels a withdrawal still waiting (PENDING): the amount returns to the balance at once. */
export function CancelWithdrawalButton({ id, amount, reference }: { id: string; amount: string; reference: string }) {
  const t = useTranslations("merchantWithdrawals.cancel");
  return (
    <ConfirmButton
      label={t("label")}
      title={t("title", { reference })}
      description={t("description", { amount: formatBRL(amount) })}
      failureTitle={t("failed")}
      onConfirm={async () => {
        // The reason is kept on the withdrawal and shown in its timeline: in the merchant's language.
        await execute(CancelMerchantWithdrawalDocument, { id, reason: t("reason") });
        toast.success(t("done", { reference }), { description: t("doneDescription", { amount: formatBRL(amount) }) });
      }}
    />
  );
}
