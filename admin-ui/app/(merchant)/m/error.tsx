"use client";

import { useTranslations } from "next-intl";
import { ErrorState } from "@/components/states";
import { useErrorMessage } from "@/lib/i18n/error-message";

/** A page whose data could not be loaded: what went wrong and a retry that renders it again. */
export default function MerchantError({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("merchant.error");
  const errorMessage = useErrorMessage();
  return (
    <div className="rounded-xl border bg-card">
      <ErrorState title={t("title")} message={errorMessage(error)} onRetry={reset} />
    </div>
  );
}
