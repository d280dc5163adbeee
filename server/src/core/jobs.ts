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
import { type DatabaseLocation, targetFor } from "./database-target";
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

/** SQL expressions (a parameter such as "$3", a column, a computation) for the parts of a job. */
export interface JobSql {
  task: string;
  payload: string;
  runAt?: string;
  jobKey?: string;
  maxAttempts?: string;
  queueName?: string;
}

/**
 * The SQL expression that queues one job, for statements that queue jobs for the rows they
 * write in the same round trip (the outbox, the delivery outcomes). Every job is queued
 * through here or enqueueJob: graphile-worker's add_job is named in this file only.
 */
export function addJobSql(job: JobSql): string {
  const named = [
    job.queueName && `queue_name => ${job.queueName}`,
    job.runAt && `run_at => ${job.runAt}`,
    job.maxAttempts && `max_attempts => ${job.maxAttempts}`,
    job.jobKey && `job_key => ${job.jobKey}`,
  ].filter((part): part is string => Boolean(part));
  return `graphile_worker.add_job(${[job.task, job.payload, ...named].join(", ")})`;
}

/**
 * Queues a job. A job caused by a request carries the request's id in its payload
 * (`requestId`, put there by the caller): its handler passes it on, so the webhook events
 * it writes (and the jobs it queues in turn) name the request that caused them.
 */
export async function enqueueJob(
  runner: SqlRunner,
  task: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await runner.query(
    `SELECT ${addJobSql({ task: "$1", payload: "$2::json", queueName: "$3", runAt: "$4", maxAttempts: "$5", jobKey: "$6" })}`,
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
    // A pool smaller than the concurrency is intended (jobs are fetched and completed in
    // batches: a few connections serve it), not a warning for operators at every start.
    else if (level === "warning" && !message.includes("smaller than concurrency"))
      logger.warn(`worker: ${message}`, meta as Record<string, unknown>);
    else logger.debug(`worker: ${message}`, meta as Record<string, unknown>);
  });
}

/** Creates or upgrades graphile-worker's own schema; safe to run from several processes. */
export async function migrateJobQueue(location: DatabaseLocation, logger: Logger): Promise<void> {
  const pgPool = new Pool({ ...targetFor(location).poolOptions(), max: 2 });
  // graphile-worker checks that a pool it is given handles its connections' errors.
  pgPool.on("error", () => undefined);
  pgPool.on("connect", (client) => client.on("error", () => undefined));
  try {
    await runMigrations({ pgPool, logger: workerLogger(logger) });
  } finally {
    await pgPool.end();
  }
}

export interface JobWorker {
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  /** Jobs run at once. */
  concurrency: number;
  /** How often this process says it is alive. */
  heartbeatMs: number;
  pollIntervalMs?: number;
  /** An attempt still running after this long fails (and is retried later). */
  attemptTimeoutMs?: number;
}

/**
 * Below the graceful shutdown's bound (SHUTDOWN_TIMEOUT_MS, 25 s by default), so one stuck
 * attempt cannot hold a worker's shutdown; above the longest honest attempt (a bank call,
 * statements bounded by STATEMENT_TIMEOUT_MS).
 */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 20_000;

/**
 * Every attempt ends, completed or failed, within the bound: graphile-worker waits for a
 * handler's promise however long it takes, keeping the job locked and the worker slot (and
 * the graceful shutdown) busy. An attempt that times out is failed and retried later; the
 * abandoned run may still finish meanwhile, which handlers tolerate (see below).
 */
function withinBound(handlers: JobHandlers, timeoutMs: number): JobHandlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([task, handler]) => [
      task,
      (payload: unknown, helpers: JobHelpers) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`job attempt did not finish within ${timeoutMs} ms`)),
            timeoutMs,
          );
          Promise.resolve()
            .then(() => handler(payload, helpers))
            .then(resolve, reject)
            .finally(() => clearTimeout(timer));
        }),
    ]),
  );
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

/**
 * `location` must reach PostgreSQL itself, not a pooler in transaction mode: graphile-worker
 * LISTENs for new jobs and uses named prepared statements (DATABASE_DIRECT_URL). Its pools
 * connect through the location's target, so after a failover they find the new primary.
 */
