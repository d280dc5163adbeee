import type { Metadata } from "next";
import { CopyableId } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timeline } from "@/features/merchant/timeline";
import { CancelWithdrawalButton } from "@/features/merchant-withdrawals/cancel-withdrawal-button";
import { MerchantWithdrawalDetailDocument } from "@/features/merchant-withdrawals/documents";
import { keyTypeLabel } from "@/features/withdrawals/key-types";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export const metadata: Metadata = { title: "Withdrawal" };

const STATUS_WORDS: Record<string, string> = {
  PENDING: "Requested: waiting for approval",
  PROCESSING: "Approved: sent to the bank",
  PAID: "Paid by the bank",
  FAILED: "Failed: the amount returned to your balance",
  CANCELLED: "Cancelled: the amount returned to your balance",
};

export default async function MerchantWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { withdrawal, withdrawalHistory } = await executeOrNotFound(MerchantWithdrawalDetailDocument, { id });
  const waiting = withdrawal.status === "PENDING";
  const timeline = withdrawalHistory.map((t) => ({
    key: t.id,
    at: t.createdAt,
    title: STATUS_WORDS[t.toStatus] ?? t.toStatus,
    detail: t.reason ? `“${t.reason}”` : undefined,
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
            <div>
              <p className="font-medium" data-testid="queue-position">
                {withdrawal.queuePosition != null
                  ? `Number ${withdrawal.queuePosition} in your account’s queue`
                  : "Waiting in your account’s queue"}
              </p>
              <p className="text-sm text-muted-foreground">
                Withdrawals are approved oldest first. You can cancel it until then.
                {withdrawal.approvalsRequired > 1 &&
                  ` It needs ${withdrawal.approvalsRequired} approvals (${withdrawal.approvals.length} so far).`}
              </p>
            </div>
          </CardContent>
        </Card>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>Timeline</CardTitle>
              <CardDescription>Every status change, oldest first</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <Timeline items={timeline} label="Withdrawal timeline" />
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
                <dt className="text-muted-foreground">Requested</dt>
                <dd>
                  <DateTime value={withdrawal.createdAt} seconds />
                </dd>
              </div>
              {withdrawal.paidAt && (
                <div>
                  <dt className="text-muted-foreground">Paid</dt>
                  <dd>
                    <DateTime value={withdrawal.paidAt} seconds />
                  </dd>
                </div>
              )}
              {withdrawal.reason && (
                <div>
                  <dt className="text-muted-foreground">Reason</dt>
                  <dd>{withdrawal.reason}</dd>
                </div>
              )}
              <div>
                <dt className="text-muted-foreground">E2E id</dt>
                <dd className="font-mono text-xs break-all">{withdrawal.e2eId ?? "—"}</dd>
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
