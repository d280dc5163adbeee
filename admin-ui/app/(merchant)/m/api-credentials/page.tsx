import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CredentialsManager } from "@/features/credentials/credentials-manager";
import { MerchantCredentialsDocument } from "@/features/credentials/documents";
import { AdminOnly } from "@/features/merchant/admin-only";
import { requireViewer } from "@/lib/auth/session";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "API credentials" };

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
  // Admins only: members are turned away here, and by the API for every operation.
  if (viewer.role !== "ADMIN") return <AdminOnly title="API credentials" />;
  const data = await load();
  if (!data) return <AdminOnly title="API credentials" />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="API credentials"
        description="Client secrets your system uses to call the REST and GraphQL API (Authorization: Bearer)."
      />
      <Card>
        <CardContent className="pt-6">
          <CredentialsManager credentials={data.clientCredentials} now={Date.now()} />
        </CardContent>
      </Card>
    </div>
  );
}
