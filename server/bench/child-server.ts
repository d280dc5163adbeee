import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, createReadStream, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";

/**
 * A server under test, run as a child process so the load generator never shares its
 * event loop. Its output is kept (the last lines, to explain a failure) and its warnings
 * and errors are counted: a server that logged errors during a run is reported.
 */
export interface ChildServer {
  name: string;
  baseUrl: string;
  /** Lines the server wrote to stderr (warnings and errors at LOG_LEVEL=warn). */
  stderrLines(): string[];
  /** Its stdout: the access lines counted, the other lines kept (the last KEPT_LINES). */
  stdoutSummary(): Promise<{ accessLines: number; otherLines: string[] }>;
  exited(): boolean;
  /** CPU time (user + system) the process has used so far; null where /proc is not there. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/**
 * BENCH_CPU_PROF=<dir>: every server and worker the bench starts writes a V8 CPU profile
 * there when it exits (open it in Chrome's DevTools), to see where a case's time goes.
 * BENCH_NODE_FLAGS: more flags for them, e.g. "--trace-gc --trace-gc-nvp" (a line per
 * collection in the server's log, with the bytes allocated since the last one: bytes per
 * request, which the machine's load does not move as it moves CPU time; keep the logs with
 * BENCH_LOGS).
 */
export function profilingArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  const dir = env.BENCH_CPU_PROF;
  const flags = env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  return [...(dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : []), ...flags];
}
const KEPT_LINES = 200;

/** Last resort when the runner dies: no server is left behind. */
export function killAllChildServers(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100; // the Linux value almost everywhere
  }
}

let ticksPerSecond: number | undefined;

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, counted after the command name). */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticksPerSecond ??= clockTicksPerSecond();
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
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

export async function startChildServer(options: {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** A file for its stdout (the service's log lines), instead of a pipe to this process. */
  stdoutFile?: string;
  /** Node flags for this server only (BENCH_SERVICE_NODE_FLAGS: the service under test, not the baseline). */
  nodeFlags?: string[];
}): Promise<ChildServer> {
  // A file, not a pipe: reading a log of thousands of lines a second here would take CPU
  // from the load generator and the servers.
  const stdoutFd = options.stdoutFile ? openSync(options.stdoutFile, "w") : null;
  const child = spawn(process.execPath, [...profilingArgs(), ...(options.nodeFlags ?? []), options.script], {
    env: options.env,
    stdio: ["ignore", stdoutFd ?? "pipe", "pipe"],
    // Its own process group: Ctrl-C reaches the runner only, which stops the servers in order.
    detached: true,
  });
  if (stdoutFd !== null) closeSync(stdoutFd);
  running.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  keepLines(child.stdout, stdout);
  keepLines(child.stderr, stderr);
  let exitCode: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      running.delete(child);
      resolve();
    }),
  );

  const server: ChildServer = {
    name: options.name,
    baseUrl: `http://127.0.0.1:${options.port}`,
    stderrLines: () => [...stderr],
    stdoutSummary: async () => (options.stdoutFile ? summarise(options.stdoutFile) : summariseLines(stdout)),
    exited: () => exitCode !== undefined,
    cpuSeconds: () => processCpuSeconds(child.pid),
    stop: async () => {
      if (exitCode !== undefined) return;
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exit;
      clearTimeout(killed);
    },
  };
  try {
    await waitUntilAnswering(server, 120_000);
  } catch (error) {
    await server.stop();
    const { otherLines } = await server.stdoutSummary();
    const tail = [...otherLines, ...stderr].slice(-20).join("\n  ");
    throw new Error(`${options.name} server did not start: ${(error as Error).message}\n  ${tail}`);
  }
  return server;
}

const isAccessLine = (line: string) => line.includes('"msg":"request"');

function summariseLines(lines: string[]) {
  return { accessLines: lines.filter(isAccessLine).length, otherLines: lines.filter((line) => !isAccessLine(line)) };
}

/** Reads a log file line by line (it may hold millions of access lines). */
async function summarise(file: string): Promise<{ accessLines: number; otherLines: string[] }> {
  let accessLines = 0;
  const otherLines: string[] = [];
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (isAccessLine(line)) accessLines += 1;
    else if (line.trim() !== "") {
      otherLines.push(line);
      if (otherLines.length > KEPT_LINES) otherLines.shift();
    }
  }
  return { accessLines, otherLines };
}

/** Any HTTP answer (a 401 without a credential) means the server is up. */
async function waitUntilAnswering(server: ChildServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error("it exited");
    try {
      const response = await fetch(`${server.baseUrl}/charges/balance`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`no answer within ${timeoutMs / 1000} s`);
}
