import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { toLimitOffset } from "@/components/data-table/search-params";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { MerchantWithdrawalsDocument } from "@/features/merchant-withdrawals/documents";
import { loadMerchantWithdrawalParams } from "@/features/merchant-withdrawals/search-params";
import { MerchantWithdrawalsView } from "@/features/merchant-withdrawals/withdrawals-view";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantWithdrawals.list"))("metaTitle") };
}

export default async function MerchantWithdrawalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { status, page, perPage } = await loadMerchantWithdrawalParams(searchParams);
  const { withdrawals, balance } = await execute(MerchantWithdrawalsDocument, {
    status,
    ...toLimitOffset(page, perPage),
  });
  const t = await getTranslations("merchantWithdrawals.list");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        meta={
          <span>
            {t.rich("available", {
              money: () => <Money value={balance.balance} className="font-semibold text-foreground" />,
            })}
          </span>
        }
        actions={
          <Button asChild>
            <Link href="/m/withdrawals/new">
              <PlusIcon aria-hidden /> {t("new")}
            </Link>
          </Button>
        }
      />
      <MerchantWithdrawalsView
        rows={withdrawals.data}
        total={withdrawals.total}
        totalCapped={withdrawals.totalCapped}
        status={status}
        page={page}
        perPage={perPage}
      />
    </div>
  );
}
