import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { DisputeRowFragment } from "@/gql/graphql";
import { formatBRL } from "@/lib/format";
import { DisputeDeadline, DisputeStatusBadge } from "./dispute-cells";

/**
 * The charge's MED disputes on the operator's charge page, oldest first: each with its status,
 * the amount it blocks, its deadline and a link to the queue tab where it is decided.
 */
export async function ChargeDisputesCard({ disputes }: { disputes: DisputeRowFragment[] }) {
  const t = await getTranslations("disputes");
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{t("charge.title")}</CardTitle>
          <CardDescription>{t("charge.description")}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {disputes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("charge.empty")}</p>
        ) : (
          <ul className="divide-y text-sm" aria-label={t("charge.label")}>
            {disputes.map((dispute) => (
              <li key={dispute.id} className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <DisputeStatusBadge row={dispute} />
                  <span>{t(`nature.${dispute.nature}`)}</span>
                  <Link
                    href={`/ops/disputes?status=${dispute.status}`}
                    className="font-mono text-xs break-all hover:underline"
                    aria-label={t("charge.open", { id: dispute.id })}
                  >
                    {dispute.id}
                  </Link>
                </div>
                <div className="flex flex-col gap-1 sm:items-end sm:text-right">
                  <span className="tabular font-medium" data-testid="dispute-held">
                    {t("charge.held", { amount: formatBRL(dispute.heldAmount) })}
                  </span>
                  {dispute.heldAmount !== dispute.amount && (
                    <span className="tabular text-xs text-muted-foreground">
                      {t("charge.claimed", { amount: formatBRL(dispute.amount) })}
                    </span>
                  )}
                  <DisputeDeadline row={dispute} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
