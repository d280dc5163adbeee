import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import type pg from "pg";
import { DatabaseTarget } from "../../src/core/database-target";
import { TEST_ADMIN_TOKEN } from "./test-app";

/**
 * The compiled service run as real child processes (`node server/dist/main.js`, and
 * `node server/dist/worker.js` for a separate worker), for tests that kill, restart or run several
 * of them: SIGKILL, graceful shutdown, multi-process. Run `npm run build -w server` first
 * (`npm test` does). Every process is started on a database the test owns (e.g. from
 * createTestDatabase()); the migrations run at start, as in production.
 */
export type ServiceRole = "api" | "worker";

export interface ServiceProcess {
  role: ServiceRole;
  pid: number;
  /** The API's port (0 for a worker). */
  port: number;
  /** http://127.0.0.1:<port> (an empty string for a worker). */
  baseUrl: string;
  /** The last lines the process wrote (stdout and stderr), to explain a failure. */
  output(): string[];
  exited(): boolean;
  /** Resolves when the process has exited, with its code or the signal that ended it. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGTERM (graceful: waits up to `timeoutMs`, then SIGKILL) or SIGKILL (at once, as a
   * crash). Resolves once the process is gone; a second call is harmless.
   */
  stop(signal?: "SIGTERM" | "SIGKILL", timeoutMs?: number): Promise<{ code: number | null; signal: string | null }>;
}

export interface ServiceProcessOptions {
  databaseUrl: string;
  role?: ServiceRole;
  /** The API's port; a free one when omitted. Ignored for a worker. */
  port?: number;
  /** Added to (and overriding) the test defaults below; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** How long to wait for /readyz (API) or the first heartbeat (worker). */
  startTimeoutMs?: number;
}

/** The product's build (server/dist/, from this file's place in server/dist-test/test/support/). */
export const SERVER_DIST = resolve(__dirname, "../../../dist");
const MAIN = join(SERVER_DIST, "main.js");
const WORKER = join(SERVER_DIST, "worker.js");
const KEPT_LINES = 300;
const running = new Set<ChildProcess>();

// A test process that dies leaves no service behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The environment of a service under test: quiet, no console, the test operator token. */
function serviceEnv(
  options: ServiceProcessOptions,
  port: number,
  role: ServiceRole,
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    ADMIN_API_TOKEN: TEST_ADMIN_TOKEN,
    CONSOLE: "off",
    WEBHOOK_ALLOW_PRIVATE: "true",
    SANDBOX_SETTLE_MS: "0",
    RATE_LIMIT_RPS: "0",
    LOG_LEVEL: "warn",
    WORKER_HEARTBEAT_MS: "500",
    // As in startTestApp: maker-checker off unless a test sets its threshold.
    APPROVAL_SECOND_OPERATOR_ABOVE: "off",
    // Shared with the test process (run-tests.mjs sets one), so every process reads the same secrets.
    SECRETS_KEY: process.env.SECRETS_KEY,
    ...(role === "worker" ? { RUN_WORKER: "true" } : {}),
    ...options.env,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

function keepLines(stream: NodeJS.ReadableStream | null, into: string[]): void {
  let partial = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    into.push(...lines.filter((line) => line.trim() !== ""));
    if (into.length > KEPT_LINES) into.splice(0, into.length - KEPT_LINES);
  });
}

