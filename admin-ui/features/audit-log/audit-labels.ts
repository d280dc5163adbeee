import type { useTranslations } from "next-intl";
import { formatBRL, formatPercent } from "@/lib/format";

type AuditT = ReturnType<typeof useTranslations<"audit">>;
/** A translator of the whole catalogue (useTranslations()): values are named by their features' catalogues. */
type RootT = ReturnType<typeof useTranslations<never>>;

/** An audit action in the reader's language ("withdrawal.approve": "Saque aprovado"); an action the catalogue lacks keeps its code. */
export function auditActionLabel(t: AuditT, action: string): string {
  const key = `actions.${action}` as "actions.withdrawal.approve";
  return /^[a-z_]+\.[a-z_]+$/.test(action) && t.has(key) ? t(key) : action;
}

/** A field of an entry's before/after in the reader's language; one the catalogue lacks keeps its name. */
export function auditFieldLabel(t: AuditT, field: string): string {
  const key = `fields.${field}` as "fields.name";
  return /^[A-Za-z_]+$/.test(field) && t.has(key) ? t(key) : field;
}

/**
 * Where a field's coded values (a status, a nature, a role) are named: the feature's own
 * catalogue, so the audit log calls a value what its page calls it. By object type and
 * field; `*` is any object. Values no feature names are under `audit.values.<object>.<field>`.
 */
const VALUE_CATALOGUES: Record<string, string> = {
  "charge.status": "common.status.charge",
  "withdrawal.status": "common.status.withdrawal",
  "webhook_event.deliveryStatus": "common.status.delivery",
  "refund.status": "refunds.status",
  "refund_request.status": "refunds.requests.status",
  "dispute.status": "disputes.badge",
  "dispute.outcome": "disputes.outcome",
  "adjustment.status": "adjustments.status",
  "payment_link.status": "paymentLinks.list.status",
  "payment_exception.returnStatus": "paymentExceptions.return.status",
  "unconfirmed_notification.kind": "provider.unconfirmed.kinds",
  "recurrence.status": "recurrences.status",
  "recurrence.frequency": "recurrences.frequency",
  "recurrence.retry_policy": "recurrences.retryPolicy",
  "*.nature": "disputes.nature",
  "*.role": "common.roles",
  "*.pixKeyType": "confirm.keyTypes",
};

/**
 * A stored value of an entry's field in the reader's language when it is a code
 * (`MED_FRAUDE`: "Suspeita de fraude", a withdrawal's `PENDING`: "Aguardando aprovação");
 * any other value, or a code no catalogue names, as stored. `text` is the diff's text of it.
 */
export function auditValueLabel(t: RootT, objectType: string, field: string, text: string): string {
  if (!/^[A-Za-z_]+$/.test(text) || !/^[A-Za-z_]+$/.test(field) || !/^[a-z_]+$/.test(objectType)) return text;
  const places = [
    `audit.values.${objectType}.${field}`,
    VALUE_CATALOGUES[`${objectType}.${field}`],
    VALUE_CATALOGUES[`*.${field}`],
  ];
  for (const place of places) {
    const key = `${place}.${text}` as never;
    if (place && t.has(key)) return t(key);
  }
  return text;
}

/** Fields whose stored value is money in reais as the API writes it ("3.00"), in any object. */
const MONEY_FIELDS = new Set([
  "amount",
  "netAmount",
  "reservedAmount",
  "heldAmount",
  "minAmount",
  "maxAmount",
  "feeFixed",
  "autoApproveLimit",
  "requestedLimit",
]);

/** Fields whose stored value is centavos ("8990"): by object type and field, `*` for any object. */
const CENTAVOS_FIELDS = new Set(["*.amountCents"]);
/**
 * A recurrence's amounts: reais ("89.90") as every audit row writes money, and centavos
 * ("8990", no point) in the rows written before the server wrote them so.
 */
const REAIS_OR_LEGACY_CENTAVOS_FIELDS = new Set(["recurrence.amount", "recurrence.first_payment"]);

const REAIS_TEXT = /^-?\d+(\.\d{1,2})?$/;
const CENTAVOS_TEXT = /^-?\d+$/;

/**
 * A money field's stored value as the console writes money (`R$ 3,00`, from "3.00", or from
 * centavos where the object keeps them so); null for any other field, or a value that is not
 * an amount (kept as stored). `text` is the diff's text of it. A fee in percent reads `1,5 %`.
 */
export function auditMoneyText(objectType: string, field: string, text: string): string | null {
  if (CENTAVOS_FIELDS.has(`${objectType}.${field}`) || CENTAVOS_FIELDS.has(`*.${field}`)) {
    return CENTAVOS_TEXT.test(text) ? formatBRL(BigInt(text)) : null;
  }
  if (REAIS_OR_LEGACY_CENTAVOS_FIELDS.has(`${objectType}.${field}`)) {
    if (CENTAVOS_TEXT.test(text)) return formatBRL(BigInt(text));
    return REAIS_TEXT.test(text) ? formatBRL(text) : null;
  }
  if (MONEY_FIELDS.has(field)) return REAIS_TEXT.test(text) ? formatBRL(text) : null;
  if (field === "feePercent") return REAIS_TEXT.test(text) ? formatPercent(text) : null;
  return null;
}
