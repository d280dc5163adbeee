"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { FileClockIcon, FilterIcon, SearchIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type ActorInfo, ActorName, actorLine, actorWords } from "@/components/actor-name";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { DataTableRowActions } from "@/components/data-table/data-table-row-actions";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { DayRangeFilter } from "@/components/data-table/day-range-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { AuditLogQuery } from "@/gql/graphql";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { AUDIT_ACTIONS } from "./audit-actions";
import { auditDiff } from "./audit-diff";
import { auditActionLabel, auditFieldLabel, auditMoneyText, auditValueLabel } from "./audit-labels";
import { AUDIT_OBJECT_TYPES, auditFilters } from "./search-params";

type AuditRow = AuditLogQuery["auditLog"]["data"][number];

type AuditT = ReturnType<typeof useTranslations<"audit">>;

/** An object type's name in the reader's language; a type the catalogue lacks is shown as stored. */
function objectLabel(t: AuditT, objectType: string): string {
  const key = `objects.${objectType}` as "objects.charge";
  return t.has(key) ? t(key) : objectType;
}

function actorKindLabel(t: AuditT, kind: string): string {
  const key = `actorKinds.${kind}` as "actorKinds.OPERATOR";
  return t.has(key) ? t(key) : kind.toLowerCase();
}

function ObjectCell({ row }: { row: AuditRow }) {
  const t = useTranslations("audit");
  const label = objectLabel(t, row.objectType);
  const href = row.objectType === "company" && row.objectId ? `/ops/companies/${row.objectId}` : null;
  return (
    <div className="flex flex-col">
      <span className="text-xs text-muted-foreground">{label}</span>
      {row.objectId &&
        (href ? (
          <Link href={href} className="font-mono text-xs hover:underline">
            {row.objectId}
          </Link>
        ) : (
          <span className="font-mono text-xs">{row.objectId}</span>
        ))}
    </div>
  );
}

/**
 * A field's value in the diff: "—" when the field is absent on that side; an empty value and
 * yes/no in words (the stored JSON's null, true and false); money as `R$ 3,00`; a code (a
 * status, a nature) by its name in its feature's catalogue; everything else as stored.
 */
function Value({ text, label, named }: { text: string | null; label: string; named: string | null }) {
  const t = useTranslations("audit.dialog");
  const words: Record<string, string> = { null: t("emptyValue"), true: t("yes"), false: t("no") };
  const word = text === null ? undefined : words[text];
  return (
    <div className="min-w-0">
      <span className="text-xs text-muted-foreground sm:sr-only">{label}: </span>
      {word ? (
        <span className="text-xs text-muted-foreground italic">{word}</span>
      ) : named !== null && named !== text ? (
        <span className="text-xs break-words" title={text ?? undefined}>
          {named}
        </span>
      ) : (
        <span className="font-mono text-xs break-all whitespace-pre-wrap">{text ?? "—"}</span>
      )}
    </div>
  );
}

/**
 * A field holding an actor id, or a list of them, in words as the row's actor reads
 * ("Ana Admin · ana@pix.test"); null for any other value.
 */
function actorsText(
  text: string,
  described: Map<string, ActorInfo>,
  t: Parameters<typeof actorWords>[1],
): string | null {
  const line = (actor: ActorInfo) => {
    const { name, email } = actorWords(actor, t);
    return email ? `${name} · ${email}` : name;
  };
  const one = described.get(text);
  if (one) return line(one);
  if (!text.startsWith("[")) return null;
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list) || list.length === 0) return null;
    const names = list.map((item) => (typeof item === "string" ? described.get(item) : undefined));
    return names.every(Boolean) ? names.map((actor) => line(actor as ActorInfo)).join(", ") : null;
  } catch {
    return null;
  }
}

/**
 * What an entry changed: every field whose value differs (or exists on one side only) with
 * its value before and after, highlighted; the unchanged fields folded away below.
 */
