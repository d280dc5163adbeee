"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { execute } from "@/lib/graphql/execute";
import { registerStepUpHandler } from "@/lib/graphql/step-up";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { VerifyStepUpDocument } from "./two-factor-documents";

/**
 * The one step-up dialog of the signed-in console: any action the API refuses with
 * STEP_UP_REQUIRED opens it (lib/graphql/step-up.ts); a right code and the action is sent
 * again, cancel and it fails as refused. Mounted once by the shell, so pages need nothing.
 */
export function TwoFactorStepUpDialog() {
  const t = useTranslations("twoFactor.stepUp");
  const [open, setOpen] = useState(false);
  const settle = useRef<((verified: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );

  const close = (verified: boolean) => {
    setOpen(false);
    settle.current?.(verified);
    settle.current = null;
  };

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
