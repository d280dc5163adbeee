import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { PaymentLinkPageDocument } from "@/features/payer-page/documents";
import { PayerFrame } from "@/features/payer-page/payer-frame";
import { PayerProblem } from "@/features/payer-page/payer-problem";
import { PaymentLinkConfirm } from "@/features/payer-page/payment-link-confirm";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

const linkOf = cache(async (token: string) => {
  try {
    return (await execute(PaymentLinkPageDocument, { token })).paymentLinkPage;
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "NOT_FOUND") notFound();
    if (error instanceof GraphQLRequestError && error.code === "RATE_LIMITED") return null;
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const t = await getTranslations("payer.link");
  const link = await linkOf((await params).token);
  return {
    title: { absolute: link ? t("metaTitle", { name: link.accountName }) : t("metaTitleBare") },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/** A payment link's page (CONTRACT §13): the payer confirms and goes to the new charge's payer's page. */
export default async function PaymentLinkRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await linkOf(token);
  if (!link) return <PayerProblem kind="rateLimited" />;
  return (
    <PayerFrame sandbox={link.sandbox}>
      <PaymentLinkConfirm link={link} token={token} />
    </PayerFrame>
  );
}
