import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CopyableId } from "@/components/copy-button";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { CrumbLabel } from "@/components/shell/crumb-labels";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Card, CardContent } from "@/components/ui/card";
import { LiveUpdates } from "@/features/live/live-updates";
import { CancelWithdrawalButton } from "@/features/merchant-withdrawals/cancel-withdrawal-button";
import { MerchantWithdrawalDetailDocument } from "@/features/merchant-withdrawals/documents";
import { WithdrawalSchedule } from "@/features/withdrawals/schedule";
import { WithdrawalDetailsCard, WithdrawalTimelineCard } from "@/features/withdrawals/withdrawal-detail";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantWithdrawals.detail"))("metaTitle") };
}

export default async function MerchantWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { withdrawal, withdrawalHistory } = await executeOrNotFound(MerchantWithdrawalDetailDocument, { id });
  const t = await getTranslations("merchantWithdrawals");
  const waiting = withdrawal.status === "PENDING";
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["withdrawal"]} resourceId={withdrawal.id} />
      <CrumbLabel segment={withdrawal.id} label={withdrawal.withdrawalReference} />
      <PageHeader
        title={<Money value={withdrawal.amount} />}
        meta={
          <>
            <WithdrawalStatusBadge
              status={withdrawal.status}
              rejected={withdrawal.rejected}
              scheduledFor={withdrawal.scheduledFor}
              cancellable={withdrawal.cancellable}
            />
            <CopyableId value={withdrawal.withdrawalReference} />
            <WithdrawalSchedule source={withdrawal} />
          </>
        }
        actions={
          withdrawal.cancellable ? (
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
        <WithdrawalTimelineCard
          audience="merchant"
          className="lg:col-span-2"
          history={withdrawalHistory}
          approvals={withdrawal.approvals}
          approvalsRequired={withdrawal.approvalsRequired}
          rejected={withdrawal.rejected}
          sendsOn={withdrawal.sendsOn}
        />
        <WithdrawalDetailsCard audience="merchant" withdrawal={withdrawal} />
      </div>
    </div>
  );
}
