import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { tableParsers } from "@/components/data-table/search-params";
import { createdRange } from "@/features/charges/search-params";

export const AUDIT_OBJECT_TYPES = [
  "withdrawal",
  "adjustment",
  "charge",
  "company",
  "client_credential",
  "console_user",
  "payment_exception",
  "unconfirmed_notification",
  "webhook_event",
] as const;

/**
 * The actions the service writes, offered by the action filter (the URL takes any action:
 * one missing here is still filtered on, and a row's menu filters on its own action).
 */
export const AUDIT_ACTIONS = [
  "adjustment.create",
  "alert.sign_in_spray",
  "alert.two_factor_guessing",
  "charge.cancel",
  "charge.create",
  "charge.release",
  "charge.reserve",
  "charge.simulate_payment",
  "company.create",
  "company.require_two_factor",
  "company.update",
  "company_user.invite",
  "company_user.invite_email_taken",
  "company_user.remove",
  "console_user.accept_invite",
  "console_user.change_password",
  "credential.issue",
  "credential.label",
  "credential.revoke",
  "dispute.accept",
  "dispute.close",
  "dispute.contest",
  "dispute.open",
  "dispute.statement",
  "operator.create_first",
  "operator.invite",
  "operator.update",
  "payment_exception.resolve",
  "payment_exception.return",
  "provider_notification.unconfirmed",
  "refund.create",
  "refund.simulate_outcome",
  "refund_request.confirm",
  "refund_request.create",
  "refund_request.reject",
  "session.revoke",
  "session.revoke_others",
  "session.sign_in",
  "session.sign_in_failed",
  "session.sign_out",
  "two_factor.code_failed",
  "two_factor.disable",
  "two_factor.enrol",
  "two_factor.forget_browsers",
  "two_factor.recovery_code_used",
  "two_factor.recovery_codes_regenerate",
  "two_factor.reset",
  "unconfirmed_notification.resolve",
  "webhook.redeliver",
  "webhook.rotate_secret",
  "webhook.test",
  "webhook.update_settings",
  "withdrawal.approve",
  "withdrawal.cancel",
  "withdrawal.create",
  "withdrawal.fail",
  "withdrawal.reject",
  "withdrawal.settle",
  "withdrawal.simulate_outcome",
] as const;

/**
 * The audit log's filters: object type, actor (the API's raw actor, e.g. "operator:usr_…"),
 * action, and São Paulo days from and to (YYYY-MM-DD, both included; see createdRange).
 */
export const auditFilters = {
  objectType: parseAsStringLiteral(AUDIT_OBJECT_TYPES),
  actor: parseAsString,
  action: parseAsString,
  from: parseAsString,
  to: parseAsString,
};

/** The audit log's URL: the filters, the object id (the search box), page size and cursor. */
export const loadAuditParams = createLoader({ ...tableParsers, ...auditFilters });

/** The API's from/to for the URL's São Paulo days, both included (as the charges list reads its days). */
export function auditRange(from: string | null, to: string | null): { from: string | null; to: string | null } {
  const { createdFrom, createdTo } = createdRange(from, to);
  return { from: createdFrom, to: createdTo };
}
