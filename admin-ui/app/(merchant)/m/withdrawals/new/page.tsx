import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreateWithdrawalForm } from "@/features/merchant-withdrawals/create-withdrawal-form";
import { MerchantBalanceDocument } from "@/features/merchant-withdrawals/documents";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "New withdrawal" };

export default async function NewWithdrawalPage() {
  const { balance } = await execute(MerchantBalanceDocument);
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHeader
        title="New withdrawal"
        description="The amount is reserved from your balance now and sent once the withdrawal is approved."
      />
      <Card>
        <CardContent className="pt-6">
          <CreateWithdrawalForm balance={balance.balance} />
        </CardContent>
      </Card>
    </div>
  );
}
