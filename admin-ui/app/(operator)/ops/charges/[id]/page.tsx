import { CheckIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CopyableId, CopyButton } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { QrCode } from "@/components/qr-code";
import { ChargeStatusBadge, DeliveryStatusBadge, ReservedBadge } from "@/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChargeActions } from "@/features/charges/charge-actions";
import { ChargeDetailDocument, ChargeTimelineDocument } from "@/features/charges/documents";
import { ChargeRefundsDocument } from "@/features/refunds/documents";
import { RefundChargeButton } from "@/features/refunds/refund-charge-dialog";
import { RefundsCard, refundTimeline } from "@/features/refunds/refunds-card";
import { CompanyNameDocument } from "@/features/withdrawals/documents";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { formatDocument } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export const metadata: Metadata = { title: "Charge" };

const ACTION_WORDS: Record<string, string> = {
  "charge.create": "Created",
  "charge.cancel": "Cancelled",
  "charge.reserve": "Reserved by an operator",
  "charge.release": "Released by an operator",
  "charge.simulate_payment": "Paid in the sandbox",
};

export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer();
  const { charge } = await executeOrNotFound(ChargeDetailDocument, { id: decodeURIComponent(id) });
  const [{ company }, { auditTrail, webhookDeliveries }, { refunds }, tRefunds] = await Promise.all([
    execute(CompanyNameDocument, { id: charge.companyId }),
    execute(ChargeTimelineDocument, { id: charge.id }),
    execute(ChargeRefundsDocument, { chargeId: charge.id }),
    getTranslations("refunds.timeline"),
  ]);
  const canAct = canActOnMoney(viewer);
  // The creation comes from the audit trail when it was recorded there, else from the row.
  const createdAudited = auditTrail.some((entry) => entry.action === "charge.create");
  const timeline = [
    ...(createdAudited
      ? []
      : [
          {
            key: "created",
            at: charge.createdAt,
            title: "Created",
            actor: null as string | null,
            reason: null as string | null,
          },
        ]),
    ...(charge.paidAt
      ? [{ key: "paid", at: charge.paidAt, title: "Paid by the payer", actor: charge.payerName ?? null, reason: null }]
      : []),
    ...auditTrail.map((entry) => ({
      key: entry.id,
      at: entry.at,
      title: ACTION_WORDS[entry.action] ?? entry.action,
      actor: entry.actor,
      reason: entry.reason ?? null,
    })),
    ...refundTimeline(refunds.data, tRefunds).map((item) => ({ ...item, actor: null as string | null })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={<Money value={charge.amount} />}
        meta={
          <>
            <ChargeStatusBadge status={charge.status} />
            {charge.reserved && <ReservedBadge />}
            <Link href={`/ops/companies/${charge.companyId}`} className="font-medium text-foreground hover:underline">
              {company.name}
            </Link>
            <CopyableId value={`chg_${charge.id}`} />
          </>
        }
        actions={
          <>
            <ChargeActions charge={charge} canAct={canAct} />
            {canAct && charge.status === "PAID" && <RefundChargeButton charge={charge} account={company.name} />}
          </>
        }
      />
      {charge.reserved && (
        <p role="status" className="rounded-lg border border-status-danger/30 bg-status-danger-bg px-4 py-3 text-sm">
          <strong>Reserved:</strong> {charge.reservedReason ?? "no reason given"}. Its amount is not in the balance
          until released.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>BR Code</CardTitle>
              <CardDescription>PIX copy-and-paste payload and its QR code</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <QrCode value={charge.pixCode} size={200} className="shrink-0" />
            <div className="grid w-full min-w-0 gap-2">
              <p className="text-xs font-medium text-muted-foreground">Copy and paste</p>
              <p className="rounded-md bg-muted p-3 font-mono text-xs break-all" data-testid="br-code">
                {charge.pixCode}
              </p>
              <div>
                <CopyButton value={charge.pixCode} label="Copy BR Code" showLabel />
              </div>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Amount · fee · net</dt>
                <dd className="tabular">
                  <Money value={charge.amount} /> · <Money value={charge.fee} /> ·{" "}
                  <Money value={charge.netAmount} className="font-medium" />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Description</dt>
                <dd>{charge.description ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">txid</dt>
                <dd className="font-mono text-xs break-all">{charge.txid}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">End-to-end id</dt>
                <dd className="font-mono text-xs break-all">{charge.e2eId ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Payer</dt>
                <dd>
                  {charge.payerName ?? "—"}
                  {charge.payerDocument && (
                    <span className="block font-mono text-xs text-muted-foreground">
                      {formatDocument(charge.payerDocument)}
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{charge.paidAt ? "Paid" : "Expires"}</dt>
                <dd>
                  <DateTime value={charge.paidAt ?? charge.expiresAt} seconds />
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Timeline</CardTitle>
              <CardDescription>What happened to this charge, oldest first</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <ol className="relative ml-2 border-l pl-6" aria-label="Charge timeline">
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
                    <DateTime value={item.at} seconds />
                    {item.actor && (
                      <>
                        {" "}
                        · <span className="font-mono">{item.actor}</span>
                      </>
                    )}
                  </p>
                  {item.reason && <p className="mt-1 text-sm">“{item.reason}”</p>}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Webhook events</CardTitle>
              <CardDescription>Sent to the merchant about this charge</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {webhookDeliveries.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No event sent yet.</p>
            ) : (
              <ul className="divide-y text-sm">
                {webhookDeliveries.data.map((delivery) => (
                  <li key={delivery.eventId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link href={`/ops/webhooks?subject=${charge.id}`} className="font-mono text-xs hover:underline">
                      {delivery.event}
                    </Link>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      {delivery.attemptCount} attempt{delivery.attemptCount === 1 ? "" : "s"}
                      <DeliveryStatusBadge status={delivery.status} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      {charge.status === "PAID" && (
        <RefundsCard refunds={refunds.data} amount={charge.amount} refundedAmount={charge.refundedAmount} />
      )}
    </div>
  );
}
