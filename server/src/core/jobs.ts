import { EventEmitter } from "node:events";
import {
  type JobHelpers,
  type Runner,
  run,
  runMigrations,
  type TaskList,
  type WorkerEvents,
  Logger as WorkerLogger,
} from "graphile-worker";
import { Pool } from "pg";
import type { Logger } from "./logger";
import type { SqlRunner } from "./sql";

/**
 * Durable background work on PostgreSQL (graphile-worker). Jobs are added with SQL on the
 * caller's connection, so a job exists if and only if the transaction that asked for it
 * commits. Any number of worker processes may share the database: each job runs on one.
 */
export type JobHandler = (payload: unknown, helpers: JobHelpers) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface EnqueueOptions {
  runAt?: Date;
  /** Jobs with one key are one job: adding again replaces a job not yet started. */
  jobKey?: string;
  maxAttempts?: number;
  /** Jobs of one queue run one at a time, in order. */
  queueName?: string;
}

export async function enqueueJob(
  runner: SqlRunner,
  task: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await runner.query(
    `SELECT graphile_worker.add_job($1, $2::json, queue_name => $3, run_at => $4, max_attempts => $5, job_key => $6)`,
    [
      task,
      JSON.stringify(payload),
      options.queueName ?? null,
      options.runAt ?? null,
      options.maxAttempts ?? null,
      options.jobKey ?? null,
    ],
  );
}

function workerLogger(logger: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message, meta) => {
    if (level === "error") logger.error(`worker: ${message}`, meta as Record<string, unknown>);
    else if (level === "warning") logger.warn(`worker: ${message}`, meta as Record<string, unknown>);
    else logger.debug(`worker: ${message}`, meta as Record<string, unknown>);
  });
}

/** Creates or upgrades graphile-worker's own schema; safe to run from several processes. */
export async function migrateJobQueue(connectionString: string, logger: Logger): Promise<void> {
  await runMigrations({ connectionString, logger: workerLogger(logger) });
}

export interface JobWorker {
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  concurrency: number;
  /** How often this process says it is alive. */
  heartbeatMs: number;
  pollIntervalMs?: number;
}

/** A worker pool silent for this many heartbeats is taken for dead. */
export const MISSED_HEARTBEATS_BEFORE_DEAD = 6;

/**
 * graphile-worker keeps a job locked by the pool that took it, and only frees the jobs
 * of a pool that vanished after 4 hours. Each worker process therefore beats for its
 * pools, and frees the jobs of pools that stopped beating: a job in flight on a process
 * killed with SIGKILL runs again elsewhere within seconds. Handlers must tolerate a
 * second run (ours claim their work in the database first).
 */
async function beatAndFreeDeadWorkers(pool: Pool, poolIds: string[], staleMs: number): Promise<void> {
  if (poolIds.length > 0) {
    await pool.query(
      `INSERT INTO job_worker_heartbeats (worker_id, beat_at) SELECT unnest($1::text[]), now()
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = now()`,
      [poolIds],
    );
  }
  await pool.query(
    `SELECT graphile_worker.force_unlock_workers(array_agg(DISTINCT j.locked_by))
       FROM graphile_worker.jobs j
      WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - $1 * interval '1 millisecond'
        AND NOT EXISTS (SELECT 1 FROM job_worker_heartbeats h
                         WHERE h.worker_id = j.locked_by AND h.beat_at > now() - $1 * interval '1 millisecond')
     HAVING count(*) > 0`,
    [staleMs],
  );
  await pool.query("DELETE FROM job_worker_heartbeats WHERE beat_at < now() - interval '1 day'");
}

export async function startJobWorker(
  connectionString: string,
  handlers: JobHandlers,
  logger: Logger,
  options: JobWorkerOptions,
): Promise<JobWorker> {
  // Our own pool, so a connection dropped at shutdown is logged, not an uncaught 'error'.
  const pgPool = new Pool({ connectionString, max: options.concurrency + 4 });
  pgPool.on("error", (error) => logger.warn("worker pool connection error", { error: error.message }));
  // An idle client's error is reported on the client too; graphile-worker checks for this handler.
  pgPool.on("connect", (client) => {
    client.on("error", (error) => logger.warn("worker connection error", { error: error.message }));
  });
  const events: WorkerEvents = new EventEmitter();
  const poolIds: string[] = [];
  events.on("pool:create", ({ workerPool }) => poolIds.push(workerPool.id));
  const runner: Runner = await run({
    pgPool,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs ?? 1000,
    noHandleSignals: true,
    logger: workerLogger(logger),
    taskList: handlers as TaskList,
    events,
    preset: {
      worker: {
        // Fetch and complete jobs in batches: one round trip for many jobs.
        localQueue: { size: options.concurrency * 2 },
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
      },
    },
  });

  const staleMs = options.heartbeatMs * MISSED_HEARTBEATS_BEFORE_DEAD;
  const beat = () =>
    beatAndFreeDeadWorkers(pgPool, poolIds, staleMs).catch((error) =>
      logger.warn("worker heartbeat failed", { error: error instanceof Error ? error.message : String(error) }),
    );
  await beat();
  const heartbeat = setInterval(beat, options.heartbeatMs);
  heartbeat.unref();
  return {
    stop: async () => {
      clearInterval(heartbeat);
      await runner.stop();
      await pgPool
        .query("DELETE FROM job_worker_heartbeats WHERE worker_id = ANY($1)", [poolIds])
        .catch(() => undefined);
      await pgPool.end();
    },
  };
}
