"use client";

import { toast } from "sonner";
import { ConfirmButton } from "@/components/confirm-button";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { CancelMerchantWithdrawalDocument } from "./documents";

/** Cancels a withdrawal still waiting (PENDING): the amount returns to the balance at once. */
export function CancelWithdrawalButton({ id, amount, reference }: { id: string; amount: string; reference: string }) {
  return (
    <ConfirmButton
      label="Cancel withdrawal"
      title={`Cancel withdrawal ${reference}?`}
      description={`It leaves the queue and ${formatBRL(amount)} returns to your available balance now.`}
      failureTitle="Could not cancel the withdrawal"
      onConfirm={async () => {
        await execute(CancelMerchantWithdrawalDocument, { id, reason: "Cancelled by the merchant" });
        toast.success(`Withdrawal ${reference} cancelled`, {
          description: `${formatBRL(amount)} is back in your balance.`,
        });
      }}
    />
  );
}
