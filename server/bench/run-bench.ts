import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { type BenchDatabase, createBenchDatabase } from "./bench-database";
import { ApiClient, createFixtures } from "./bench-fixtures";
import { type BenchOptions, readOptions, USAGE } from "./bench-options";
import { CHARGE_COUNTS_SQL, CHARGE_CURSOR_PAGE_SQL, CHARGE_PAGE_SQL, chargeCursor } from "./bench-sql";
import { type BenchCase, type HistoryAccount, historyCases, measureCase, serviceCases } from "./cases";
import { type ChildServer, freePort, killAllChildServers, startChildServer } from "./child-server";
import { seedPaidCharges, vacuumAfterSeed } from "./history-seed";
import type { LoadTarget } from "./load";
import { type CaseReport, failedShare, MAX_FAILED_SHARE, printSummary } from "./report";
import { openStatementCounter } from "./statements";
import { clearStatus, count, log } from "./terminal";
import { measureWebhookDelivery } from "./webhook-delivery-bench";

/**
 * `npm run bench`: the real service against a minimal server doing the same SQL, and the
 * balance read of a short history against a long one. A measurement, not a test: it
 * exits 0 whatever the ratios, and non-zero only when something broke.
 */
const OPERATOR_TOKEN = "bench-operator-token-0123456789";
/** A worker process's delivery capacity (the ">= 5,000 events/s per worker"), judged on the one-worker run. */
const WEBHOOK_TARGET_ONE_WORKER = 5000;
const PROVIDER_SECRET = "bench-provider-secret-0123456789";
/** Every process of a run shares the bench database, so they share its secrets key. */
const SECRETS_KEY = randomBytes(32).toString("base64");

/** Every variable of core/config.ts: a developer's shell must not change what is measured. */
const SERVICE_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "DATABASE_URL",
  "DATA_DIR",
  "EMBEDDED_PG_PORT",
  "ADMIN_API_TOKEN",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "PIX_PROVIDER",
  "SANDBOX_SETTLE_MS",
  "PROVIDER_WEBHOOK_SECRET",
  "WEBHOOK_TIMEOUT_MS",
  "WEBHOOK_RETRY_SCHEDULE",
  "WEBHOOK_ALLOW_PRIVATE",
  "DEFAULT_FEE_PERCENT",
  "DEFAULT_FEE_FIXED",
  "PUBLIC_BASE_URL",
  "RATE_LIMIT_RPS",
  "RUN_WORKER",
  "WORKER_CONCURRENCY",
  "WEBHOOK_CONCURRENCY",
  "WORKER_HEARTBEAT_MS",
  "CHARGE_EXPIRY_SWEEP_MS",
  "DB_POOL_SIZE",
  "STATEMENT_TIMEOUT_MS",
  "GRAPHQL_INTROSPECTION",
  "LOG_LEVEL",
  "CONSOLE",
  "SESSION_IDLE_MINUTES",
  "SESSION_MAX_HOURS",
  "SIGN_IN_PER_ADDRESS_PER_MINUTE",
  "APPROVAL_SECOND_OPERATOR_ABOVE",
  "APPROVAL_SECOND_OPERATOR_WINDOW_H",
  "REQUIRE_OPERATOR_2FA",
  "SECRETS_KEY",
  "TRUST_PROXY",
  "REDIS_URL",
];

const cleanups: Array<() => Promise<void>> = [];
const servers: ChildServer[] = [];

/** Undoes the setup in reverse order; a failing step does not stop the others. */
async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    await step().catch(() => undefined);
  }
}

function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of SERVICE_VARIABLES) delete env[name];
  return { ...env, NODE_ENV: "production", SECRETS_KEY, ...settings };
}

