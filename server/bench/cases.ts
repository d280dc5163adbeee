import type { Fixtures, Merchant } from "./bench-fixtures";
import type { CaseName } from "./bench-options";
import { GRAPHQL_BALANCE_QUERY, GRAPHQL_CHARGE_PAGE_QUERY, GRAPHQL_PAYER_PAGE_QUERY } from "./bench-sql";
import { type LoadResult, type LoadSpec, type LoadTarget, runLoad } from "./load";
import { averaged, type CaseReport, describeRun, type SideFigures, type Target } from "./report";
import type { StatementCounter } from "./statements";
import { log } from "./terminal";

/**
 * A case loads its sides (two or three servers, or two accounts) with the same kind of
 * request, in turn, the order reversed every round (A B C, then C B A) so that drift on a
 * shared machine (other work, autovacuum, a growing table) falls on every side alike.
 */
export interface Side {
  label: string;
  server: LoadTarget;
  spec: LoadSpec;
}

export interface BenchCase {
  name: CaseName;
  title: string;
  sides: Side[];
  targets(figures: Figures[]): Target[];
}

export interface LoadSettings {
  durationS: number;
  warmupS: number;
  connections: number;
  rounds: number;
  /** Prints the most frequent statements of each measured run of the real service. */
  showStatements: boolean;
}

