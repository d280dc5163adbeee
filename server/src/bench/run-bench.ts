import "reflect-metadata";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import pg from "pg";
import { type BenchDatabase, createBenchDatabase } from "./bench-database";
import { ApiClient, createFixtures, type Merchant } from "./bench-fixtures";
import { type BenchOptions, readOptions, USAGE } from "./bench-options";
import { type BenchCase, historyCase, measureCase, serviceCases } from "./cases";
import { type ChildServer, freePort, killAllChildServers, startChildServer } from "./child-server";
import { seedPaidCharges, vacuumAfterSeed } from "./history-seed";
import { type CaseReport, failedShare, MAX_FAILED_SHARE, printSummary } from "./report";
import { clearStatus, count, log } from "./terminal";
import { measureWebhookDelivery } from "./webhook-delivery-bench";

/**
 * `npm run bench`: the real service against a minimal server doing the same SQL, and the
 * balance read of a short history against a long one. A measurement, not a test: it
 * exits 0 whatever the ratios, and non-zero only when something broke.
 */
const OPERATOR_TOKEN = "bench-operator-token-0123456789";
const WEBHOOK_TARGET_PER_WORKER = 1000;
const PROVIDER_SECRET = "bench-provider-secret-0123456789";

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
  "CHARGE_EXPIRY_SWEEP_MS",
  "DB_POOL_SIZE",
  "WORKER_CONCURRENCY",
  "WORKER_HEARTBEAT_MS",
  "GRAPHQL_INTROSPECTION",
  "LOG_LEVEL",
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
  return { ...env, NODE_ENV: "production", ...settings };
}

async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  log(`${what} ...`);
  const result = await step();
  log(`  done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return result;
}

async function startServer(name: string, script: string, options: BenchOptions, db: BenchDatabase, extra = {}) {
  const port = await freePort();
  const server = await timed(`Starting the ${name} on port ${port}`, () =>
    startChildServer({
      name,
      script: resolve(__dirname, script),
      port,
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
  small: { merchant: Merchant; charges: number };
  large: { merchant: Merchant; charges: number };
}

async function seedHistory(api: ApiClient, db: BenchDatabase, options: BenchOptions): Promise<History> {
  const small = { merchant: await api.createMerchant("Bench Historia Curta"), charges: options.smallSeedCharges };
  const large = { merchant: await api.createMerchant("Bench Historia Longa"), charges: options.largeSeedCharges };
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
  } finally {
    await pool.end();
  }
  for (const account of [small, large]) {
    const audit = await api.auditBalance(account.merchant.companyId);
    if (!audit.consistent) throw new Error(`balanceAudit disagrees after seeding: ${JSON.stringify(audit)}`);
    log(`  balanceAudit: consistent, ${count(audit.ledgerEntries)} ledger entries, balance ${audit.runningBalance}`);
  }
  return { small, large };
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

/** Warnings do not fail the run, but they are shown: they may explain a figure. */
function reportWarnings(): void {
  for (const server of servers) {
    const warnings = server.stderrLines().filter((line) => !isErrorLine(line));
    if (warnings.length > 0)
      log(`The ${server.name} wrote ${warnings.length} warning lines, the last: ${warnings.at(-1)}`);
  }
}

/** What makes the run fail: requests that failed beyond a tiny share, or servers that logged errors. */
function problemsOf(reports: CaseReport[]): string[] {
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
  for (const server of servers) {
    const errors = server.stderrLines().filter(isErrorLine);
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

  const real = await startServer("real service", "../main.js", options, db, {
    RUN_WORKER: "false",
    RATE_LIMIT_RPS: "0",
    LOG_LEVEL: "warn",
    PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET,
  });
  const api = new ApiClient(real.baseUrl, OPERATOR_TOKEN);
  const fixtures = await timed("Creating the bench account (funded 99,999,999.99) and a paid charge", () =>
    createFixtures(api),
  );
  const history = options.cases.includes("history") ? await seedHistory(api, db, options) : null;

  const cases: BenchCase[] = [];
  if (options.cases.some((name) => name === "balance" || name === "charge" || name === "withdrawal")) {
    const minimal = await startServer("minimal server", "./minimal-server.js", options, db);
    cases.push(...serviceCases(fixtures, real, minimal).filter((c) => options.cases.includes(c.name)));
  }
  if (history) cases.push(historyCase(real, history.small, history.large));

  log();
  const reports: CaseReport[] = [];
  for (const benchCase of cases) reports.push(await measureCase(benchCase, options, checkHealth));
  if (reports.length > 0) {
    printSummary(
      reports,
      `Results: mean of ${options.rounds} rounds of ${options.durationS} s, ${options.connections} connections`,
    );
  }
  if (options.cases.includes("webhooks")) await measureWebhooks(db, options);

  reportWarnings();
  const problems = problemsOf(reports);
  for (const problem of problems) log(`BROKEN: ${problem}`);
  return problems.length > 0 ? 1 : 0;
}

/** Webhook delivery: events/s with one worker process, then with two, against a target per worker. */
async function measureWebhooks(db: BenchDatabase, options: BenchOptions): Promise<void> {
  log(`Webhook delivery: ${count(options.webhookEvents)} events to a receiver on 127.0.0.1, per run`);
  const env = childEnv({ ADMIN_API_TOKEN: OPERATOR_TOKEN, PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  for (const workers of [1, 2]) {
    const result = await measureWebhookDelivery({ databaseUrl: db.url, events: options.webhookEvents, workers, env });
    const verdict = result.perWorker >= WEBHOOK_TARGET_PER_WORKER ? "PASS" : "FAIL";
    log(
      `  per worker ${count(result.perWorker)} events/s  target >= ${count(WEBHOOK_TARGET_PER_WORKER)}  ${verdict}` +
        (result.duplicates > 0 ? `  (${result.duplicates} sent twice)` : ""),
    );
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
