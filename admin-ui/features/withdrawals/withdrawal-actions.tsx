"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MoneyFactsList, ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { formatBRL } from "@/lib/format";
import { useGraphQLMutation } from "@/lib/graphql/hooks";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { ApproveWithdrawalDialog } from "./approve-withdrawal-dialog";
import { approvable, type WithdrawalRow } from "./columns";
import { approvedDescriptionMessage, useDestinationText, useWithdrawalFacts } from "./destination";
import { RejectWithdrawalDocument } from "./documents";

/** Approve and reject on a withdrawal's own page; the page renders again after either. */
export function WithdrawalActions({
  withdrawal,
  companyName,
  canAct,
  viewerActor,
}: {
  withdrawal: WithdrawalRow;
  companyName: string;
  canAct: boolean;
  viewerActor: string;
}) {
  const t = useTranslations("withdrawals");
  const factsOf = useWithdrawalFacts();
  const destinationOf = useDestinationText();
  const describe = useErrorMessage();
  const router = useRouter();
  const reject = useGraphQLMutation(RejectWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  if (!canAct || withdrawal.status !== "PENDING") return null;
  const facts = factsOf(withdrawal, companyName);
  const destination = destinationOf(withdrawal);

  return (
    <>
      <Button variant="outline" onClick={() => setRejecting(true)}>
        {t("row.reject")}
      </Button>
      {approvable(withdrawal, { canAct, viewerActor }) && (
        <Button onClick={() => setApproving(true)}>{t("row.approve")}</Button>
      )}
      <ApproveWithdrawalDialog
        withdrawal={approving ? withdrawal : null}
        companyName={companyName}
        onOpenChange={setApproving}
        onApproved={(result) => {
          const reference = withdrawal.withdrawalReference;
          if (result.status === "PENDING")
            toast.success(t("approve.recorded", { reference }), {
              description: t("approve.recordedDescription", {
                given: result.approvals.length,
                required: result.approvalsRequired,
              }),
            });
          else
            toast.success(t("approve.approved", { reference }), {
              description: t(approvedDescriptionMessage(withdrawal), {
                amount: formatBRL(withdrawal.amount),
                company: companyName,
                keyType: destination.detail,
                key: destination.main,
              }),
            });
          router.refresh();
        }}
      />
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t("reject.title", { reference: withdrawal.withdrawalReference })}
        description={t("reject.description", { amount: formatBRL(withdrawal.amount), company: companyName })}
        reasonLabel={t("reject.reason")}
        placeholder={t("reject.placeholder")}
        confirmLabel={t("reject.confirm")}
        destructive
        onConfirm={async (reason) => {
          try {
            await reject.mutateAsync({ id: withdrawal.id, reason });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(t("reject.done", { reference: withdrawal.withdrawalReference }));
          router.refresh();
        }}
      >
        <MoneyFactsList facts={facts} />
      </ReasonDialog>
    </>
  );
}