function AuditChanges({
  objectType,
  before,
  after,
  actors,
}: {
  objectType: string;
  before: unknown;
  after: unknown;
  /** The people and credentials the fields name by id (requestedBy, confirmedBy…), described. */
  actors: ActorInfo[];
}) {
  const t = useTranslations("audit.dialog");
  const tAudit = useTranslations("audit");
  const tActors = useTranslations("actors");
  const tAll = useTranslations();
  const described = new Map(actors.map((actor) => [actor.id, actor]));
  const named = (field: string, text: string | null) => {
    if (text === null) return null;
    return (
      actorsText(text, described, tActors) ??
      auditMoneyText(objectType, field, text) ??
      auditValueLabel(tAll, objectType, field, text)
    );
  };
  const fields = auditDiff(before, after);
  const changed = fields.filter((field) => field.changed);
  const unchanged = fields.filter((field) => !field.changed);
  if (fields.length === 0) return <p className="text-sm text-muted-foreground">{t("noData")}</p>;
  const header = (
    <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_minmax(0,1.5fr)] gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid">
      <span>{t("field")}</span>
      <span>{t("before")}</span>
      <span>{t("after")}</span>
    </div>
  );
  const row = (field: (typeof fields)[number], highlighted: boolean) => (
    <li
      key={field.field}
      className={cn(
        "grid gap-1 rounded-md px-3 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_minmax(0,1.5fr)] sm:items-baseline sm:gap-3",
        highlighted && "border-l-4 border-amber-500 bg-amber-50 dark:bg-amber-950/40",
      )}
    >
      <span className="text-xs font-medium break-words" title={field.field}>
        {auditFieldLabel(tAudit, field.field)}
      </span>
      <Value text={field.before} label={t("before")} named={named(field.field, field.before)} />
      <Value text={field.after} label={t("after")} named={named(field.field, field.after)} />
    </li>
  );
  return (
    <div className="grid gap-3">
      <section aria-labelledby="audit-changed" className="grid gap-1.5">
        <h3 id="audit-changed" className="text-sm font-medium">
          {t("changed", { count: changed.length })}
        </h3>
        {changed.length > 0 && (
          <>
            {header}
            <ul className="grid gap-1" aria-labelledby="audit-changed">
              {changed.map((field) => row(field, true))}
            </ul>
          </>
        )}
      </section>
      {unchanged.length > 0 && (
        <details className="group rounded-md border">
          <summary className="cursor-pointer px-3 py-2 text-sm text-muted-foreground select-none">
            {t("unchanged", { count: unchanged.length })}
          </summary>
          <div className="grid gap-1 border-t py-2">
            {header}
            <ul className="grid gap-1" aria-label={t("unchanged", { count: unchanged.length })}>
              {unchanged.map((field) => row(field, false))}
            </ul>
          </div>
        </details>
      )}
    </div>
  );
}

/** The append-only audit log, newest first, paged by cursor. */
/** Failures and security alerts (alert.sign_in_spray, alert.two_factor_guessing) stand out in the list. */
const isWarning = (action: string) => action.endsWith("_failed") || action.startsWith("alert.");