/** Starts one process (the API by default) and waits until it is ready. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const role = options.role ?? "api";
  const script = role === "api" ? MAIN : WORKER;
  if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build -w server\` first`);
  const port = role === "api" ? (options.port ?? (await freePort())) : 0;
  // The worker is ready once it has beaten: its beats are compared with the database's clock.
  const since = role === "worker" ? await databaseNow(options.databaseUrl) : null;

  const child = spawn(process.execPath, [script], {
    env: serviceEnv(options, port, role),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const lines: string[] = [];
  keepLines(child.stdout, lines);
  keepLines(child.stderr, lines);
  let exitStatus: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once("exit", (code, signal) => {
      exitStatus = { code, signal };
      running.delete(child);
      resolveExit(exitStatus);
    }),
  );

  const service: ServiceProcess = {
    role,
    pid: child.pid ?? 0,
    port,
    baseUrl: role === "api" ? `http://127.0.0.1:${port}` : "",
    output: () => [...lines],
    exited: () => exitStatus !== null,
    exit,
    stop: async (signal = "SIGTERM", timeoutMs = 15_000) => {
      if (exitStatus) return exitStatus;
      child.kill(signal);
      const forced = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      const status = await exit;
      clearTimeout(forced);
      return status;
    },
  };

  try {
    const timeoutMs = options.startTimeoutMs ?? 60_000;
    if (role === "api") await waitUntilReady(service, timeoutMs);
    else await waitForHeartbeat(service, options.databaseUrl, since as Date, timeoutMs);
  } catch (error) {
    await service.stop("SIGKILL");
    throw new Error(
      `service ${role} did not start: ${(error as Error).message}\n  ${service.output().slice(-20).join("\n  ")}`,
    );
  }
  return service;
}

/** Polls GET /readyz until it answers 200, or throws when the process exits or time runs out. */
export async function waitUntilReady(service: Pick<ServiceProcess, "baseUrl" | "exited">, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (service.exited()) throw new Error("it exited");
    try {
      const response = await fetch(`${service.baseUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
      last = `${response.status} ${await response.text()}`;
      if (response.status === 200) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`/readyz not 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

/** A client to the service's database; a multi-host DATABASE_URL reaches its primary as the service does. */
function databaseClient(databaseUrl: string): pg.Client {
  const target = new DatabaseTarget(databaseUrl);
  return new target.Client({ connectionString: target.url });
}

async function databaseNow(databaseUrl: string): Promise<Date> {
  const client = databaseClient(databaseUrl);
  await client.connect();
  try {
    return (await client.query<{ now: Date }>("SELECT now() AS now")).rows[0].now;
  } finally {
    await client.end();
  }
}

async function waitForHeartbeat(service: ServiceProcess, databaseUrl: string, since: Date, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const client = databaseClient(databaseUrl);
  await client.connect();
  try {
    while (Date.now() < deadline) {
      if (service.exited()) throw new Error("it exited");
      const { rows } = await client
        .query("SELECT 1 FROM job_worker_heartbeats WHERE beat_at >= $1 LIMIT 1", [since])
        .catch(() => ({ rows: [] as unknown[] })); // the table appears with the migrations
      if (rows.length > 0) return;
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    await client.end();
  }
  throw new Error(`no worker heartbeat within ${timeoutMs / 1000} s`);
}

/** The API and, when asked, a separate worker process (the API then runs no background work). */
export interface ServiceProcesses {
  api: ServiceProcess;
  worker: ServiceProcess | null;
  baseUrl: string;
  /** Stops the worker then the API (or both at once with SIGKILL). */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/**
 * The service as production runs it: `dist/main.js`, plus `dist/worker.js` when
 * `separateWorker` (default: whenever it is built); otherwise the API's in-process worker.
 */
export async function startService(
  options: ServiceProcessOptions & { separateWorker?: boolean },
): Promise<ServiceProcesses> {
  const separateWorker = options.separateWorker ?? existsSync(WORKER);
  const api = await startServiceProcess({
    ...options,
    role: "api",
    env: { ...(separateWorker ? { RUN_WORKER: "false" } : {}), ...options.env },
  });
  let worker: ServiceProcess | null = null;
  if (separateWorker) {
    try {
      worker = await startServiceProcess({ ...options, role: "worker" });
    } catch (error) {
      await api.stop("SIGKILL");
      throw error;
    }
  }
  return {
    api,
    worker,
    baseUrl: api.baseUrl,
    stop: async (signal = "SIGTERM") => {
      if (signal === "SIGKILL") {
        await Promise.all([api.stop("SIGKILL"), worker?.stop("SIGKILL")]);
        return;
      }
      await worker?.stop(signal);
      await api.stop(signal);
    },
  };
}
