import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CompanyOverviewQuery } from "@/gql/graphql";
import { formatInteger } from "@/lib/format";

type Audit = CompanyOverviewQuery["balanceAudit"];

function Line({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-center justify-between gap-4 py-1.5 ${strong ? "font-semibold" : ""}`}>
      <dt className={strong ? "" : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular text-right whitespace-nowrap">{children}</dd>
    </div>
  );
}

/** The balance formula from source rows, against the ledger: the verdict first, then the parts. */
export function BalanceAuditCard({ audit }: { audit: Audit }) {
  const t = useTranslations("companies.audit");
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>
            {t("recomputedAt")} <DateTime value={audit.checkedAt} seconds />
          </CardDescription>
        </div>
        {audit.consistent ? (
          <Badge variant="success">
            <CheckCircle2Icon aria-hidden /> {t("consistent")}
          </Badge>
        ) : (
          <Badge variant="danger">
            <XCircleIcon aria-hidden /> {t("mismatch")}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        <div className="divide-y text-sm">
          <dl className="pb-1.5">
            <Line label={t("paidNet")}>
              <Money value={audit.paidChargesNet} />
            </Line>
            <Line label={t("adjustments")}>
              <Money value={audit.adjustments} signed />
            </Line>
            <Line label={t("withdrawals")}>
              <Money value={audit.withdrawalsHeld} />
            </Line>
            <Line label={t("recomputed")} strong>
              <Money value={audit.recomputedBalance} />
            </Line>
          </dl>
          <dl className="pt-1.5">
            <Line label={t("running")}>
              <Money value={audit.runningBalance} />
            </Line>
            <Line label={t("ledgerSum")}>
              <Money value={audit.ledgerSum} />
            </Line>
            <Line label={t("lastEntry")}>
              <Money value={audit.lastEntryBalance} />
            </Line>
            <Line label={t("entries")}>{formatInteger(audit.ledgerEntries)}</Line>
            <Line label={t("queue")}>
              {formatInteger(audit.pendingWithdrawals)} / {formatInteger(audit.pendingWithdrawalsCounted)}
            </Line>
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
