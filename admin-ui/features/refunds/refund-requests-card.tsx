import { CheckCircle2Icon, ClockIcon, type LucideIcon, TimerOffIcon, XCircleIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { RefundRequestStatus } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { ChargeRefundRequestsDocument } from "./documents";
import { RefundRequestActions } from "./refund-request-actions";

const LOOK: Record<RefundRequestStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  REQUESTED: { variant: "warn", icon: ClockIcon },
  CONFIRMED: { variant: "success", icon: CheckCircle2Icon },
  REJECTED: { variant: "danger", icon: XCircleIcon },
  EXPIRED: { variant: "neutral", icon: TimerOffIcon },
};

/**
 * Operators' refund requests of a charge (above APPROVAL_SECOND_OPERATOR_ABOVE a second
 * operator confirms): who asked, the amount, until when; another operator confirms or rejects.
 * Nothing when the charge has none (refunds made at once are in the refunds card).
 */
export async function RefundRequestsCard({
  chargeId,
  account,
  canAct,
}: {
  chargeId: string;
  account: string;
  canAct: boolean;
}) {
  const [{ refundRequests, charge }, t] = await Promise.all([
    execute(ChargeRefundRequestsDocument, { chargeId }),
    getTranslations("refunds.requests"),
  ]);
  // Requests an operator made alone within the rule are refunds at once: the refunds card shows them.
  const shown = refundRequests.filter((request) => !(request.status === "CONFIRMED" && request.decidedBy === null));
  if (shown.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm" aria-label={t("label")}>
          {shown.map((request) => {
            const Icon = LOOK[request.status].icon;
            return (
              <li key={request.id} className="flex flex-col gap-2 py-3" data-testid="refund-request">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Money value={request.amount} className="font-medium" />
                  <Badge variant={LOOK[request.status].variant}>
                    <Icon aria-hidden />
                    {t(`status.${request.status}`)}
                  </Badge>
                </div>
                {request.reason && <p className="break-words">“{request.reason}”</p>}
                <p className="text-xs break-words text-muted-foreground">
                  {t("requestedBy", { email: request.requestedByEmail ?? t("apiToken") })} ·{" "}
                  <DateTime value={request.requestedAt} />
                </p>
                {request.status === "REQUESTED" && (
                  <p className="text-xs text-muted-foreground">
                    {t("expiresAt")} <DateTime value={request.expiresAt} />
                  </p>
                )}
                {request.decidedAt && request.decidedByEmail && (
                  <p className="text-xs break-words text-muted-foreground">
                    {t(request.status === "REJECTED" ? "rejectedBy" : "confirmedBy", { email: request.decidedByEmail })}
                    {request.rejectionReason && <> · “{request.rejectionReason}”</>}
                  </p>
                )}
                {request.status === "REQUESTED" && canAct && (
                  <RefundRequestActions
                    request={request}
                    account={account}
                    payer={{ name: charge.payerName ?? null, document: charge.payerDocument ?? null }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
