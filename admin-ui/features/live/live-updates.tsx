"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { lastMutationAt } from "@/lib/graphql/execute";
import { type LiveChange, type LiveTopic, useLiveEvents } from "./use-live-events";

/** Changes of the page's own object within this window are one refetch. */
const BATCH_MS = 1_000;
/**
 * Other changes (every company's on an operator's list or dashboard) refetch at most this
 * often: a refetch renders the page's server components and their queries again, and on a
 * busy service a refetch a second per open page would be load without a reader to gain.
 */
const QUIET_INTERVAL_MS = 5_000;
/**
 * A change seen up to this long after one of this tab's own mutations is taken as its echo:
 * the mutation's caller refetched the page already (its NOTIFY and its answer race each other).
 */
const ECHO_MS = 1_500;
/** A change seen this soon after one of this tab's own mutations is its echo: no toast. */
const OWN_ACTION_MS = 4_000;

/**
 * What a list or dashboard counts of the rows a person acts on (the approval queue's
 * withdrawals): when a live refetch changes the count, one toast says by how much.
 */
export interface WatchedRows {
  /** The rows as the server rendered this page (its total, not only the page shown). */
  count: number;
  /** The catalogue's message pair in `live.rows` (`added`, `removed`, each with `{count}`). */
  rows: "withdrawals" | "disputes";
  /** The view counted (its filters): a count of another view is not a change. */
  scope: string;
}

/** One toast per page at a time: a newer count replaces it rather than stacking. */
const ROWS_TOAST_ID = "live-rows";
/** Long enough to read from across the desk (sonner's 4 s is for answers to a click). */
const ROWS_TOAST_MS = 8_000;

/**
 * Keeps the page it is on true: on a change of its topics that the viewer may see, the page
 * refetches its data (the server components through router.refresh(), the client lists
 * through the query cache) rather than trusting the event. `resourceId` narrows the page's
 * own topic (the first given) to one object (a charge's page: its charge), and a toast says
 * what changed to it. Lists and dashboards refresh quietly, but for `watch`: when a refetch
 * changes how many rows wait for a person, one toast per refetch says so ("2 novos saques
 * aguardando aprovação"), never one per event. Changes the tab's own mutation already
 * refetched (it ran after them, or they are its echo) are not refetched again.
 */
export function LiveUpdates({
  topics,
  resourceId,
  watch,
}: {
  topics: LiveTopic[];
  resourceId?: string;
  watch?: WatchedRows;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const t = useTranslations("live");
  const batch = useRef<Array<LiveChange & { seenAt: number }>>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRefetch = useRef(0);
  const dueAt = useRef(0);
  const [refetches, setRefetches] = useState(0);
  const [refreshing, startRefresh] = useTransition();
  // The watched count when the running refetch started, to compare once it has rendered.
  const watchedAtRefetch = useRef<{ count: number; scope: string; at: number } | null>(null);
  const latestWatch = useRef(watch);
  latestWatch.current = watch;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refetch = () => {
    lastRefetch.current = Date.now();
    setRefetches((count) => count + 1);
    const current = latestWatch.current;
    watchedAtRefetch.current = current ? { count: current.count, scope: current.scope, at: Date.now() } : null;
    startRefresh(() => router.refresh());
    void queryClient.invalidateQueries();
  };

  // The refetch has rendered: a changed count of the same view is news, unless this tab's own
  // mutation (run meanwhile) changed it.
  useEffect(() => {
    if (refreshing) return;
    const before = watchedAtRefetch.current;
    const after = latestWatch.current;
    watchedAtRefetch.current = null;
    if (!before || !after || before.scope !== after.scope || before.count === after.count) return;
    if (lastMutationAt() >= before.at - OWN_ACTION_MS) return;
    const delta = after.count - before.count;
    const message =
      delta > 0 ? t(`rows.${after.rows}.added`, { count: delta }) : t(`rows.${after.rows}.removed`, { count: -delta });
    toast.info(message, { id: ROWS_TOAST_ID, duration: ROWS_TOAST_MS });
  }, [refreshing, t]);

  const describe = (type: string) => {
    const key = `events.${type}`;
    return t.has(key as "updated") ? t(key as "updated") : t("updated");
  };

  const flush = () => {
    timer.current = null;
    const changes = batch.current;
    batch.current = [];
    if (changes.length === 0) return;
    // The tab's own mutation refetched after every one of these (or they are its echo).
    const coveredUntil = lastMutationAt() + ECHO_MS;
    if (changes.every((change) => change.seenAt <= coveredUntil)) return;
    refetch();
    const own = resourceId ? changes.filter((change) => change.resourceId === resourceId) : [];
    if (own.length === 0 || Date.now() - lastMutationAt() < OWN_ACTION_MS) return;
    if (own.length === 1) toast.info(describe(own[0].type));
    else toast.info(t("several", { count: own.length }), { description: describe(own.at(-1)?.type ?? "") });
  };

  const state = useLiveEvents(
    topics,
    (change) => {
      const own = topics[0];
      if (resourceId && change.type.startsWith(`${own}.`) && change.resourceId !== resourceId) return;
      batch.current.push({ ...change, seenAt: Date.now() });
      const quiet = resourceId === undefined || change.resourceId !== resourceId;
      const due =
        Date.now() + (quiet ? Math.max(BATCH_MS, lastRefetch.current + QUIET_INTERVAL_MS - Date.now()) : BATCH_MS);
      // A change of the page's own object does not wait behind a quiet one's longer delay.
      if (timer.current && due >= dueAt.current) return;
      if (timer.current) clearTimeout(timer.current);
      dueAt.current = due;
      timer.current = setTimeout(flush, due - Date.now());
    },
    refetch,
  );

  // Nothing to see: the state and the number of refetches are for tests and for whoever inspects the page.
  return <span hidden data-testid="live-updates" data-state={state} data-refetches={refetches} />;
}
