import { WebhookIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CopyableId } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/states";
import { ChargeFlags, ChargeStatusBadge, DeliveryStatusBadge } from "@/components/status-badge";
import { Timeline, type TimelineItem } from "@/components/timeline";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChargeBillingCard, ChargePayerValue, ChargeTypeBadge, DueDateLine } from "@/features/billing/charge-terms";
import { LiveUpdates } from "@/features/live/live-updates";
import { CancelChargeButton } from "@/features/merchant-charges/cancel-charge-button";
import { ChargePaymentCard } from "@/features/merchant-charges/charge-payment-card";
import { MerchantChargeDetailDocument } from "@/features/merchant-charges/documents";
import { SimulatePaymentButton } from "@/features/merchant-charges/simulate-payment-button";
import { ServiceInfoDocument } from "@/features/provider/documents";
import { ChargeRecurrenceCard, FirstPaymentNote } from "@/features/recurrences/charge-recurrence-card";
import { RefundChargeButton } from "@/features/refunds/refund-charge-dialog";
import { RefundsCard, refundTimeline } from "@/features/refunds/refunds-card";
import { requireViewer } from "@/lib/auth/session";
import { formatIsoDay, lastPayableDay, moneyToCentavos, netAfterRefunds } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantCharges.detail"))("metaTitle") };
}