async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  log(`${what} ...`);
  const result = await step();
  log(`  done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return result;
}

/** This build's service, as `npm start` runs it (relative to dist-bench/bench). */
const SERVICE_SCRIPT = "../../dist/main.js";

async function startServer(
  name: string,
  script: string,
  options: BenchOptions,
  db: BenchDatabase,
  extra: Record<string, string> = {},
  stdoutFile?: string,
) {
  const port = await freePort();
  const server = await timed(`Starting the ${name} on port ${port}`, () =>
    startChildServer({
      name,
      script: resolve(__dirname, script),
      port,
      stdoutFile,
      // BENCH_SERVICE_NODE_FLAGS: a node flag tried on this build's service only, so that the
      // same run's baseline (BENCH_BASELINE) shows what the flag changes.
      nodeFlags:
        script === SERVICE_SCRIPT ? (process.env.BENCH_SERVICE_NODE_FLAGS?.split(" ").filter(Boolean) ?? []) : [],
      env: childEnv({
        DATABASE_URL: db.url,
        PORT: String(port),
        DB_POOL_SIZE: String(options.dbPoolSize),
        ADMIN_API_TOKEN: OPERATOR_TOKEN,
        ...extra,
      }),
    }),
  );
  servers.push(server);
  cleanups.push(() => server.stop());
  return server;
}

function checkHealth(): void {
  const dead = servers.find((server) => server.exited());
  if (dead) throw new Error(`the ${dead.name} exited during the run:\n  ${dead.stderrLines().slice(-20).join("\n  ")}`);
}

interface History {
  small: HistoryAccount;
  large: HistoryAccount;
}

/** The cursor of the charge half way down an account's history (one deep OFFSET, once, at setup). */
async function middleCharge(
  pool: pg.Pool,
  companyId: string,
  charges: number,
): Promise<{ middleCursor: string; middleToken: string }> {
  const { rows } = await pool.query<{ created_at: string; id: string; payment_token: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id, payment_token
       FROM charges WHERE company_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [companyId, Math.floor(charges / 2)],
  );
  return { middleCursor: chargeCursor(rows[0].created_at, rows[0].id), middleToken: rows[0].payment_token };
}

async function seedHistory(api: ApiClient, db: BenchDatabase, options: BenchOptions): Promise<History> {
  const small = { merchant: await api.createMerchant("Bench Historia Curta"), charges: options.smallSeedCharges };
  const large = { merchant: await api.createMerchant("Bench Historia Longa"), charges: options.largeSeedCharges };
  let middles: Array<{ middleCursor: string; middleToken: string }>;
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    log(`Seeding the history accounts (paid charges, one ledger entry each) ...`);
    await seedPaidCharges(pool, {
      companyId: small.merchant.companyId,
      label: "short",
      firstSeq: 1,
      rows: small.charges,
    });
    await seedPaidCharges(pool, {
      companyId: large.merchant.companyId,
      label: "long ",
      firstSeq: small.charges + 1,
      rows: large.charges,
    });
    await timed("VACUUM ANALYZE after the seed", () => vacuumAfterSeed(pool));
    middles = [
      await middleCharge(pool, small.merchant.companyId, small.charges),
      await middleCharge(pool, large.merchant.companyId, large.charges),
    ];
  } finally {
    await pool.end();
  }
  for (const account of [small, large]) {
    const audit = await api.auditBalance(account.merchant.companyId);
    if (!audit.consistent) throw new Error(`balanceAudit disagrees after seeding: ${JSON.stringify(audit)}`);
    log(`  balanceAudit: consistent, ${count(audit.ledgerEntries)} ledger entries, balance ${audit.runningBalance}`);
  }
  return { small: { ...small, ...middles[0] }, large: { ...large, ...middles[1] } };
}

async function describeMachine(db: BenchDatabase): Promise<string> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const version = await client.query<{ server_version: string }>("SHOW server_version").finally(() => client.end());
  const cpu = cpus();
  return (
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown"}), load average ${loadavg()[0].toFixed(2)}, ` +
    `Node ${process.version}, PostgreSQL ${version.rows[0].server_version}` +
    `${db.embedded ? " (embedded)" : " (DATABASE_URL)"}`
  );
}

/** An error record of the service's JSON log, or the minimal server's report of a failed request. */
function isErrorLine(line: string): boolean {
  return line.includes('"level":"error"') || line.startsWith("minimal server:");
}

/** A warning of the service's JSON log, or anything on stderr that is not an error. */
function isWarningLine(line: string, stream: "stdout" | "stderr"): boolean {
  return !isErrorLine(line) && (stream === "stderr" || line.includes('"level":"warn"'));
}

