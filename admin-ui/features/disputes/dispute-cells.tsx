"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { DisputeRowFragment, DisputeStatus } from "@/gql/graphql";

// A dispute's cells, the same in the queues (disputes-table.tsx) and on the operator's charge page.

const STATUS_LOOK: Record<DisputeStatus, BadgeVariant> = {
  OPEN: "warn",
  REJECTED: "info",
  ACCEPTED: "danger",
  CLOSED: "neutral",
};

/** The deadline, relative to now; red once it has passed while the dispute still waits. */
export function DisputeDeadline({ row }: { row: DisputeRowFragment }) {
  const t = useTranslations("disputes");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const deadline = new Date(row.deadlineAt);
  const waiting = row.status === "OPEN" || row.status === "REJECTED";
  const overdue = waiting && deadline.getTime() < now.getTime();
  return (
    <span className="flex flex-col" data-testid="dispute-deadline">
      <DateTime value={row.deadlineAt} />
      {waiting && (
        <span className={overdue ? "text-xs font-medium text-status-danger" : "text-xs text-muted-foreground"}>
          {overdue
            ? t("deadline.overdue", { when: format.relativeTime(deadline, now) })
            : t("deadline.due", { when: format.relativeTime(deadline, now) })}
        </span>
      )}
    </span>
  );
}

/** The claimed amount, with what is held when the balance could not cover all of it. */
export function DisputeAmounts({ row }: { row: DisputeRowFragment }) {
  const t = useTranslations("disputes");
  return (
    <span className="flex flex-col items-end">
      <Money value={row.amount} className="font-medium" />
      {row.heldAmount !== row.amount && (
        <span className="text-xs text-muted-foreground">
          {t("held")} <Money value={row.heldAmount} />
        </span>
      )}
    </span>
  );
}

/** What the status means, with the outcome of a closed dispute. */
export function DisputeStatusBadge({ row }: { row: DisputeRowFragment }) {
  const t = useTranslations("disputes");
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge variant={STATUS_LOOK[row.status]}>{t(`badge.${row.status}`)}</Badge>
      {row.outcome && <span className="text-xs text-muted-foreground">{t(`outcome.${row.outcome}`)}</span>}
      {row.status === "ACCEPTED" && !row.outcome && (
        <span className="text-xs text-muted-foreground">
          {/* Accepted and answered to a bank that returns the money itself: still held, nothing sent. */}
          {row.refundId === null ? t("awaitingBank") : t("returning")}
        </span>
      )}
      {row.status === "OPEN" && row.returnFailureReason && (
        <span className="max-w-56 truncate text-xs text-status-danger" title={row.returnFailureReason}>
          {t("returnFailed", { reason: row.returnFailureReason })}
        </span>
      )}
    </span>
  );
}
