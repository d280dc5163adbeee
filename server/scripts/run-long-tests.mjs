// npm run test:long: the long forms of the suites that have one, one after the other, each
// through run-tests.mjs (so against DATABASE_URL's PostgreSQL, or the embedded one), then
// their figures into the marked blocks of docs/reliability.md. Prints the suites' progress
// as they run. Exits non-zero when a suite fails; its block then says so.
//
// Sizes (environment, with these defaults): MODEL_RUNS=400 MODEL_LENGTH=30 MODEL_OPS=10000
// for the model-based test, FUZZ_RUNS=10000 for the GraphQL fuzz suite, REST_FUZZ_RUNS=10000
// for the REST fuzz suite, FAULT_ROUNDS=5 for the fault-injection tests (one at a time); seeds
// are drawn here and written down, so that each figure can be reproduced.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

const root = resolve(import.meta.dirname, "../..");
const doc = join(root, "docs", "reliability.md");
const runTests = join(root, "server", "scripts", "run-tests.mjs");

const model = {
  MODEL_RUNS: process.env.MODEL_RUNS ?? "400",
  MODEL_LENGTH: process.env.MODEL_LENGTH ?? "30",
  MODEL_OPS: process.env.MODEL_OPS ?? "10000",
  MODEL_SEED: process.env.MODEL_SEED ?? String(Math.floor(Math.random() * 2_000_000_000)),
};
const fuzz = {
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "10000",
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2_000_000_000)),
};

const restFuzz = {
  REST_FUZZ_RUNS: process.env.REST_FUZZ_RUNS ?? "10000",
  REST_FUZZ_SEED: process.env.REST_FUZZ_SEED ?? String(Math.floor(Math.random() * 2_000_000_000)),
};

const faultSizes = { FAULT_ROUNDS: process.env.FAULT_ROUNDS ?? "5" };
const FAULT_TESTS = ["backend-kill", "api-kill", "worker-kill", "refund-kill", "database-outage"];

/** The machine is shared: its load is sampled through the run and reported with the figures. */
const load = { start: loadavg(), max: loadavg()[0], samples: [] };
const sampler = setInterval(() => {
  const [one] = loadavg();
  load.samples.push(one);
  load.max = Math.max(load.max, one);
}, 10_000);

function run(name, args, env) {
  console.log(
    `\n== test:long: ${name} (${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")})`,
  );
  const startedAt = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [runTests, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on("exit", (code) => done({ code: code ?? 1, output, seconds: Math.round((Date.now() - startedAt) / 1000) }));
  });
}