/** The body the brief fixes for every withdrawal: R$ 1.00 to a valid CPF. */
export const WITHDRAWAL_BODY = { amount: 1, pix_key_type: "CPF", pix_key: "52998224725" };
export const CHARGE_BODY = { amount: 10.5, description: "bench" };
/** The São Paulo day `days` from today, YYYY-MM-DD: the due-date case's due date. */
function saoPauloDayAhead(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** CONTRACT §11: R$ 150.00 due in 10 days, 2 % fine, 1 % a month interest, 0.10 % a day off for paying early. */
export const DUE_DATE_CHARGE_BODY = {
  amount: 150,
  description: "bench mensalidade",
  due_date: saoPauloDayAhead(10),
  payer: { name: "Maria da Silva", cpf: "52998224725" },
  fine: { mode: "PERCENT", value: 2 },
  interest: { mode: "PERCENT_PER_MONTH", value: 1 },
  discount: { mode: "PERCENT_PER_DAY_EARLY", value: 0.1 },
};
/** A centavo of the refund case's charge, each time with a new Idempotency-Key. */
export const REFUND_BODY = { amount: 0.01, reason: "bench" };

const ratio = (numerator: number, denominator: number) =>
  denominator > 0 ? numerator / denominator : Number.POSITIVE_INFINITY;

type Figures = ReturnType<typeof averaged>;

/** The limiter on costs at most a tenth of a read's throughput. */
const LIMITER_COST_LIMIT = 0.9;

/**
 * Reads: the service as it ships (limiter on) at least 0.8 of the yardstick's req/s with p99
 * at most 1.5 times; the same ratio without the limiter, for information; and the
 * limiter's own cost.
 */
function readTargets([limited, unlimited, minimal, baseline]: Figures[]): Target[] {
  return [
    ...baselineTargets(limited, baseline),
    {
      name: "req/s limiter on / minimal",
      ratio: ratio(limited.requestsPerSecond, minimal.requestsPerSecond),
      kind: "min",
      limit: 0.8,
    },
    { name: "p99 limiter on / minimal", ratio: ratio(limited.p99Ms, minimal.p99Ms), kind: "max", limit: 1.5 },
    {
      name: "req/s limiter off / minimal",
      ratio: ratio(unlimited.requestsPerSecond, minimal.requestsPerSecond),
      kind: "info",
      limit: 0.8,
    },
    { name: "p99 limiter off / minimal", ratio: ratio(unlimited.p99Ms, minimal.p99Ms), kind: "info", limit: 1.5 },
    {
      name: "req/s limiter on / off",
      ratio: ratio(limited.requestsPerSecond, unlimited.requestsPerSecond),
      kind: "min",
      limit: LIMITER_COST_LIMIT,
    },
  ];
}

/** This build against BENCH_BASELINE's, both limiter on: information (noise on a shared machine falls on both). */
function baselineTargets(limited: Figures, baseline: Figures | undefined): Target[] {
  if (!baseline) return [];
  return [
    {
      name: "req/s limiter on / baseline build",
      ratio: ratio(limited.requestsPerSecond, baseline.requestsPerSecond),
      kind: "info",
      limit: 1,
    },
    {
      name: "CPU per request limiter on / baseline build",
      ratio: ratio(limited.cpuMsPerRequest ?? 0, baseline.cpuMsPerRequest ?? 0),
      kind: "info",
      limit: 1,
    },
  ];
}

/** Writes against the minimal server sending the same statements: throughput at least half. */
function writeTargets([limited, unlimited, minimal, baseline]: Figures[]): Target[] {
  return [
    ...baselineTargets(limited, baseline),
    {
      name: "req/s limiter on / minimal",
      ratio: ratio(limited.requestsPerSecond, minimal.requestsPerSecond),
      kind: "min",
      limit: 0.5,
    },
    {
      name: "req/s limiter off / minimal",
      ratio: ratio(unlimited.requestsPerSecond, minimal.requestsPerSecond),
      kind: "info",
      limit: 0.5,
    },
  ];
}

/** The three servers of the service cases. */
export interface ServiceSides {
  /** The service as `npm start` runs it: rate limiter on (a limit no client reaches), default logs. */
  limited: LoadTarget;
  /** The same with RATE_LIMIT_RPS=0. */
  unlimited: LoadTarget;
  minimal: LoadTarget;
  /** BENCH_BASELINE: an earlier build of the service (limiter on), loaded in the same run, for comparison only. */
  baseline?: LoadTarget;
}

export function serviceCases(fixtures: Fixtures, servers: ServiceSides): BenchCase[] {
  const token = fixtures.merchant.secret;
  const all = (spec: LoadSpec): Side[] => [
    { label: "service, limiter on", server: servers.limited, spec },
    { label: "service, limiter off", server: servers.unlimited, spec },
    { label: "minimal server", server: servers.minimal, spec },
    ...(servers.baseline ? [{ label: "baseline build, limiter on", server: servers.baseline, spec }] : []),
  ];
  return [
    {
      name: "balance",
      title: "GET /charges/balance",
      sides: all({ method: "GET", path: "/charges/balance", token }),
      targets: readTargets,
    },
    {
      name: "charge",
      title: "GET /charges/:id (a PAID charge of the account)",
      sides: all({ method: "GET", path: `/charges/${fixtures.chargeId}`, token }),
      targets: readTargets,
    },
    {
      name: "list",
      title: "GET /charges?limit=20 (first page and exact total)",
      sides: all({ method: "GET", path: "/charges?limit=20", token }),
      targets: readTargets,
    },
    {
      name: "graphql",
      title: "POST /graphql query Balance",
      sides: all({ method: "POST", path: "/graphql", token, body: { query: GRAPHQL_BALANCE_QUERY } }),
      targets: readTargets,
    },
    {
      name: "create-charge",
      title: "POST /charges (R$ 10.50)",
      sides: all({ method: "POST", path: "/charges", token, body: CHARGE_BODY }),
      targets: writeTargets,
    },
    {
      name: "create-due-date-charge",
      title: "POST /charges with due_date (R$ 150.00, fine, interest and a per-day discount)",
      sides: all({ method: "POST", path: "/charges", token, body: DUE_DATE_CHARGE_BODY }),
      targets: writeTargets,
    },
    {
      name: "withdrawal",
      title: "POST /withdrawals (new Idempotency-Key each, R$ 1.00 to a CPF)",
      sides: all({ method: "POST", path: "/withdrawals", token, body: WITHDRAWAL_BODY, freshIdempotencyKey: true }),
      targets: writeTargets,
    },
    {
      name: "refund",
      title: "POST /charges/:id/refunds (new Idempotency-Key each, R$ 0.01 of a paid charge)",
      sides: all({
        method: "POST",
        path: `/charges/${fixtures.refundChargeId}/refunds`,
        token,
        body: REFUND_BODY,
        freshIdempotencyKey: true,
      }),
      targets: writeTargets,
    },
  ];
}

export interface HistoryAccount {
  merchant: Merchant;
  charges: number;
  /** The cursor of the charge half way down the account's history. */
  middleCursor: string;
  /** The payment token (its payer's page, /pay/<token>) of that charge. */
  middleToken: string;
}

/** The payer's page on the longer history answers its first byte within this, at p99 (issue 35 asks p95). */
const PAYER_PAGE_P99_MS = 150;

/** Short history against long, on the real service: the long side within `limit` of the short one. */
function historyComparison(
  name: CaseName,
  title: string,
  real: LoadTarget,
  small: HistoryAccount,
  large: HistoryAccount,
  spec: (account: HistoryAccount) => LoadSpec,
  limit: number,
): BenchCase {
  const side = (account: HistoryAccount): Side => ({
    label: `${account.charges.toLocaleString("en-US")} charges`,
    server: real,
    spec: spec(account),
  });
  return {
    name,
    title,
    sides: [side(small), side(large)],
    targets: ([short, long]) => [
      {
        name: "throughput short/long",
        ratio: ratio(short.requestsPerSecond, long.requestsPerSecond),
        kind: "max",
        limit,
      },
      { name: "p99 long/short", ratio: ratio(long.p99Ms, short.p99Ms), kind: "max", limit },
    ],
  };
}

/**
 * `payers`: a server without the payers' pages' limits (RATE_LIMIT_RPS=0): with them on, an
 * address gets 120 lookups a minute, which one load client spends in a moment.
 */
export function historyCases(
  real: LoadTarget,
  small: HistoryAccount,
  large: HistoryAccount,
  payers: LoadTarget = real,
): BenchCase[] {
  const payerPage = historyComparison(
    "payer-page",
    "The payer's page's read (GraphQL payerPage(token), no credential): short history against long",
    payers,
    small,
    large,
    (account) => ({
      method: "POST",
      path: "/graphql",
      body: { query: GRAPHQL_PAYER_PAGE_QUERY, variables: { token: account.middleToken } },
    }),
    1.2,
  );
  const relative = payerPage.targets;
  payerPage.targets = (figures) => [
    ...relative(figures),
    {
      name: `p99 long / ${PAYER_PAGE_P99_MS} ms`,
      ratio: ratio(figures[1].p99Ms, PAYER_PAGE_P99_MS),
      kind: "max",
      limit: 1,
    },
  ];
  return [
    payerPage,
    historyComparison(
      "history",
      "GET /charges/balance: short history against long",
      real,
      small,
      large,
      (account) => ({ method: "GET", path: "/charges/balance", token: account.merchant.secret }),
      1.2,
    ),
    historyComparison(
      "lists",
      "GET /charges?limit=20: short history against long",
      real,
      small,
      large,
      (account) => ({ method: "GET", path: "/charges?limit=20", token: account.merchant.secret }),
      2,
    ),
    historyComparison(
      "lists",
      "GraphQL charges(first: 20, after: the middle of the history): short against long",
      real,
      small,
      large,
      (account) => ({
        method: "POST",
        path: "/graphql",
        token: account.merchant.secret,
        body: { query: GRAPHQL_CHARGE_PAGE_QUERY, variables: { after: account.middleCursor } },
      }),
      2,
    ),
  ];
}

/** Warm-up of each side (not counted), then the measured rounds, the order reversed every round. */
export async function measureCase(
  benchCase: BenchCase,
  settings: LoadSettings,
  checkHealth: () => void,
  statements: StatementCounter | null,
): Promise<CaseReport> {
  log(`${benchCase.title}`);
  const load = (side: Side, durationS: number, label: string) =>
    runLoad(side.server, side.spec, { connections: settings.connections, durationS, label });
  const allRuns: LoadResult[] = [];
  if (settings.warmupS > 0) {
    for (const side of benchCase.sides) {
      const run = await load(side, settings.warmupS, `warm-up  ${side.label}`);
      allRuns.push(run);
      log(describeRun(`warm-up  ${side.label}`, run));
      checkHealth();
    }
  }
  const runs: LoadResult[][] = benchCase.sides.map(() => []);
  for (let round = 1; round <= settings.rounds; round += 1) {
    const order = benchCase.sides.map((_, index) => index);
    if (round % 2 === 0) order.reverse();
    for (const index of order) {
      const side = benchCase.sides[index];
      const label = `round ${round}  ${side.label}`;
      await statements?.reset();
      const run = await load(side, settings.durationS, label);
      if (statements) {
        run.queriesPerRequest = (await statements.count()) / Math.max(1, run.requests);
        if (settings.showStatements && index === 0) {
          for (const top of await statements.top(8)) {
            log(
              `      ${(top.calls / Math.max(1, run.requests)).toFixed(2)}/req ${top.meanMs.toFixed(3)} ms  ${top.query.slice(0, 140)}`,
            );
          }
        }
      }
      runs[index].push(run);
      allRuns.push(run);
      log(describeRun(label, run));
      checkHealth();
    }
  }
  const sides: SideFigures[] = benchCase.sides.map((side, index) => ({ label: side.label, runs: runs[index] }));
  log();
  return {
    title: benchCase.title,
    sides,
    targets: benchCase.targets(sides.map(averaged)),
    allRuns,
  };
}
