"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Building2Icon, CheckCheckIcon, InboxIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableActionBar } from "@/components/data-table/data-table-action-bar";
import { DataTableFacetedFilter } from "@/components/data-table/data-table-faceted-filter";
import type { SortValue } from "@/components/data-table/search-params";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { RelativeTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { usePixKeyTypeName } from "@/components/pix-key-type-name";
import { WITHDRAWAL_STATUS_LABELS, WithdrawalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { TabsNav } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import type { WithdrawalStatus } from "@/gql/graphql";
import { formatBRL, moneyToCentavos } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useGraphQLMutation } from "@/lib/graphql/hooks";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { ApprovalProgress, approvable, type WithdrawalRow, withdrawalColumns } from "./columns";
import { approvedDescriptionMessage, RecipientLine, useDestinationText, useWithdrawalFacts } from "./destination";
import { ApproveWithdrawalDocument, RejectWithdrawalDocument } from "./documents";
import { fetchWithdrawalPage, type WithdrawalListPage, type WithdrawalListParams } from "./queries";
import { WithdrawalSchedule } from "./schedule";
import { WITHDRAWAL_STATUSES, withdrawalFilters } from "./search-params";

// The reject, approve and bulk-approve dialogs (Radix's dialog, their forms) are fetched the
// first time one opens: the queue paints without them.
const loadConfirmDialogs = () => import("@/components/confirm-dialogs");
const ReasonDialog = lazy(() => loadConfirmDialogs().then((module) => ({ default: module.ReasonDialog })));
const TypedConfirmDialog = lazy(() => loadConfirmDialogs().then((module) => ({ default: module.TypedConfirmDialog })));
const MoneyFactsList = lazy(() => loadConfirmDialogs().then((module) => ({ default: module.MoneyFactsList })));
const ApproveWithdrawalDialog = lazy(() =>
  import("./approve-withdrawal-dialog").then((module) => ({ default: module.ApproveWithdrawalDialog })),
);

/**
 * The withdrawals list: the approval queue (PENDING, oldest first) with approve, reject with a
 * reason and bulk approve, or every withdrawal filtered by status. The server page fetched
 * the first page; after each action the list refetches in the browser.
 */
export function WithdrawalsView({
  params,
  initial,
  companies,
  canAct,
  viewerActor,
  sort,
}: {
  sort: SortValue | null;
  params: WithdrawalListParams;
  initial: WithdrawalListPage;
  companies: Array<{ id: string; name: string }>;
  canAct: boolean;
  viewerActor: string;
}) {
  const t = useTranslations("withdrawals");
  const keyType = usePixKeyTypeName();
  const destinationOf = useDestinationText();
  const factsOf = useWithdrawalFacts();
  const describe = useErrorMessage();
  const { setState } = useTableUrlState(withdrawalFilters);
  const query = useQuery({
    queryKey: ["Withdrawals", params],
    queryFn: () => fetchWithdrawalPage(params),
    initialData: initial,
    placeholderData: keepPreviousData,
  });
  const reject = useGraphQLMutation(RejectWithdrawalDocument, { invalidates: ["Withdrawals"] });
  const [rejecting, setRejecting] = useState<WithdrawalRow | null>(null);
  const [approving, setApproving] = useState<WithdrawalRow | null>(null);
  const [bulk, setBulk] = useState<{ rows: WithdrawalRow[]; clear: () => void } | null>(null);
  // Mounted from the first opening on, so that closing keeps its animation.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (rejecting || approving || bulk)) setDialogsWanted(true);

  const names = useMemo(() => new Map(companies.map((company) => [company.id, company.name])), [companies]);
  const companyName = (id: string) => names.get(id) ?? id;
  const isQueue = params.view === "queue";

  const approved = (result: WithdrawalRow, row: WithdrawalRow) => {
    const reference = row.withdrawalReference;
    if (result.status === "PENDING") {
      toast.success(t("approve.recorded", { reference }), {
        description: t("approve.recordedDescription", {
          given: result.approvals.length,
          required: result.approvalsRequired,
        }),
      });
    } else {
      const destination = destinationOf(row);
      toast.success(t("approve.approved", { reference }), {
        description: t(approvedDescriptionMessage(row), {
          amount: formatBRL(row.amount),
          company: companyName(row.companyId),
          keyType: destination.detail,
          key: destination.main,
        }),
      });
    }
  };

  const rejectOne = async (reason: string) => {
    if (!rejecting) return;
    try {
      await reject.mutateAsync({ id: rejecting.id, reason });
    } catch (error) {
      throw new Error(describe(error));
    }
    toast.success(t("reject.done", { reference: rejecting.withdrawalReference }), {
      description: t("reject.doneDescription", {
        amount: formatBRL(rejecting.amount),
        company: companyName(rejecting.companyId),
      }),
    });
  };

  const approveMany = async () => {
    if (!bulk) return;
    let approved = 0;
    let recorded = 0;
    const failed: string[] = [];
    // One at a time, in queue order: each approval is its own transaction at the API.
    for (const row of bulk.rows) {
      try {
        const { approveWithdrawal: result } = await execute(ApproveWithdrawalDocument, { id: row.id });
        if (result.status === "PENDING") recorded++;
        else approved++;
      } catch (error) {
        failed.push(`${row.withdrawalReference}: ${describe(error)}`);
      }
    }
    await query.refetch();
    bulk.clear();
    if (failed.length === 0) {
      toast.success(t("bulk.done", { count: approved }), {
        description: recorded ? t("bulk.needSecond", { count: recorded }) : undefined,
      });
    } else {
      toast.error(t("bulk.failed", { failed: failed.length, total: bulk.rows.length }), {
        description: failed.slice(0, 3).join("\n"),
      });
    }
  };

  const actions = {
    t,
    keyType,
    canAct,
    viewerActor,
    companyName,
    approve: (row: WithdrawalRow) => setApproving(row),
    reject: (row: WithdrawalRow) => setRejecting(row),
    copy: (text: string) => {
      void navigator.clipboard.writeText(text).then(() => toast.success(t("row.copied")));
    },
    showQueuePosition: isQueue,
  };
  const columns = withdrawalColumns(actions);
  const data = query.data ?? initial;
  const bulkTotal = bulk ? bulk.rows.reduce((sum, row) => sum + moneyToCentavos(row.amount), 0n) : 0n;

  const toolbar = (
    <>
      <TabsNav
        label={t("tabs.label")}
        value={params.view}
        options={[
          { value: "queue", label: t("tabs.queue") },
          { value: "all", label: t("tabs.all") },
        ]}
        onChange={(view) => void setState({ view, page: 1, status: null, sort: null })}
      />
      {!isQueue && (
        <DataTableFacetedFilter
          title={t("statusFilter")}
          options={WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: WITHDRAWAL_STATUS_LABELS[status] }))}
          selected={params.status ? [params.status] : []}
          onChange={(values) => void setState({ status: (values[0] as WithdrawalStatus) ?? null, page: 1 })}
        />
      )}
      {params.company && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void setState({ company: null, page: 1 })}
          aria-label={t("clearCompany", { name: companyName(params.company) })}
        >
          <Building2Icon aria-hidden />
          {companyName(params.company)}
          <XIcon aria-hidden className="text-muted-foreground" />
        </Button>
      )}
    </>
  );

  return (
    <>
      <DataTable
        label={isQueue ? t("table.queue") : t("table.all")}
        columns={columns}
        data={data.rows}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        isPending={query.isFetching && query.isPlaceholderData}
        error={query.isError ? { message: describe(query.error), onRetry: () => void query.refetch() } : null}
        sort={isQueue ? null : sort}
        pagination={{
          kind: "offset",
          page: params.page,
          perPage: params.perPage,
          total: data.total,
          totalCapped: data.totalCapped,
        }}
        canSelect={(row) => approvable(row, actions)}
        actionBar={
          isQueue && canAct
            ? (selected, clear) => (
                <DataTableActionBar count={selected.length} onClear={clear}>
                  <Button size="sm" onClick={() => setBulk({ rows: selected, clear })}>
                    <CheckCheckIcon aria-hidden /> {t("bulk.action", { count: selected.length })}
                  </Button>
                </DataTableActionBar>
              )
            : undefined
        }
        empty={
          isQueue
            ? { title: t("empty.queueTitle"), description: t("empty.queueDescription"), icon: InboxIcon }
            : { title: t("empty.allTitle"), description: t("empty.allDescription") }
        }
        mobileCard={(row) => (
          <div className="flex flex-col gap-2">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <Money value={row.amount} className="text-base font-semibold" />
                <p className="truncate text-sm text-muted-foreground">{companyName(row.companyId)}</p>
              </div>
              <WithdrawalStatusBadge
                status={row.status}
                rejected={row.rejected}
                scheduledFor={row.scheduledFor}
                cancellable={row.cancellable}
              />
            </div>
            <p className="truncate font-mono text-xs">
              {destinationOf(row).detail} · {destinationOf(row).main}
            </p>
            <RecipientLine recipient={row.recipient} warnings={row.recipientWarnings} />
            <WithdrawalSchedule source={row} />
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>
                <RelativeTime value={row.createdAt} /> · <span className="font-mono">{row.withdrawalReference}</span>
              </span>
              <ApprovalProgress row={row} />
            </div>
            {canAct && row.status === "PENDING" && (
              <div data-row-actions className="flex gap-2 pt-1">
                <Button
                  variant="outline"
                  size="sm"
                  className="flex-1"
                  onClick={() => setRejecting(row)}
                  aria-label={t("row.rejectFor", { reference: row.withdrawalReference })}
                >
                  {t("row.reject")}
                </Button>
                {approvable(row, actions) && (
                  <Button
                    size="sm"
                    className="flex-1"
                    onClick={() => setApproving(row)}
                    aria-label={t("row.approveFor", { reference: row.withdrawalReference })}
                  >
                    {t("row.approve")}
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      />

      {dialogsWanted && (
        <Suspense fallback={null}>
          <ReasonDialog
            open={rejecting !== null}
            onOpenChange={(open) => !open && setRejecting(null)}
            title={t("reject.title", { reference: rejecting?.withdrawalReference ?? "" })}
            description={
              rejecting
                ? t("reject.description", {
                    amount: formatBRL(rejecting.amount),
                    company: companyName(rejecting.companyId),
                  })
                : null
            }
            reasonLabel={t("reject.reason")}
            placeholder={t("reject.placeholder")}
            confirmLabel={t("reject.confirm")}
            destructive
            onConfirm={rejectOne}
          >
            {rejecting && <MoneyFactsList facts={factsOf(rejecting, companyName(rejecting.companyId))} />}
          </ReasonDialog>

          <ApproveWithdrawalDialog
            withdrawal={approving}
            companyName={approving ? companyName(approving.companyId) : ""}
            onOpenChange={(open) => !open && setApproving(null)}
            onApproved={approved}
          />

          <TypedConfirmDialog
            open={bulk !== null}
            onOpenChange={(open) => !open && setBulk(null)}
            title={t("bulk.title", { count: bulk?.rows.length ?? 0 })}
            description={t("bulk.description", { count: bulk?.rows.length ?? 0, amount: formatBRL(bulkTotal) })}
            phrase={t("bulk.phrase", { count: bulk?.rows.length ?? 0 })}
            confirmLabel={t("bulk.confirm", { count: bulk?.rows.length ?? 0 })}
            onConfirm={approveMany}
          >
            <ul className="max-h-40 divide-y overflow-y-auto rounded-md border text-sm">
              {bulk?.rows.map((row) => (
                <li key={row.id} className="flex items-center justify-between gap-3 px-3 py-1.5">
                  <span className="truncate">
                    {companyName(row.companyId)}{" "}
                    <span className="font-mono text-xs text-muted-foreground">{row.withdrawalReference}</span>
                  </span>
                  <Money value={row.amount} className="font-medium" />
                </li>
              ))}
            </ul>
          </TypedConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
