import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreateDueDateChargeForm } from "@/features/billing/create-due-date-charge-form";
import { CustomersDocument } from "@/features/customers/documents";
import { CreateChargeForm } from "@/features/merchant-charges/create-charge-form";
import { execute } from "@/lib/graphql/execute";
import { cn } from "@/lib/utils";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantCharges.create"))("metaTitle") };
}

/** The customers the payer picker offers: the newest, as many as one page of the API holds. */
const PICKER_CUSTOMERS = 100;

export default async function NewChargePage({
  searchParams,
}: {
  searchParams: Promise<{ type?: string; customer?: string }>;
}) {
  const { type, customer } = await searchParams;
  const dueDate = type === "due-date" || Boolean(customer);
  const [t, tKind] = await Promise.all([getTranslations("merchantCharges.create"), getTranslations("billing.form")]);
  const customers = dueDate ? (await execute(CustomersDocument, { limit: PICKER_CUSTOMERS })).customers.data : [];
  const kinds = [
    { key: "immediate", href: "/m/charges/new", label: tKind("kindImmediate"), hint: tKind("kindImmediateHint") },
    {
      key: "due-date",
      href: "/m/charges/new?type=due-date",
      label: tKind("kindDueDate"),
      hint: tKind("kindDueDateHint"),
    },
  ];
  const current = dueDate ? "due-date" : "immediate";
  return (
    <div className={cn("flex flex-col gap-6", dueDate ? "max-w-5xl" : "max-w-xl")}>
      <PageHeader title={t("title")} description={t("description")} />
      <nav aria-label={tKind("kind")} className="grid gap-2 sm:grid-cols-2">
        {kinds.map((kind) => (
          <Link
            key={kind.key}
            href={kind.href}
            aria-current={kind.key === current ? "page" : undefined}
            className={cn(
              "rounded-lg border px-4 py-3 text-sm transition-colors hover:bg-muted",
              kind.key === current && "border-primary bg-muted ring-1 ring-primary",
            )}
          >
            <span className="block font-semibold">{kind.label}</span>
            <span className="block text-xs text-muted-foreground">{kind.hint}</span>
          </Link>
        ))}
      </nav>
      {dueDate ? (
        <CreateDueDateChargeForm customers={customers} customerId={customer ?? null} />
      ) : (
        <Card>
          <CardContent className="pt-6">
            <CreateChargeForm />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
