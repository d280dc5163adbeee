import type { EntityManager } from "typeorm";
import type { Cents } from "../core/money";
import { queryRows } from "../core/sql";

/**
 * Maker-checker (four eyes). Above `aboveCents` a withdrawal approval, an adjustment or an operator's refund needs
 * two different operators. The amount is counted per operator and account over a sliding
 * window, so that splitting a large sum into small items does not skip the second operator.
 */
export interface MakerCheckerPolicy {
  /** APPROVAL_SECOND_OPERATOR_ABOVE in centavos; null = maker-checker off. */
  aboveCents: Cents | null;
  /** APPROVAL_SECOND_OPERATOR_WINDOW_H: how far back one operator's lone moves count (0 = per item). */
  windowHours: number;
}

export const MAKER_CHECKER_OFF: MakerCheckerPolicy = { aboveCents: null, windowHours: 0 };

/**
 * What one operator moved alone on one account in the policy's window: adjustments they
 * created that were posted without a second operator (by absolute value: a credit and a
 * debit both move money), withdrawals they approved as the only approver, and refunds they
 * made without a second operator's confirmation (docs/refunds.md), a MED dispute's devolução
 * they accepted alone included. The caller
 * holds the account's row lock, so two moves of one operator on one account are counted
 * one after the other and cannot both slip under the threshold.
 */
export async function movedAloneCents(
  em: EntityManager,
  policy: MakerCheckerPolicy,
  actor: string,
  companyId: string,
): Promise<Cents> {
  if (policy.windowHours === 0) return 0n;
  const [row] = await queryRows<{ cents: string }>(
    em,
    `SELECT
       (SELECT coalesce(sum(abs(amount_cents)), 0) FROM adjustments
         WHERE company_id = $1 AND created_by = $2 AND status = 'POSTED' AND confirmed_by IS NULL
           AND created_at > now() - make_interval(hours => $3))
     + (SELECT coalesce(sum(w.amount_cents), 0)
          FROM withdrawal_approvals a JOIN withdrawals w ON w.id = a.withdrawal_id
         WHERE a.operator = $2 AND w.company_id = $1 AND a.created_at > now() - make_interval(hours => $3)
           AND w.status IN ('PROCESSING', 'PAID', 'FAILED')
           AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals other
                            WHERE other.withdrawal_id = a.withdrawal_id AND other.operator <> a.operator))
     + (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r
         WHERE r.company_id = $1 AND r.requested_by = $2 AND r.status <> 'FAILED'
           AND r.created_at > now() - make_interval(hours => $3)
           AND NOT EXISTS (SELECT 1 FROM refund_requests q
                            WHERE q.refund_id = r.id AND q.decided_by IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM disputes d
                            WHERE d.id = r.dispute_id AND d.accept_requested_by IS NOT NULL
                              AND d.accept_requested_by <> r.requested_by)) AS cents`,
    [companyId, actor, policy.windowHours],
  );
  return BigInt(row.cents);
}

/**
 * Whether this operator may move `amountCents` (absolute) on the account alone: the item
 * itself and, added to it, what they moved alone in the window must stay at or under the
 * threshold. Always true with maker-checker off. The caller holds the account lock.
 */
export async function mayMoveAlone(
  em: EntityManager,
  policy: MakerCheckerPolicy,
  actor: string,
  companyId: string,
  amountCents: Cents,
): Promise<boolean> {
  if (policy.aboveCents === null) return true;
  const magnitude = amountCents < 0n ? -amountCents : amountCents;
  if (magnitude > policy.aboveCents) return false;
  return (await movedAloneCents(em, policy, actor, companyId)) + magnitude <= policy.aboveCents;
}
