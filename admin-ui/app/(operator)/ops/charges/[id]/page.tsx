import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActorName } from "@/components/actor-name";
import { CopyableId, CopyButton } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { QrCode } from "@/components/qr-code";
import { ChargeFlags, ChargeStatusBadge, DeliveryStatusBadge } from "@/components/status-badge";
import { Timeline, type TimelineItem } from "@/components/timeline";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { auditActionLabel } from "@/features/audit-log/audit-labels";
import { ChargeBillingCard, ChargePayerValue, ChargeTypeBadge, DueDateLine } from "@/features/billing/charge-terms";
import { ChargeActions } from "@/features/charges/charge-actions";
import { ChargeDetailDocument, ChargeTimelineDocument } from "@/features/charges/documents";
import { ChargeDisputesCard } from "@/features/disputes/charge-disputes-card";
import { ChargeDisputesDocument } from "@/features/disputes/documents";
import { LiveUpdates } from "@/features/live/live-updates";
import { ServiceInfoDocument } from "@/features/provider/documents";
import { ChargeRecurrenceCard, FirstPaymentNote } from "@/features/recurrences/charge-recurrence-card";
import { ChargeRefundsDocument } from "@/features/refunds/documents";
import { RefundChargeButton } from "@/features/refunds/refund-charge-dialog";
import { RefundRequestsCard } from "@/features/refunds/refund-requests-card";
import { RefundsCard, refundTimeline } from "@/features/refunds/refunds-card";
import { CompanyNameDocument } from "@/features/withdrawals/documents";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { moneyToCentavos, netAfterRefunds } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("charges.detail"))("metaTitle") };
}

/** Audit actions the timeline names in its own words; any other by the audit log's name for it. */
const NAMED_ACTIONS = new Set([
  "charge.create",
  "charge.cancel",
  "charge.reserve",
  "charge.release",
  "charge.simulate_payment",
]);

