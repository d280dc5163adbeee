"use client";

import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { execute } from "@/lib/graphql/execute";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { VerifyStepUpDocument } from "./two-factor-documents";

/** The step-up dialog itself, fetched the first time an action needs a code (two-factor-step-up-dialog.tsx). */
export function StepUpDialog({ open, close }: { open: boolean; close: (verified: boolean) => void }) {
  const t = useTranslations("twoFactor.stepUp");
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close(false)}>
      <DialogContent data-testid="step-up-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <TwoFactorCodeForm
          formLabel={t("formLabel")}
          submitLabel={t("submit")}
          submittingLabel={t("submitting")}
          cancelLabel={t("cancel")}
          onCancel={() => close(false)}
          submit={async (code) => {
            await execute(VerifyStepUpDocument, { code });
            close(true);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
