/**
 * What one `npm run bench` measures, from the command line (case names) and BENCH_*
 * variables. Defaults are the documented full run; the variables make development runs short.
 */
export const CASE_NAMES = [
  "balance",
  "charge",
  "list",
  "graphql",
  "create-charge",
  "create-due-date-charge",
  "withdrawal",
  "refund",
  "history",
  "lists",
  "payer-page",
  "webhooks",
] as const;
export type CaseName = (typeof CASE_NAMES)[number];

export interface BenchOptions {
  cases: CaseName[];
  durationS: number;
  warmupS: number;
  connections: number;
  /** Measured runs per server and case, alternated A B A B. */
  rounds: number;
  /** Paid charges of the small and the large account of the history case. */
  smallSeedCharges: number;
  largeSeedCharges: number;
  /** Events of the webhook delivery case. */
  webhookEvents: number;
  /** Pool size of both servers, so neither gets more database connections. */
  dbPoolSize: number;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  showStatements: boolean;
}

export const USAGE = `Usage: npm run bench [-- [--quick] ${CASE_NAMES.join(" ")}]
  No case name: every case. --quick (or BENCH_QUICK=1): 3 s runs, 1 s warm-up, one round,
  10^5 seeded charges. Variables: BENCH_DURATION_S or BENCH_DURATION (8), BENCH_WARMUP_S (3),
  BENCH_CONNECTIONS (50), BENCH_ROUNDS (2), BENCH_SEED_CHARGES (1000000),
  BENCH_SMALL_SEED_CHARGES (1000), BENCH_WEBHOOK_EVENTS (10000), BENCH_DB_POOL_SIZE (20), BENCH_EMBEDDED_PG_PORT (54349), BENCH_CPU_PROF (a directory for CPU profiles), BENCH_NODE_FLAGS (more node flags for the servers, e.g. "--trace-gc --trace-gc-nvp"), BENCH_SERVICE_NODE_FLAGS (node flags for this build's service only, not the baseline: a flag tried against BENCH_BASELINE in the same run), BENCH_LOGS (a directory to keep their logs in),
  DATABASE_URL (a server to create the bench database on; unset: embedded PostgreSQL).`;

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, not "${raw}"`);
  return value;
}

function casesFrom(args: string[]): CaseName[] {
  args = args.filter((arg) => arg !== "--quick");
  const unknown = args.filter((arg) => !(CASE_NAMES as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`unknown case ${unknown.join(", ")}`);
  // Always in the documented order, whatever order they were named in.
  return args.length === 0 ? [...CASE_NAMES] : CASE_NAMES.filter((name) => args.includes(name));
}

export function readOptions(args: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const quick = args.includes("--quick") || env.BENCH_QUICK === "1";
  const duration = integerFrom(env, "BENCH_DURATION", quick ? 3 : 8, 1);
  return {
    cases: casesFrom(args),
    durationS: integerFrom(env, "BENCH_DURATION_S", duration, 1),
    warmupS: integerFrom(env, "BENCH_WARMUP_S", quick ? 1 : 3, 0),
    connections: integerFrom(env, "BENCH_CONNECTIONS", 50, 1),
    rounds: integerFrom(env, "BENCH_ROUNDS", quick ? 1 : 2, 1),
    smallSeedCharges: integerFrom(env, "BENCH_SMALL_SEED_CHARGES", 1000, 1),
    largeSeedCharges: integerFrom(env, "BENCH_SEED_CHARGES", quick ? 100_000 : 1_000_000, 1),
    webhookEvents: integerFrom(env, "BENCH_WEBHOOK_EVENTS", 10_000, 1),
    dbPoolSize: integerFrom(env, "BENCH_DB_POOL_SIZE", 20, 1),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: integerFrom(env, "BENCH_EMBEDDED_PG_PORT", 54349, 1),
    showStatements: env.BENCH_STATEMENTS === "1",
  };
}
