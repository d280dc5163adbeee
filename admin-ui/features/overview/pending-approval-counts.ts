"use client";

import { useQuery } from "@tanstack/react-query";
import { execute } from "@/lib/graphql/execute";
import { PendingApprovalsDocument } from "./documents";

/** Which sidebar entry counts what waits for a second operator. */
export type PendingApprovalKind = "adjustments" | "withdrawals";

/**
 * What waits for this operator as the second one, per sidebar entry: fetched by the browser
 * (no page waits for it), again every minute and on focus. Off for roles that cannot approve
 * (VIEWER: the API refuses them) and for merchants; a failed fetch shows no count.
 */
export function usePendingApprovalCounts(enabled: boolean): Partial<Record<PendingApprovalKind, number>> {
  const query = useQuery({
    queryKey: ["PendingApprovals"],
    queryFn: () => execute(PendingApprovalsDocument, {}),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
  const counts = query.data?.pendingApprovals;
  if (!enabled || !counts) return {};
  return { adjustments: counts.adjustments.count, withdrawals: counts.withdrawals.count };
}
