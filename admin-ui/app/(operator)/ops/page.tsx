import {
  AlertTriangleIcon,
  ArrowDownToLineIcon,
  ArrowRightIcon,
  Building2Icon,
  ClockIcon,
  WebhookIcon,
} from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { EmptyState } from "@/components/states";
import { WithdrawalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LiveUpdates } from "@/features/live/live-updates";
import { OperatorOverviewDocument } from "@/features/overview/documents";
import { VolumeChart } from "@/features/overview/volume-chart";
import { companyNames, fetchWithdrawalPage, type WithdrawalListPage } from "@/features/withdrawals/queries";
import { WithdrawalSchedule } from "@/features/withdrawals/schedule";
import { requireViewer } from "@/lib/auth/session";
import { formatAge, formatBRL, formatInteger, moneyToCentavos } from "@/lib/format";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("overview"))("metaTitle") };
}

/** The dashboard's figures, or null when the API refuses them to this role (today: VIEWER). */
async function loadDashboard() {
  try {
    return await execute(OperatorOverviewDocument);
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") return null;
    throw error;
  }
}

/** What a role without the dashboard still gets: the queue. */
async function QueueOnlyOverview({ queue, firstName }: { queue: WithdrawalListPage; firstName?: string }) {
  const t = await getTranslations("overview");
  const names = new Map((await companyNames(queue.rows.map((row) => row.companyId))).map((c) => [c.id, c.name]));
  const now = new Date();
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates
        topics={["charge", "withdrawal", "refund", "dispute"]}
        watch={{ count: queue.total, rows: "withdrawals", scope: "" }}
      />
      <PageHeader
        title={firstName ? t("greeting", { name: firstName }) : t("title")}
        description={t("viewerDescription")}
      />
      <StatCard
        label={t("withdrawalsWaiting")}
        value={formatInteger(queue.total)}
        icon={ClockIcon}
        tone={queue.total > 0 ? "warn" : "default"}
        hint={queue.rows[0] ? t("oldest", { age: formatAge(queue.rows[0].createdAt, now) }) : t("queueEmpty")}
        className="sm:max-w-xs"
      />
      <QueueCard rows={queue.rows} names={names} now={now} />
    </div>
  );
}

