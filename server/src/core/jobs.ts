import {
  type JobHelpers,
  type Runner,
  run,
  runMigrations,
  type TaskList,
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

export async function startJobWorker(
  connectionString: string,
  handlers: JobHandlers,
  logger: Logger,
  options: { concurrency?: number; pollIntervalMs?: number } = {},
): Promise<JobWorker> {
  // Our own pool, so a connection dropped at shutdown is logged, not an uncaught 'error'.
  const pgPool = new Pool({ connectionString, max: (options.concurrency ?? 10) + 2 });
  pgPool.on("error", (error) => logger.warn("worker pool connection error", { error: error.message }));
  // An idle client's error is reported on the client too; graphile-worker checks for this handler.
  pgPool.on("connect", (client) => {
    client.on("error", (error) => logger.warn("worker connection error", { error: error.message }));
  });
  const runner: Runner = await run({
    pgPool,
    concurrency: options.concurrency ?? 10,
    pollInterval: options.pollIntervalMs ?? 1000,
    noHandleSignals: true,
    logger: workerLogger(logger),
    taskList: handlers as TaskList,
  });
  return {
    stop: async () => {
      await runner.stop();
      await pgPool.end();
    },
  };
}
