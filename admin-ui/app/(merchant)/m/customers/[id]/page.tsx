import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { createLoader } from "nuqs/server";
import { CopyableId } from "@/components/copy-button";
import { tableParsers, toLimitOffset } from "@/components/data-table/search-params";
import { DateTime } from "@/components/date-time";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CustomerCharges } from "@/features/customers/customer-charges";
import { CustomerDetailDocument } from "@/features/customers/documents";
import { formatDocument } from "@/lib/format";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("customers.detail"))("metaTitle") };
}

const loadParams = createLoader(tableParsers);

export default async function CustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const { page, perPage } = await loadParams(searchParams);
  const [{ customer, charges }, t] = await Promise.all([
    executeOrNotFound(CustomerDetailDocument, { id: decodeURIComponent(id), ...toLimitOffset(page, perPage) }),
    getTranslations("customers.detail"),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={customer.name}
        meta={<CopyableId value={customer.id} />}
        actions={
          <Button asChild>
            <Link href={`/m/charges/new?type=due-date&customer=${encodeURIComponent(customer.id)}`}>
              <PlusIcon aria-hidden /> {t("newCharge")}
            </Link>
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t("details")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">{t("document")}</dt>
              <dd className="font-mono">{formatDocument(customer.document)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted-foreground">{t("email")}</dt>
              <dd className="break-all">{customer.email ?? t("none")}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("phone")}</dt>
              <dd>{customer.phone ?? t("none")}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("created")}</dt>
              <dd>
                <DateTime value={customer.createdAt} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("charges")}</CardTitle>
            <CardDescription>{t("chargesDescription")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <CustomerCharges
            rows={charges.data}
            total={charges.total}
            totalCapped={charges.totalCapped}
            page={page}
            perPage={perPage}
          />
        </CardContent>
      </Card>
    </div>
  );
}
