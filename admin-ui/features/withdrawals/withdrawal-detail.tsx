import { getTranslations } from "next-intl/server";
import { ActorName } from "@/components/actor-name";
import { CopyableId } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Timeline, type TimelineItem } from "@/components/timeline";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { RecipientWarning } from "@/gql/graphql";
import { formatIsoDay, saoPauloDay } from "@/lib/format";
import { type DestinationSource, DestinationTerms, RecipientDetails } from "./destination";
import { type WithdrawalApprovalStep, type WithdrawalStatusStep, withdrawalTimeline } from "./withdrawal-timeline";

/**
 * A withdrawal's page, shared by operators (/ops/withdrawals/[id]) and merchants
 * (/m/withdrawals/[id]): the same timeline and details, each audience with its own words and
 * what it may read (operators see who acted, the approvals and the bank retries; merchants
 * the dates and the end-to-end id).
 */
export type WithdrawalAudience = "operator" | "merchant";

/** An approver in words: their e-mail, or "Token de operador" (never the raw `operator:token`). */
function approverActor(approval: { operator?: string | null; operatorEmail?: string | null }) {
  return { id: approval.operator ?? "operator", kind: "OPERATOR", displayName: approval.operatorEmail ?? null };
}

type StepStatus = "PENDING" | "PROCESSING" | "PAID" | "FAILED" | "CANCELLED" | "REJECTED";
const STEP_STATUSES = new Set<string>(["PENDING", "PROCESSING", "PAID", "FAILED", "CANCELLED", "REJECTED"]);

export async function WithdrawalTimelineCard({
  audience,
  history,
  approvals,
  approvalsRequired,
  rejected,
  sendsOn,
  className,
}: {
  audience: WithdrawalAudience;
  history: WithdrawalStatusStep[];
  approvals: WithdrawalApprovalStep[];
  approvalsRequired: number;
  /** An operator rejected it: its CANCELLED step says so. */
  rejected: boolean;
  /** A scheduled payout's send day: approved before it, its PROCESSING step waits for that day. */
  sendsOn?: string | null;
  className?: string;
}) {
  const t = await getTranslations("withdrawalDetail");
  // Merchants read the approvals only when more than one is needed (one approval is the
  // "sent to the bank" step itself).
  const shownApprovals = audience === "operator" || approvalsRequired > 1 ? approvals : [];
  const items: TimelineItem[] = withdrawalTimeline(history, shownApprovals).map((entry) => {
    if (entry.kind === "approval") {
      return {
        key: entry.key,
        at: entry.at,
        title:
          approvalsRequired > 1 ? t("approvalOf", { given: entry.given, required: approvalsRequired }) : t("approved"),
        detail:
          audience === "operator" ? (
            <ActorName actor={approverActor(entry)} className="text-xs text-muted-foreground" />
          ) : undefined,
      };
    }
    const step = entry.status === "CANCELLED" && rejected ? "REJECTED" : entry.status;
    // Approved before its day, a scheduled payout was not sent then: the step names the day it goes.
    const heldForItsDay = step === "PROCESSING" && sendsOn && saoPauloDay(new Date(entry.at)) < sendsOn;
    const title = heldForItsDay
      ? t(`steps.${audience}.SCHEDULED`, { day: formatIsoDay(sendsOn) })
      : STEP_STATUSES.has(step)
        ? t(`steps.${audience}.${step as StepStatus}`)
        : entry.status;
    return {
      key: entry.key,
      at: entry.at,
      title,
      detail:
        audience === "operator" || entry.reason ? (
          <>
            {audience === "operator" && (
              <span className="block text-xs">
                {entry.actorInfo ? (
                  <ActorName actor={entry.actorInfo} />
                ) : (
                  <span className="font-mono text-muted-foreground">{entry.actor}</span>
                )}
              </span>
            )}
            {entry.reason && <span className="block">“{entry.reason}”</span>}
          </>
        ) : undefined,
    };
  });
  return (
    <Card className={className}>
      <CardHeader>
        <div>
          <CardTitle>{t("timeline")}</CardTitle>
          <CardDescription>{t(`timelineDescription.${audience}`)}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Timeline items={items} label={t("timelineLabel")} />
      </CardContent>
    </Card>
  );
}

export interface WithdrawalDetailFacts extends DestinationSource {
  id: string;
  recipient?: { name: string; document: string; institution: string | null } | null;
  recipientName?: string | null;
  recipientWarnings?: RecipientWarning[];
  idempotencyKey: string;
  createdAt: string;
  paidAt?: string | null;
  reason?: string | null;
  e2eId?: string | null;
  queuePosition?: number | null;
  retryCount?: number;
  approvalsRequired: number;
  approvals: WithdrawalApprovalStep[];
}

export async function WithdrawalDetailsCard({
  audience,
  withdrawal,
}: {
  audience: WithdrawalAudience;
  withdrawal: WithdrawalDetailFacts;
}) {
  const t = await getTranslations("withdrawalDetail");
  const operator = audience === "operator";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("details")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("destination")}</dt>
            <DestinationTerms source={withdrawal} />
          </div>
          <div>
            <dt className="text-muted-foreground">{t("recipient")}</dt>
            <dd data-testid="recipient">
              <RecipientDetails withdrawal={withdrawal} />
            </dd>
          </div>
          {operator && (
            <div>
              <dt className="text-muted-foreground">{t("approvals")}</dt>
              <dd>
                {t("approvalsCount", { given: withdrawal.approvals.length, required: withdrawal.approvalsRequired })}
                {withdrawal.approvals.map((approval) => (
                  <ActorName
                    key={`${approval.operator} ${approval.at}`}
                    actor={approverActor(approval)}
                    className="block text-xs text-muted-foreground"
                  />
                ))}
              </dd>
            </div>
          )}
          {operator && (
            <div>
              <dt className="text-muted-foreground">{t("queuePosition")}</dt>
              <dd>{withdrawal.queuePosition ?? "—"}</dd>
            </div>
          )}
          {operator && (
            <div>
              <dt className="text-muted-foreground">{t("retries")}</dt>
              <dd>{withdrawal.retryCount ?? 0}</dd>
            </div>
          )}
          <div>
            <dt className="text-muted-foreground">{t("requested")}</dt>
            <dd>
              <DateTime value={withdrawal.createdAt} seconds />
            </dd>
          </div>
          {withdrawal.paidAt && (
            <div>
              <dt className="text-muted-foreground">{t("paid")}</dt>
              <dd>
                <DateTime value={withdrawal.paidAt} seconds />
              </dd>
            </div>
          )}
          {withdrawal.reason && (
            <div>
              <dt className="text-muted-foreground">{t("reason")}</dt>
              <dd>{withdrawal.reason}</dd>
            </div>
          )}
          <div>
            <dt className="text-muted-foreground">{t("e2eId")}</dt>
            <dd className="font-mono text-xs break-all">{withdrawal.e2eId ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("id")}</dt>
            <dd>
              <CopyableId value={withdrawal.id} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("idempotencyKey")}</dt>
            <dd className="font-mono text-xs break-all">{withdrawal.idempotencyKey}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
