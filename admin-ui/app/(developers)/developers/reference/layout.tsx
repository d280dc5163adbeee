import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { AudienceLayout } from "@/components/shell/audience-layout";
import { Button } from "@/components/ui/button";
import { getViewer } from "@/lib/auth/session";

/**
 * The REST reference is public: a signed-in user sees it inside the console, anyone else in
 * a plain frame with a way to sign in.
 */
export default async function ReferenceLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getViewer();
  const t = await getTranslations("shell");
  if (viewer) {
    return (
      <AudienceLayout allow={() => true} navKey="developers">
        {children}
      </AudienceLayout>
    );
  }
  return (
    <div className="min-h-dvh bg-background">
      <header className="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-6">
        <Link href="/developers/reference" className="flex items-center gap-2.5">
          <span
            className="flex size-7 items-center justify-center rounded-lg bg-primary text-primary-foreground"
            aria-hidden
          >
            <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
              <path d="M12 2.5 21.5 12 12 21.5 2.5 12Zm0 4.2L6.7 12l5.3 5.3 5.3-5.3Z" />
            </svg>
          </span>
          <span className="text-sm font-semibold">{t("apiBrand")}</span>
        </Link>
        <Button asChild variant="outline" size="sm">
          <Link href="/login?next=%2Fdevelopers">{t("signIn")}</Link>
        </Button>
      </header>
      <main className="px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
