import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { REPOSITORY_ROOT } from "../core/repository-root";

/** The console's sources: admin-ui at the repository root. */
export const CONSOLE_DIR = join(REPOSITORY_ROOT, "admin-ui");
const LOCKFILE = resolve(CONSOLE_DIR, "../package-lock.json");
/** Server modules the console imports (admin-ui's `@server/*` path): the same rules on both sides. */
const SHARED_SERVER_SOURCES = ["withdrawals/pix-key.ts", "http/api-paths.ts", "console/page-operations.ts"].map(
  (file) => resolve(CONSOLE_DIR, "../server/src", file),
);
/** Written beside the build once `next build` succeeded: the hash of what it was built from. */
const STAMP = "pix-console-build.json";

/** Folders and files that are outputs or local state, not sources of the build. */
const IGNORED = new Set(["node_modules", ".next", "next-env.d.ts", "tsconfig.tsbuildinfo", ".turbo"]);

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !IGNORED.has(entry.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listSources(path) : [path];
    })
    .sort();
}

/** SHA-256 over every source file of admin-ui (path and bytes), the server modules it imports and the lockfile. */
export function consoleSourceHash(dir = CONSOLE_DIR): string {
  const hash = createHash("sha256");
  for (const file of [...listSources(dir), ...SHARED_SERVER_SOURCES, LOCKFILE]) {
    if (!existsSync(file)) continue;
    hash.update(relative(dir, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function readStamp(dir: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(dir, ".next", STAMP), "utf8")) as { hash?: string }).hash ?? null;
  } catch {
    return null;
  }
}

/** After this long without a line from `next build`, a line says it is still at work. */
const BUILD_QUIET_MS = 15_000;

/** "45 s", "2 min 05 s". */
function elapsed(since: number): string {
  const seconds = Math.round((Date.now() - since) / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}

export type BuildReporter = (line: string) => void;

const defaultReporter: BuildReporter = (line) => process.stdout.write(`${line}\n`);

/**
 * Makes sure admin-ui/.next holds a production build of the current sources: reuses the build
 * when the stamp beside it matches the sources' hash, else runs `next build` (its output is
 * printed as it comes, prefixed) and writes the stamp. `force` builds in any case.
 */
export async function ensureConsoleBuild(
  options: { dir?: string; force?: boolean; report?: BuildReporter; quietMs?: number } = {},
): Promise<"reused" | "built"> {
  const dir = options.dir ?? CONSOLE_DIR;
  const report = options.report ?? defaultReporter;
  const hash = consoleSourceHash(dir);
  if (!options.force && readStamp(dir) === hash && existsSync(join(dir, ".next", "BUILD_ID"))) {
    return "reused";
  }
  report("console: building the admin console (next build); later starts reuse it while admin-ui is unchanged");
  const started = Date.now();
  const nextBin = createRequire(join(dir, "package.json")).resolve("next/dist/bin/next");
  const code = await new Promise<number>((done, fail) => {
    const child = spawn(process.execPath, [nextBin, "build"], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Next prints nothing while it compiles (a minute or more): a line after each quiet while.
    const quietMs = options.quietMs ?? BUILD_QUIET_MS;
    let lastLine = Date.now();
    const heartbeat = setInterval(
      () => {
        if (Date.now() - lastLine < quietMs) return;
        lastLine = Date.now();
        report(
          `  console build │ … still building (${elapsed(started)} so far; a first build takes some minutes; later starts reuse it)`,
        );
      },
      Math.max(50, Math.floor(quietMs / 5)),
    );
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split(/\r?\n/)) {
        if (!line.trim()) continue;
        lastLine = Date.now();
        report(`  console build │ ${line}`);
      }
    };
    child.stdout.on("data", relay);
    child.stderr.on("data", relay);
    child.once("error", (error) => {
      clearInterval(heartbeat);
      fail(error);
    });
    child.once("exit", (status) => {
      clearInterval(heartbeat);
      done(status ?? 1);
    });
  });
  if (code !== 0) throw new Error(`next build failed (exit ${code}); see the lines above`);
  mkdirSync(join(dir, ".next"), { recursive: true });
  // Hashed again after the build: `next build` may rewrite tsconfig.json, which is a source too.
  const built = { hash: consoleSourceHash(dir), builtAt: new Date().toISOString() };
  writeFileSync(join(dir, ".next", STAMP), JSON.stringify(built, null, 2));
  report(`console: built in ${elapsed(started)}`);
  return "built";
}
