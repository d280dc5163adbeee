import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { createLoader } from "nuqs/server";
import { tableParsers, toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { CustomersTable } from "@/features/customers/customers-table";
import { CustomersDocument } from "@/features/customers/documents";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("customers.list"))("metaTitle") };
}

const loadParams = createLoader(tableParsers);

export default async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { page, perPage, q } = await loadParams(searchParams);
  const document = q.trim() || null;
  const [{ customers }, t] = await Promise.all([
    execute(CustomersDocument, { document, ...toLimitOffset(document ? 1 : page, perPage) }),
    getTranslations("customers.list"),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link href="/m/customers/new">
              <PlusIcon aria-hidden /> {t("new")}
            </Link>
          </Button>
        }
      />
      <CustomersTable
        rows={customers.data}
        total={customers.total}
        totalCapped={customers.totalCapped}
        page={page}
        perPage={perPage}
        searched={document !== null}
      />
    </div>
  );
}
