import type { useTranslations } from "next-intl";

type CommonT = ReturnType<typeof useTranslations<"common">>;

/** A console role's name in the reader's language; a role the catalogue lacks is shown as it is. */
export function roleLabel(t: CommonT, role: string): string {
  const key = `roles.${role}` as "roles.ADMIN";
  return t.has(key) ? t(key) : role;
}