export default async function MerchantChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [{ charge, refunds, webhookDeliveries, webhookEndpoints }, { serviceInfo }] = await Promise.all([
    executeOrNotFound(MerchantChargeDetailDocument, { id }),
    execute(ServiceInfoDocument),
  ]);
  const [viewer, tRefunds, tMerchant, t] = await Promise.all([
    requireViewer(),
    getTranslations("refunds.timeline"),
    getTranslations("merchant"),
    getTranslations("merchantCharges.detail"),
  ]);
  // A due-date or recurring charge is payable until the end of a day (CONTRACT §11, §12): that day, as its card says.
  const dueDate = charge.type === "DUE_DATE" || charge.type === "RECURRING";
  const payableUntil =
    charge.type === "RECURRING" && charge.dueDate
      ? t("steps.debitedOn", { date: formatIsoDay(charge.dueDate) })
      : dueDate
        ? t("steps.payableUntilDay", { date: formatIsoDay(lastPayableDay(charge.expiresAt)) })
        : t.rich("steps.payableUntil", { time: () => <DateTime value={charge.expiresAt} /> });
  // One delivery per event and endpoint (CONTRACT §15): an event sent to two endpoints is two rows, each naming its own.
  const events = [...webhookDeliveries.data].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const endpointCount = webhookEndpoints.data.length;
  // Status history from the charge's own times: created, then paid, expired or cancelled.
  const history: TimelineItem[] = [
    {
      key: "created",
      at: charge.createdAt,
      title: t("steps.created"),
      detail: payableUntil,
    },
  ];
  if (charge.paidAt)
    history.push({
      key: "paid",
      at: charge.paidAt,
      title: t("steps.paid"),
      detail: charge.payerName ? t("steps.paidBy", { name: charge.payerName }) : undefined,
    });
  if (charge.status === "EXPIRED") history.push({ key: "expired", at: charge.expiresAt, title: t("steps.expired") });
  if (charge.status === "CANCELLED")
    history.push({ key: "cancelled", at: charge.updatedAt, title: t("steps.cancelled") });
  if (charge.reserved)
    history.push({
      key: "reserved",
      at: charge.updatedAt,
      title: t("steps.reserved"),
      // The operator's reason is written for operators (the API withholds it): a neutral line instead.
      detail: tMerchant("heldNotice"),
    });

  history.push(...refundTimeline(refunds.data, tRefunds));
  history.sort((a, b) => a.at.localeCompare(b.at));

  const payable = charge.status === "PENDING";
  const refunded = moneyToCentavos(charge.refundedAmount) > 0n;
  const disputed = moneyToCentavos(charge.disputedAmount) > 0n;
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["charge", "refund", "dispute"]} resourceId={charge.id} />
      <PageHeader
        title={<Money value={charge.amount} />}
        description={charge.description ?? undefined}
        meta={
          <>
            <ChargeStatusBadge status={charge.status} />
            <ChargeFlags charge={charge} />
            <ChargeTypeBadge type={charge.type} />
            <DueDateLine dueDate={charge.dueDate} />
            <CopyableId value={`chg_${charge.id}`} />
          </>
        }
        actions={
          payable ? (
            <>
              {/* A recurring charge is debited by the payer's bank: its recurrence's page simulates the debit. */}
              {serviceInfo.sandbox && charge.type !== "RECURRING" && (
                <SimulatePaymentButton chargeId={charge.id} amount={charge.amount} />
              )}
              <CancelChargeButton id={charge.id} />
            </>
          ) : charge.status === "PAID" ? (
            // A due-date charge's refunds are limited by what it brought (paid late or early), not its amount.
            <RefundChargeButton
              charge={{ ...charge, amount: charge.paidAmount ?? charge.amount }}
              account={viewer.companyName ?? ""}
            />
          ) : undefined
        }
      />
      <ChargeBillingCard
        charge={charge}
        expiresAt={charge.expiresAt}
        customerHref={charge.customerId ? `/m/customers/${charge.customerId}` : null}
      />
      <FirstPaymentNote charge={charge} recurrenceBasePath="/m/recurrences" />
      <div className="grid gap-4 lg:grid-cols-3">
        {/* A recurring charge is debited by the payer's bank: nothing to show the payer, its recurrence instead. */}
        {charge.type === "RECURRING" || charge.pixCode === null ? (
          <ChargeRecurrenceCard charge={charge} recurrenceBasePath="/m/recurrences" className="lg:col-span-2" />
        ) : (
          <Card className={payable ? "lg:row-span-2" : undefined}>
            <CardHeader>
              <div>
                <CardTitle>{payable ? t("showPayer") : t("paymentCode")}</CardTitle>
                <CardDescription>
                  {payable
                    ? dueDate
                      ? t("showPayerDescriptionDay", { date: formatIsoDay(lastPayableDay(charge.expiresAt)) })
                      : t.rich("showPayerDescription", { time: () => <DateTime value={charge.expiresAt} /> })
                    : t("notPayable")}
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {payable ? (
                <ChargePaymentCard pixCode={charge.pixCode} />
              ) : (
                <p className="rounded-md bg-muted p-3 font-mono text-xs break-all text-muted-foreground">
                  {charge.pixCode}
                </p>
              )}
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>{t("amounts")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{t("paidByPayer")}</dt>
                <dd>
                  <Money value={charge.paidAmount ?? charge.amount} />
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{t("fee")}</dt>
                <dd>
                  <Money value={charge.fee} />
                </dd>
              </div>
              {refunded ? (
                <>
                  <div className="flex justify-between gap-3 border-t pt-2">
                    <dt className="text-muted-foreground">{t("netOfCharge")}</dt>
                    <dd>
                      <Money value={charge.netAmount} />
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted-foreground">{t("refunded")}</dt>
                    <dd data-testid="refunded-amount">
                      <Money value={charge.refundedAmount} />
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3 border-t pt-2 font-semibold">
                    <dt>{t("netAfterRefunds")}</dt>
                    <dd data-testid="net-amount">
                      <Money value={netAfterRefunds(charge)} />
                    </dd>
                  </div>
                </>
              ) : (
                <div className="flex justify-between gap-3 border-t pt-2 font-semibold">
                  <dt>{t("net")}</dt>
                  <dd data-testid="net-amount">
                    <Money value={charge.netAmount} />
                  </dd>
                </div>
              )}
              {charge.reserved && charge.status === "PAID" && (
                <div className="flex justify-between gap-3 pt-2 text-status-danger">
                  <dt>{t("reservedAmount")}</dt>
                  <dd>
                    <Money value={charge.reservedAmount} />
                  </dd>
                </div>
              )}
              {disputed && (
                <div className="flex justify-between gap-3 pt-2">
                  <dt className="text-muted-foreground">{t("disputedAmount")}</dt>
                  <dd>
                    <Money value={charge.disputedAmount} />
                  </dd>
                </div>
              )}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>{t("history")}</CardTitle>
              <CardDescription>{t("historyDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <Timeline items={history} label={t("history")} />
          </CardContent>
        </Card>
        {charge.status === "PAID" && (
          <RefundsCard
            refunds={refunds.data}
            amount={charge.paidAmount ?? charge.amount}
            refundedAmount={charge.refundedAmount}
          />
        )}
        <Card className="lg:col-span-2" data-testid="charge-webhooks">
          <CardHeader>
            <div className="min-w-0">
              <CardTitle>{t("webhooks")}</CardTitle>
              <CardDescription>{t("webhooksDescription", { count: endpointCount })}</CardDescription>
            </div>
            {endpointCount > 0 && (
              <Button asChild variant="outline" size="sm">
                <Link href="/m/webhooks">
                  <WebhookIcon aria-hidden /> {t("endpointsLink", { count: endpointCount })}
                </Link>
              </Button>
            )}
          </CardHeader>
          <CardContent className="grid gap-3">
            {events.length === 0 ? (
              endpointCount === 0 ? (
                <EmptyState
                  className="py-6"
                  icon={WebhookIcon}
                  title={t("noEndpoints")}
                  description={t("noEndpointsDescription")}
                  action={
                    <Button asChild variant="outline" size="sm">
                      <Link href="/m/webhooks">{t("openWebhooks")}</Link>
                    </Button>
                  }
                />
              ) : (
                <EmptyState className="py-6" title={t("noEvents")} description={t("noEventsDescription")} />
              )
            ) : (
              <ul className="grid gap-3" aria-label={t("deliveriesLabel")}>
                {events.map((event) => (
                  <li key={`${event.eventId}:${event.endpointId}`} className="min-w-0">
                    <details className="rounded-md border">
                      <summary className="flex cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm">
                        <span className="font-mono font-medium">{event.event}</span>
                        <DeliveryStatusBadge status={event.status} />
                        <span className="text-xs text-muted-foreground">
                          <DateTime value={event.createdAt} seconds /> · {t("attempts", { count: event.attemptCount })}
                        </span>
                        {/* An event goes to each endpoint that takes it: which one this row is. */}
                        <span className="min-w-0 basis-full font-mono text-xs break-all text-muted-foreground">
                          {event.endpointUrl ? t("sentTo", { url: event.endpointUrl }) : t("notSent")}
                        </span>
                      </summary>
                      <pre className="overflow-x-auto border-t bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">
                        {event.requestBody}
                      </pre>
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("txid")}</dt>
                <dd className="font-mono text-xs break-all">{charge.txid}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("e2eId")}</dt>
                <dd className="font-mono text-xs break-all">{charge.e2eId ?? "—"}</dd>
              </div>
              {(charge.qrcodeId || charge.paymentLinkId) && (
                <div>
                  <dt className="text-muted-foreground">{t("origin")}</dt>
                  <dd>
                    {charge.qrcodeId ? (
                      <Link href={`/m/qrcodes/${charge.qrcodeId}/print`} className="underline-offset-2 hover:underline">
                        {t("viaQrCode")}
                      </Link>
                    ) : (
                      <Link href="/m/payment-links" className="underline-offset-2 hover:underline">
                        {t("viaPaymentLink")}
                      </Link>
                    )}
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-muted-foreground">{t("payer")}</dt>
                <dd data-testid="charge-payer">
                  <ChargePayerValue charge={charge} />
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
