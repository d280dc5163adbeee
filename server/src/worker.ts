import "reflect-metadata";
import { loadConfig } from "./core/config";
import { startJobWorker } from "./core/jobs";
import { createLogger, describeError } from "./core/logger";
import { createGracefulShutdown, exitOnSignals } from "./core/shutdown";
import { startInternalServer } from "./http/internal-server";
import { createJobHandlers } from "./job-handlers";
import { openRuntime, type Runtime } from "./runtime";
import { WebhookDeliveryLoop } from "./webhooks/webhook-delivery-loop";

/**
 * A claimed webhook event stays leased this long beyond the sender's timeout (room for
 * the outcome's statement): a worker killed mid-attempt has its events sent again by
 * another within the timeout and this margin.
 */
const WEBHOOK_LEASE_MARGIN_MS = 5_000;
/** How often a worker looks for due webhook events unasked (retries coming due). */
const WEBHOOK_POLL_INTERVAL_MS = 1_000;

/**
 * Background work: the job queue's worker, the webhook delivery loop and the periodic sweeps. Runs inside
 * `npm start` by default, or alone with `npm run worker` (RUN_WORKER=false on the API).
 */
export async function startBackgroundWork(runtime: Runtime): Promise<{ stop(): Promise<void> }> {
  const { services } = runtime;
  const { config } = services;
  const worker = await startJobWorker(runtime.database.direct, createJobHandlers(services), services.logger, {
    concurrency: config.workerConcurrency,
    heartbeatMs: config.workerHeartbeatMs,
  });
  const webhooks = new WebhookDeliveryLoop(services.webhookDispatcher, runtime.database.direct, services.logger, {
    concurrency: config.webhookConcurrency,
    leaseMs: config.webhookTimeoutMs + WEBHOOK_LEASE_MARGIN_MS,
    pollIntervalMs: WEBHOOK_POLL_INTERVAL_MS,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  await webhooks.start();
  // PIX_PROVIDER=efi: the reconciliation's chain of jobs (one per database, by its job key).
  await services.efi?.reconciliation.scheduleNext(0);
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
    track(
      services.recurrences
        .expireUnauthorised()
        .catch((error) => services.logger.error("recurrence expiry sweep failed", describeError(error))),
    );
    // Several processes may sweep at once: a cycle is claimed once (its primary key), a
    // recurrence completed once (its row lock, SKIP LOCKED).
    track(
      services.recurringCharges
        .scheduleAutoCharges()
        .catch((error) => services.logger.error("recurrence schedule sweep failed", describeError(error))),
    );
    track(
      services.recurrences
        .completePastEnd()
        .catch((error) => services.logger.error("recurrence completion sweep failed", describeError(error))),
    );
  }, config.chargeExpirySweepMs);
  sweep.unref();
  return {
    /** Takes no new job or delivery; the attempts in flight (deliveries, bank submissions) finish first. */
    stop: async () => {
      clearInterval(sweep);
      await Promise.all([worker.stop(), webhooks.stop()]);
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
