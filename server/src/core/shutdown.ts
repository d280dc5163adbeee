import type { Logger } from "./logger";

/** One thing to stop; undefined when it does not run in this process. */
export interface ShutdownStep {
  name: string;
  stop: (() => Promise<unknown>) | undefined;
}

export interface GracefulShutdown {
  /** True from the first signal on: /readyz answers 503 so load balancers look elsewhere. */
  readonly draining: boolean;
  /** Stops everything once; resolves with the exit code (0 clean, 1 when the time ran out). */
  run(reason: string): Promise<number>;
}

/**
 * Graceful shutdown in phases: the steps of one phase stop at once, the phases in order
 * (first stop accepting and finish what is in flight, requests and job attempts alike;
 * then close what they used, the pools last). The whole is bounded by `timeoutMs`: a
 * request or job still running then is abandoned (its job runs again on another worker,
 * see core/jobs.ts) and the exit code says so. A step that fails is logged and the next
 * ones still run.
 */
export function createGracefulShutdown(options: {
  logger: Logger;
  timeoutMs: number;
  phases: ShutdownStep[][];
}): GracefulShutdown {
  const { logger, timeoutMs, phases } = options;
  let running: Promise<number> | null = null;
  const state = {
    draining: false,
    run(reason: string): Promise<number> {
      running ??= drain(reason);
      return running;
    },
  };

  async function drain(reason: string): Promise<number> {
    state.draining = true;
    const started = Date.now();
    logger.info("shutting down: draining", { reason, timeoutMs });
    const allPhases = (async () => {
      for (const phase of phases) {
        await Promise.all(
          phase
            .filter((step) => step.stop)
            .map(async (step) => {
              const stepStarted = Date.now();
              try {
                await step.stop?.();
                logger.debug("shutdown step done", { step: step.name, ms: Date.now() - stepStarted });
              } catch (error) {
                logger.warn("shutdown step failed", {
                  step: step.name,
                  error: error instanceof Error ? error.message : String(error),
                });
              }
            }),
        );
      }
      return true;
    })();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const finished = await Promise.race([allPhases, timedOut]);
    clearTimeout(timer);
    if (!finished) {
      logger.error("shutdown timed out: work still in flight is abandoned", { timeoutMs });
      return 1;
    }
    logger.info("shut down cleanly", { ms: Date.now() - started });
    return 0;
  }

  return state;
}

/**
 * SIGTERM and SIGINT start the shutdown and exit with its code, once the log lines still
 * buffered are written out. A second SIGINT (Ctrl-C twice) does not wait.
 */
export function exitOnSignals(shutdown: GracefulShutdown, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (shutdown.draining) {
      if (signal === "SIGINT") {
        logger.warn("second SIGINT: exiting without waiting");
        logger.flush();
        process.exit(1);
      }
      return;
    }
    void shutdown.run(signal).then((code) => {
      logger.flush();
      process.exit(code);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
