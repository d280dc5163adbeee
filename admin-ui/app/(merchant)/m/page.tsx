import { ArrowDownToLineIcon, ArrowUpFromLineIcon, LockIcon, ReceiptIcon, WalletIcon } from "lucide-react";
import type { Metadata } from "next";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { EmptyState } from "@/components/states";
import { ChargeStatusBadge } from "@/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MerchantHomeDocument } from "@/features/merchant/documents";
import { VolumeChart } from "@/features/overview/volume-chart";
import { requireViewer } from "@/lib/auth/session";
import { formatInteger } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Home" };

export default async function MerchantHomePage() {
  const viewer = await requireViewer();
  const home = await execute(MerchantHomeDocument);
  const overview = home.merchantOverview;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={viewer.companyName ?? "Your account"}
        description="Your PIX balance, today’s money and your latest charges."
      />
      <section aria-label="Headline figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Available balance" value={<Money value={overview.balance} />} icon={WalletIcon} />
        <StatCard
          label="Received today"
          value={<Money value={overview.today.received.amount} />}
          icon={ArrowDownToLineIcon}
          hint={`${formatInteger(overview.today.received.count)} charges paid`}
        />
        <StatCard
          label="Sent today"
          value={<Money value={overview.today.sent.amount} />}
          icon={ArrowUpFromLineIcon}
          hint={`${formatInteger(overview.today.sent.count)} withdrawals`}
        />
        <StatCard
          label="Reserved"
          value={<Money value={overview.reserved} />}
          icon={LockIcon}
          hint="held by operators"
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>Last 30 days</CardTitle>
              <CardDescription>Charges paid and withdrawals paid per day</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <VolumeChart
              daily={overview.daily}
              summary="Your charges paid and withdrawals paid per day over the last 30 days."
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Your balance</CardTitle>
              <CardDescription>How the available balance adds up</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Charges paid, net of fees</dt>
                <dd>
                  <Money value={overview.paidChargesNet} />
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">+ Adjustments</dt>
                <dd>
                  <Money value={overview.adjustments} signed />
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">− Withdrawals</dt>
                <dd>
                  <Money value={overview.withdrawalsHeld} />
                </dd>
              </div>
              <div className="flex justify-between gap-3 border-t pt-2 font-semibold">
                <dt>= Available</dt>
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
            <CardTitle>Latest charges</CardTitle>
            <CardDescription>The five newest PIX charges of your account</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {home.recent.data.length === 0 ? (
            <EmptyState
              icon={ReceiptIcon}
              title="No charges yet"
              description="Charges you create through the API appear here."
            />
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
