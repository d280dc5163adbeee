"use client";

import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { execute } from "@/lib/graphql/execute";
import { ResetTwoFactorDocument } from "./two-factor-documents";

/** An admin removes another user's second factor (lost phone): asks first; the API asks for a step-up. */
export function TwoFactorResetButton({ userId, who }: { userId: string; who: string }) {
  const t = useTranslations("twoFactor.reset");
  return (
    <ConfirmButton
      label={t("action")}
      title={t("title", { who })}
      description={t("description", { who })}
      failureTitle={t("title", { who })}
      onConfirm={async () => {
        await execute(ResetTwoFactorDocument, { userId });
      }}
    />
  );
}
