import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, test } from "node:test";

const LOGGER = join(__dirname, "logger.js");

/** A process that writes `lines` access lines to stdout through the service's logger, then exits at once. */
function writeAndExit(lines: number, flush: boolean): string[] {
  const script = `
    const { createLogger } = require(${JSON.stringify(LOGGER)});
    const logger = createLogger("info");
    for (let i = 0; i < ${lines}; i += 1) {
      logger.access({ requestId: "r" + i, method: "GET", path: "/p", status: 200, ms: 1, address: "127.0.0.1" });
    }
    ${flush ? "logger.flush();" : ""}
    process.exit(0);
  `;
  const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  assert.equal(child.status, 0, child.stderr);
  return child.stdout.split("\n").filter(Boolean);
}

describe("the asynchronous log destination", () => {
  test("a process that exits right after logging loses no line (flushed by the logger)", () => {
    const lines = writeAndExit(20_000, true);
    assert.equal(lines.length, 20_000);
    assert.equal(JSON.parse(lines.at(-1) as string).requestId, "r19999");
  });

  test("nor when it exits without asking (pino's exit handler writes out the rest)", () => {
    assert.equal(writeAndExit(20_000, false).length, 20_000);
  });

  test("a quiet process's line is written within the flush period, not held for a full batch", async () => {
    // One line, far below a batch, then the process stays up: the line must come out by itself.
    const script = `
      const { createLogger } = require(${JSON.stringify(LOGGER)});
      createLogger("info").access({ requestId: "alone", method: "GET", path: "/p", status: 200, ms: 1, address: "127.0.0.1" });
      setTimeout(() => {}, 10_000);
    `;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const started = Date.now();
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.setEncoding("utf8");
        child.stdout.on("data", (chunk: string) => {
          out += chunk;
          if (out.includes("\n")) resolve(out);
        });
        child.on("exit", () => reject(new Error(`exited first, wrote ${JSON.stringify(out)}`)));
      });
      assert.equal(JSON.parse(line).requestId, "alone");
      // Start-up included (the logger's module and pino load first): well under the 10 s it stays up.
      assert.ok(Date.now() - started < 5_000);
    } finally {
      child.kill();
    }
  });
});
