import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateQrCodeForm } from "@/features/qrcodes/create-qr-code-form";
import { MerchantQrCodesDocument } from "@/features/qrcodes/documents";
import { QrCodesList } from "@/features/qrcodes/qr-codes-list";
import { execute } from "@/lib/graphql/execute";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("qrCodes"))("metaTitle") };
}

/** The merchant's static QR codes for the counter: make one, print or download it, see what it brought, deactivate it. */
export default async function QrCodesPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const t = await getTranslations("qrCodes");
  const page = Math.max(1, Math.min(500, Number.parseInt((await searchParams).page ?? "1", 10) || 1));
  const { qrCodes } = await execute(MerchantQrCodesDocument, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(qrCodes.total / PAGE_SIZE));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <QrCodesList codes={qrCodes.data} canManage />
          {pages > 1 ? (
            <nav className="flex items-center justify-between gap-2" aria-label={t("paging.label")}>
              <Button asChild variant="outline" size="sm" aria-disabled={page <= 1}>
                <Link href={`/m/qrcodes?page=${Math.max(1, page - 1)}`}>{t("paging.previous")}</Link>
              </Button>
              <span className="text-sm text-muted-foreground">{t("paging.position", { page, pages })}</span>
              <Button asChild variant="outline" size="sm" aria-disabled={page >= pages}>
                <Link href={`/m/qrcodes?page=${Math.min(pages, page + 1)}`}>{t("paging.next")}</Link>
              </Button>
            </nav>
          ) : null}
        </div>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>{t("form.title")}</CardTitle>
              <CardDescription>{t("form.cardDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <CreateQrCodeForm />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
