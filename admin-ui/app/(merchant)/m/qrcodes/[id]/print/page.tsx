import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Money } from "@/components/money";
import { QrCode } from "@/components/qr-code";
import { CrumbLabel } from "@/components/shell/crumb-labels";
import { MerchantQrCodeDocument } from "@/features/qrcodes/documents";
import { PrintButton } from "@/features/qrcodes/print-button";
import { requireViewer } from "@/lib/auth/session";
import { executeOrNotFound } from "@/lib/graphql/execute-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("qrCodes.print"))("metaTitle") };
}

/** A sheet to print and put on the counter: the code, the name payers see, what is paid for and the amount. */
export default async function PrintQrCodePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [{ qrCode, payerPageSettings }, viewer, t] = await Promise.all([
    executeOrNotFound(MerchantQrCodeDocument, { id }),
    requireViewer(),
    getTranslations("qrCodes.print"),
  ]);
  const name = payerPageSettings.displayName ?? viewer.companyName ?? "";
  return (
    <div className="flex flex-col items-center gap-6">
      {/* The breadcrumb names the code by what the merchant wrote, not its qr_ id. */}
      <CrumbLabel segment={qrCode.id} label={qrCode.description} />
      <div className="flex w-full flex-wrap items-center justify-between gap-2 print:hidden">
        <p className="text-sm text-muted-foreground">{qrCode.active ? t("hint") : t("inactive")}</p>
        <PrintButton label={t("print")} />
      </div>
      <section
        className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-white p-6 text-center text-black print:border-0"
        aria-label={t("sheetLabel")}
        data-testid="qr-code-sheet"
      >
        <p className="text-2xl font-semibold">{t("payWithPix")}</p>
        <p className="text-lg break-words">{name}</p>
        <QrCode value={qrCode.pixCode} size={288} className="max-w-full" label={t("imageLabel")} />
        <p className="break-words">{qrCode.description}</p>
        <p className="text-xl font-semibold">{qrCode.amount ? <Money value={qrCode.amount} /> : t("typedAmount")}</p>
        <p className="text-sm">{t("howTo")}</p>
      </section>
    </div>
  );
}
