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