export function AuditLogTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  objectType,
  actor,
  action,
  from,
  to,
  searching,
}: {
  rows: AuditRow[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  objectType: string | null;
  actor: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
  searching: boolean;
}) {
  const t = useTranslations("audit");
  const tc = useTranslations("common");
  const ta = useTranslations("actors");
  // The actors on this page, in words, for the actor filter (a filtered page names its own actor).
  const actors = new Map<string, string>();
  for (const row of rows) actors.set(row.actor, actorLine(row.actorInfo, ta));
  if (actor && !actors.has(actor)) actors.set(actor, actor);
  const actions: string[] =
    action && !(AUDIT_ACTIONS as readonly string[]).includes(action) ? [action, ...AUDIT_ACTIONS] : [...AUDIT_ACTIONS];
  const { setState } = useTableUrlState(auditFilters);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const columns: ColumnDef<AuditRow, unknown>[] = [
    { id: "at", header: t("table.when"), cell: ({ row }) => <DateTime value={row.original.at} seconds /> },
    {
      id: "actor",
      header: t("table.actor"),
      cell: ({ row }) => (
        <div className="flex max-w-44 flex-col">
          <ActorName actor={row.original.actorInfo} className="truncate text-xs" />
          <span className="text-xs text-muted-foreground">{actorKindLabel(t, row.original.actorKind)}</span>
        </div>
      ),
    },
    {
      id: "action",
      header: t("table.action"),
      cell: ({ row }) => (
        <Badge variant={isWarning(row.original.action) ? "danger" : "secondary"} title={row.original.action}>
          {auditActionLabel(t, row.original.action)}
        </Badge>
      ),
    },
    { id: "object", header: t("table.object"), cell: ({ row }) => <ObjectCell row={row.original} /> },
    {
      id: "reason",
      header: t("table.reason"),
      meta: { className: "hidden 2xl:table-cell" },
      cell: ({ row }) =>
        row.original.reason ? (
          <span className="block max-w-56 truncate" title={row.original.reason}>
            {row.original.reason}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{tc("actionsColumn")}</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => (
        <DataTableRowActions
          label={t("table.actionsFor", { id: row.original.id })}
          actions={[
            {
              key: "changes",
              label: t("table.viewChanges"),
              icon: FileClockIcon,
              onSelect: () => setOpen(row.original),
            },
            {
              key: "actor",
              label: t("table.onlyActor"),
              icon: UserIcon,
              onSelect: () => void setState({ actor: row.original.actor, after: null }),
            },
            {
              key: "action",
              label: t("table.onlyAction"),
              icon: FilterIcon,
              onSelect: () => void setState({ action: row.original.action, after: null }),
            },
            ...(row.original.objectId
              ? [
                  {
                    key: "trail",
                    label: t("table.trail"),
                    icon: SearchIcon,
                    onSelect: () => void setState({ q: row.original.objectId, after: null }),
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={t("table.label")}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        toolbar={
          <>
            <DataTableSearch placeholder={t("search.placeholder")} label={t("search.label")} />
            <DataTableFacetedFilter
              title={t("objectFilter")}
              options={AUDIT_OBJECT_TYPES.map((value) => ({ value, label: objectLabel(t, value) }))}
              selected={objectType ? [objectType] : []}
              onChange={(values) =>
                void setState({
                  objectType: (values[0] ?? null) as (typeof AUDIT_OBJECT_TYPES)[number] | null,
                  after: null,
                })
              }
            />
            <DataTableFacetedFilter
              title={t("filters.actor")}
              options={[...actors].map(([value, label]) => ({ value, label }))}
              selected={actor ? [actor] : []}
              onChange={(values) => void setState({ actor: values[0] ?? null, after: null })}
            />
            <DataTableFacetedFilter
              title={t("filters.action")}
              options={actions.map((value) => ({ value, label: auditActionLabel(t, value) }))}
              selected={action ? [action] : []}
              onChange={(values) => void setState({ action: values[0] ?? null, after: null })}
            />
            <DayRangeFilter
              from={from}
              to={to}
              labels={{ from: t("filters.from"), to: t("filters.to") }}
              onChange={(change) => void setState({ ...change, after: null })}
            />
          </>
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: searching ? t("empty.noMatch") : t("empty.none"),
          description: searching ? t("empty.noMatchDescription") : t("empty.noneDescription"),
          icon: FileClockIcon,
        }}
        mobileCard={(row) => (
          <div className="flex flex-col items-start gap-1">
            <div className="flex w-full items-center justify-between gap-2">
              <Badge variant={isWarning(row.action) ? "danger" : "secondary"} title={row.action}>
                {auditActionLabel(t, row.action)}
              </Badge>
              <span className="tabular text-xs text-muted-foreground">{formatDateTime(row.at)}</span>
            </div>
            <ActorName actor={row.actorInfo} className="max-w-full truncate text-xs" />
            <div className="flex w-full items-end justify-between gap-2">
              <ObjectCell row={row} />
              <div data-row-actions>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setOpen(row)}
                  aria-label={t("table.changesOf", { action: auditActionLabel(t, row.action) })}
                >
                  {t("table.changes")}
                </Button>
              </div>
            </div>
          </div>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{open ? auditActionLabel(t, open.action) : null}</DialogTitle>
            <DialogDescription>
              {open ? (
                <>
                  <ActorName actor={open.actorInfo} /> · {formatDateTime(open.at, { seconds: true })}
                </>
              ) : null}
              {open?.address ? ` · ${t("dialog.from", { address: open.address })}` : null}
            </DialogDescription>
          </DialogHeader>
          {open?.reason && <p className="text-sm">{t("dialog.reason", { reason: open.reason })}</p>}
          {open && (
            <AuditChanges
              objectType={open.objectType}
              before={open.before}
              after={open.after}
              actors={open.namedActors}
            />
          )}
          {open?.requestId && (
            <p className="font-mono text-xs text-muted-foreground">{t("dialog.request", { id: open.requestId })}</p>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
