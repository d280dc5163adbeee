import { LockIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/states";
import { Card } from "@/components/ui/card";

/** What a merchant MEMBER sees on pages only the account's admins may use (the API refuses them too). */
export async function AdminOnly({ title }: { title: string }) {
  const t = await getTranslations("merchant.adminOnly");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState icon={LockIcon} title={t("title")} description={t("description")} />
      </Card>
    </div>
  );
}
