import { expect, type Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import en from "../../admin-ui/messages/en";
import ptBR from "../../admin-ui/messages/pt-BR";

/**
 * The console's own catalogues, for specs that must name a visible text (a heading, a
 * button): `t("auth.signIn.submit")` is what a Portuguese reader sees, `tEn(…)` an English
 * one. Specs follow the catalogue instead of copying its words.
 */
export const t = createTranslator({ locale: "pt-BR", messages: ptBR });
export const tEn = createTranslator({ locale: "en", messages: en });

/**
 * The signed-in user of `page` chooses English (kept on their user, setConsoleLocale): their
 * next pages are in English, <html lang="en">. For users of a spec's own only.
 */
export async function chooseEnglish(page: Page) {
  const answer = await page.request.post("/graphql", {
    headers: { origin: new URL(page.url()).origin, "content-type": "application/json" },
    data: { query: "mutation { setConsoleLocale(locale: EN) { locale } }" },
  });
  expect((await answer.json()).data.setConsoleLocale.locale).toBe("EN");
}
