import { useTranslations } from "next-intl";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { EmptyState } from "@/components/states";
import type { TimelineItem } from "@/components/timeline";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { RefundRowFragment } from "@/gql/graphql";
import { formatBRL } from "@/lib/format";
import { RefundStatusBadge } from "./refund-status-badge";

/** A charge's refunds with their status, on the operator's and the merchant's charge pages. */
export function RefundsCard({
  refunds,
  amount,
  refundedAmount,
  className,
}: {
  refunds: RefundRowFragment[];
  amount: string;
  refundedAmount: string;
  className?: string;
}) {
  const t = useTranslations("refunds.list");
  return (
    <Card className={className}>
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>
            {refunds.length === 0
              ? t("description")
              : t("refundedTotal", { refunded: formatBRL(refundedAmount), amount: formatBRL(amount) })}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {refunds.length === 0 ? (
          <EmptyState className="py-6" title={t("empty")} description={t("emptyDescription")} />
        ) : (
          <ul className="divide-y text-sm" aria-label={t("label")}>
            {refunds.map((refund) => (
              <li key={refund.id} className="flex flex-col gap-1 py-2" data-testid="refund">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Money value={refund.amount} className="font-medium" />
                  <RefundStatusBadge status={refund.status} />
                </div>
                {refund.reason && <p className="break-words">“{refund.reason}”</p>}
                {refund.failureReason && (
                  <p className="text-xs text-status-danger">{t("failure", { reason: refund.failureReason })}</p>
                )}
                <p className="text-xs text-muted-foreground">
                  {t("requestedAt")} <DateTime value={refund.createdAt} seconds /> ·{" "}
                  <span className="font-mono break-all">{refund.id}</span>
                </p>
                {refund.returnId && (
                  <p className="text-xs text-muted-foreground">
                    {t("returnId")}: <span className="font-mono break-all">{refund.returnId}</span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The refunds as timeline entries: requested, then returned or failed. */
export function refundTimeline(
  refunds: RefundRowFragment[],
  t: (key: "requested" | "refunded" | "failed", values: { amount: string }) => string,
): TimelineItem[] {
  return refunds.flatMap((refund) => {
    const amount = formatBRL(refund.amount);
    const items: TimelineItem[] = [
      {
        key: `${refund.id}-requested`,
        at: refund.createdAt,
        title: t("requested", { amount }),
        detail: refund.reason,
      },
    ];
    if (refund.status === "REFUNDED")
      items.push({
        key: `${refund.id}-refunded`,
        at: refund.refundedAt ?? refund.updatedAt,
        title: t("refunded", { amount }),
      });
    if (refund.status === "FAILED")
      items.push({
        key: `${refund.id}-failed`,
        at: refund.updatedAt,
        title: t("failed", { amount }),
        detail: refund.failureReason,
      });
    return items;
  });
}
