import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { AdminOnly } from "@/features/merchant/admin-only";
import { TeamDocument } from "@/features/team/documents";
import { TeamManager } from "@/features/team/team-manager";
import { requireViewer } from "@/lib/auth/session";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("team"))("metaTitle") };
}

async function load() {
  try {
    return await execute(TeamDocument);
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") return null;
    throw error;
  }
}

export default async function TeamPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("team");
  // Admins only: members are turned away here, and by the API for every operation.
  if (viewer.role !== "ADMIN") return <AdminOnly title={t("title")} />;
  const data = await load();
  if (!data) return <AdminOnly title={t("title")} />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent className="pt-6">
          <TeamManager members={data.companyUsers} viewerId={viewer.id} />
        </CardContent>
      </Card>
    </div>
  );
}
