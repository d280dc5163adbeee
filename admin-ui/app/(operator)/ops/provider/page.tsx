import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { ProviderStatusDocument } from "@/features/provider/documents";
import { ProviderStatusCards, ReconciliationReports } from "@/features/provider/provider-status";
import { PROVIDER_STRINGS } from "@/features/provider/strings";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: PROVIDER_STRINGS.title };

export default async function ProviderPage() {
  await requireViewer();
  const { providerStatus, reconciliationReports } = await execute(ProviderStatusDocument, {});
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={PROVIDER_STRINGS.title} description={PROVIDER_STRINGS.description} />
      <ProviderStatusCards status={providerStatus} />
      {providerStatus.efi && <ReconciliationReports reports={reconciliationReports} />}
    </div>
  );
}