/** What each server wrote besides its access lines, by stream. */
async function serverOutputs(): Promise<Array<{ server: ChildServer; stdout: string[]; stderr: string[] }>> {
  return Promise.all(
    servers.map(async (server) => ({
      server,
      stdout: (await server.stdoutSummary()).otherLines,
      stderr: server.stderrLines(),
    })),
  );
}

/** Warnings do not fail the run, but they are shown: they may explain a figure. */
async function reportWarnings(): Promise<void> {
  for (const { server, stdout, stderr } of await serverOutputs()) {
    const warnings = [
      ...stdout.filter((line) => isWarningLine(line, "stdout")),
      ...stderr.filter((line) => isWarningLine(line, "stderr")),
    ];
    if (warnings.length > 0)
      log(`The ${server.name} wrote ${warnings.length} warning lines, the last: ${warnings.at(-1)}`);
  }
}

/** What makes the run fail: requests that failed beyond a tiny share, or servers that logged errors. */
async function problemsOf(reports: CaseReport[]): Promise<string[]> {
  const problems: string[] = [];
  for (const report of reports) {
    const failing = report.allRuns.filter((run) => failedShare(run) > MAX_FAILED_SHARE);
    for (const run of failing) {
      problems.push(
        `${report.title}: ${count(run.non2xx)} non-2xx and ${count(run.errors)} errors in ${count(run.requests)} ` +
          `requests (status codes ${JSON.stringify(run.statusCodes)})`,
      );
    }
  }
  for (const { server, stdout, stderr } of await serverOutputs()) {
    const errors = [...stdout, ...stderr].filter(isErrorLine);
    if (errors.length > 0) {
      problems.push(`the ${server.name} logged ${errors.length} errors, the last:\n  ${errors.slice(-5).join("\n  ")}`);
    }
  }
  return problems;
}

async function run(options: BenchOptions): Promise<number> {
  log(
    `PIX service benchmark: ${options.cases.join(", ")}; ${options.connections} connections, ` +
      `${options.durationS} s per run, ${options.rounds} rounds A B A B, ${options.warmupS} s warm-up`,
  );
  const db = await timed(
    options.databaseUrl
      ? "Creating and migrating a bench database on DATABASE_URL's server"
      : `Starting embedded PostgreSQL (.data/bench, port ${options.embeddedPgPort}), creating and migrating a bench database`,
    () => createBenchDatabase(options),
  );
  cleanups.push(() => timed(`Dropping ${db.name}${db.embedded ? " and stopping embedded PostgreSQL" : ""}`, db.close));
  log(await describeMachine(db));

  // Webhook delivery alone needs no HTTP server: its workers and receiver are its own.
  const httpCases = options.cases.filter((name) => name !== "webhooks");
  const problems = httpCases.length > 0 ? await measureHttpCases(db, options) : [];
  if (options.cases.includes("webhooks")) {
    // Only the measured workers may deliver: the service's own in-process worker would claim
    // the events too (and refuse the receiver's private address).
    for (const server of servers) await server.stop();
    await measureWebhooks(db, options);
  }
  for (const problem of problems) log(`BROKEN: ${problem}`);
  return problems.length > 0 ? 1 : 0;
}

/**
 * BENCH_SERVICE_ENV="CONSOLE=off RUN_WORKER=false": settings of the service only, to see what
 * a part of the process costs (not how users start it: the figures are then not the target's).
 */
