"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { MoneyFactsList, ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { formatBRL } from "@/lib/format";
import { errorMessage } from "@/lib/graphql/execute";
import { useGraphQLMutation } from "@/lib/graphql/hooks";
import { ApproveWithdrawalDialog } from "./approve-withdrawal-dialog";
import { approvable, type WithdrawalRow } from "./columns";
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
  const router = useRouter();
  const reject = useGraphQLMutation(RejectWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  if (!canAct || withdrawal.status !== "PENDING") return null;
  const facts = {
    account: companyName,
    amount: withdrawal.amount,
    destination: { type: withdrawal.pixKeyType, key: withdrawal.pixKey },
  };

  return (
    <>
      <Button variant="outline" onClick={() => setRejecting(true)}>
        Reject
      </Button>
      {approvable(withdrawal, { canAct, viewerActor }) && <Button onClick={() => setApproving(true)}>Approve</Button>}
      <ApproveWithdrawalDialog
        withdrawal={approving ? withdrawal : null}
        companyName={companyName}
        onOpenChange={setApproving}
        onApproved={(result) => {
          toast.success(
            result.status === "PENDING"
              ? `Approval recorded: ${result.approvals.length} of ${result.approvalsRequired}`
              : `Approved ${withdrawal.withdrawalReference}`,
          );
          router.refresh();
        }}
      />
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={`Reject ${withdrawal.withdrawalReference}`}
        description={
          <>
            The withdrawal of <strong>{formatBRL(withdrawal.amount)}</strong> becomes CANCELLED and the amount returns
            to the company’s balance. The merchant sees your reason.
          </>
        }
        reasonLabel="Reason for the merchant"
        confirmLabel="Reject withdrawal"
        destructive
        onConfirm={async (reason) => {
          try {
            await reject.mutateAsync({ id: withdrawal.id, reason });
          } catch (error) {
            throw new Error(errorMessage(error));
          }
          toast.success(`Rejected ${withdrawal.withdrawalReference}`);
          router.refresh();
        }}
      >
        <MoneyFactsList facts={facts} />
      </ReasonDialog>
    </>
  );
}
