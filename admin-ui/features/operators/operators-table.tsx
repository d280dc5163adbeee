"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { UsersIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DateTime } from "@/components/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TwoFactorResetButton } from "@/features/account/two-factor-reset-button";
import type { OperatorRole, OperatorRowFragment } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { roleLabel } from "@/lib/i18n/role-label";
import { useAction } from "@/lib/use-action";
import { UpdateOperatorDocument } from "./documents";

const OPERATOR_ROLES: OperatorRole[] = ["ADMIN", "OPERATOR", "VIEWER"];

function StateBadge({ row }: { row: OperatorRowFragment }) {
  const t = useTranslations("operators.state");
  if (row.disabled) return <Badge variant="neutral">{t("disabled")}</Badge>;
  if (row.invitePending) return <Badge variant="warn">{t("invited")}</Badge>;
  return <Badge variant="success">{t("active")}</Badge>;
}

/** Every operator, oldest first: an admin changes roles and disables or enables accounts. */
export function OperatorsTable({ rows, viewerId }: { rows: OperatorRowFragment[]; viewerId: string }) {
  const t = useTranslations("operators");
  const tc = useTranslations("common");
  const { run, isBusy } = useAction();
  const update = (row: OperatorRowFragment, change: { role?: OperatorRole; disabled?: boolean }, done: string) =>
    run(() => execute(UpdateOperatorDocument, { id: row.id, ...change }), {
      success: done,
      failure: t("updateFailed", { email: row.email }),
      key: row.id,
    });
  const who = (row: OperatorRowFragment) => row.name ?? row.email;

  const roleSelect = (row: OperatorRowFragment) => (
    <Select
      value={row.role}
      disabled={isBusy(row.id) || row.disabled}
      onValueChange={(value) =>
        void update(
          row,
          { role: value as OperatorRole },
          t("roleChanged", { who: who(row), role: roleLabel(tc, value) }),
        )
      }
    >
      <SelectTrigger size="sm" className="w-40" aria-label={t("roleOf", { email: row.email })}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {OPERATOR_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {roleLabel(tc, role)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );

  const toggle = (row: OperatorRowFragment) =>
    row.id === viewerId ? (
      <span className="text-xs text-muted-foreground">{tc("you")}</span>
    ) : (
      <Button
        variant={row.disabled ? "outline" : "ghost"}
        size="sm"
        disabled={isBusy(row.id)}
        className={row.disabled ? undefined : "text-status-danger"}
        onClick={() =>
          void update(
            row,
            { disabled: !row.disabled },
            row.disabled ? t("enabled", { who: who(row) }) : t("disabled", { who: who(row) }),
          )
        }
        aria-label={row.disabled ? t("enableWho", { email: row.email }) : t("disableWho", { email: row.email })}
      >
        {row.disabled ? t("enable") : t("disable")}
      </Button>
    );

  const actions = (row: OperatorRowFragment) => (
    <span className="flex items-center justify-end gap-1">
      {row.id !== viewerId && !row.invitePending && !row.disabled && (
        <TwoFactorResetButton userId={row.id} who={who(row)} />
      )}
      {toggle(row)}
    </span>
  );

  const columns: ColumnDef<OperatorRowFragment, unknown>[] = [
    {
      id: "who",
      header: t("table.operator"),
      cell: ({ row }) => (
        <div className="flex max-w-64 flex-col">
          <span className="truncate font-medium">{row.original.name ?? "—"}</span>
          <span className="truncate text-xs text-muted-foreground">{row.original.email}</span>
        </div>
      ),
    },
    { id: "role", header: t("table.role"), cell: ({ row }) => roleSelect(row.original) },
    { id: "state", header: t("table.state"), cell: ({ row }) => <StateBadge row={row.original} /> },
    {
      id: "last",
      header: t("table.lastSignIn"),
      cell: ({ row }) =>
        row.original.lastSignInAt ? (
          <DateTime value={row.original.lastSignInAt} />
        ) : (
          <span className="text-muted-foreground">{tc("never")}</span>
        ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{tc("actionsColumn")}</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => actions(row.original),
    },
  ];

  return (
    <DataTable
      label={t("table.label")}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      empty={{ title: t("table.empty"), icon: UsersIcon }}
      mobileCard={(row) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{row.name ?? row.email}</p>
              <p className="truncate text-xs text-muted-foreground">{row.email}</p>
            </div>
            <StateBadge row={row} />
          </div>
          {/* Wraps on a phone: the role, the factor's reset and the switch do not fit one line at 390 px. */}
          <div data-row-actions className="flex flex-wrap items-center justify-between gap-2">
            {roleSelect(row)}
            {actions(row)}
          </div>
        </div>
      )}
    />
  );
}
