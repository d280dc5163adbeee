import "reflect-metadata";
import { loadConfig } from "./core/config";
import { DEFAULT_ATTEMPT_TIMEOUT_MS, startJobWorker } from "./core/jobs";
import { createLogger, describeError } from "./core/logger";
import { createGracefulShutdown, exitOnSignals } from "./core/shutdown";
import { createJobHandlers } from "./job-handlers";
import { startInternalServer } from "./metrics/internal-server";
import { openRuntime, type Runtime } from "./runtime";
import { DELIVER_WEBHOOK_JOB } from "./webhooks/webhook-jobs";

/** A PENDING webhook delivery this overdue with no job is given one again. */
const ORPHANED_DELIVERY_GRACE_MS = 60_000;

/**
 * Background work: the job queue's worker and the periodic sweeps. Runs inside
 * `npm start` by default, or alone with `npm run worker` (RUN_WORKER=false on the API).
 */
export async function startBackgroundWork(runtime: Runtime): Promise<{ stop(): Promise<void> }> {
  const { services } = runtime;
  const worker = await startJobWorker(runtime.databaseUrl, createJobHandlers(services), services.logger, {
    concurrency: services.config.workerConcurrency,
    lanes: [{ tasks: [DELIVER_WEBHOOK_JOB], concurrency: services.config.webhookConcurrency }],
    heartbeatMs: services.config.workerHeartbeatMs,
    // A webhook attempt may take its whole timeout: the bound leaves it 5 s more than that.
    attemptTimeoutMs: Math.max(DEFAULT_ATTEMPT_TIMEOUT_MS, services.config.webhookTimeoutMs + 5_000),
  });
  // Sweeps in flight are awaited at stop, so the pools close after them.
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  // Several processes may sweep at once: the UPDATE is idempotent.
  const sweep = setInterval(() => {
    track(
      services.charges
        .expireOverdueCharges()
        .catch((error) => services.logger.error("charge expiry sweep failed", describeError(error))),
    );
  }, services.config.chargeExpirySweepMs);
  sweep.unref();
  const requeue = () =>
    track(
      services.webhookDispatcher
        .requeueOrphanedDeliveries(ORPHANED_DELIVERY_GRACE_MS)
        .catch((error) => services.logger.error("webhook requeue sweep failed", describeError(error))),
    );
  requeue();
  const webhookSweep = setInterval(requeue, ORPHANED_DELIVERY_GRACE_MS);
  webhookSweep.unref();
  return {
    /** Takes no new job; the attempts in flight (deliveries, bank submissions) finish first. */
    stop: async () => {
      clearInterval(sweep);
      clearInterval(webhookSweep);
      await worker.stop();
      await Promise.all(inFlight);
    },
  };
}

/** `npm run worker`: the background work alone, with the internal port when INTERNAL_PORT is set. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await openRuntime(config, logger);
  const work = await startBackgroundWork(runtime);
  let drainingNow = () => false;
  const internal =
    config.internalPort === undefined
      ? null
      : await startInternalServer(runtime.services, {
          port: config.internalPort,
          host: config.internalHost,
          workers: () => "running",
          draining: () => drainingNow(),
        });
  logger.info("worker started", {
    concurrency: config.workerConcurrency,
    webhookConcurrency: config.webhookConcurrency,
    internalPort: internal?.port ?? null,
  });
  const shutdown = createGracefulShutdown({
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    phases: [
      [{ name: "worker", stop: () => work.stop() }],
      [{ name: "internal port", stop: internal ? () => internal.close() : undefined }],
      [{ name: "database", stop: () => runtime.close() }],
    ],
  });
  drainingNow = () => shutdown.draining;
  exitOnSignals(shutdown, logger);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
