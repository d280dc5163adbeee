// npm run test:failover: the service against a real HA cluster (deploy/ha/ha.mjs), the
// primary's node killed with SIGKILL under load (test/failover/ha-failover.scenario.ts),
// FAILOVER_RUNS times in a row (default 1; each run brings a fresh cluster up and down), then
// the figures into docs/reliability.md's <!-- long-run:failover --> block.
//
// Sizes (environment): FAILOVER_RUNS=1, FAILOVER_KILLS=1 (kills per run), FAILOVER_CLIENTS=6,
// FAILOVER_CONNECT=multi-host|haproxy|pgbouncer, HA_PORT_BASE=15000. FAILOVER_WRITE_DOC=0
// leaves the docs alone. Needs Debian's patroni, etcd-server, haproxy, pgbouncer, postgresql-15.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const scenario = join(root, "server", "dist-test", "test", "failover", "ha-failover.scenario.js");
const doc = join(root, "docs", "reliability.md");
const runs = Math.max(1, Number(process.env.FAILOVER_RUNS ?? 1));
const kills = process.env.FAILOVER_KILLS ?? "1";
const connect = process.env.FAILOVER_CONNECT ?? "multi-host";
if (!existsSync(scenario)) throw new Error(`${scenario} is missing: npm run build:test -w server`);

const load = { start: loadavg(), max: loadavg()[0] };
const sampler = setInterval(() => {
  load.max = Math.max(load.max, loadavg()[0]);
}, 5000);

function runOnce(index) {
  const figuresFile = join(tmpdir(), `failover-figures-${process.pid}-${index}.json`);
  console.log(`\n== test:failover: run ${index + 1} of ${runs} (FAILOVER_KILLS=${kills}, ${connect})`);
  const startedAt = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--test", "--test-reporter=spec", scenario], {
      cwd: root,
      env: { ...process.env, FAILOVER_FIGURES_FILE: figuresFile },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => {
      let figures = null;
      try {
        figures = JSON.parse(readFileSync(figuresFile, "utf8"));
        rmSync(figuresFile);
      } catch {
        figures = null;
      }
      done({ code: code ?? 1, figures, seconds: Math.round((Date.now() - startedAt) / 1000) });
    });
  });
}

const results = [];
for (let index = 0; index < runs; index += 1) {
  const result = await runOnce(index);
  results.push(result);
  if (result.code !== 0) break;
}
clearInterval(sampler);

const commit = await new Promise((done) => {
  const git = spawn("git", ["rev-parse", "--short", "HEAD"], { cwd: root });
  let out = "";
  git.stdout.on("data", (chunk) => {
    out += chunk;
  });
  git.on("exit", () => done(out.trim() || "unknown"));
  git.on("error", () => done("unknown"));
});
const passed = results.filter((result) => result.code === 0).length;
const firstWrites = results.flatMap((result) => result.figures?.kills.map((kill) => kill.firstWriteMs) ?? []);
const row = (result, index) => {
  const f = result.figures;
  if (!f) return `| ${index + 1} | **FAILED** (exit ${result.code}), no figures | | | | |`;
  const byKind = Object.entries(f.byKind)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  return `| ${index + 1} | ${result.code === 0 ? "passed" : `**FAILED** (exit ${result.code})`} in ${result.seconds} s | ${f.operations} sent, ${f.acknowledged} answered 2xx (${byKind}), ${f.refused4xx} refused 4xx, ${f.attempts503} answers 503 and ${f.attemptsCut} cut connections retried with the same key, ${f.gaveUp} given up | ${f.kills.map((kill) => `${kill.node}: ${(kill.firstWriteMs / 1000).toFixed(1)} s`).join("; ")} | ${f.events} events, ${f.deliveries} deliveries, none missing, none unknown | ${f.lost} / ${f.doubled} |`;
};
const block = [
  `Last run: ${passed} of ${results.length} passed${runs > 1 ? ` (FAILOVER_RUNS=${runs}, in a row)` : ""}; FAILOVER_KILLS=${kills}, FAILOVER_CONNECT=${connect}, ${results[0]?.figures?.clients ?? "?"} clients.`,
  "",
  "| Run | Result | Operations (charges, payments, withdrawals, refunds with keys) | Kill to the first successful write | Webhooks | Lost / duplicated |",
  "|---|---|---|---|---|---|",
  ...results.map(row),
  "",
  firstWrites.length > 0
    ? `Kill to the first successful write over ${firstWrites.length} kill(s): ${(Math.min(...firstWrites) / 1000).toFixed(1)} to ${(Math.max(...firstWrites) / 1000).toFixed(1)} s (Patroni ttl ${process.env.HA_TTL ?? 10} s, loop_wait ${process.env.HA_LOOP_WAIT ?? 1} s: the dead leader's key must expire first).`
    : "No kill completed.",
  "",
  `Machine: ${cpus().length} cores shared with the other engineers' builds and tests (the 1-minute load ${load.start[0].toFixed(1)} at the start, ${load.max.toFixed(1)} at most), Node ${process.version}, Debian's PostgreSQL 15, Patroni, etcd, HAProxy and PgBouncer on the same host, commit ${commit}, ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}.`,
  "",
  `Reproduce: \`FAILOVER_RUNS=${runs} FAILOVER_KILLS=${kills} FAILOVER_CONNECT=${connect} npm run test:failover\``,
].join("\n");

if (process.env.FAILOVER_WRITE_DOC !== "0") {
  const pattern = /(<!-- long-run:failover -->\n)[\s\S]*?(\n<!-- \/long-run:failover -->)/;
  const text = readFileSync(doc, "utf8");
  if (!pattern.test(text)) throw new Error("docs/reliability.md has no block <!-- long-run:failover -->");
  writeFileSync(
    doc,
    text.replace(pattern, (_, open, close) => `${open}${block}${close}`),
  );
  console.log("\n== test:failover: figures written to docs/reliability.md");
}
console.log(`\n${block}`);
process.exit(passed === results.length && results.length === runs ? 0 : 1);
