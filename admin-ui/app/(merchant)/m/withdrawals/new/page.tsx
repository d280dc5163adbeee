import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreateWithdrawalForm } from "@/features/merchant-withdrawals/create-withdrawal-form";
import { MerchantBalanceDocument } from "@/features/merchant-withdrawals/documents";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantWithdrawals.create"))("metaTitle") };
}

export default async function NewWithdrawalPage() {
  const { balance } = await execute(MerchantBalanceDocument);
  const t = await getTranslations("merchantWithdrawals.create");
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent className="pt-6">
          <CreateWithdrawalForm balance={balance.balance} />
        </CardContent>
      </Card>
    </div>
  );
}
