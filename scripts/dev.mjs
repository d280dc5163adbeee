// `npm run dev`: hot reload for the whole service on one port. The server's TypeScript is
// recompiled on change (tsc --watch) and the process restarts when server/dist changes
// (node --watch-path); the console runs as Next's dev server inside it (CONSOLE=dev), which
// recompiles admin-ui on change and pushes updates to the browser over its HMR websocket.
import { spawn, spawnSync } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const server = resolve(root, "server");
const tsc = resolve(root, "node_modules/.bin/tsc");

console.log("[dev] compiling the server once before watching…");
const first = spawnSync(tsc, ["-p", "tsconfig.json"], { cwd: server, stdio: "inherit" });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  // Own process groups: tsc's launcher starts the native compiler as a child of its own.
  spawn(tsc, ["-p", "tsconfig.json", "--watch", "--preserveWatchOutput"], {
    cwd: server,
    stdio: "inherit",
    detached: true,
  }),
  spawn(process.execPath, ["--watch-path=dist", "--watch-preserve-output", "dist/main.js"], {
    cwd: server,
    stdio: "inherit",
    env: { ...process.env, CONSOLE: process.env.CONSOLE ?? "dev" },
  }),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  }
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children)
  child.on("exit", (code) => {
    stop("SIGTERM");
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
