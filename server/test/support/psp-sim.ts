import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";

/**
 * The local Efí-compatible PSP (psp-sim/, built by `npm test`) as a child process for one
 * test file: its own data folder (CA and certificates made at its start), free ports, its
 * control API at hand. Transfers and devoluções settle only through the control API.
 */
export interface PspSimProcess {
  apiUrl: string;
  controlUrl: string;
  /** The EFI_* variables that point the service at it. */
  env: Record<string, string>;
  files: { ca: string; clientPem: string; clientP12: string };
  control<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

/** From server/dist-test/test/support: the repository's root is four folders up. */
const SIM_MAIN = resolve(__dirname, "../../../../psp-sim/dist/psp-sim/src/main.js");

export async function startPspSim(env: Record<string, string> = {}): Promise<PspSimProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "psp-sim-test-"));
  const child: ChildProcess = spawn(process.execPath, [SIM_MAIN, "--json"], {
    env: {
      ...process.env,
      PSP_SIM_DATA_DIR: dataDir,
      PSP_SIM_PORT: "0",
      PSP_SIM_CONTROL_PORT: "0",
      PSP_SIM_SETTLE_MS: "0",
      PSP_SIM_WEBHOOK_RETRY_MS: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const started = await new Promise<Omit<PspSimProcess, "control" | "stop">>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => done(JSON.parse(line)));
    child.once("exit", (code) => fail(new Error(`psp-sim exited (${code}): ${stderr}`)));
  });
  const control: PspSimProcess["control"] = async (method, path, body) => {
    const response = await fetch(`${started.controlUrl}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    ...started,
    control,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free port on loopback (for a service that must know its address before it starts). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
