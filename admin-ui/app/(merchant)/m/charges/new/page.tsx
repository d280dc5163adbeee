import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreateChargeForm } from "@/features/merchant-charges/create-charge-form";

export const metadata: Metadata = { title: "New charge" };

export default function NewChargePage() {
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHeader title="New charge" description="The next page shows its QR code, ready to show the payer." />
      <Card>
        <CardContent className="pt-6">
          <CreateChargeForm />
        </CardContent>
      </Card>
    </div>
  );
}
