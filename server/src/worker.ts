import "reflect-metadata";
import { loadConfig } from "./core/config";
import { startJobWorker } from "./core/jobs";
import { createLogger, describeError } from "./core/logger";
import { createJobHandlers } from "./job-handlers";
import { openRuntime, type Runtime } from "./runtime";

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
    heartbeatMs: services.config.workerHeartbeatMs,
  });
  // Several processes may sweep at once: the UPDATE is idempotent.
  const sweep = setInterval(() => {
    services.charges
      .expireOverdueCharges()
      .catch((error) => services.logger.error("charge expiry sweep failed", describeError(error)));
  }, services.config.chargeExpirySweepMs);
  sweep.unref();
  const requeue = () =>
    services.webhookDispatcher
      .requeueOrphanedDeliveries(ORPHANED_DELIVERY_GRACE_MS)
      .catch((error) => services.logger.error("webhook requeue sweep failed", describeError(error)));
  void requeue();
  const webhookSweep = setInterval(requeue, ORPHANED_DELIVERY_GRACE_MS);
  webhookSweep.unref();
  return {
    stop: async () => {
      clearInterval(sweep);
      clearInterval(webhookSweep);
      await worker.stop();
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await openRuntime(config, logger);
  const work = await startBackgroundWork(runtime);
  logger.info("worker started");
  const shutdown = async () => {
    await work.stop();
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
