import type { useTranslations } from "next-intl";

type AuditT = ReturnType<typeof useTranslations<"audit">>;

/** An audit action in the reader's language ("withdrawal.approve": "Saque aprovado"); an action the catalogue lacks keeps its code. */
export function auditActionLabel(t: AuditT, action: string): string {
  const key = `actions.${action}` as "actions.withdrawal.approve";
  return /^[a-z_]+\.[a-z_]+$/.test(action) && t.has(key) ? t(key) : action;
}

/** A field of an entry's before/after in the reader's language; one the catalogue lacks keeps its name. */
export function auditFieldLabel(t: AuditT, field: string): string {
  const key = `fields.${field}` as "fields.name";
  return /^[A-Za-z]+$/.test(field) && t.has(key) ? t(key) : field;
}
