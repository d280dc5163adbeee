import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { EXPLORER_EXAMPLES } from "@/features/explorer/examples";
import { Explorer } from "@/features/explorer/explorer";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "GraphQL explorer" };

export default async function ExplorerPage() {
  const viewer = await requireViewer();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="GraphQL explorer"
        description={`Runs as you (${viewer.email ?? viewer.name ?? "signed in"}) with your session: real operations on ${
          viewer.companyName ?? "the service"
        }. Tabs: ${EXPLORER_EXAMPLES.map((example) => example.title.toLowerCase()).join(", ")}. Open Docs for the schema.`}
      />
      <Explorer />
    </div>
  );
}
