import { LockIcon } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/states";
import { Card } from "@/components/ui/card";

/** What a merchant MEMBER sees on pages only the account's admins may use (the API refuses them too). */
export function AdminOnly({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={LockIcon}
          title="Only your account’s admins can use this page"
          description="Ask an admin of your account to change these settings or to give you the admin role."
        />
      </Card>
    </div>
  );
}
