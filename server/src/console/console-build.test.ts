import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { ensureConsoleBuild } from "./console-build";

/**
 * `next build` prints nothing while it compiles (two minutes and more on a first start): the
 * build says it is still at work after each quiet while. A stand-in `next` plays the real
 * one: a first line, a silence, its output, then the build's marker file.
 */
const dir = mkdtempSync(join(tmpdir(), "pix-console-build-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function fakeNext(silenceMs: number, exitCode = 0): void {
  const bin = join(dir, "node_modules", "next", "dist", "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "fake-console", private: true }));
  writeFileSync(join(dir, "node_modules", "next", "package.json"), JSON.stringify({ name: "next", version: "0.0.0" }));
  writeFileSync(
    join(bin, "next"),
    `const { mkdirSync, writeFileSync } = require("node:fs");
     console.log("   Creating an optimized production build ...");
     setTimeout(() => {
       console.log("✓ Compiled successfully");
       mkdirSync(".next", { recursive: true });
       writeFileSync(".next/BUILD_ID", "fake");
       process.exit(${exitCode});
     }, ${silenceMs});`,
  );
}

test("a silent build is reported as still at work, then built; a second start reuses it", async () => {
  fakeNext(2000);
  const lines: string[] = [];
  const outcome = await ensureConsoleBuild({ dir, report: (line) => lines.push(line), quietMs: 400 });
  assert.equal(outcome, "built");
  assert.ok(lines[0].startsWith("console: building the admin console"), lines.join("\n"));
  // Next's own lines pass through; in the silence between them, progress lines.
  const creating = lines.findIndex((line) => line.includes("Creating an optimized production build"));
  const compiled = lines.findIndex((line) => line.includes("Compiled successfully"));
  assert.ok(creating > 0 && compiled > creating, lines.join("\n"));
  const still = lines.slice(creating, compiled).filter((line) => /still building \(\d+ s so far/.test(line));
  assert.ok(still.length >= 2, lines.join("\n"));
  assert.match(lines.at(-1) ?? "", /^console: built in \d+ s$/);

  const again: string[] = [];
  assert.equal(await ensureConsoleBuild({ dir, report: (line) => again.push(line), quietMs: 400 }), "reused");
  assert.deepEqual(again, []);
});

test("a build that fails says so, and its progress lines stop", async () => {
  fakeNext(600, 3);
  const lines: string[] = [];
  await assert.rejects(
    ensureConsoleBuild({ dir, force: true, report: (line) => lines.push(line), quietMs: 200 }),
    /next build failed \(exit 3\)/,
  );
  const count = lines.length;
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(lines.length, count, "no progress line after the build ended");
});
