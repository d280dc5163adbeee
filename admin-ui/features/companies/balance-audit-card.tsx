import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
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
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Balance audit</CardTitle>
          <CardDescription>
            Recomputed from charges, adjustments and withdrawals at <DateTime value={audit.checkedAt} seconds />
          </CardDescription>
        </div>
        {audit.consistent ? (
          <Badge variant="success">
            <CheckCircle2Icon aria-hidden /> Ledger consistent
          </Badge>
        ) : (
          <Badge variant="danger">
            <XCircleIcon aria-hidden /> Mismatch
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        <div className="divide-y text-sm">
          <dl className="pb-1.5">
            <Line label="Paid charges, net of fees">
              <Money value={audit.paidChargesNet} />
            </Line>
            <Line label="+ Adjustments">
              <Money value={audit.adjustments} signed />
            </Line>
            <Line label="− Withdrawals pending, processing or paid">
              <Money value={audit.withdrawalsHeld} />
            </Line>
            <Line label="= Recomputed balance" strong>
              <Money value={audit.recomputedBalance} />
            </Line>
          </dl>
          <dl className="pt-1.5">
            <Line label="Running balance (account)">
              <Money value={audit.runningBalance} />
            </Line>
            <Line label="Ledger sum">
              <Money value={audit.ledgerSum} />
            </Line>
            <Line label="Last entry's balance">
              <Money value={audit.lastEntryBalance} />
            </Line>
            <Line label="Ledger entries">{formatInteger(audit.ledgerEntries)}</Line>
            <Line label="Withdrawals in queue (counter / counted)">
              {formatInteger(audit.pendingWithdrawals)} / {formatInteger(audit.pendingWithdrawalsCounted)}
            </Line>
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
