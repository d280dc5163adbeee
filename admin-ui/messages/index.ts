import type { Locale } from "@/i18n/locales";
import en from "./en";
import ptBR from "./pt-BR";

/** The shape of every catalogue: Portuguese's, which the others must match key for key. */
export type Messages = typeof ptBR;

const CATALOGUES: Record<Locale, Messages> = { "pt-BR": ptBR, en };

export function catalogueOf(locale: Locale): Messages {
  return CATALOGUES[locale];
}
