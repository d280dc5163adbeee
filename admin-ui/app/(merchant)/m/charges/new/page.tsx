import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreateChargeForm } from "@/features/merchant-charges/create-charge-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantCharges.create"))("metaTitle") };
}

export default async function NewChargePage() {
  const t = await getTranslations("merchantCharges.create");
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent className="pt-6">
          <CreateChargeForm />
        </CardContent>
      </Card>
    </div>
  );
}
