import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreateCustomerForm } from "@/features/customers/create-customer-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("customers.create"))("metaTitle") };
}

export default async function NewCustomerPage() {
  const t = await getTranslations("customers.create");
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent className="pt-6">
          <CreateCustomerForm />
        </CardContent>
      </Card>
    </div>
  );
}
