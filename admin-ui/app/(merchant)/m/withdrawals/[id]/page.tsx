import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CopyableId } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timeline } from "@/features/merchant/timeline";
import { CancelWithdrawalButton } from "@/features/merchant-withdrawals/cancel-withdrawal-button";
import { MerchantWithdrawalDetailDocument } from "@/features/merchant-withdrawals/documents";
import { formatPixKey } from "@/lib/format";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantWithdrawals.detail"))("metaTitle") };
}

export default async function MerchantWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { withdrawal, withdrawalHistory } = await executeOrNotFound(MerchantWithdrawalDetailDocument, { id });
  const t = await getTranslations("merchantWithdrawals");
  const waiting = withdrawal.status === "PENDING";
  const timeline = withdrawalHistory.map((step) => ({
    key: step.id,
    at: step.createdAt,
    title: t(`detail.steps.${step.toStatus}`),
    detail: step.reason ? `“${step.reason}”` : undefined,
  }));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={<Money value={withdrawal.amount} />}
        meta={
          <>
            <WithdrawalStatusBadge status={withdrawal.status} />
            <CopyableId value={withdrawal.withdrawalReference} />
          </>
        }
        actions={
          waiting ? (
            <CancelWithdrawalButton
              id={withdrawal.id}
              amount={withdrawal.amount}
              reference={withdrawal.withdrawalReference}
            />
          ) : undefined
        }
      />
      {waiting && (
        <Card>
          <CardContent className="flex flex-wrap items-center gap-4 pt-6">
            <div
              className="flex size-14 items-center justify-center rounded-full bg-status-warn-bg text-xl font-semibold text-status-warn tabular"
              aria-hidden
            >
              {withdrawal.queuePosition ?? "—"}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-medium" data-testid="queue-position">
                {withdrawal.queuePosition != null
                  ? t("detail.queuePosition", { position: withdrawal.queuePosition })
                  : t("detail.waitingInQueue")}
              </p>
              <p className="text-sm text-muted-foreground">
                {t("detail.queueRule")}
                {withdrawal.approvalsRequired > 1 &&
                  ` ${t("detail.approvals", { required: withdrawal.approvalsRequired, count: withdrawal.approvals.length })}`}
              </p>
            </div>
          </CardContent>
        </Card>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>{t("detail.timeline")}</CardTitle>
              <CardDescription>{t("detail.timelineDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <Timeline items={timeline} label={t("detail.timelineLabel")} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("detail.destination")}</dt>
                <dd className="font-mono text-xs break-all" data-testid="destination-key">
                  {formatPixKey(withdrawal.pixKeyType, withdrawal.pixKey)}
                </dd>
                <dd className="text-xs text-muted-foreground">{t(`keyTypes.${withdrawal.pixKeyType}`)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("detail.requested")}</dt>
                <dd>
                  <DateTime value={withdrawal.createdAt} seconds />
                </dd>
              </div>
              {withdrawal.paidAt && (
                <div>
                  <dt className="text-muted-foreground">{t("detail.paid")}</dt>
                  <dd>
                    <DateTime value={withdrawal.paidAt} seconds />
                  </dd>
                </div>
              )}
              {withdrawal.reason && (
                <div>
                  <dt className="text-muted-foreground">{t("detail.reason")}</dt>
                  <dd>{withdrawal.reason}</dd>
                </div>
              )}
              <div>
                <dt className="text-muted-foreground">{t("detail.e2eId")}</dt>
                <dd className="font-mono text-xs break-all">{withdrawal.e2eId ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("detail.id")}</dt>
                <dd>
                  <CopyableId value={withdrawal.id} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("detail.idempotencyKey")}</dt>
                <dd className="font-mono text-xs break-all">{withdrawal.idempotencyKey}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
