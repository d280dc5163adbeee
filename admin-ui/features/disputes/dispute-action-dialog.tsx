"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { MoneyConfirmDialog } from "@/components/confirm-dialogs";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import type { DisputeRowFragment } from "@/gql/graphql";
import { chargeReference, formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { AcceptDisputeDocument, CloseDisputeDocument, ContestDisputeDocument } from "./documents";

export type DisputeAction = "accept" | "contest" | "close";

const STATEMENT_MAX = 2000;
const NOTE_MAX = 500;

/**
 * An operator's decision on a dispute, behind a confirmation that names the account and the
 * held amount: accept (the amount goes back to the payer by a MED devolução, or, when the bank
 * that notified the claim returns it itself, the bank is told and the amount stays held until
 * it does), contest (with a statement; still held) or close (the hold returns to the balance).
 */
export function DisputeActionDialog({
  dispute,
  action,
  account,
  onOpenChange,
}: {
  /** The dispute acted on; null: closed. */
  dispute: DisputeRowFragment | null;
  action: DisputeAction;
  account: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations(`disputes.${action === "accept" && dispute?.returnedByBank ? "acceptByBank" : action}`);
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState("");
  const amount = dispute?.heldAmount ?? "0.00";
  const needsText = action === "contest";
  /** True when the decision is made; false when an acceptance waits for a second operator. */
  const send = async (row: DisputeRowFragment): Promise<boolean> => {
    const written = text.trim();
    if (action === "accept") {
      const { acceptDispute } = await execute(AcceptDisputeDocument, { id: row.id });
      return !(acceptDispute.status === "OPEN" && acceptDispute.acceptRequestedBy);
    }
    if (action === "contest") await execute(ContestDisputeDocument, { id: row.id, statement: written });
    else await execute(CloseDisputeDocument, { id: row.id, note: written || null });
    return true;
  };
  return (
    <MoneyConfirmDialog
      open={dispute !== null}
      onOpenChange={(open) => {
        if (!open) setText("");
        onOpenChange(open);
      }}
      title={t("title")}
      description={t("description", { charge: dispute ? chargeReference(dispute.chargeId) : "" })}
      facts={dispute ? { account, amount } : null}
      confirmLabel={t("confirm", { amount: formatBRL(amount) })}
      destructive={action === "accept"}
      canConfirm={!needsText || text.trim().length > 0}
      onConfirm={async () => {
        if (!dispute) return;
        const decided = await send(dispute);
        setText("");
        if (decided) toast.success(t("done", { amount: formatBRL(amount) }));
        else toast.success(t("waiting", { amount: formatBRL(amount) }));
        router.refresh();
      }}
    >
      {action !== "accept" && (
        <div className="grid gap-2">
          <Label htmlFor={id}>{t("label")}</Label>
          <Textarea
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={needsText ? STATEMENT_MAX : NOTE_MAX}
            required={needsText}
          />
        </div>
      )}
    </MoneyConfirmDialog>
  );
}
