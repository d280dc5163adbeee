import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { cache } from "react";
import { PayerPageDocument } from "@/features/payer-page/documents";
import { PayerChargeView } from "@/features/payer-page/payer-charge-view";
import { PayerFrame } from "@/features/payer-page/payer-frame";
import { PayerProblem } from "@/features/payer-page/payer-problem";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

/** The page's charge, once per render (the metadata and the page share it). */
const pageOf = cache(async (token: string) => {
  try {
    return { page: (await execute(PayerPageDocument, { token })).payerPage, refused: null };
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "NOT_FOUND") notFound();
    if (error instanceof GraphQLRequestError && error.code === "RATE_LIMITED") return { page: null, refused: error };
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const t = await getTranslations("payer.charge");
  const { page } = await pageOf((await params).token);
  return {
    title: { absolute: page ? t("metaTitle", { name: page.accountName }) : t("metaTitleBare") },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/** A charge's payer's page (CONTRACT §13): public, Portuguese, live until the charge is final. */
export default async function PayerChargePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { page } = await pageOf(token);
  if (!page) return <PayerProblem kind="rateLimited" />;
  const qrSvg = page.pixCode
    ? await QRCode.toString(page.pixCode, { type: "svg", errorCorrectionLevel: "M", margin: 1 })
    : null;
  return (
    <PayerFrame sandbox={page.sandbox}>
      <PayerChargeView page={page} token={token} qrSvg={qrSvg} />
    </PayerFrame>
  );
}
