import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { LanguageSwitcher } from "./language-switcher";

/** The frame of the signed-out pages (sign-in, accept invite): language, brand, card, footnote. */
export async function AuthFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const t = await getTranslations("auth.frame");
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-muted/40 px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 [background-image:linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [background-size:48px_48px] [mask-image:radial-gradient(ellipse_at_center,black_20%,transparent_70%)] opacity-60"
      />
      <div className="absolute top-3 right-3 sm:top-4 sm:right-4">
        <LanguageSwitcher />
      </div>
      <div className="relative w-full max-w-sm" data-testid="auth-frame-content">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <div
            className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-md"
            aria-hidden
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <path d="M12 2.5 21.5 12 12 21.5 2.5 12Zm0 4.2L6.7 12l5.3 5.3 5.3-5.3Z" />
            </svg>
          </div>
          <div className="space-y-1">
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm">{children}</div>
        <p className="mt-6 text-center text-xs text-muted-foreground">{t("footnote")}</p>
      </div>
    </main>
  );
}
