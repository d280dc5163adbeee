import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@server/auth/session-cookie";
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getViewer, PATH_HEADER } from "@/lib/auth/session";
import { TIME_ZONE } from "@/lib/format";
import { isPayerPath } from "@/lib/payer-paths";
import { catalogueOf } from "@/messages";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale, localeOfApi } from "./locales";

/**
 * The language of this render: the signed-in user's choice (kept on the server with their
 * console user), else the browser's cookie (the choice made while signed out), else pt-BR.
 */
async function resolveLocale(): Promise<Locale> {
  // The payers' pages are Portuguese (CONTRACT §13), whoever opens them.
  if (isPayerPath(((await headers()).get(PATH_HEADER) ?? "").split("?")[0])) return DEFAULT_LOCALE;
  const jar = await cookies();
  const fromCookie = jar.get(LOCALE_COOKIE)?.value;
  if (jar.get(SESSION_COOKIE)?.value || jar.get(SECURE_SESSION_COOKIE)?.value) {
    try {
      // Cached for the request: the layouts read the same viewer.
      const chosen = localeOfApi((await getViewer())?.locale);
      if (chosen) return chosen;
    } catch {
      // The layout meets the same failure and shows it; the language falls back below.
    }
  }
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  return { locale, messages: catalogueOf(locale), timeZone: TIME_ZONE };
});
