import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { ChargesView } from "@/features/merchant-charges/charges-view";
import { fetchChargePage } from "@/features/merchant-charges/queries";
import { loadChargeParams } from "@/features/merchant-charges/search-params";

export const metadata: Metadata = { title: "Charges" };

export default async function MerchantChargesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { status, q, from, to, page, perPage } = await loadChargeParams(searchParams);
  const params = { status, q, from, to, page, perPage };
  const charges = await fetchChargePage(params);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Charges"
        description="PIX charges of your account: each one a QR code a payer scans or a code they paste."
        actions={
          <Button asChild>
            <Link href="/m/charges/new">
              <PlusIcon aria-hidden /> New charge
            </Link>
          </Button>
        }
      />
      <ChargesView params={params} page={charges} />
    </div>
  );
}
