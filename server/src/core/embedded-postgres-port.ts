import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/**
 * Which port an embedded PostgreSQL takes. Another checkout's embedded PostgreSQL (or any
 * other program) may hold the default already: a start then takes the next free port and
 * remembers it in its data directory, so that its later starts keep it.
 */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;
/** Beside the database's files (not inside them: PostgreSQL owns that directory). */
export const PORT_FILE = "postgres-port";
/** Ports tried above the one wanted before the system is asked for any free one. */
const PORTS_ABOVE = 100;

/** The port remembered for this data directory, or null (none yet, or unreadable). */
export function rememberedPort(dataDir: string): number | null {
  const file = join(dataDir, PORT_FILE);
  if (!existsSync(file)) return null;
  const port = Number(readFileSync(file, "utf8").trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

export function rememberPort(dataDir: string, port: number): void {
  if (rememberedPort(dataDir) === port) return;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, PORT_FILE), `${port}\n`);
}

/** Whether a TCP listener can bind 127.0.0.1:port now (0: any free port, answered). */
function bindLoopback(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * Free for PostgreSQL: nothing listens on 127.0.0.1 at that port (PostgreSQL listens on
 * localhost), and no PostgreSQL holds that port's Unix socket in /tmp (its lock file).
 */
export async function portIsFree(port: number): Promise<boolean> {
  if (existsSync(`/tmp/.s.PGSQL.${port}.lock`)) return false;
  return (await bindLoopback(port)) === port;
}

/**
 * The wanted port when it is free, else the first free one above it, else any free port
 * the system gives. `skip` lists ports already found taken (a start that lost a race).
 */
export async function choosePort(
  wanted: number,
  skip: ReadonlySet<number> = new Set(),
  isFree: (port: number) => Promise<boolean> = portIsFree,
): Promise<number> {
  for (let port = wanted; port <= Math.min(wanted + PORTS_ABOVE, 65535); port++) {
    if (!skip.has(port) && (await isFree(port))) return port;
  }
  const any = await bindLoopback(0);
  if (any === null) throw new Error("no free TCP port on 127.0.0.1 for the embedded PostgreSQL");
  return any;
}

/** PostgreSQL's words when its port is held by another server (TCP or its Unix socket's lock). */
export function lostItsPort(log: string): boolean {
  return /could not bind|Address already in use|could not create any TCP\/IP sockets|lock file ".*\.s\.PGSQL\.\d+\.lock" already exists/i.test(
    log,
  );
}
