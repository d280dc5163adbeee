import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { ChargesView } from "@/features/merchant-charges/charges-view";
import { fetchChargePage } from "@/features/merchant-charges/queries";
import { loadChargeParams } from "@/features/merchant-charges/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("merchantCharges.list"))("metaTitle") };
}

export default async function MerchantChargesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { status, type, moneyBack, q, from, to, page, perPage } = await loadChargeParams(searchParams);
  const params = { status, type, moneyBack, q, from, to, page, perPage };
  const [charges, t] = await Promise.all([fetchChargePage(params), getTranslations("merchantCharges.list")]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link href="/m/charges/new">
              <PlusIcon aria-hidden /> {t("new")}
            </Link>
          </Button>
        }
      />
      <ChargesView params={params} page={charges} />
    </div>
  );
}
