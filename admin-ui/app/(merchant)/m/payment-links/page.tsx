import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreatePaymentLinkForm } from "@/features/payment-links/create-payment-link-form";
import { DisplayNameForm } from "@/features/payment-links/display-name-form";
import { MerchantPaymentLinksDocument } from "@/features/payment-links/documents";
import { PaymentLinksList } from "@/features/payment-links/payment-links-list";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("paymentLinks"))("metaTitle") };
}

/** The merchant's payment links: make one, copy or open its address, see what it brought, deactivate it. */
export default async function PaymentLinksPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("paymentLinks");
  const page = Math.max(1, Math.min(500, Number.parseInt((await searchParams).page ?? "1", 10) || 1));
  const { paymentLinks, payerPageSettings } = await execute(MerchantPaymentLinksDocument, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const canManage = viewer.role === "ADMIN";
  const pages = Math.max(1, Math.ceil(paymentLinks.total / PAGE_SIZE));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <PaymentLinksList links={paymentLinks.data} canManage />
          {pages > 1 ? (
            <nav className="flex items-center justify-between gap-2" aria-label={t("paging.label")}>
              <Button asChild variant="outline" size="sm" aria-disabled={page <= 1}>
                <Link href={`/m/payment-links?page=${Math.max(1, page - 1)}`}>{t("paging.previous")}</Link>
              </Button>
              <span className="text-sm text-muted-foreground">{t("paging.position", { page, pages })}</span>
              <Button asChild variant="outline" size="sm" aria-disabled={page >= pages}>
                <Link href={`/m/payment-links?page=${Math.min(pages, page + 1)}`}>{t("paging.next")}</Link>
              </Button>
            </nav>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <div>
                <CardTitle>{t("form.title")}</CardTitle>
                <CardDescription>{t("form.cardDescription")}</CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              <CreatePaymentLinkForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <div>
                <CardTitle>{t("displayName.title")}</CardTitle>
                <CardDescription>{t("displayName.description")}</CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              <DisplayNameForm current={payerPageSettings.displayName ?? null} canManage={canManage} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
