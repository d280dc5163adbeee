"use client";

import { useTranslations } from "next-intl";
import { ActorName } from "@/components/actor-name";
import { MoneyConfirmDialog } from "@/components/confirm-dialogs";
import { DateTime } from "@/components/date-time";
import type { ApproveWithdrawalMutation } from "@/gql/graphql";
import { useGraphQLMutation } from "@/lib/graphql/hooks";
import type { WithdrawalRow } from "./columns";
import { useWithdrawalFacts } from "./destination";
import { ApproveWithdrawalDocument } from "./documents";

/**
 * Approving sends money to the bank (or records the first of two approvals), so it is never one
 * click: this dialog names the account, the amount, the destination and the holder the bank
 * tells (with a warning when it is not the declared recipient), says which of the
 * two happens (the second approver is told who approved first, and when), and only then approves. `onApproved` gets the API's answer (toast, refresh).
 */
export function ApproveWithdrawalDialog({
  withdrawal,
  companyName,
  onOpenChange,
  onApproved,
}: {
  /** The withdrawal to approve; null: the dialog is closed. */
  withdrawal: WithdrawalRow | null;
  companyName: string;
  onOpenChange: (open: boolean) => void;
  onApproved: (result: ApproveWithdrawalMutation["approveWithdrawal"], withdrawal: WithdrawalRow) => void;
}) {
  const t = useTranslations("withdrawals.approve");
  const approve = useGraphQLMutation(ApproveWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const factsOf = useWithdrawalFacts();
  // The API sends it to the bank once approvals reach approvalsRequired; this one is the next.
  const next = (withdrawal?.approvals.length ?? 0) + 1;
  const required = withdrawal?.approvalsRequired ?? 1;
  const sends = next >= required;
  const first = withdrawal?.approvals[0];
  return (
    <MoneyConfirmDialog
      open={withdrawal !== null}
      onOpenChange={onOpenChange}
      title={t("title", { reference: withdrawal?.withdrawalReference ?? "" })}
      description={sends ? t("sends") : t("recordsApproval", { next, required })}
      facts={withdrawal ? factsOf(withdrawal, companyName) : null}
      confirmLabel={sends ? t("confirm") : t("confirmRecord")}
      onConfirm={async () => {
        if (!withdrawal) return;
        const { approveWithdrawal } = await approve.mutateAsync({ id: withdrawal.id });
        onApproved(approveWithdrawal, withdrawal);
      }}
    >
      {first && (
        <p className="text-sm" data-testid="first-approval">
          {t.rich("firstApproval", {
            who: () => <ActorName actor={first.operatorInfo} />,
            at: () => <DateTime value={first.at} />,
          })}
        </p>
      )}
    </MoneyConfirmDialog>
  );
}
