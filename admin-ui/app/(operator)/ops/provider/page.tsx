import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { ProviderStatusDocument } from "@/features/provider/documents";
import { ProviderStatusCards, ReconciliationReports } from "@/features/provider/provider-status";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("provider"))("metaTitle") };
}

export default async function ProviderPage() {
  await requireViewer();
  const t = await getTranslations("provider");
  const { providerStatus, reconciliationReports } = await execute(ProviderStatusDocument, {});
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ProviderStatusCards status={providerStatus} />
      {providerStatus.efi && <ReconciliationReports reports={reconciliationReports} />}
    </div>
  );
}
