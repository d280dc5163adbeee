import { ShieldAlertIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/states";
import { OperatorsDocument } from "@/features/operators/documents";
import { InviteOperatorButton } from "@/features/operators/invite-operator-button";
import { OperatorsTable } from "@/features/operators/operators-table";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("operators"))("metaTitle") };
}

export default async function OperatorsPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("operators");
  // Managing operators is for admins only; the API refuses the others too.
  if (viewer.role !== "ADMIN") {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t("title")} />
        <div className="rounded-xl border bg-card">
          <EmptyState icon={ShieldAlertIcon} title={t("adminsOnly.title")} description={t("adminsOnly.description")} />
        </div>
      </div>
    );
  }
  const { operators } = await execute(OperatorsDocument);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} actions={<InviteOperatorButton />} />
      <OperatorsTable rows={operators} viewerId={viewer.id} />
    </div>
  );
}
