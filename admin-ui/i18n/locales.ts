/**
 * The console's languages. Portuguese first: a visitor who chose nothing reads pt-BR.
 * Shared by the server (request config) and the browser (the language menus).
 */
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-BR";

/** The signed-out pages' memory of the choice (signed-in users keep theirs on the server). */
export const LOCALE_COOKIE = "pix_locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The API's `ConsoleLocale` enum names each language by a GraphQL name. */
export const API_LOCALE = { "pt-BR": "PT_BR", en: "EN" } as const satisfies Record<Locale, string>;

export function localeOfApi(value: string | null | undefined): Locale | null {
  const found = (Object.entries(API_LOCALE) as Array<[Locale, string]>).find(([, name]) => name === value);
  return found ? found[0] : null;
}

/** Each language's own name, as the language menus show it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { "pt-BR": "Português (Brasil)", en: "English" };
