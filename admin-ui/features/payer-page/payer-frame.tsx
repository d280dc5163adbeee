import { LockIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { SandboxBanner } from "@/components/ui/sandbox-banner";

/** The payer's pages' frame: the sandbox strip when it applies, one card, a footer. Fits 320 px. */
export function PayerFrame({ sandbox, children }: { sandbox: boolean; children: React.ReactNode }) {
  const t = useTranslations("payer");
  return (
    <>
      {sandbox ? <SandboxBanner title={t("sandbox.title")} description={t("sandbox.description")} /> : null}
      <main className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-3 py-6 sm:px-4 sm:py-10">
        <div className="w-full rounded-xl border bg-card p-4 shadow-sm sm:p-6">{children}</div>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <LockIcon className="size-3" aria-hidden />
          {t("footer")}
        </p>
      </main>
    </>
  );
}
