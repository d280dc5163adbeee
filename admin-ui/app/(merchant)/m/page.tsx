import { ArrowDownToLineIcon, ArrowUpFromLineIcon, LockIcon, PlusIcon, ReceiptIcon, WalletIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { EmptyState } from "@/components/states";
import { ChargeStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LiveUpdates } from "@/features/live/live-updates";
import { MerchantHomeDocument } from "@/features/merchant/documents";
import { VolumeChart } from "@/features/overview/volume-chart";
import { requireViewer } from "@/lib/auth/session";
import { centavosToMoney, moneyToCentavos } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchant.home"))("metaTitle") };
}

export default async function MerchantHomePage() {
  const viewer = await requireViewer();
  const home = await execute(MerchantHomeDocument);
  const t = await getTranslations("merchant.home");
  const overview = home.merchantOverview;
  // Each movement of the balance on its own line, in the order they add up to it (CONTRACT §8).
  const lines = [
    ["chargesPaidNet", overview.paidChargesNet, false],
    ["reservedLine", overview.reserved, false],
    ["disputesHeld", overview.disputesHeld, false],
    ["adjustments", overview.adjustments, true],
    ["withdrawalsHeld", overview.withdrawalsHeld, false],
    ["refundsHeld", overview.refundsHeld, false],
  ] as const;
  // Held: by operators' holds of charges and by MED disputes, both out of the balance.
  const held = centavosToMoney(moneyToCentavos(overview.reserved) + moneyToCentavos(overview.disputesHeld));
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["charge", "withdrawal", "refund", "dispute"]} />
      <PageHeader
        title={viewer.companyName ?? t("yourAccount")}
        description={t("description")}
        actions={
          <>
            <Button asChild>
              <Link href="/m/charges/new">
                <PlusIcon aria-hidden /> {t("newCharge")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/m/withdrawals/new">
                <ArrowUpFromLineIcon aria-hidden /> {t("newWithdrawal")}
              </Link>
            </Button>
          </>
        }
      />
      <section aria-label={t("headline")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={t("available")} value={<Money value={overview.balance} />} icon={WalletIcon} />
        <StatCard
          label={t("receivedToday")}
          value={<Money value={overview.today.received.amount} />}
          icon={ArrowDownToLineIcon}
          hint={t("chargesPaid", { count: overview.today.received.count })}
        />
        <StatCard
          label={t("sentToday")}
          value={<Money value={overview.today.sent.amount} />}
          icon={ArrowUpFromLineIcon}
          hint={t("withdrawals", { count: overview.today.sent.count })}
        />
        <StatCard label={t("reserved")} value={<Money value={held} />} icon={LockIcon} hint={t("reservedHint")} />
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>{t("last30Days")}</CardTitle>
              <CardDescription>{t("last30DaysDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <VolumeChart daily={overview.daily} summary={t("chartSummary")} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>{t("balanceTitle")}</CardTitle>
              <CardDescription>{t("balanceDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-2 text-sm" data-testid="balance-lines">
              {lines.map(([label, value, signed]) => (
                <div key={label} className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">{t(label)}</dt>
                  <dd>
                    <Money value={value} signed={signed} />
                  </dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 border-t pt-2 font-semibold">
                <dt>{t("availableTotal")}</dt>
                <dd>
                  <Money value={overview.balance} />
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("latestCharges")}</CardTitle>
            <CardDescription>{t("latestChargesDescription")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {home.recent.data.length === 0 ? (
            <EmptyState icon={ReceiptIcon} title={t("noCharges")} description={t("noChargesDescription")} />
          ) : (
            <ul className="divide-y border-t">
              {home.recent.data.map((charge) => (
                <li key={charge.id} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{charge.description ?? charge.id}</p>
                    <p className="text-xs text-muted-foreground">
                      <DateTime value={charge.createdAt} />
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <Money value={charge.amount} className="font-semibold" />
                    <ChargeStatusBadge status={charge.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
