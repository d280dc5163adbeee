import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CredentialsManager } from "@/features/credentials/credentials-manager";
import { MerchantCredentialsDocument } from "@/features/credentials/documents";
import { AdminOnly } from "@/features/merchant/admin-only";
import { requireViewer } from "@/lib/auth/session";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("credentials"))("metaTitle") };
}

async function load() {
  try {
    return await execute(MerchantCredentialsDocument);
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") return null;
    throw error;
  }
}

export default async function ApiCredentialsPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("credentials");
  // Admins only: members are turned away here, and by the API for every operation.
  if (viewer.role !== "ADMIN") return <AdminOnly title={t("title")} />;
  const data = await load();
  if (!data) return <AdminOnly title={t("title")} />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent className="pt-6">
          <CredentialsManager credentials={data.clientCredentials} now={Date.now()} />
        </CardContent>
      </Card>
    </div>
  );
}
