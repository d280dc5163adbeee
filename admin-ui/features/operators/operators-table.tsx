"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { UsersIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { DateTime } from "@/components/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { OperatorRole, OperatorRowFragment } from "@/gql/graphql";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { roleLabel } from "@/lib/i18n/role-label";
import { UpdateOperatorDocument } from "./documents";

function StateBadge({ row }: { row: OperatorRowFragment }) {
  if (row.disabled) return <Badge variant="neutral">Disabled</Badge>;
  if (row.invitePending) return <Badge variant="warn">Invited</Badge>;
  return <Badge variant="success">Active</Badge>;
}

/** Every operator, oldest first: an admin changes roles and disables or enables accounts. */
export function OperatorsTable({ rows, viewerId }: { rows: OperatorRowFragment[]; viewerId: string }) {
  const tc = useTranslations("common");
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const update = async (
    row: OperatorRowFragment,
    change: { role?: OperatorRole; disabled?: boolean },
    done: string,
  ) => {
    setBusy(row.id);
    try {
      await execute(UpdateOperatorDocument, { id: row.id, ...change });
      toast.success(done);
      router.refresh();
    } catch (error) {
      toast.error(`Could not update ${row.email}`, { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const who = (row: OperatorRowFragment) => row.name ?? row.email;

  const roleSelect = (row: OperatorRowFragment) => (
    <Select
      value={row.role}
      disabled={busy === row.id || row.disabled}
      onValueChange={(value) =>
        void update(row, { role: value as OperatorRole }, `${who(row)} is now ${roleLabel(tc, value)}`)
      }
    >
      <SelectTrigger size="sm" className="w-32" aria-label={`Role of ${row.email}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="ADMIN">Admin</SelectItem>
        <SelectItem value="OPERATOR">Operator</SelectItem>
        <SelectItem value="VIEWER">Viewer</SelectItem>
      </SelectContent>
    </Select>
  );

  const toggle = (row: OperatorRowFragment) =>
    row.id === viewerId ? (
      <span className="text-xs text-muted-foreground">You</span>
    ) : (
      <Button
        variant={row.disabled ? "outline" : "ghost"}
        size="sm"
        disabled={busy === row.id}
        className={row.disabled ? undefined : "text-status-danger"}
        onClick={() =>
          void update(
            row,
            { disabled: !row.disabled },
            row.disabled ? `${who(row)} can sign in again` : `${who(row)} is disabled and signed out`,
          )
        }
        aria-label={`${row.disabled ? "Enable" : "Disable"} ${row.email}`}
      >
        {row.disabled ? "Enable" : "Disable"}
      </Button>
    );

  const columns: ColumnDef<OperatorRowFragment, unknown>[] = [
    {
      id: "who",
      header: "Operator",
      cell: ({ row }) => (
        <div className="flex max-w-64 flex-col">
          <span className="truncate font-medium">{row.original.name ?? "—"}</span>
          <span className="truncate text-xs text-muted-foreground">{row.original.email}</span>
        </div>
      ),
    },
    { id: "role", header: "Role", cell: ({ row }) => roleSelect(row.original) },
    { id: "state", header: "State", cell: ({ row }) => <StateBadge row={row.original} /> },
    {
      id: "last",
      header: "Last sign-in",
      cell: ({ row }) =>
        row.original.lastSignInAt ? (
          <DateTime value={row.original.lastSignInAt} />
        ) : (
          <span className="text-muted-foreground">Never</span>
        ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => toggle(row.original),
    },
  ];

  return (
    <DataTable
      label="Operators"
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      empty={{ title: "No operators", icon: UsersIcon }}
      mobileCard={(row) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{row.name ?? row.email}</p>
              <p className="truncate text-xs text-muted-foreground">{row.email}</p>
            </div>
            <StateBadge row={row} />
          </div>
          <div className="flex items-center justify-between gap-2">
            {roleSelect(row)}
            {toggle(row)}
          </div>
        </div>
      )}
    />
  );
}
