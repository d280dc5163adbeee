import type { Pool } from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DataSource } from "typeorm";
import { targetOf } from "../core/data-source";
import { replicaOf } from "../core/read-replica";
import { LatencyHistogram } from "./latency-histogram";

/**
 * Prometheus metrics of this process (prom-client). Counters and histograms are kept as
 * things happen (the observe* functions, called by the HTTP layer, GraphQL and the webhook
 * dispatcher); the gauges read from the database (job queue, withdrawals waiting) and the
 * pool are measured when scraped (metricsText, served by http/metrics-route.ts). Labels
 * come from the code (routes, GraphQL root fields, outcomes), never from what a caller
 * sends, so their number stays bounded.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Observed on every request: see LatencyHistogram for why not prom-client's Histogram. */
const httpDuration = new LatencyHistogram<"method" | "route" | "status">(
  "http_request_duration_seconds",
  "HTTP requests by route (the matched pattern) and status.",
  LATENCY_BUCKETS,
  registry,
);

const graphqlDuration = new LatencyHistogram<"type" | "field" | "outcome">(
  "graphql_operation_duration_seconds",
  "GraphQL operations by type, first root field and outcome (ok or the error code).",
  LATENCY_BUCKETS,
  registry,
);

const webhookAttempts = new Counter({
  name: "webhook_attempts_total",
  help: "Webhook attempts by outcome: delivered (2xx), retry (failed, another attempt queued) or failed (given up).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const webhookLatency = new Histogram({
  name: "webhook_attempt_duration_seconds",
  help: "Time from sending a webhook to its answer (or timeout), by outcome.",
  labelNames: ["outcome"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

const jobQueue = new Gauge({
  name: "job_queue_jobs",
  help: "Jobs in the queue by task and state: ready (due, waiting for a worker), scheduled (later), running.",
  labelNames: ["task", "state"] as const,
  registers: [registry],
});

const webhookDeliveries = new Gauge({
  name: "webhook_deliveries_pending",
  help: "PENDING webhook events by state: ready (due, waiting for a worker), scheduled (a retry later), running (claimed, leased).",
  labelNames: ["state"] as const,
  registers: [registry],
});

const withdrawalsWaiting = new Gauge({
  name: "withdrawals_waiting",
  help: "Withdrawals not yet settled: PENDING (approval or submission) and PROCESSING (at the bank).",
  labelNames: ["status"] as const,
  registers: [registry],
});

const withdrawalsOldestWait = new Gauge({
  name: "withdrawals_oldest_waiting_seconds",
  help: "Age of the oldest withdrawal in each waiting status.",
  labelNames: ["status"] as const,
  registers: [registry],
});

const dbPool = new Gauge({
  name: "db_pool_connections",
  help: "The database pool of this process: max, total (open), idle, and waiting (requests queued for one).",
  labelNames: ["state"] as const,
  registers: [registry],
});

const replicaUp = new Gauge({
  name: "db_read_replica_in_use",
  help: "1 while lag-tolerant reads go to the read replica (DATABASE_READ_URL), 0 while it is skipped (down, or behind READ_REPLICA_MAX_LAG_S).",
  registers: [registry],
});

const replicaLag = new Gauge({
  name: "db_read_replica_lag_seconds",
  help: "How far the read replica was behind the primary at its last check (-1 when unknown: unreachable).",
  registers: [registry],
});

const lagTolerantReads = new Counter({
  name: "db_lag_tolerant_reads_total",
  help: "Reads a replica may serve (lists, search, dashboards, statements, exports, balanceAudit), by the pool that served them.",
  labelNames: ["pool"] as const,
  registers: [registry],
});

const primarySwitches = new Counter({
  name: "db_primary_switches_total",
  help: "Times this process found the primary on another host of DATABASE_URL (a failover), since it started.",
  registers: [registry],
});

export type WebhookOutcome = "delivered" | "retry" | "failed";

/** One webhook attempt's answer (dispatcher). */
export function observeWebhookAttempt(outcome: WebhookOutcome, timeMs: number): void {
  webhookAttempts.inc({ outcome });
  webhookLatency.observe({ outcome }, timeMs / 1000);
}

/** A request's duration, by its route's pattern (see http/metrics-route.ts). */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  // Label values come from the code (routes, statuses, methods Node's parser knows): few series.
  const series = httpDuration.seriesOf(`${method} ${status} ${route}`, () => ({
    method,
    route,
    status: String(status),
  }));
  series.observe(seconds);
}

/**
 * One GraphQL operation's duration, labelled by the schema's root field rather than the
 * client's operation name; the outcome is "ok" or the first error's public code.
 */
export function observeGraphqlOperation(type: string, field: string, outcome: string, seconds: number): void {
  graphqlDuration.seriesOf(`${type} ${field} ${outcome}`, () => ({ type, field, outcome })).observe(seconds);
}

/** The gauges measured when scraped: queue depth, webhook deliveries pending, withdrawals waiting, pool use. */
async function measureGauges(db: DataSource): Promise<void> {
  const pool = (db.driver as unknown as { master?: Pool }).master;
  if (pool) {
    dbPool.set({ state: "max" }, pool.options.max ?? 0);
    dbPool.set({ state: "total" }, pool.totalCount);
    dbPool.set({ state: "idle" }, pool.idleCount);
    dbPool.set({ state: "waiting" }, pool.waitingCount);
  }
  // Counted where they happen (core/database-target.ts, core/read-replica.ts), copied here when scraped.
  primarySwitches.reset();
  primarySwitches.inc(targetOf(db).stats.switches);
  const replica = replicaOf(db);
  if (replica) {
    const { usable, lagSeconds } = replica.status;
    replicaUp.set(usable ? 1 : 0);
    replicaLag.set(lagSeconds ?? -1);
    lagTolerantReads.reset();
    lagTolerantReads.inc({ pool: "primary" }, replica.reads.primary);
    lagTolerantReads.inc({ pool: "replica" }, replica.reads.replica);
  }
  const [jobs, deliveries, withdrawals] = await Promise.all([
    db.query(
      `SELECT task_identifier AS task,
              count(*) FILTER (WHERE locked_at IS NULL AND run_at <= now() AND attempts < max_attempts)::int AS ready,
              count(*) FILTER (WHERE locked_at IS NULL AND run_at > now() AND attempts < max_attempts)::int AS scheduled,
              count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running
         FROM graphile_worker.jobs GROUP BY task_identifier`,
    ) as Promise<Array<{ task: string; ready: number; scheduled: number; running: number }>>,
    db.query(
      `SELECT count(*) FILTER (WHERE next_attempt_at <= now() AND NOT leased)::int AS ready,
              count(*) FILTER (WHERE next_attempt_at > now() AND NOT leased)::int AS scheduled,
              count(*) FILTER (WHERE leased)::int AS running
         FROM (SELECT next_attempt_at, coalesce(leased_until > now(), false) AS leased
                 FROM webhook_events WHERE delivery_status = 'PENDING') e`,
    ) as Promise<Array<{ ready: number; scheduled: number; running: number }>>,
    db.query(
      `SELECT s.status, count(w.id)::int AS n,
              coalesce(extract(epoch FROM now() - min(w.created_at)), 0)::float8 AS oldest
         FROM unnest(ARRAY['PENDING', 'PROCESSING']) AS s(status)
         LEFT JOIN withdrawals w ON w.status = s.status
        GROUP BY s.status`,
    ) as Promise<Array<{ status: string; n: number; oldest: number }>>,
  ]);
  jobQueue.reset();
  for (const row of jobs) {
    for (const state of ["ready", "scheduled", "running"] as const) jobQueue.set({ task: row.task, state }, row[state]);
  }
  for (const state of ["ready", "scheduled", "running"] as const)
    webhookDeliveries.set({ state }, deliveries[0][state]);
  for (const row of withdrawals) {
    withdrawalsWaiting.set({ status: row.status }, row.n);
    withdrawalsOldestWait.set({ status: row.status }, row.oldest);
  }
}

/** The text of GET /metrics, with the gauges measured now. */
export async function metricsText(db: DataSource): Promise<{ contentType: string; text: string }> {
  await measureGauges(db);
  return { contentType: registry.contentType, text: await registry.metrics() };
}