export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer();
  const { charge } = await executeOrNotFound(ChargeDetailDocument, { id: decodeURIComponent(id) });
  const [
    { company },
    { auditTrail, webhookDeliveries },
    { refunds },
    { chargeDisputes },
    { serviceInfo },
    tRefunds,
    t,
    tAudit,
  ] = await Promise.all([
    execute(CompanyNameDocument, { id: charge.companyId }),
    execute(ChargeTimelineDocument, { id: charge.id }),
    execute(ChargeRefundsDocument, { chargeId: charge.id }),
    execute(ChargeDisputesDocument, { chargeId: charge.id }),
    execute(ServiceInfoDocument),
    getTranslations("refunds.timeline"),
    getTranslations("charges.detail"),
    getTranslations("audit"),
  ]);
  const canAct = canActOnMoney(viewer);
  // The creation comes from the audit trail when it was recorded there, else from the row.
  const createdAudited = auditTrail.some((entry) => entry.action === "charge.create");
  const timeline: TimelineItem[] = [
    ...(createdAudited
      ? []
      : [
          {
            key: "created",
            at: charge.createdAt,
            title: t("steps.created"),
          },
        ]),
    ...(charge.paidAt ? [{ key: "paid", at: charge.paidAt, title: t("steps.paid"), by: charge.payerName }] : []),
    ...auditTrail.map((entry) => ({
      key: entry.id,
      at: entry.at,
      title: NAMED_ACTIONS.has(entry.action)
        ? t(`steps.${entry.action.replace(".", "_")}` as "steps.created")
        : auditActionLabel(tAudit, entry.action),
      by: <ActorName actor={entry.actorInfo} />,
      detail: entry.reason ? `“${entry.reason}”` : undefined,
    })),
    ...refundTimeline(refunds.data, tRefunds),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["charge", "refund", "dispute"]} resourceId={charge.id} />
      <PageHeader
        title={<Money value={charge.amount} />}
        meta={
          <>
            <ChargeStatusBadge status={charge.status} />
            <ChargeFlags charge={charge} />
            <ChargeTypeBadge type={charge.type} />
            <DueDateLine dueDate={charge.dueDate} />
            <Link href={`/ops/companies/${charge.companyId}`} className="font-medium text-foreground hover:underline">
              {company.name}
            </Link>
            <CopyableId value={`chg_${charge.id}`} />
          </>
        }
        actions={
          <>
            <ChargeActions charge={charge} canAct={canAct} sandbox={serviceInfo.sandbox} />
            {canAct && charge.status === "PAID" && (
              // A due-date charge's refunds are limited by what it brought (paid late or early), not its amount.
              <RefundChargeButton
                charge={{ ...charge, amount: charge.paidAmount ?? charge.amount }}
                account={company.name}
                operator
              />
            )}
          </>
        }
      />
      {charge.reserved && (
        <p role="status" className="rounded-lg border border-status-danger/30 bg-status-danger-bg px-4 py-3 text-sm">
          {t.rich("reservedNotice", {
            reason: charge.reservedReason ?? t("noReason"),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      )}
      <ChargeBillingCard charge={charge} expiresAt={charge.expiresAt} />
      <FirstPaymentNote charge={charge} recurrenceBasePath="/ops/recurrences" />
      <div className="grid gap-4 lg:grid-cols-3">
        {/* A recurring charge is debited by the payer's bank: no code to scan, its recurrence instead. */}
        {charge.type === "RECURRING" || charge.pixCode === null ? (
          <ChargeRecurrenceCard charge={charge} recurrenceBasePath="/ops/recurrences" className="lg:col-span-2" />
        ) : (
          <Card className="lg:col-span-2">
            <CardHeader>
              <div>
                <CardTitle>{t("brCode")}</CardTitle>
                <CardDescription>{t("brCodeDescription")}</CardDescription>
              </div>
            </CardHeader>
            <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <QrCode value={charge.pixCode} size={200} className="shrink-0" />
              <div className="grid w-full min-w-0 gap-2">
                <p className="text-xs font-medium text-muted-foreground">{t("copyAndPaste")}</p>
                <p className="rounded-md bg-muted p-3 font-mono text-xs break-all" data-testid="br-code">
                  {charge.pixCode}
                </p>
                <div>
                  <CopyButton value={charge.pixCode} label={t("copyBrCode")} showLabel />
                </div>
              </div>
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>{t("details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("amountFeeNet")}</dt>
                <dd className="tabular">
                  <Money value={charge.paidAmount ?? charge.amount} /> · <Money value={charge.fee} /> ·{" "}
                  <Money value={charge.netAmount} className="font-medium" />
                </dd>
              </div>
              {moneyToCentavos(charge.refundedAmount) > 0n && (
                <div>
                  <dt className="text-muted-foreground">{t("refundedNet")}</dt>
                  <dd className="tabular">
                    <Money value={charge.refundedAmount} /> ·{" "}
                    <Money value={netAfterRefunds(charge)} className="font-medium" />
                  </dd>
                </div>
              )}
              {charge.reserved && charge.status === "PAID" && (
                <div>
                  <dt className="text-muted-foreground">{t("reservedAmount")}</dt>
                  <dd className="tabular">
                    <Money value={charge.reservedAmount} />
                  </dd>
                </div>
              )}
              {moneyToCentavos(charge.disputedAmount) > 0n && (
                <div>
                  <dt className="text-muted-foreground">{t("disputedAmount")}</dt>
                  <dd className="tabular">
                    <Money value={charge.disputedAmount} />
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-muted-foreground">{t("descriptionLabel")}</dt>
                <dd>{charge.description ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("txid")}</dt>
                <dd className="font-mono text-xs break-all">{charge.txid}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("e2eId")}</dt>
                <dd className="font-mono text-xs break-all">{charge.e2eId ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("payer")}</dt>
                <dd data-testid="charge-payer">
                  <ChargePayerValue charge={charge} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{charge.paidAt ? t("paid") : t("expires")}</dt>
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
              <CardTitle>{t("timeline")}</CardTitle>
              <CardDescription>{t("timelineDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <Timeline items={timeline} label={t("timelineLabel")} />
          </CardContent>
        </Card>
        {/* min-w-0: a long endpoint URL is cut short in its row instead of widening the grid. */}
        <Card className="min-w-0">
          <CardHeader>
            <div>
              <CardTitle>{t("webhooks")}</CardTitle>
              <CardDescription>{t("webhooksDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {webhookDeliveries.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("noWebhooks")}</p>
            ) : (
              <ul className="divide-y text-sm">
                {/* One delivery per event and endpoint (CONTRACT §15): each row names its endpoint. */}
                {webhookDeliveries.data.map((delivery) => (
                  <li
                    key={`${delivery.eventId}:${delivery.endpointId}`}
                    className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 py-2"
                  >
                    <Link
                      href={`/ops/webhooks?company=${charge.companyId}&subject=${charge.id}&endpoint=${delivery.endpointId}`}
                      className="font-mono text-xs hover:underline"
                    >
                      {delivery.event}
                    </Link>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      {t("attempts", { count: delivery.attemptCount })}
                      <DeliveryStatusBadge status={delivery.status} />
                    </span>
                    <span
                      className="min-w-0 basis-full font-mono text-xs break-all text-muted-foreground"
                      title={delivery.endpointUrl ?? undefined}
                    >
                      {delivery.endpointUrl ? t("webhookSentTo", { url: delivery.endpointUrl }) : t("webhookNotSent")}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <ChargeDisputesCard disputes={chargeDisputes} />
      <RefundRequestsCard chargeId={charge.id} account={company.name} canAct={canAct} />
      {charge.status === "PAID" && (
        <RefundsCard
          refunds={refunds.data}
          amount={charge.paidAmount ?? charge.amount}
          refundedAmount={charge.refundedAmount}
        />
      )}
    </div>
  );
}
