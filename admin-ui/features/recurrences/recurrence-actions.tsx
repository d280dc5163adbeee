"use client";

import { CheckIcon, FlaskConicalIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { RecurrenceStatus } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { useAction } from "@/lib/use-action";
import { CancelRecurrenceDocument, SimulateRecurrenceDecisionDocument } from "./documents";

/** The merchant's cancel (a reason is optional): CREATED or APPROVED only; its pending charges go with it. */
export function CancelRecurrenceButton({ id }: { id: string }) {
  const t = useTranslations("recurrences.cancel");
  const describe = useErrorMessage();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t("label")}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={t("title")}
        description={t("description")}
        reasonLabel={t("reason")}
        confirmLabel={t("confirm")}
        destructive
        minLength={0}
        onConfirm={async (reason) => {
          try {
            await execute(CancelRecurrenceDocument, { id, reason: reason || null });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(t("done"));
          router.refresh();
        }}
      />
    </>
  );
}

/**
 * Sandbox only (the page shows them when serviceInfo says so; the API refuses them otherwise):
 * the payer's decision in their bank's app, so that an integration can be tried end to end.
 */
export function SimulateDecisionButtons({ id, status }: { id: string; status: RecurrenceStatus }) {
  const t = useTranslations("recurrences.simulate");
  const { run, busy } = useAction();
  if (status !== "CREATED") return null;
  const decide = (decision: "APPROVED" | "REJECTED") =>
    run(() => execute(SimulateRecurrenceDecisionDocument, { id, decision }), {
      success: t(decision === "APPROVED" ? "approved" : "rejected"),
      failure: t("failed"),
    });
  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed p-3">
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <FlaskConicalIcon className="size-3.5" aria-hidden /> {t("sandboxHint")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void decide("APPROVED")}>
          <CheckIcon aria-hidden /> {t("approve")}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void decide("REJECTED")}>
          <XIcon aria-hidden /> {t("reject")}
        </Button>
      </div>
    </div>
  );
}