async function databaseDescription() {
  if (!process.env.DATABASE_URL) return "embedded PostgreSQL (no DATABASE_URL)";
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query("SHOW server_version");
    return `PostgreSQL ${rows[0].server_version} at DATABASE_URL`;
  } catch {
    return "PostgreSQL at DATABASE_URL";
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function commit() {
  return new Promise((done) => {
    const git = spawn("git", ["rev-parse", "--short", "HEAD"], { cwd: root });
    let out = "";
    git.stdout.on("data", (chunk) => {
      out += chunk;
    });
    git.on("exit", () => done(out.trim() || "unknown"));
    git.on("error", () => done("unknown"));
  });
}

// LONG_SUITES=rest-fuzz,faults runs only those (model, fuzz, rest-fuzz, faults, multi-process; default all):
// only their blocks are rewritten, each then saying on which machine it ran.
const SUITES = ["model", "fuzz", "rest-fuzz", "faults", "multi-process"];
const selected = process.env.LONG_SUITES ? process.env.LONG_SUITES.split(",").map((name) => name.trim()) : SUITES;
for (const name of selected) if (!SUITES.includes(name)) throw new Error(`LONG_SUITES: no suite "${name}"`);
const skipped = { code: 0, output: "", seconds: 0, skipped: true };
const runIf = (name, ...args) => (selected.includes(name) ? run(...args) : skipped);

const figuresFile = join(tmpdir(), `model-figures-${process.pid}.json`);
const modelRun = await runIf("model", "model-based test", ["money-model"], {
  ...model,
  MODEL_FIGURES_FILE: figuresFile,
});
let modelFigures = null;
try {
  modelFigures = JSON.parse(readFileSync(figuresFile, "utf8"));
  rmSync(figuresFile);
} catch {
  modelFigures = null;
}
const fuzzRun = await runIf("fuzz", "GraphQL fuzz", ["graphql-fuzz"], fuzz);
const restFuzzRun = await runIf("rest-fuzz", "REST fuzz", ["rest-fuzz"], restFuzz);
// One at a time: they kill processes and time answers, which a second suite would slow.
const faultRun = await runIf("faults", "fault injection", FAULT_TESTS, { ...faultSizes, TEST_CONCURRENCY: "1" });
// Two API processes and two workers on one database, the long mix (8 accounts, 60 rounds).
const multiProcessRun = await runIf("multi-process", "multi-process", ["multi-process"], {
  MULTI_PROCESS_LONG: "1",
  TEST_CONCURRENCY: "1",
});
clearInterval(sampler);
const loadEnd = loadavg();

const when = new Date().toISOString().replace(/\.\d+Z$/, "Z");
const machine = [
  `${cpus().length} cores, Node ${process.version}, ${await databaseDescription()}, commit ${await commit()}, ${when}.`,
  `Load average (1, 5, 15 min) ${load.start.map((x) => x.toFixed(2)).join(", ")} at the start, ` +
    `${loadEnd.map((x) => x.toFixed(2)).join(", ")} at the end; the 1-minute load peaked at ${load.max.toFixed(2)} ` +
    "(the machine is shared with other engineers' builds and tests, so durations vary with it).",
].join("\n");

const status = (result) => (result.code === 0 ? "passed" : `**FAILED** (exit ${result.code}; see the test output)`);

/** "A: 3; B: 1" of a figure's counts by kind (none: "none"). */
function figureCounts(counts) {
  const entries = Object.entries(counts ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? "none" : entries.map(([name, count]) => `${name}: ${count}`).join("; ");
}

function modelBlock() {
  const f = modelFigures;
  const command = `MODEL_RUNS=${model.MODEL_RUNS} MODEL_LENGTH=${model.MODEL_LENGTH} MODEL_OPS=${model.MODEL_OPS} MODEL_SEED=${model.MODEL_SEED} npm test -- money-model`;
  if (!f)
    return `Last long run: ${status(modelRun)}, no figures were written (${modelRun.seconds} s).\n\nReproduce: \`${command}\``;
  const outcomes = Object.entries(f.outcomes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name}: ${count}`)
    .join("; ");
  return [
    `Last long run: ${status(modelRun)} in ${modelRun.seconds} s.`,
    "",
    "| Figure | Value |",
    "|---|---|",
    `| Sequences (fresh accounts A, B and a veteran or fresh C each) | ${f.sequences} |`,
    `| Commands / operations executed | ${f.commands} / ${f.operations} |`,
    `| Operations sent in concurrent batches | ${f.operationsInBatches} in ${f.batches} batches, up to ${f.maxConcurrency} at once |`,
    `| State comparisons with the model (every balance, status, queue position, balanceAudit, outbox, exceptions) | ${f.observations} |`,
    `| Ledger entries whose running balance was checked | ${f.ledgerEntriesChecked} |`,
    `| Charges seen to expire under the test | ${f.expiredCharges} |`,
    `| Refunds at the end, by kind and status (merchant refunds, MED devoluções) | ${figureCounts(f.refunds)} |`,
    `| MED disputes at the end, by status and outcome | ${figureCounts(f.disputes)} |`,
    `| Accounts whose balanceAudit agreed with the ledger and the model at the end | ${f.outcomes["accounts whose balanceAudit agreed with the ledger and the model at the end"] ?? "not checked"} |`,
    `| Webhook events delivered and verified byte for byte | ${f.outcomes["webhook events delivered and verified"] ?? 0} |`,
    `| Seed (first batch of sequences; later batches of 50 use seed+1, seed+2, ...) | ${f.seed} |`,
    `| Sizes | MODEL_RUNS=${f.runs}, MODEL_LENGTH=${f.length}, MODEL_OPS=${f.minimumOperations} |`,
    `| Money lost or double-counted, and any other difference from the model | ${f.discrepancies} |`,
    "",
    `Answers by operation: ${outcomes}.`,
    "",
    `Reproduce: \`${command}\` (the same seed draws the same sequences; the service's timing, and so a concurrent batch's order, may differ).`,
  ].join("\n");
}

function fuzzBlock() {
  const command = `FUZZ_RUNS=${fuzz.FUZZ_RUNS} FUZZ_SEED=${fuzz.FUZZ_SEED} npm test -- graphql-fuzz`;
  const summary = /graphql fuzz: (\d+) cases run \(FUZZ_RUNS=(\d+)\) over (\d+) operations, (\d+) answered errors/.exec(
    fuzzRun.output,
  );
  const known = [...fuzzRun.output.matchAll(/known failure, not counted as a failure \((\d+) cases\): (.*?); e\.g\./g)];
  const lines = [`Last long run: ${status(fuzzRun)} in ${fuzzRun.seconds} s.`, ""];
  if (summary) {
    lines.push(
      "| Figure | Value |",
      "|---|---|",
      `| Cases run | ${summary[1]} (FUZZ_RUNS=${summary[2]}) over ${summary[3]} root operations |`,
      `| Cases answered with an error (refused input) | ${summary[4]} |`,
      `| Seed | ${fuzz.FUZZ_SEED} |`,
      `| Cases that broke a rule (a 5xx, an error without a code, a refused call that wrote), known failures below aside | ${fuzzRun.code === 0 ? 0 : "see the test output"} |`,
    );
  }
  for (const [, count, name] of known)
    lines.push("", `Known failure left to another branch (counted, not failed): ${name} (${count} cases).`);
  lines.push("", `Reproduce: \`${command}\``);
  return lines.join("\n");
}

function restFuzzBlock() {
  const command = `REST_FUZZ_RUNS=${restFuzz.REST_FUZZ_RUNS} REST_FUZZ_SEED=${restFuzz.REST_FUZZ_SEED} npm test -- rest-fuzz`;
  const summary =
    /rest fuzz: (\d+) cases run \(REST_FUZZ_RUNS=(\d+)\) over (\d+) routes \((\d+) with a header fetch would not send\), (\d+) 5xx, (\d+) broke a rule/.exec(
      restFuzzRun.output,
    );
  const faults = /rest fuzz faults: (.*)/.exec(restFuzzRun.output)?.[1];
  const answers = /rest fuzz answers: (.*)/.exec(restFuzzRun.output)?.[1];
  const lines = [`Last long run: ${status(restFuzzRun)} in ${restFuzzRun.seconds} s.`, ""];
  if (summary) {
    lines.push(
      "| Figure | Value |",
      "|---|---|",
      `| Cases run | ${summary[1]} (REST_FUZZ_RUNS=${summary[2]}) over ${summary[3]} declared routes |`,
      `| Cases fetch would not send (a header value it refuses) | ${summary[4]} |`,
      `| Answers 5xx | ${summary[5]} |`,
      `| Cases that broke a rule (not the fault's 4xx, not exactly {"error","code"}, an undeclared code, a write) | ${summary[6]} |`,
      `| Seed | ${restFuzz.REST_FUZZ_SEED} |`,
    );
  }
  if (faults) lines.push("", `Faults by kind: ${faults}.`);
  if (answers) lines.push("", `Answers: ${answers}.`);
  lines.push("", `Reproduce: \`${command}\``);
  return lines.join("\n");
}

function faultBlock() {
  const command = `FAULT_ROUNDS=${faultSizes.FAULT_ROUNDS} TEST_CONCURRENCY=1 npm test -- ${FAULT_TESTS.join(" ")}`;
  const figures = new Map(
    [...faultRun.output.matchAll(/fault figures: (\{.*\})/g)].map(([, json]) => {
      const f = JSON.parse(json);
      return [f.test, f];
    }),
  );
  const lines = [
    `Last long run: ${status(faultRun)} in ${faultRun.seconds} s (FAULT_ROUNDS=${faultSizes.FAULT_ROUNDS}).`,
    "",
  ];
  lines.push(
    "| Fault | Injected | Requests and what they were answered | Lost / double-counted |",
    "|---|---|---|---|",
  );
  const b = figures.get("backend-kill");
  if (b)
    lines.push(
      `| PostgreSQL backend killed (\`pg_terminate_backend\`) under a write load | ${b.kills} backends (${b.killedMidWork} inside a query or transaction) in ${b.rounds} round(s) of 3 s | ${b.requests}: ${b.ok} succeeded, ${b.unavailable} 503 (\`DATABASE_UNAVAILABLE\` for an ended connection, \`SERVICE_UNAVAILABLE\` past the retries), ${b.requests - b.ok - b.unavailable} 409 (a cancel of a withdrawal already cancelled), no 500; ${b.keysRetried} keys not answered 201 sent again, one withdrawal each | ${b.lost} / ${b.doubled} |`,
    );
  const a = figures.get("api-kill");
  if (a)
    lines.push(
      `| API process killed with SIGKILL under withdrawals with Idempotency-Keys | ${a.kills} kill(s), restarted each time | ${a.requests}: ${a.answered201} answered 201 (all found after restart), ${a.unanswered} cut off (sent again: one withdrawal each); ${a.withdrawals} withdrawals, ${a.events} events, ${a.deliveries} deliveries received | ${a.lost} / ${a.doubled} |`,
    );
  const w = figures.get("worker-kill");
  if (w)
    lines.push(
      `| Worker process killed with SIGKILL mid-delivery | ${w.kills} kill(s), ${w.attemptsCutShort} attempts cut short | ${w.events} events, ${w.deliveries} deliveries received (at least once each), attempts numbered without gaps | ${w.lost} / ${w.doubled} |`,
    );
  const r = figures.get("refund-kill");
  if (r)
    lines.push(
      `| Worker process killed with SIGKILL between the devolução and its outcome | ${r.kills} kill(s), ${r.atTheBankWhenKilled} devoluções taken by the bank and not yet settled | ${r.refunds} refunds, every one REFUNDED once (one reservation, one refund.processing, one refund.refunded) | ${r.lost} / ${r.doubled} |`,
    );
  const d = figures.get("database-outage");
  if (d)
    lines.push(
      `| Database unreachable for ${d.outageSeconds} s (embedded PostgreSQL stopped, started again) | ${d.outages} outage(s) | ${d.requests} during the outages: ${d.unavailable} fast 503 \`DATABASE_UNAVAILABLE\` (slowest ${d.slowestMs} ms), \`/readyz\` 503; ready again ${Math.max(...d.recoveryMs)} ms at most after the database was back, no restart | ${d.lost} / ${d.doubled} |`,
    );
  lines.push("", `Reproduce: \`${command}\``);
  return lines.join("\n");
}

function multiProcessBlock() {
  const outcome = /# multi-process: (\d+ accounts x .*)/.exec(multiProcessRun.output)?.[1];
  return [
    `Last long run: ${status(multiProcessRun)} in ${multiProcessRun.seconds} s.`,
    ...(outcome ? ["", outcome] : []),
    "",
    "Reproduce: `MULTI_PROCESS_LONG=1 npm test -- multi-process`",
  ].join("\n");
}

function fill(text, name, body) {
  const pattern = new RegExp(`(<!-- long-run:${name} -->\\n)[\\s\\S]*?(\\n<!-- /long-run:${name} -->)`);
  if (!pattern.test(text)) throw new Error(`docs/reliability.md has no block <!-- long-run:${name} -->`);
  return text.replace(pattern, (_, open, close) => `${open}${body}${close}`);
}

const partial = selected.length < SUITES.length;
const blocks = {
  model: modelBlock,
  fuzz: fuzzBlock,
  "rest-fuzz": restFuzzBlock,
  faults: faultBlock,
  "multi-process": multiProcessBlock,
};
let text = readFileSync(doc, "utf8");
if (!partial) text = fill(text, "machine", machine);
for (const name of selected)
  text = fill(
    text,
    name,
    partial
      ? `${blocks[name]()}\n\nMachine of this run (LONG_SUITES=${selected.join(",")}): ${machine}`
      : blocks[name](),
  );
writeFileSync(doc, text);
console.log(
  `\n== test:long: figures written to docs/reliability.md (${selected.map((name) => `${name} ${status({ model: modelRun, fuzz: fuzzRun, "rest-fuzz": restFuzzRun, faults: faultRun, "multi-process": multiProcessRun }[name])}`).join(", ")})`,
);
process.exit(modelRun.code || fuzzRun.code || restFuzzRun.code || faultRun.code || multiProcessRun.code);
