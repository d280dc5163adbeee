import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CopyableId } from "@/components/copy-button";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { CrumbLabel } from "@/components/shell/crumb-labels";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { LiveUpdates } from "@/features/live/live-updates";
import { CompanyNameDocument, WithdrawalDetailDocument } from "@/features/withdrawals/documents";
import { WithdrawalSchedule } from "@/features/withdrawals/schedule";
import { WithdrawalActions } from "@/features/withdrawals/withdrawal-actions";
import { WithdrawalDetailsCard, WithdrawalTimelineCard } from "@/features/withdrawals/withdrawal-detail";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("withdrawalDetail"))("metaTitle") };
}

export default async function WithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer();
  const { withdrawal, withdrawalHistory } = await executeOrNotFound(WithdrawalDetailDocument, { id });
  const { company } = await execute(CompanyNameDocument, { id: withdrawal.companyId });
  const companyName = company.name;

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
            <Link
              href={`/ops/companies/${withdrawal.companyId}`}
              className="font-medium text-foreground hover:underline"
            >
              {companyName}
            </Link>
            <CopyableId value={withdrawal.withdrawalReference} />
            <WithdrawalSchedule source={withdrawal} />
          </>
        }
        actions={
          <WithdrawalActions
            withdrawal={withdrawal}
            companyName={companyName}
            canAct={canActOnMoney(viewer)}
            viewerActor={`operator:${viewer.id}`}
            cancellable={withdrawal.cancellable}
          />
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <WithdrawalTimelineCard
          audience="operator"
          className="lg:col-span-2"
          history={withdrawalHistory}
          approvals={withdrawal.approvals}
          approvalsRequired={withdrawal.approvalsRequired}
          rejected={withdrawal.rejected}
          sendsOn={withdrawal.sendsOn}
        />
        <WithdrawalDetailsCard audience="operator" withdrawal={withdrawal} />
      </div>
    </div>
  );
}