export default async function OperatorOverviewPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("overview");
  const [overview, queue] = await Promise.all([
    loadDashboard(),
    fetchWithdrawalPage({ view: "queue", status: null, company: null, page: 1, perPage: 5, oldestFirst: true }),
  ]);
  if (!overview) return <QueueOnlyOverview queue={queue} firstName={viewer.name?.split(" ")[0]} />;
  const dashboard = overview.operatorDashboard;
  const awaiting = overview.pendingApprovals;
  const names = new Map((await companyNames(queue.rows.map((row) => row.companyId))).map((c) => [c.id, c.name]));
  // The age is computed once, on the server, so the page renders the same text everywhere.
  const now = new Date();
  const pending = dashboard.pendingWithdrawals;
  const paid30 = dashboard.daily.reduce((sum, day) => sum + moneyToCentavos(day.paidAmount), 0n);
  const firstName = viewer.name?.split(" ")[0];

  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates
        topics={["charge", "withdrawal", "refund", "dispute"]}
        watch={{ count: pending.count, rows: "withdrawals", scope: "" }}
      />
      <PageHeader
        title={firstName ? t("greeting", { name: firstName }) : t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link href="/ops/withdrawals">
              {t("openQueue")} <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        }
      />
      <section aria-label={t("headline")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t("withdrawalsWaiting")}
          value={formatInteger(pending.count)}
          icon={ClockIcon}
          tone={pending.count > 0 ? "warn" : "default"}
          hint={
            pending.oldestCreatedAt
              ? t("pendingHint", { amount: formatBRL(pending.amount), age: formatAge(pending.oldestCreatedAt, now) })
              : t("queueEmpty")
          }
        />
        <StatCard
          label={t("paidToday")}
          value={formatBRL(dashboard.today.paidCharges.amount)}
          icon={ArrowDownToLineIcon}
          hint={t("chargesCount", { count: dashboard.today.paidCharges.count })}
        />
        <StatCard
          label={t("paymentExceptions")}
          value={formatInteger(dashboard.openPaymentExceptions)}
          icon={AlertTriangleIcon}
          tone={dashboard.openPaymentExceptions > 0 ? "danger" : "default"}
          hint={t("exceptionsHint")}
        />
        <StatCard
          label={t("failedWebhooks")}
          value={formatInteger(dashboard.failedWebhookDeliveries)}
          icon={WebhookIcon}
          tone={dashboard.failedWebhookDeliveries > 0 ? "danger" : "default"}
          hint={t("failedWebhooksHint")}
        />
      </section>

      <AwaitingSecondApprovalCard awaiting={awaiting} />

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("volume.title")}</CardTitle>
            <CardDescription>{t("volume.description", { amount: formatBRL(paid30) })}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <VolumeChart
            daily={dashboard.daily}
            summary={t("volume.summary", {
              paid: formatBRL(paid30),
              withdrawn: formatBRL(dashboard.today.withdrawals.amount),
            })}
          />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <QueueCard rows={queue.rows} names={names} now={now} className="lg:col-span-3" />
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>{t("today.title")}</CardTitle>
              <CardDescription>{t("today.description")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm">
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{t("today.chargesPaid")}</dt>
                <dd className="tabular text-right font-medium">
                  {formatBRL(dashboard.today.paidCharges.amount)}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {t("chargesCount", { count: dashboard.today.paidCharges.count })}
                  </span>
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{t("today.withdrawalsPaid")}</dt>
                <dd className="tabular text-right font-medium">
                  {formatBRL(dashboard.today.withdrawals.amount)}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {t("withdrawalsCount", { count: dashboard.today.withdrawals.count })}
                  </span>
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{t("today.waiting")}</dt>
                <dd className="tabular text-right font-medium">{formatBRL(pending.amount)}</dd>
              </div>
            </dl>
            <Button variant="outline" size="sm" className="mt-5 w-full" asChild>
              <Link href="/ops/companies">
                <Building2Icon aria-hidden /> {t("browseCompanies")}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

async function QueueCard({
  rows,
  names,
  now,
  className,
}: {
  rows: WithdrawalListPage["rows"];
  names: Map<string, string>;
  now: Date;
  className?: string;
}) {
  const t = await getTranslations("overview.queue");
  return (
    <Card className={className}>
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
        <Button variant="ghost" size="sm" asChild>
          <Link href="/ops/withdrawals">
            {t("viewAll")} <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {rows.length === 0 ? (
          <EmptyState title={t("emptyTitle")} description={t("emptyDescription")} />
        ) : (
          <ul className="divide-y border-t">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{names.get(row.companyId) ?? row.companyId}</p>
                  {/* Wraps on a phone instead of cutting the age off. */}
                  <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                    <span className="truncate font-mono">{row.withdrawalReference}</span>
                    <span className="whitespace-nowrap">{t("waiting", { age: formatAge(row.createdAt, now) })}</span>
                  </p>
                  {/* A scheduled payout: the day asked for (and the send day a holiday moved it to), as the list shows it. */}
                  <WithdrawalSchedule source={row} className="mt-0.5 flex" />
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <Money value={row.amount} className="text-sm font-semibold" />
                  <WithdrawalStatusBadge
                    status={row.status}
                    rejected={row.rejected}
                    scheduledFor={row.scheduledFor}
                    cancellable={row.cancellable}
                    className="hidden sm:inline-flex"
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** What another operator started and waits for a different one (maker-checker), with a way to each list. */
async function AwaitingSecondApprovalCard({
  awaiting,
}: {
  awaiting: { adjustments: { count: number; amount: string }; withdrawals: { count: number; amount: string } };
}) {
  const t = await getTranslations("overview.awaitingSecond");
  const lines = [
    {
      key: "adjustments",
      figure: awaiting.adjustments,
      href: "/ops/adjustments?status=REQUESTED",
      link: t("viewAdjustments"),
    },
    { key: "withdrawals", figure: awaiting.withdrawals, href: "/ops/withdrawals", link: t("viewWithdrawals") },
  ] as const;
  const none = awaiting.adjustments.count === 0 && awaiting.withdrawals.count === 0;
  return (
    <section aria-labelledby="awaiting-second-title" data-testid="awaiting-second">
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="awaiting-second-title">{t("title")}</CardTitle>
            <CardDescription>{none ? t("empty") : t("description")}</CardDescription>
          </div>
        </CardHeader>
        {!none && (
          <CardContent>
            <ul className="grid gap-3 text-sm sm:grid-cols-2">
              {lines.map((line) => (
                <li
                  key={line.key}
                  className="flex items-center justify-between gap-3 rounded-md border p-3"
                  data-testid={`awaiting-${line.key}`}
                >
                  <div className="min-w-0">
                    <p className="text-muted-foreground">{t(line.key)}</p>
                    <p className="tabular font-medium">
                      {formatBRL(line.figure.amount)}
                      <span className="block text-xs font-normal text-muted-foreground">
                        {t("count", { count: line.figure.count })}
                      </span>
                    </p>
                  </div>
                  {line.figure.count > 0 && (
                    <Button variant="outline" size="sm" asChild>
                      <Link href={line.href}>
                        {line.link} <ArrowRightIcon aria-hidden />
                      </Link>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        )}
      </Card>
    </section>
  );
}
