"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { RotateCwIcon, WebhookIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { DateTime } from "@/components/date-time";
import { DELIVERY_STATUS_LABELS, DeliveryStatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CompanyFilter } from "@/features/companies/company-filter";
import { attemptErrorText } from "@/features/webhooks/attempt-error";
import type { WebhookDeliveryRowFragment, WebhookDeliveryStatus } from "@/gql/graphql";
import { formatDateTime, formatInteger } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { BulkRedeliver, type FailedDeliveries } from "./bulk-redeliver";
import { RedeliverWebhookDocument } from "./documents";
import { DELIVERY_STATUSES, deliveryFilters, WEBHOOK_EVENTS } from "./search-params";

/** An event goes to each endpoint that takes it: a row is one event to one endpoint. */
const deliveryKey = (row: Pick<WebhookDeliveryRowFragment, "eventId" | "endpointId">) =>
  `${row.eventId}:${row.endpointId}`;

function subjectHref(subjectId: string | null | undefined): string | null {
  if (!subjectId) return null;
  return subjectId.startsWith("wd_") ? `/ops/withdrawals/${subjectId}` : `/ops/charges/${subjectId}`;
}

function Body({ label, text }: { label: string; text: string | null | undefined }) {
  let shown = text ?? "";
  try {
    if (text) shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <pre className="max-h-52 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap">
        {shown || "—"}
      </pre>
    </div>
  );
}

/** When the worker tries a delivery still PENDING again, once it has been tried and failed. */
function NextAttempt({ delivery }: { delivery: WebhookDeliveryRowFragment }) {
  const t = useTranslations("deliveries");
  if (delivery.status !== "PENDING" || !delivery.nextAttemptAt || delivery.attemptCount === 0) return null;
  return (
    <span className="text-xs text-muted-foreground" data-testid="next-attempt">
      {t("table.nextAttempt", { at: formatDateTime(delivery.nextAttemptAt, { seconds: true }) })}
    </span>
  );
}

/** How many times in a row the dialog re-reads the page while it waits for an attempt's answer. */
const MAX_REFRESHES = 20;

/**
 * One event's attempts, newest first, with every request and answer. While the newest
 * attempt is in flight, or a redelivery is queued but not yet recorded, the page is read
 * again every second (at most MAX_REFRESHES times), so the answer shows up by itself.
 */
