import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CustomersDocument } from "@/features/customers/documents";
import { CreateRecurrenceForm } from "@/features/recurrences/create-recurrence-form";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recurrences.create"))("metaTitle") };
}

/** The customers the payer picker offers: the newest, as many as one page of the API holds. */
const PICKER_CUSTOMERS = 100;

export default async function NewRecurrencePage({ searchParams }: { searchParams: Promise<{ customer?: string }> }) {
  const { customer } = await searchParams;
  const [t, { customers }] = await Promise.all([
    getTranslations("recurrences.create"),
    execute(CustomersDocument, { limit: PICKER_CUSTOMERS }),
  ]);
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent className="pt-6">
          <CreateRecurrenceForm customers={customers.data} customerId={customer ?? null} />
        </CardContent>
      </Card>
    </div>
  );
}
