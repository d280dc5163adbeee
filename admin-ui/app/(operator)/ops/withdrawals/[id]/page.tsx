import { CheckIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { CopyableId } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CompanyNameDocument, WithdrawalDetailDocument } from "@/features/withdrawals/documents";
import { keyTypeLabel } from "@/features/withdrawals/key-types";
import { WithdrawalActions } from "@/features/withdrawals/withdrawal-actions";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export const metadata: Metadata = { title: "Withdrawal" };

const STATUS_WORDS: Record<string, string> = {
  PENDING: "Requested",
  PROCESSING: "Sent to the bank",
  PAID: "Paid by the bank",
  FAILED: "Failed",
  CANCELLED: "Cancelled",
};

export default async function WithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer();
  const { withdrawal, withdrawalHistory, auditTrail } = await executeOrNotFound(WithdrawalDetailDocument, { id });
  const { company } = await execute(CompanyNameDocument, { id: withdrawal.companyId });
  const companyName = company.name;
  // One timeline: status changes and the audit rows of operator actions, oldest first.
  const timeline = [
    ...withdrawalHistory.map((t) => ({
      key: t.id,
      at: t.createdAt,
      title: STATUS_WORDS[t.toStatus] ?? t.toStatus,
      detail: t.fromStatus ? `${t.fromStatus} → ${t.toStatus}` : t.toStatus,
      actor: t.actor,
      reason: t.reason,
    })),
    ...auditTrail
      .filter((entry) => entry.action === "withdrawal.approve")
      .map((entry) => ({
        key: entry.id,
        at: entry.at,
        title: "Approved by an operator",
        detail: entry.action,
        actor: entry.actor,
        reason: entry.reason,
      })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={<Money value={withdrawal.amount} />}
        meta={
          <>
            <WithdrawalStatusBadge status={withdrawal.status} />
            <Link
              href={`/ops/companies/${withdrawal.companyId}`}
              className="font-medium text-foreground hover:underline"
            >
              {companyName}
            </Link>
            <CopyableId value={withdrawal.withdrawalReference} />
          </>
        }
        actions={
          <WithdrawalActions
            withdrawal={withdrawal}
            companyName={companyName}
            canAct={canActOnMoney(viewer)}
            viewerActor={`operator:${viewer.id}`}
          />
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>Timeline</CardTitle>
              <CardDescription>Status changes and operator actions, oldest first</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <ol className="relative ml-2 border-l pl-6">
              {timeline.map((item) => (
                <li key={item.key} className="relative pb-5 last:pb-0">
                  <span
                    className="absolute top-1 -left-[31px] flex size-4 items-center justify-center rounded-full border bg-card"
                    aria-hidden
                  >
                    <CheckIcon className="size-2.5 text-primary" />
                  </span>
                  <p className="text-sm font-medium">{item.title}</p>
                  <p className="text-xs text-muted-foreground">
                    <DateTime value={item.at} seconds /> · <span className="font-mono">{item.actor}</span>
                  </p>
                  {item.reason && <p className="mt-1 text-sm">“{item.reason}”</p>}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Destination</dt>
                <dd className="font-mono text-xs break-all">{withdrawal.pixKey}</dd>
                <dd className="text-xs text-muted-foreground">{keyTypeLabel(withdrawal.pixKeyType)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Approvals</dt>
                <dd>
                  {withdrawal.approvals.length} of {withdrawal.approvalsRequired}
                  {withdrawal.approvals.map((approval) => (
                    <span key={approval.operator} className="block font-mono text-xs text-muted-foreground">
                      {approval.operatorEmail ?? approval.operator}
                    </span>
                  ))}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Place in the account's queue</dt>
                <dd>{withdrawal.queuePosition ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Bank retries</dt>
                <dd>{withdrawal.retryCount}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">ID</dt>
                <dd>
                  <CopyableId value={withdrawal.id} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Idempotency key</dt>
                <dd className="font-mono text-xs break-all">{withdrawal.idempotencyKey}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
