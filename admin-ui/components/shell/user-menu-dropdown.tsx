"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LanguagesIcon, LogOutIcon, MonitorSmartphoneIcon, ShieldCheckIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast";
import { SignOutDocument } from "@/features/auth/documents";
import { LOCALE_NAMES, LOCALES } from "@/i18n/locales";
import type { Viewer } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { roleLabel } from "@/lib/i18n/role-label";
import { useChangeLocale } from "@/lib/i18n/use-change-locale";

/**
 * Who is signed in, with which role, their language, their sessions, and the way out: the
 * menu user-menu.tsx fetches at the first press of its button, mounted open.
 */
export function UserMenuDropdown({ viewer, trigger }: { viewer: Viewer; trigger: React.ReactElement }) {
  const t = useTranslations("shell.userMenu");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const language = useChangeLocale({ signedIn: true });
  const router = useRouter();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await execute(SignOutDocument);
      queryClient.clear();
      router.replace("/login");
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error));
      setSigningOut(false);
    }
  };
  const changeLanguage = (next: string) =>
    language.change(next).catch((error: unknown) => toast.error(errorMessage(error)));
  const role = roleLabel(tc, viewer.role);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
          <span className="truncate text-sm font-medium">{viewer.name ?? "—"}</span>
          <span className="truncate text-xs text-muted-foreground">{viewer.email}</span>
          <span className="flex flex-wrap items-center gap-1.5 pt-1">
            <Badge variant="secondary">{viewer.kind === "OPERATOR" ? t("operator") : t("merchant")}</Badge>
            <Badge variant="outline">{role}</Badge>
            {viewer.companyName && <span className="truncate text-xs text-muted-foreground">{viewer.companyName}</span>}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
          <LanguagesIcon className="size-3.5" aria-hidden /> {t("language")}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={language.locale} onValueChange={(next) => void changeLanguage(next)}>
          {LOCALES.map((locale) => (
            <DropdownMenuRadioItem key={locale} value={locale} lang={locale} disabled={language.pending}>
              {LOCALE_NAMES[locale]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={viewer.kind === "OPERATOR" ? "/ops/account" : "/m/account"}>
            <ShieldCheckIcon aria-hidden /> {t("account")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={viewer.kind === "OPERATOR" ? "/ops/account/sessions" : "/m/account/sessions"}>
            <MonitorSmartphoneIcon aria-hidden /> {t("sessions")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()} disabled={signingOut}>
          <LogOutIcon aria-hidden /> {t("signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
