import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/page-header";
import { PaymentExceptionsDocument } from "@/features/payment-exceptions/documents";
import { PaymentExceptionsTable } from "@/features/payment-exceptions/payment-exceptions-table";
import { loadExceptionParams } from "@/features/payment-exceptions/search-params";
import { CompanyNamesDocument } from "@/features/withdrawals/documents";
import { requireViewer } from "@/lib/auth/session";
import { canActOnMoney } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("paymentExceptions");
  return { title: t("metaTitle") };
}

export default async function PaymentExceptionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer();
  const t = await getTranslations("paymentExceptions");
  const { perPage, after, status } = await loadExceptionParams(searchParams);
  const [{ paymentExceptions }, { companies }] = await Promise.all([
    execute(PaymentExceptionsDocument, { first: perPage, after, status }),
    execute(CompanyNamesDocument),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <PaymentExceptionsTable
        rows={paymentExceptions.data}
        perPage={perPage}
        after={after}
        endCursor={paymentExceptions.pageInfo.endCursor ?? null}
        hasNextPage={paymentExceptions.pageInfo.hasNextPage}
        status={status}
        canAct={canActOnMoney(viewer)}
        companies={companies.data}
      />
    </div>
  );
}