function serviceSettings(text: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (text ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

/** A rate limit no load generator reaches: the limiter does all its work, and never refuses. */
const UNREACHED_RATE_LIMIT = "1000000";

/** The HTTP cases: the service (limiter on and off) and the minimal server, measured in turn. */
async function measureHttpCases(db: BenchDatabase, options: BenchOptions): Promise<string[]> {
  // As `npm start` runs it: the worker in the same process, the console on, the default log
  // level (an access line per request, to a file as a deployment's log would go). Once with
  // the rate limiter on (a limit no client reaches: the limiter does all its work) and once
  // off. balanceAudit of the seeded account reads 10^6 rows: on a busy machine longer than
  // the default 5 s statement timeout; no measured request comes near either bound.
  // BENCH_LOGS=<dir>: the servers' logs are kept there (else in a temporary folder, removed at the end).
  const kept = process.env.BENCH_LOGS;
  if (kept) mkdirSync(kept, { recursive: true });
  const logs = kept ?? mkdtempSync(join(tmpdir(), "pix-bench-logs-"));
  if (!kept) cleanups.push(async () => rmSync(logs, { recursive: true, force: true }));
  const service = (rps: string) => ({
    RATE_LIMIT_RPS: rps,
    STATEMENT_TIMEOUT_MS: "60000",
    PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET,
    ...serviceSettings(process.env.BENCH_SERVICE_ENV),
  });
  const limited = await startServer(
    "service (limiter on)",
    SERVICE_SCRIPT,
    options,
    db,
    service(UNREACHED_RATE_LIMIT),
    join(logs, "limiter-on.log"),
  );
  const api = new ApiClient(limited.baseUrl, OPERATOR_TOKEN);
  const fixtures = await timed("Creating the bench account (funded 99,999,999.99) and a paid charge", () =>
    createFixtures(api),
  );
  const history = options.cases.some((name) => name === "history" || name === "lists" || name === "payer-page")
    ? await seedHistory(api, db, options)
    : null;

  const cases: BenchCase[] = [];
  const wanted = (benchCase: BenchCase) => options.cases.includes(benchCase.name);
  let unlimited: LoadTarget | null = null;
  const startUnlimited = () =>
    startServer("service (limiter off)", SERVICE_SCRIPT, options, db, service("0"), join(logs, "limiter-off.log"));
  if (serviceCases(fixtures, { limited, unlimited: limited, minimal: limited }).some(wanted)) {
    unlimited = await startUnlimited();
    const minimal = await startServer(
      "minimal server",
      "./minimal-server.js",
      options,
      db,
      {},
      kept ? join(logs, "minimal.log") : undefined,
    );
    // An earlier build (its dist folder, e.g. main's, built with --outDir): the same run's
    // noise falls on both builds, so their ratio says what a change won on a shared machine.
    const baseline = process.env.BENCH_BASELINE
      ? await startServer(
          "baseline build (limiter on)",
          resolve(process.env.BENCH_BASELINE, "main.js"),
          options,
          db,
          service(UNREACHED_RATE_LIMIT),
          join(logs, "baseline.log"),
        )
      : undefined;
    cases.push(...serviceCases(fixtures, { limited, unlimited, minimal, baseline }).filter(wanted));
  }
  if (history) {
    // The payer's page's read is limited per address whatever RATE_LIMIT_RPS is, unless it is 0.
    const payers = options.cases.includes("payer-page") ? (unlimited ?? (await startUnlimited())) : limited;
    cases.push(...historyCases(limited, history.small, history.large, payers).filter(wanted));
  }

  const statements = await openStatementCounter(db.url);
  if (statements) cleanups.push(() => statements.close());
  else log("pg_stat_statements is not loaded on this server: no statements per request (see docs/benchmarks.md)");
  await settleLoad();
  log(
    `Load average before the cases: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  log();
  const reports: CaseReport[] = [];
  for (const benchCase of cases) reports.push(await measureCase(benchCase, options, checkHealth, statements));
  log(
    `Load average after the cases: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (history && options.cases.includes("lists")) await explainLists(db, history.large);
  if (reports.length > 0) {
    printSummary(
      reports,
      `Results: mean of ${options.rounds} rounds of ${options.durationS} s, ${options.connections} connections`,
    );
  }
  await reportAccessLines(reports);
  await reportWarnings();
  return problemsOf(reports);
}

/** The services logged as users' do: one access line per request (counted in their log files). */
async function reportAccessLines(reports: CaseReport[]): Promise<void> {
  const sides = reports.flatMap((report) => report.sides);
  for (const [server, label] of [
    [servers.find((s) => s.name === "service (limiter on)"), "service, limiter on"],
    [servers.find((s) => s.name === "service (limiter off)"), "service, limiter off"],
  ] as const) {
    if (!server) continue;
    const { accessLines } = await server.stdoutSummary();
    const measured = sides
      .filter((side) => side.label === label)
      .flatMap((side) => side.runs)
      .reduce((sum, run) => sum + run.requests, 0);
    log(
      `The ${server.name} wrote ${count(accessLines)} access lines (${count(measured)} requests in the measured runs, warm-ups and setup besides)`,
    );
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the list statements the service sends, for the account of the long history. */
async function explainLists(db: BenchDatabase, account: HistoryAccount): Promise<void> {
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    const [created, id] = JSON.parse(Buffer.from(account.middleCursor, "base64url").toString("utf8")).slice(1);
    const statements: Array<[string, string, unknown[]]> = [
      ["first page (REST and GraphQL)", CHARGE_PAGE_SQL, [account.merchant.companyId, 21]],
      ["page after the middle cursor", CHARGE_CURSOR_PAGE_SQL, [account.merchant.companyId, created, id, 21]],
      ["exact total", CHARGE_COUNTS_SQL, [account.merchant.companyId]],
    ];
    log(`EXPLAIN of the list statements at ${count(account.charges)} charges:`);
    for (const [what, sql, params] of statements) {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
      log(`-- ${what}`);
      for (const row of rows) log(`   ${row["QUERY PLAN"]}`);
    }
    log();
  } finally {
    await pool.end();
  }
}

/**
 * Webhook delivery: events/s with one worker process, judged against the target, then
 * with two as scale-out information. Two workers on this machine's cores share them with
 * PostgreSQL and the receiver, so what each of them delivers says how full the machine
 * is, not what a worker can do.
 */
async function measureWebhooks(db: BenchDatabase, options: BenchOptions): Promise<void> {
  log(`Webhook delivery: ${count(options.webhookEvents)} events to a receiver on 127.0.0.1, per run`);
  const env = childEnv({ ADMIN_API_TOKEN: OPERATOR_TOKEN, PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  for (const workers of [1, 2]) {
    const before = loadavg()[0].toFixed(2);
    const result = await measureWebhookDelivery({ databaseUrl: db.url, events: options.webhookEvents, workers, env });
    log(`  load average ${before} before, ${loadavg()[0].toFixed(2)} after`);
    const duplicates = result.duplicates > 0 ? `  (${result.duplicates} sent twice)` : "";
    if (workers === 1) {
      const verdict = result.eventsPerSecond >= WEBHOOK_TARGET_ONE_WORKER ? "PASS" : "FAIL";
      log(
        `  one worker ${count(result.eventsPerSecond)} events/s  target >= ${count(WEBHOOK_TARGET_ONE_WORKER)}  ${verdict}${duplicates}`,
      );
    } else {
      log(
        `  ${workers} workers together ${count(result.eventsPerSecond)} events/s (scale-out, no target)${duplicates}`,
      );
      log(
        `  per worker ${count(result.perWorker)} events/s is bounded by this machine: ${cpus().length} cores shared with PostgreSQL and the receiver`,
      );
    }
  }
  log();
}

function onSignal(signal: NodeJS.Signals): void {
  clearStatus();
  log(`\n${signal}: stopping the servers and dropping the bench database`);
  void cleanUp().finally(() => process.exit(130));
}

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = readOptions(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.on("exit", killAllChildServers);
  let code = 1;
  try {
    code = await run(options);
  } catch (error) {
    clearStatus();
    log(`BROKEN: ${error instanceof Error ? error.message : String(error)}`);
  }
  await cleanUp();
  process.exit(code);
}

void main();

/**
 * BENCH_SETTLE_LOAD=1: wait (at most BENCH_SETTLE_MAX_S, default 300) until the one-minute load
 * average is under that figure before the cases, so that the servers' own start-up (the
 * console's build) is not counted as a busy host. Unset: no wait.
 */
async function settleLoad(): Promise<void> {
  const threshold = Number(process.env.BENCH_SETTLE_LOAD ?? "");
  if (!Number.isFinite(threshold) || threshold <= 0) return;
  const maxS = Number(process.env.BENCH_SETTLE_MAX_S ?? "300");
  const started = Date.now();
  while (loadavg()[0] >= threshold) {
    const waited = Math.round((Date.now() - started) / 1000);
    if (waited >= maxS) {
      log(
        `Load average still ${loadavg()[0].toFixed(2)} after ${waited} s: measuring anyway (this run does not count)`,
      );
      return;
    }
    log(`  waiting for the load average (${loadavg()[0].toFixed(2)}) to fall under ${threshold} ... ${waited} s`);
    await new Promise((done) => setTimeout(done, 10_000));
  }
}