function AttemptsDialog({
  delivery,
  onClose,
  canAct,
}: {
  delivery: WebhookDeliveryRowFragment | null;
  onClose: () => void;
  canAct: boolean;
}) {
  const t = useTranslations("deliveries");
  const tError = useTranslations("attemptErrors");
  const router = useRouter();
  const { run, busy } = useAction();
  // The attempt count a queued redelivery will reach, per delivery (an event to one endpoint).
  const [awaited, setAwaited] = useState<{ key: string; count: number } | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const current = delivery;
  const attempts = [...(current?.attempts ?? [])].sort((a, b) => b.attemptNumber - a.attemptNumber);
  const redeliveryQueued =
    current !== null && awaited?.key === deliveryKey(current) && current.attemptCount < awaited.count;
  const newestInFlight = attempts[0] !== undefined && !attempts[0].finishedAt;
  const waiting = (redeliveryQueued || newestInFlight) && refreshes < MAX_REFRESHES;

  // A new delivery in the dialog starts its own count of refreshes.
  const key = current ? deliveryKey(current) : null;
  useEffect(() => {
    if (key) setRefreshes(0);
  }, [key]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      router.refresh();
      setRefreshes((count) => count + 1);
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting, router]);

  const redeliver = async () => {
    if (!current) return;
    await run(() => execute(RedeliverWebhookDocument, { eventId: current.eventId, endpointId: current.endpointId }), {
      success: t("dialog.queued", { event: current.event }),
      successOptions: { description: t("dialog.queuedDescription", { number: current.attemptCount + 1 }) },
      failure: t("dialog.failed"),
      onSuccess: () => {
        setAwaited({ key: deliveryKey(current), count: current.attemptCount + 1 });
        setRefreshes(0);
      },
    });
  };

  return (
    <Dialog open={delivery !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="font-mono">{current?.event}</DialogTitle>
          <DialogDescription>
            {current?.eventId} · {t("table.attemptCount", { count: current?.attemptCount ?? 0 })}
          </DialogDescription>
          {current && (
            <p className="font-mono text-xs break-all text-muted-foreground">
              {current.endpointUrl
                ? t("table.endpointOf", { url: current.endpointUrl, id: current.endpointId })
                : t("table.endpointWithoutUrl", { id: current.endpointId })}
            </p>
          )}
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {current && (
            <div className="flex flex-wrap items-center gap-2">
              <DeliveryStatusBadge status={current.status} />
              <NextAttempt delivery={current} />
            </div>
          )}
          {canAct && (
            <Button size="sm" onClick={() => void redeliver()} disabled={busy || waiting}>
              <RotateCwIcon aria-hidden className={busy || waiting ? "animate-spin" : undefined} />{" "}
              {waiting ? t("dialog.sending") : t("dialog.redeliver")}
            </Button>
          )}
        </div>
        {attempts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("dialog.noAttempt")}</p>
        ) : (
          <ol className="grid gap-4" aria-label={t("dialog.attemptsList")}>
            {attempts.map((attempt) => (
              <li key={attempt.id} className="grid gap-3 rounded-lg border p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{t("dialog.attempt", { number: attempt.attemptNumber })}</span>
                  {attempt.manual && <Badge variant="outline">{t("dialog.manual")}</Badge>}
                  <Badge
                    variant={
                      attempt.responseStatus && attempt.responseStatus >= 200 && attempt.responseStatus < 300
                        ? "success"
                        : "danger"
                    }
                  >
                    {attempt.responseStatus
                      ? t("table.httpStatus", { status: attempt.responseStatus })
                      : attempt.error
                        ? attemptErrorText(tError, attempt.error)
                        : attempt.finishedAt
                          ? t("table.noAnswer")
                          : t("table.inFlight")}
                  </Badge>
                  <span className="tabular text-xs text-muted-foreground">
                    {attempt.responseTimeMs != null
                      ? `${t("table.duration", { ms: formatInteger(attempt.responseTimeMs) })} · `
                      : ""}
                    {formatDateTime(attempt.startedAt, { seconds: true })}
                  </span>
                </div>
                <p className="font-mono text-xs break-all">{t("table.request", { url: attempt.url ?? "—" })}</p>
                <div className="grid gap-3 md:grid-cols-2">
                  <Body label={t("dialog.requestBody")} text={attempt.requestBody} />
                  <Body label={t("dialog.responseBody")} text={attempt.responseBody ?? attempt.error} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Events sent to merchants, newest first, each with its attempts. */
export function WebhookDeliveriesTable({
  rows,
  perPage,
  after,
  endCursor,
  hasNextPage,
  status,
  event,
  subject,
  company,
  companies,
  endpoint,
  endpoints,
  canAct,
  failed,
}: {
  rows: WebhookDeliveryRowFragment[];
  perPage: number;
  after: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  status: WebhookDeliveryStatus | null;
  event: string | null;
  subject: string | null;
  company: string | null;
  companies: Array<{ id: string; name: string }>;
  /** The endpoint filtered on (we_...), if any. */
  endpoint: string | null;
  /** The chosen account's endpoints, for the filter (none when no account is chosen). */
  endpoints: Array<{ id: string; url: string }>;
  canAct: boolean;
  /** What bulk redelivery would take; null for readers who cannot redeliver. */
  failed: FailedDeliveries | null;
}) {
  const t = useTranslations("deliveries");
  const tError = useTranslations("attemptErrors");
  const tc = useTranslations("common");
  const { setState } = useTableUrlState(deliveryFilters);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const open = rows.find((row) => deliveryKey(row) === openKey) ?? null;
  const setOpen = (row: WebhookDeliveryRowFragment | null) => setOpenKey(row ? deliveryKey(row) : null);
  const filterByEndpoint = (id: string | null) => void setState({ endpoint: id, after: null });
  // The chosen endpoint stays offered when it is not among the account's (another account's, or none chosen).
  const endpointOptions = [
    ...endpoints.map((e) => ({ value: e.id, label: <span className="block max-w-40 truncate">{e.url}</span> })),
    ...(endpoint && !endpoints.some((e) => e.id === endpoint) ? [{ value: endpoint, label: endpoint }] : []),
  ];
  const names = new Map(companies.map((c) => [c.id, c.name]));
  const companyName = (id: string) => names.get(id) ?? id;
  const lastAttempt = (row: WebhookDeliveryRowFragment) =>
    [...row.attempts].sort((a, b) => b.attemptNumber - a.attemptNumber)[0];

  const columns: ColumnDef<WebhookDeliveryRowFragment, unknown>[] = [
    { id: "created", header: t("table.created"), cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
    {
      id: "event",
      header: t("table.event"),
      cell: ({ row }) => {
        const href = subjectHref(row.original.subjectId);
        return (
          <div className="flex max-w-48 flex-col">
            <span className="font-mono text-xs font-medium">{row.original.event}</span>
            {href ? (
              <Link href={href} className="truncate font-mono text-xs text-muted-foreground hover:underline">
                {row.original.subjectId}
              </Link>
            ) : (
              <span className="truncate font-mono text-xs text-muted-foreground">{row.original.eventId}</span>
            )}
          </div>
        );
      },
    },
    {
      // The account and which of its endpoints: an event goes to each endpoint that takes it.
      id: "company",
      header: t("table.company"),
      meta: { className: "hidden xl:table-cell" },
      cell: ({ row }) => (
        <div className="flex max-w-52 flex-col items-start">
          <Link href={`/ops/companies/${row.original.companyId}`} className="block max-w-full truncate hover:underline">
            {companyName(row.original.companyId)}
          </Link>
          <span className="line-clamp-2 max-w-full font-mono text-xs break-all" title={row.original.endpointUrl ?? ""}>
            {row.original.endpointUrl ?? (
              <span className="font-sans text-muted-foreground">{t("table.noEndpointUrl")}</span>
            )}
          </span>
          <button
            type="button"
            onClick={() => filterByEndpoint(row.original.endpointId)}
            className="max-w-full truncate font-mono text-xs text-muted-foreground hover:underline focus-visible:underline focus-visible:outline-none"
            aria-label={t("filters.byEndpoint", { id: row.original.endpointId })}
            title={t("filters.byEndpoint", { id: row.original.endpointId })}
          >
            {row.original.endpointId}
          </button>
        </div>
      ),
    },
    {
      id: "last",
      header: t("table.lastAnswer"),
      cell: ({ row }) => {
        const attempt = lastAttempt(row.original);
        if (!attempt) return <span className="text-muted-foreground">—</span>;
        return (
          <div className="flex max-w-48 flex-col">
            <span className="tabular text-sm">
              {attempt.responseStatus
                ? t("table.httpStatus", { status: attempt.responseStatus })
                : attempt.error
                  ? attemptErrorText(tError, attempt.error)
                  : attempt.finishedAt
                    ? t("table.noAnswer")
                    : t("table.inFlight")}
              {attempt.responseTimeMs != null && (
                <span className="text-muted-foreground">
                  {" · "}
                  {t("table.duration", { ms: formatInteger(attempt.responseTimeMs) })}
                </span>
              )}
            </span>
          </div>
        );
      },
    },
    {
      id: "status",
      header: t("table.status"),
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <DeliveryStatusBadge status={row.original.status} />
          <span className="text-xs text-muted-foreground">
            {t("table.attemptCount", { count: row.original.attemptCount })}
          </span>
          <NextAttempt delivery={row.original} />
        </div>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{tc("actionsColumn")}</span>,
      meta: { className: "w-0 text-right" },
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen(row.original)}
          aria-label={t("table.attemptsOf", { event: row.original.event, id: row.original.eventId })}
        >
          {t("table.attempts")}
        </Button>
      ),
    },
  ];

  const filtered = Boolean(status || event || subject || company || endpoint);
  return (
    <>
      <DataTable
        label={t("table.label")}
        columns={columns}
        data={rows}
        getRowId={deliveryKey}
        toolbar={
          <>
            <DataTableSearch
              param="subject"
              placeholder={t("filters.subjectPlaceholder")}
              label={t("filters.subjectLabel")}
            />
            <CompanyFilter
              company={company}
              companyName={company ? companyName(company) : null}
              onChange={(id) => void setState({ company: id, endpoint: null, after: null })}
            />
            {endpointOptions.length > 0 && (
              <DataTableFacetedFilter
                title={t("filters.endpoint")}
                options={endpointOptions}
                selected={endpoint ? [endpoint] : []}
                onChange={(values) => filterByEndpoint(values[0] ?? null)}
              />
            )}
            <DataTableFacetedFilter
              title={t("filters.status")}
              options={DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] }))}
              selected={status ? [status] : []}
              onChange={(values) =>
                void setState({ status: (values[0] as WebhookDeliveryStatus) ?? null, after: null })
              }
            />
            <DataTableFacetedFilter
              title={t("filters.event")}
              options={WEBHOOK_EVENTS.map((value) => ({ value, label: value }))}
              selected={event ? [event] : []}
              onChange={(values) =>
                void setState({ event: (values[0] ?? null) as (typeof WEBHOOK_EVENTS)[number] | null, after: null })
              }
            />
            {canAct && failed && <BulkRedeliver company={company} failed={failed} />}
          </>
        }
        pagination={{ kind: "cursor", perPage, endCursor, hasNextPage, isFirstPage: after === null }}
        empty={{
          title: filtered ? t("empty.noMatch") : t("empty.none"),
          description: t("empty.description"),
          icon: WebhookIcon,
        }}
        mobileCard={(row) => {
          const attempt = lastAttempt(row);
          return (
            <div className="flex flex-col gap-1.5">
              <div className="flex items-start justify-between gap-2">
                <span className="font-mono text-sm font-medium">{row.event}</span>
                <DeliveryStatusBadge status={row.status} />
              </div>
              <p className="truncate text-sm text-muted-foreground">{companyName(row.companyId)}</p>
              <p className="truncate font-mono text-xs text-muted-foreground">
                {row.endpointUrl ?? t("table.noEndpointUrl")}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(row.createdAt)} · {t("table.attemptCount", { count: row.attemptCount })}
                {attempt?.responseStatus ? ` · ${t("table.httpStatus", { status: attempt.responseStatus })}` : ""}
              </p>
              <div data-row-actions>
                <Button variant="outline" size="sm" onClick={() => setOpen(row)}>
                  {t("table.attempts")}
                </Button>
              </div>
            </div>
          );
        }}
      />
      <AttemptsDialog delivery={open} onClose={() => setOpen(null)} canAct={canAct} />
    </>
  );
}
