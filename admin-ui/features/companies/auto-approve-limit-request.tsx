"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MoneyConfirmDialog, ReasonDialog } from "@/components/confirm-dialogs";
import { DateTime } from "@/components/date-time";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { PendingAutoApproveLimitFragment } from "@/gql/graphql";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { ConfirmAutoApproveLimitRequestDocument, DeclineAutoApproveLimitRequestDocument } from "./documents";

/**
 * A raise of the account's auto-approve limit above the second-operator threshold, waiting:
 * from what to what, who asked and when. Another ADMIN confirms or declines it; the requester
 * sees that it waits for someone else.
 */
export function AutoApproveLimitRequest({
  request,
  account,
  canDecide,
}: {
  request: PendingAutoApproveLimitFragment;
  account: string;
  canDecide: boolean;
}) {
  const t = useTranslations("companies.page.limitRequest");
  const router = useRouter();
  const [dialog, setDialog] = useState<"confirm" | "decline" | null>(null);
  const requested = formatBRL(request.requestedLimit);
  const previous = request.previousLimit ? formatBRL(request.previousLimit) : t("noLimit");

  return (
    <div
      data-testid="auto-approve-limit-request"
      className="mt-2 flex flex-col gap-2 rounded-md border border-status-warn/40 bg-status-warn/5 p-3"
    >
      <p className="font-medium">{t("waiting", { previous, requested })}</p>
      <p className="text-xs text-muted-foreground">
        {t("requestedBy", { email: request.requestedByEmail ?? t("apiToken") })} ·{" "}
        <DateTime value={request.requestedAt} />
      </p>
      {request.mine ? (
        <p className="text-xs font-medium text-status-warn">{t("mine")}</p>
      ) : canDecide ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog("confirm")}>
            <CheckIcon aria-hidden /> {t("confirm")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog("decline")}>
            <XIcon aria-hidden /> {t("decline")}
          </Button>
        </div>
      ) : null}
      <MoneyConfirmDialog
        open={dialog === "confirm"}
        onOpenChange={(open) => setDialog(open ? "confirm" : null)}
        title={t("confirmTitle")}
        description={t("confirmDescription", { requested, account })}
        facts={{ account, amount: request.requestedLimit }}
        confirmLabel={t("confirmAction", { requested })}
        onConfirm={async () => {
          await execute(ConfirmAutoApproveLimitRequestDocument, { id: request.id });
          toast.success(t("confirmed", { requested }));
          router.refresh();
        }}
      />
      <ReasonDialog
        open={dialog === "decline"}
        onOpenChange={(open) => setDialog(open ? "decline" : null)}
        title={t("declineTitle")}
        description={t("declineDescription", { requested, account })}
        confirmLabel={t("declineAction")}
        destructive
        onConfirm={async (reason) => {
          await execute(DeclineAutoApproveLimitRequestDocument, { id: request.id, reason });
          toast.success(t("declined", { requested }));
          router.refresh();
        }}
      />
    </div>
  );
}
