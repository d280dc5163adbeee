import { ShieldAlertIcon } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/states";
import { OperatorsDocument } from "@/features/operators/documents";
import { InviteOperatorDialog } from "@/features/operators/invite-operator-dialog";
import { OperatorsTable } from "@/features/operators/operators-table";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Operators" };

export default async function OperatorsPage() {
  const viewer = await requireViewer();
  // Managing operators is for admins only; the API refuses the others too.
  if (viewer.role !== "ADMIN") {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Operators" />
        <div className="rounded-xl border bg-card">
          <EmptyState
            icon={ShieldAlertIcon}
            title="Only admins manage operators"
            description="Ask an admin of your team to invite people or change roles."
          />
        </div>
      </div>
    );
  }
  const { operators } = await execute(OperatorsDocument);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Operators"
        description="Who can use the operations console and what each may do."
        actions={<InviteOperatorDialog />}
      />
      <OperatorsTable rows={operators} viewerId={viewer.id} />
    </div>
  );
}
