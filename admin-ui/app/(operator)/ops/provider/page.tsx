import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { ProviderStatusDocument, UnconfirmedNotificationsDocument } from "@/features/provider/documents";
import { ProviderStatusCards, ReconciliationReports } from "@/features/provider/provider-status";
import { UnconfirmedNotifications } from "@/features/provider/unconfirmed-notifications";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("provider"))("metaTitle") };
}

export default async function ProviderPage() {
  await requireViewer();
  const t = await getTranslations("provider");
  const { providerStatus, reconciliationReports } = await execute(ProviderStatusDocument, {});
  // A real bank's notifications are read back before anything is applied; what it did not confirm is listed.
  const unconfirmed = providerStatus.efi ? await execute(UnconfirmedNotificationsDocument, {}) : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ProviderStatusCards status={providerStatus} />
      {unconfirmed && <UnconfirmedNotifications page={unconfirmed.unconfirmedNotifications} />}
      {providerStatus.efi && <ReconciliationReports reports={reconciliationReports} />}
    </div>
  );
}
