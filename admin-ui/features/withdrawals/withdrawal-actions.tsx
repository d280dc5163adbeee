"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { formatBRL } from "@/lib/format";
import { errorMessage } from "@/lib/graphql/execute";
import { useGraphQLMutation } from "@/lib/graphql/hooks";
import { approvable, type WithdrawalRow } from "./columns";
import { ApproveWithdrawalDocument, RejectWithdrawalDocument } from "./documents";

/** Approve and reject on a withdrawal's own page; the page renders again after either. */
export function WithdrawalActions({
  withdrawal,
  canAct,
  viewerActor,
}: {
  withdrawal: WithdrawalRow;
  canAct: boolean;
  viewerActor: string;
}) {
  const router = useRouter();
  const approve = useGraphQLMutation(ApproveWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const reject = useGraphQLMutation(RejectWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const [rejecting, setRejecting] = useState(false);
  if (!canAct || withdrawal.status !== "PENDING") return null;

  const onApprove = async () => {
    try {
      const { approveWithdrawal: result } = await approve.mutateAsync({ id: withdrawal.id });
      toast.success(
        result.status === "PENDING"
          ? `Approval recorded: ${result.approvals.length} of ${result.approvalsRequired}`
          : `Approved ${withdrawal.withdrawalReference}`,
      );
      router.refresh();
    } catch (error) {
      toast.error(`Could not approve ${withdrawal.withdrawalReference}`, { description: errorMessage(error) });
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setRejecting(true)}>
        Reject
      </Button>
      {approvable(withdrawal, { canAct, viewerActor }) && (
        <Button onClick={() => void onApprove()} disabled={approve.isPending}>
          Approve
        </Button>
      )}
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
      />
    </>
  );
}
