"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { DateTime } from "@/components/date-time";
import { ErrorState } from "@/components/error-state";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { BalanceAuditQuery } from "@/gql/graphql";
import { formatInteger } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { BalanceAuditDocument } from "./documents";

type Audit = BalanceAuditQuery["balanceAudit"];

/**
 * The audit scans every charge of the account (about 2 s at 10^6 charges): the page paints
 * without it and the browser asks for it once. The stat cards and the card share this one
 * query; a posted adjustment invalidates it ("BalanceAudit").
 */
function useBalanceAudit(companyId: string) {
  return useQuery({
    queryKey: ["BalanceAudit", companyId],
    queryFn: async () => (await execute(BalanceAuditDocument, { companyId })).balanceAudit,
    staleTime: 60_000,
  });
}

/** A grey bar where a figure will be, inline (it sits in a paragraph or a definition). */
function Pending({ className = "w-24" }: { className?: string }) {
  return (
    <span aria-hidden className={`inline-block h-[1em] animate-pulse rounded-md bg-muted align-middle ${className}`} />
  );
}

/** One of the audit's amounts in a stat card: a placeholder while the audit runs, a dash if it failed. */
export function AuditedAmount({
  companyId,
  field,
  signed,
}: {
  companyId: string;
  field: "paidChargesNet" | "adjustments" | "withdrawalsHeld";
  signed?: boolean;
}) {
  const t = useTranslations("common.states");
  const { data, isError } = useBalanceAudit(companyId);
  if (data) return <Money value={data[field]} signed={signed} />;
  if (isError) return <span className="text-muted-foreground">—</span>;
  return (
    <span role="status" aria-busy="true">
      <Pending className="w-28" />
      <span className="sr-only">{t("loading")}</span>
    </span>
  );
}

function Line({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-center justify-between gap-4 py-1.5 ${strong ? "font-semibold" : ""}`}>
      <dt className={strong ? "" : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular text-right whitespace-nowrap">{children}</dd>
    </div>
  );
}

/**
 * The balance formula from source rows, against the ledger: the verdict first, then the parts,
 * one line for each kind of movement so that they add up to the recomputed balance (CONTRACT §8).
 * Its labels paint with the page; the figures and the verdict follow when the audit answers.
 */
export function BalanceAuditCard({ companyId }: { companyId: string }) {
  const t = useTranslations("companies.audit");
  const describe = useErrorMessage();
  const { data: audit, error, refetch, isFetching } = useBalanceAudit(companyId);
  const money = (pick: (audit: Audit) => string, signed?: boolean) =>
    audit ? <Money value={pick(audit)} signed={signed} /> : <Pending />;
  const count = (pick: (audit: Audit) => number) => (audit ? formatInteger(pick(audit)) : <Pending className="w-12" />);
  return (
    <Card aria-busy={!audit && !error} data-testid="balance-audit">
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>
            {t("recomputedAt")} {audit ? <DateTime value={audit.checkedAt} seconds /> : <Pending className="w-32" />}
          </CardDescription>
        </div>
        {audit ? (
          audit.consistent ? (
            <Badge variant="success">
              <CheckCircle2Icon aria-hidden /> {t("consistent")}
            </Badge>
          ) : (
            <Badge variant="danger">
              <XCircleIcon aria-hidden /> {t("mismatch")}
            </Badge>
          )
        ) : (
          !error && (
            <span role="status" className="text-xs text-muted-foreground">
              {t("checking")}
            </span>
          )
        )}
      </CardHeader>
      <CardContent>
        {error && !audit ? (
          <ErrorState
            className="py-6"
            message={describe(error)}
            onRetry={isFetching ? undefined : () => void refetch()}
          />
        ) : audit && audit.ledgerEntries === 0 && audit.pendingWithdrawals === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <div className="divide-y text-sm">
            <dl className="pb-1.5">
              <Line label={t("paidNet")}>{money((a) => a.paidChargesNet)}</Line>
              <Line label={t("chargesHeld")}>{money((a) => a.chargesHeld)}</Line>
              <Line label={t("disputesHeld")}>{money((a) => a.disputesHeld)}</Line>
              <Line label={t("adjustments")}>{money((a) => a.adjustments, true)}</Line>
              <Line label={t("withdrawals")}>{money((a) => a.withdrawalsHeld)}</Line>
              <Line label={t("refunds")}>{money((a) => a.refundsHeld)}</Line>
              <Line label={t("recomputed")} strong>
                {money((a) => a.recomputedBalance)}
              </Line>
            </dl>
            <dl className="pt-1.5">
              <Line label={t("running")}>{money((a) => a.runningBalance)}</Line>
              <Line label={t("ledgerSum")}>{money((a) => a.ledgerSum)}</Line>
              <Line label={t("lastEntry")}>{money((a) => a.lastEntryBalance)}</Line>
              <Line label={t("entries")}>{count((a) => a.ledgerEntries)}</Line>
              <Line label={t("queue")}>
                {audit ? (
                  `${formatInteger(audit.pendingWithdrawals)} / ${formatInteger(audit.pendingWithdrawalsCounted)}`
                ) : (
                  <Pending className="w-12" />
                )}
              </Line>
            </dl>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
