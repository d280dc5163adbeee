import { useTranslations } from "next-intl";

/**
 * How a PIX key type reads in the reader's language (CPF, CNPJ, E-mail, Celular, Chave
 * aleatória): one catalogue entry per type (`confirm.keyTypes`), so a type reads the same on
 * every page; a type the catalogue lacks is shown as the API names it.
 */
export function usePixKeyTypeName(): (type: string) => string {
  const t = useTranslations("confirm.keyTypes");
  return (type) => (t.has(type as "CPF") ? t(type as "CPF") : type);
}
