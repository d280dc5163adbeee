"use client";

import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { useState } from "react";
import { SetConsoleLocaleDocument } from "@/features/auth/documents";
import { API_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "@/i18n/locales";
import { execute } from "@/lib/graphql/execute";

/** Remembers a language in the browser, for the signed-out pages (a year, like the sidebar's cookie). */
export function rememberLocaleInBrowser(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a UI preference read by the server's request config
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Switches the console's language: kept on the signed-in user by the API (so every browser
 * of theirs follows), and in a cookie for the signed-out pages; then the page renders again
 * in the new language.
 */
export function useChangeLocale({ signedIn }: { signedIn: boolean }) {
  const router = useRouter();
  const current = useLocale();
  const [pending, setPending] = useState(false);
  const change = async (next: string) => {
    if (!isLocale(next) || next === current) return;
    setPending(true);
    try {
      if (signedIn) await execute(SetConsoleLocaleDocument, { locale: API_LOCALE[next] });
      rememberLocaleInBrowser(next);
      router.refresh();
    } finally {
      setPending(false);
    }
  };
  return { locale: current, change, pending };
}
