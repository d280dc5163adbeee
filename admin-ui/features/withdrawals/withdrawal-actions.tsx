"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MoneyFactsList, ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { formatBRL, formatIsoDay } from "@/lib/format";
import { useGraphQLMutation } from "@/lib/graphql/hooks";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { ApproveWithdrawalDialog } from "./approve-withdrawal-dialog";
import { approvable, type WithdrawalRow } from "./columns";
import { approvedDescriptionMessage, useDestinationText, useWithdrawalFacts } from "./destination";
import { CancelScheduledWithdrawalDocument, RejectWithdrawalDocument } from "./documents";

/**
 * Approve and reject on a withdrawal's own page; for an approved scheduled payout its day has
 * not sent yet, cancel (docs/payouts.md#scheduled-payouts). The page renders again after each.
 */
export function WithdrawalActions({
  withdrawal,
  companyName,
  canAct,
  viewerActor,
  cancellable,
}: {
  withdrawal: WithdrawalRow;
  companyName: string;
  canAct: boolean;
  viewerActor: string;
  /** The service's `cancellable`: PENDING, or approved, scheduled and not yet sent to the bank. */
  cancellable: boolean;
}) {
  const t = useTranslations("withdrawals");
  const factsOf = useWithdrawalFacts();
  const destinationOf = useDestinationText();
  const describe = useErrorMessage();
  const router = useRouter();
  const reject = useGraphQLMutation(RejectWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  if (!canAct) return null;
  if (withdrawal.status === "PROCESSING" && cancellable)
    return <CancelScheduledButton withdrawal={withdrawal} companyName={companyName} />;
  if (withdrawal.status !== "PENDING") return null;
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

/** An approved scheduled payout, cancelled before its day sends it: the amount returns to the balance. */
function CancelScheduledButton({ withdrawal, companyName }: { withdrawal: WithdrawalRow; companyName: string }) {
  const t = useTranslations("withdrawals.cancelScheduled");
  const factsOf = useWithdrawalFacts();
  const describe = useErrorMessage();
  const router = useRouter();
  const cancel = useGraphQLMutation(CancelScheduledWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const [open, setOpen] = useState(false);
  const reference = withdrawal.withdrawalReference;
  const amount = formatBRL(withdrawal.amount);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t("label")}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={t("title", { reference })}
        description={t("description", {
          amount,
          company: companyName,
          day: formatIsoDay(withdrawal.scheduledFor ?? withdrawal.sendsOn ?? ""),
        })}
        reasonLabel={t("reason")}
        placeholder={t("placeholder")}
        confirmLabel={t("confirm")}
        cancelLabel={t("back")}
        destructive
        onConfirm={async (reason) => {
          try {
            await cancel.mutateAsync({ id: withdrawal.id, reason });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(t("done", { reference }), {
            description: t("doneDescription", { amount, company: companyName }),
          });
          router.refresh();
        }}
      >
        <MoneyFactsList facts={factsOf(withdrawal, companyName)} />
      </ReasonDialog>
    </>
  );
}
