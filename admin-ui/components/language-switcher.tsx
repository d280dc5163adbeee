"use client";

import { LanguagesIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { LOCALE_NAMES, LOCALES } from "@/i18n/locales";
import { useChangeLocale } from "@/lib/i18n/use-change-locale";

/** The language choice of the signed-out pages, kept in a cookie (signed-in users use the user menu). */
export function LanguageSwitcher() {
  const t = useTranslations("auth.frame");
  const language = useChangeLocale({ signedIn: false });
  return (
    <Select value={language.locale} onValueChange={(next) => void language.change(next)} disabled={language.pending}>
      <SelectTrigger size="sm" className="w-auto gap-2" aria-label={t("language")}>
        <LanguagesIcon aria-hidden />
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        {LOCALES.map((locale) => (
          <SelectItem key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
