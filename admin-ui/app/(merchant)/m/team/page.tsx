import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { AdminOnly } from "@/features/merchant/admin-only";
import { TeamDocument } from "@/features/team/documents";
import { TeamManager } from "@/features/team/team-manager";
import { requireViewer } from "@/lib/auth/session";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Team" };

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
  // Admins only: members are turned away here, and by the API for every operation.
  if (viewer.role !== "ADMIN") return <AdminOnly title="Team" />;
  const data = await load();
  if (!data) return <AdminOnly title="Team" />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Team" description="The people who can sign in to your account’s console." />
      <Card>
        <CardContent className="pt-6">
          <TeamManager members={data.companyUsers} viewerId={viewer.id} />
        </CardContent>
      </Card>
    </div>
  );
}
