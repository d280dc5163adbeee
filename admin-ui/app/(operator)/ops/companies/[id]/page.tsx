import {
  ArrowDownToLineIcon,
  ArrowUpFromLineIcon,
  LockIcon,
  ScaleIcon,
  ScrollTextIcon,
  WalletIcon,
  WebhookIcon,
} from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { CopyableId } from "@/components/copy-button";
import { toLimitOffset } from "@/components/data-table/search-params";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateAdjustmentButton } from "@/features/adjustments/create-adjustment-button";
import { AutoApproveLimitRequest } from "@/features/companies/auto-approve-limit-request";
import { AuditedAmount, BalanceAuditCard } from "@/features/companies/balance-audit-card";
import { EditCompanyButton } from "@/features/companies/company-dialog-buttons";
import { CompanyEndpointsCard, deliveriesHref } from "@/features/companies/company-endpoints-card";
import { CompanyTabs } from "@/features/companies/company-tabs";
import {
  CompanyAdjustmentsDocument,
  CompanyChargesDocument,
  CompanyEndpointsDocument,
  CompanyOverviewDocument,
} from "@/features/companies/documents";
import { feePlan } from "@/features/companies/list";
import { CHARGE_STATUSES, loadCompanyPageParams } from "@/features/companies/search-params";
import { WithdrawalsDocument } from "@/features/withdrawals/documents";
import { WITHDRAWAL_STATUSES } from "@/features/withdrawals/search-params";
import type { ChargeStatus, WithdrawalStatus } from "@/gql/graphql";
import { requireViewer } from "@/lib/auth/session";
import { formatBRL, formatDocument } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("companies"))("companyMetaTitle") };
}

export default async function CompanyPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const t = await getTranslations("companies.page");
  const { tab, status, page, perPage } = await loadCompanyPageParams(searchParams);
  const { limit, offset } = toLimitOffset(page, perPage);
  const chargeStatus = (CHARGE_STATUSES as readonly string[]).includes(status ?? "") ? (status as ChargeStatus) : null;
  const withdrawalStatus = (WITHDRAWAL_STATUSES as readonly string[]).includes(status ?? "")
    ? (status as WithdrawalStatus)
    : null;

  // The balance audit (a scan of every charge: about 2 s at 10^6) is not awaited here: the
  // browser asks for it after the page painted (balance-audit-card.tsx).
  const [viewer, { company }, endpoints, list] = await Promise.all([
    requireViewer(),
    executeOrNotFound(CompanyOverviewDocument, { id }),
    // CONTRACT §15: the account's endpoints (its own URL the first). A failed read leaves the rest of the page.
    execute(CompanyEndpointsDocument, { companyId: id }).then(
      ({ webhookEndpoints }) => webhookEndpoints.data,
      () => null,
    ),
    tab === "withdrawals"
      ? execute(WithdrawalsDocument, { companyId: id, status: withdrawalStatus, limit, offset }).then((r) => ({
          withdrawals: { rows: r.withdrawals.data, total: r.withdrawals.total },
        }))
      : tab === "adjustments"
        ? execute(CompanyAdjustmentsDocument, { companyId: id, limit, offset }).then((r) => ({
            adjustments: { rows: r.adjustments.data, total: r.adjustments.total },
          }))
        : execute(CompanyChargesDocument, { companyId: id, status: chargeStatus, limit, offset }).then((r) => ({
            charges: { rows: r.charges.data, total: r.charges.total },
          })),
  ]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={company.name}
        meta={
          <>
            <CopyableId value={company.id} />
            <span aria-hidden className="hidden sm:inline">
              ·
            </span>
            <span data-testid="company-cnpj">
              {company.cnpj ? t("cnpj", { cnpj: formatDocument(company.cnpj) }) : t("noCnpj")}
            </span>
            <span aria-hidden>·</span>
            <span>{company.city}</span>
            <span aria-hidden>·</span>
            <span>
              {t("since")} <DateTime value={company.createdAt} />
            </span>
          </>
        }
        actions={viewer.role === "ADMIN" ? <EditCompanyButton company={company} /> : undefined}
      />

      <nav aria-label={t("actions.label")} className="flex flex-wrap gap-2">
        {viewer.role !== "VIEWER" && (
          <CreateAdjustmentButton companies={[{ id: company.id, name: company.name }]} defaultCompany={company.id} />
        )}
        <Button variant="outline" size="sm" asChild>
          <Link href={`/ops/charges?company=${company.id}`}>
            <LockIcon aria-hidden /> {t("actions.charges")}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link href={`/ops/withdrawals?view=all&company=${company.id}`}>
            <ArrowUpFromLineIcon aria-hidden /> {t("allWithdrawals")}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link href={deliveriesHref(company.id)}>
            <WebhookIcon aria-hidden /> {t("actions.webhooks")}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link href={`/ops/audit-log?objectType=company&q=${company.id}`}>
            <ScrollTextIcon aria-hidden /> {t("actions.auditLog")}
          </Link>
        </Button>
      </nav>

      <section aria-label={t("balance")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t("available")}
          value={<Money value={company.balance} />}
          icon={WalletIcon}
          hint={t("availableHint")}
        />
        <StatCard
          label={t("paidNet")}
          value={<AuditedAmount companyId={company.id} field="paidChargesNet" />}
          icon={ArrowDownToLineIcon}
          hint={t("paidNetHint")}
        />
        <StatCard
          label={t("adjustments")}
          value={<AuditedAmount companyId={company.id} field="adjustments" signed />}
          icon={ScaleIcon}
          hint={t("adjustmentsHint")}
        />
        <StatCard
          label={t("withdrawals")}
          value={<AuditedAmount companyId={company.id} field="withdrawalsHeld" />}
          icon={ArrowUpFromLineIcon}
          hint={t("withdrawalsHint")}
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <BalanceAuditCard companyId={company.id} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{t("settings")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("feePlan")}</dt>
                <dd className="tabular font-medium">{feePlan(company)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("autoApprove")}</dt>
                <dd className="font-medium">
                  {company.autoApproveLimit
                    ? t("autoApproveUpTo", { amount: formatBRL(company.autoApproveLimit) })
                    : t("autoApproveOff")}
                </dd>
                {company.pendingAutoApproveLimitRequest && (
                  <dd>
                    <AutoApproveLimitRequest
                      request={company.pendingAutoApproveLimitRequest}
                      account={company.name}
                      canDecide={viewer.role === "ADMIN"}
                    />
                  </dd>
                )}
              </div>
              <div>
                <dt className="text-muted-foreground">{t("lastChange")}</dt>
                <dd>
                  <DateTime value={company.updatedAt} />
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>

      <CompanyEndpointsCard companyId={company.id} endpoints={endpoints} />

      <CompanyTabs tab={tab} status={status} page={page} perPage={perPage} {...list} />
    </div>
  );
}
