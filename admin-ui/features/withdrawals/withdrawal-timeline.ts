import type { ActorInfo } from "@/components/actor-name";

/** A status change of a withdrawal (its `withdrawalHistory`). */
export interface WithdrawalStatusStep {
  id: string;
  fromStatus?: string | null;
  toStatus: string;
  actor: string;
  /** The actor in words (the API's actorInfo), when the page asked for it. */
  actorInfo?: ActorInfo;
  reason?: string | null;
  createdAt: string;
}

/** An operator's approval (the withdrawal's `approvals`, oldest first). */
export interface WithdrawalApprovalStep {
  at: string;
  operator?: string | null;
  operatorEmail?: string | null;
}

export type WithdrawalTimelineEntry =
  | {
      kind: "status";
      key: string;
      at: string;
      status: string;
      actor: string;
      actorInfo: ActorInfo | null;
      reason: string | null;
    }
  | {
      kind: "approval";
      key: string;
      at: string;
      /** 1 for the first approval. */
      given: number;
      operator: string | null;
      operatorEmail: string | null;
    };

/**
 * Where an entry falls among entries of the same instant. The approval that completes the
 * approvals and the PENDING -> PROCESSING change it causes are written in one transaction,
 * so they carry the same timestamp (PostgreSQL's now() is the transaction's start); so do the
 * creation and an auto-approval. The real sequence is: requested, approved, sent to the bank,
 * then the bank's outcome or a cancellation.
 */
const RANK: Record<string, number> = { PENDING: 0, approval: 1, PROCESSING: 2, PAID: 3, FAILED: 3, CANCELLED: 3 };

const rankOf = (entry: WithdrawalTimelineEntry) => RANK[entry.kind === "approval" ? "approval" : entry.status] ?? 3;

/** A withdrawal's status changes and approvals in the order they happened, oldest first. */
export function withdrawalTimeline(
  history: WithdrawalStatusStep[],
  approvals: WithdrawalApprovalStep[],
): WithdrawalTimelineEntry[] {
  const entries: WithdrawalTimelineEntry[] = [
    ...history.map((step) => ({
      kind: "status" as const,
      key: step.id,
      at: step.createdAt,
      status: step.toStatus,
      actor: step.actor,
      actorInfo: step.actorInfo ?? null,
      reason: step.reason ?? null,
    })),
    ...approvals.map((approval, index) => ({
      kind: "approval" as const,
      key: `approval-${index}`,
      at: approval.at,
      given: index + 1,
      operator: approval.operator ?? null,
      operatorEmail: approval.operatorEmail ?? null,
    })),
  ];
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        Date.parse(a.entry.at) - Date.parse(b.entry.at) || rankOf(a.entry) - rankOf(b.entry) || a.index - b.index,
    )
    .map(({ entry }) => entry);
}
