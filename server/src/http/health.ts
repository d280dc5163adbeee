import type { FastifyInstance } from "fastify";
import { AppError } from "../core/errors";
import type { Services } from "../services";
import { sendError } from "./http-errors";

export type WorkerState = "running" | "stopped" | "not in this process";

export interface HealthOptions {
  /** Whether this process's background work runs (RUN_WORKER). */
  workers?: () => WorkerState;
  /** True once a graceful shutdown began: not ready, whatever else holds. */
  draining?: () => boolean;
}

/** A readiness answer is reused this long: probes stay cheap however often they come. */
export const READY_CACHE_MS = 1000;
const READY_TIMEOUT_MS = 2000;

type Readiness = { ready: true; body: Record<string, string> } | { ready: false; reason: string };

async function checkReadiness(services: Services, workers: WorkerState): Promise<Readiness> {
  const rows: Array<{ name: string }> = await services.db.query("SELECT name FROM schema_migrations");
  const applied = new Set(rows.map((row) => row.name));
  const pending = services.db.migrations.filter(
    (migration) => !applied.has(migration.name ?? migration.constructor.name),
  );
  if (pending.length > 0) return { ready: false, reason: `${pending.length} migration(s) not applied` };
  if (services.config.runWorker && workers === "stopped") return { ready: false, reason: "background workers stopped" };
  return { ready: true, body: { status: "ready", database: "up", migrations: "applied", workers } };
}

/**
 * GET /healthz: the process answers. GET /readyz: the database answers, every migration is
 * applied, the background work runs where RUN_WORKER says it should and the process is not
 * shutting down; 503 otherwise.
 * Public, never rate limited, and cheap.
 */
export function registerHealthRoutes(app: FastifyInstance, services: Services, options: HealthOptions): void {
  app.get("/healthz", { config: { access: "health" } }, async () => ({ status: "ok" }));

  let cached: { at: number; readiness: Promise<Readiness> } | null = null;
  app.get("/readyz", { config: { access: "health" } }, async (request, reply) => {
    if (options.draining?.()) {
      return sendError(request, reply, new AppError("SERVICE_UNAVAILABLE", "Not ready: shutting down"));
    }
    const now = Date.now();
    if (!cached || now - cached.at > READY_CACHE_MS) {
      const workers = options.workers?.() ?? (services.config.runWorker ? "stopped" : "not in this process");
      const check = checkReadiness(services, workers).catch((error: Error) => {
        request.log.warn({ error: error.message }, "readiness check failed");
        return { ready: false, reason: "database unreachable" } as Readiness;
      });
      const timeout = new Promise<Readiness>((resolve) =>
        setTimeout(() => resolve({ ready: false, reason: "database too slow" }), READY_TIMEOUT_MS).unref(),
      );
      cached = { at: now, readiness: Promise.race([check, timeout]) };
    }
    const readiness = await cached.readiness;
    if (readiness.ready) return reply.send(readiness.body);
    return sendError(request, reply, new AppError("SERVICE_UNAVAILABLE", `Not ready: ${readiness.reason}`));
  });
}
