import { ShieldAlertIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { NavKey } from "./nav";

/** What a signed-in user sees on pages of another audience (e.g. a merchant on /ops). */
export async function AccessDenied({ home, audience }: { home: string; audience: NavKey }) {
  const t = await getTranslations("shell");
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-status-danger-bg text-status-danger">
          <ShieldAlertIcon className="size-5" aria-hidden />
        </div>
        <h1 className="mt-4 text-lg font-semibold">{t("accessDenied.title")}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {t("accessDenied.description", { audience: t(`audienceFor.${audience}`) })}
        </p>
        <Button asChild className="mt-6">
          <Link href={home}>{t("accessDenied.goHome")}</Link>
        </Button>
      </div>
    </main>
  );
}