export async function startJobWorker(
  location: DatabaseLocation,
  handlers: JobHandlers,
  logger: Logger,
  options: JobWorkerOptions,
): Promise<JobWorker> {
  const taskList = withinBound(handlers, options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS) as TaskList;
  const { concurrency } = options;
  /*
   * Jobs are fetched and completed in batches, and a runner's pool keeps one connection for
   * LISTEN: a few connections serve hundreds of jobs in flight (the handlers use the
   * service's own pool for their work). Each runner gets a pool of its own: a runner ends
   * when one of its connections fails, and that pool may still hand out the broken
   * connection (seen: a new runner on the same pool failed every fetch for as long as it
   * ran). The heartbeat and the releases use a small pool apart.
   */
  const target = targetFor(location);
  const newPool = (max: number) => {
    const pool = new Pool({ ...target.poolOptions(), max });
    // Our own pools, so a connection dropped at shutdown is logged, not an uncaught 'error'.
    pool.on("error", (error) => logger.warn("worker pool connection error", { error: error.message }));
    // An idle client's error is reported on the client too; graphile-worker checks for this handler.
    pool.on("connect", (client) => {
      client.on("error", (error) => logger.warn("worker connection error", { error: error.message }));
    });
    return pool;
  };
  const runnerPoolSize = Math.min(concurrency, 8) + 2;
  const beatPool = newPool(2);
  let runnerPool = newPool(runnerPoolSize);
  /** Pools of ended runners, still closing. */
  const closing = new Set<Promise<void>>();
  let stopping = false;
  /** The pools that run here now: the heartbeat speaks for these only. */
  const livePools = new Set<string>();
  /** Releases of ended pools still writing (awaited before the pool of connections closes). */
  const releasing = new Set<Promise<void>>();

  /** The graphile-worker runner, started again when its pool ends unexpectedly. */
  let runner: Runner | null = null;
  let launching: Promise<void> = Promise.resolve();
  const events: WorkerEvents = new EventEmitter();
  events.on("pool:create", ({ workerPool }) => livePools.add(workerPool.id));
  /*
   * graphile-worker ends a pool when it cannot record an attempt (its batched completing
   * DELETE or failing UPDATE failed once: a deadlock, a lost connection). The jobs of that
   * batch stay locked by the ended pool, and this live process would keep beating for it:
   * they would never run again. So a pool that ended no longer beats, the jobs it still
   * holds are released at once (the dead-worker sweep frees them if this write fails too),
   * and, unless we are stopping, a new pool takes over. A pool ends only after its workers
   * finished their attempts (each bounded by withinBound), or, forced, after failing the
   * ones in flight itself: what it still holds is no longer running.
   */
  events.on("pool:release", ({ workerPool }) => {
    livePools.delete(workerPool.id);
    const release = releaseEndedPool(beatPool, workerPool.id).catch((error) =>
      logger.warn("could not release the jobs of an ended worker pool", {
        poolId: workerPool.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    releasing.add(release);
    void release.finally(() => releasing.delete(release));
    if (!stopping) {
      logger.error("worker pool ended unexpectedly; starting a new one", { poolId: workerPool.id });
      const ended = runnerPool;
      runnerPool = newPool(runnerPoolSize);
      const close = ended.end().catch(() => undefined);
      closing.add(close);
      void close.finally(() => closing.delete(close));
      launching = release.then(launch);
    }
  });
  const runOptions = () => ({
    pgPool: runnerPool,
    concurrency,
    pollInterval: options.pollIntervalMs ?? 1000,
    noHandleSignals: true,
    logger: workerLogger(logger),
    taskList,
    events,
    preset: {
      worker: {
        // Fetch and complete jobs in batches: one round trip for many jobs.
        localQueue: { size: concurrency * 2 },
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
      },
    },
  });
  /** Starts a pool again; after a failure to start, tries again a heartbeat later. */
  async function launch(): Promise<void> {
    if (stopping) return;
    try {
      const started = await run(runOptions());
      if (stopping) await started.stop();
      else runner = started;
    } catch (error) {
      logger.error("worker pool failed to start", { error: error instanceof Error ? error.message : String(error) });
      setTimeout(() => {
        launching = launch();
      }, options.heartbeatMs).unref();
    }
  }
  runner = await run(runOptions());

  const staleMs = options.heartbeatMs * MISSED_HEARTBEATS_BEFORE_DEAD;
  const beat = () =>
    beatAndFreeDeadWorkers(beatPool, [...livePools], staleMs).catch((error) =>
      logger.warn("worker heartbeat failed", { error: error instanceof Error ? error.message : String(error) }),
    );
  await beat();
  const heartbeat = setInterval(beat, options.heartbeatMs);
  heartbeat.unref();
  return {
    stop: async () => {
      stopping = true;
      clearInterval(heartbeat);
      await launching;
      await runner?.stop().catch(() => undefined); // a pool that ended already is stopped
      // Its pool:release is emitted before the runner's promise settles: releasing is complete.
      await runner?.promise.catch(() => undefined);
      await Promise.all(releasing);
      await Promise.all([runnerPool.end(), beatPool.end(), ...closing]);
    },
  };
}

/** Frees the jobs an ended pool still holds locked and forgets its heartbeat. */
async function releaseEndedPool(pool: Pool, poolId: string): Promise<void> {
  await pool.query("SELECT graphile_worker.force_unlock_workers(ARRAY[$1::text])", [poolId]);
  await pool.query("DELETE FROM job_worker_heartbeats WHERE worker_id = $1", [poolId]);
}
