import type { Fixtures, Merchant } from "./bench-fixtures";
import type { CaseName } from "./bench-options";
import { type LoadResult, type LoadSpec, type LoadTarget, runLoad } from "./load";
import { averaged, type CaseReport, describeRun, type SideFigures, type Target } from "./report";
import { log } from "./terminal";

/**
 * A case loads two sides with the same kind of request, alternating A B A B so that
 * drift on a shared machine (other work, autovacuum, a growing table) falls on both.
 */
export interface Side {
  label: string;
  server: LoadTarget;
  spec: LoadSpec;
}

export interface BenchCase {
  name: CaseName;
  title: string;
  sides: [Side, Side];
  targets(a: ReturnType<typeof averaged>, b: ReturnType<typeof averaged>): Target[];
}

export interface LoadSettings {
  durationS: number;
  warmupS: number;
  connections: number;
  rounds: number;
}

/** The body the brief fixes for every withdrawal: R$ 1.00 to a valid CPF. */
export const WITHDRAWAL_BODY = { amount: 1, pix_key_type: "CPF", pix_key: "52998224725" };

const ratio = (numerator: number, denominator: number) =>
  denominator > 0 ? numerator / denominator : Number.POSITIVE_INFINITY;

/** Real against minimal: throughput at least half, p99 at most twice. */
function againstMinimal(real: ReturnType<typeof averaged>, minimal: ReturnType<typeof averaged>): Target[] {
  return [
    {
      name: "throughput real/minimal",
      ratio: ratio(real.requestsPerSecond, minimal.requestsPerSecond),
      kind: "min",
      limit: 0.5,
    },
    { name: "p99 real/minimal", ratio: ratio(real.p99Ms, minimal.p99Ms), kind: "max", limit: 2 },
  ];
}

export function serviceCases(fixtures: Fixtures, real: LoadTarget, minimal: LoadTarget): BenchCase[] {
  const token = fixtures.merchant.secret;
  const both = (spec: LoadSpec): [Side, Side] => [
    { label: "real service", server: real, spec },
    { label: "minimal server", server: minimal, spec },
  ];
  return [
    {
      name: "balance",
      title: "GET /charges/balance",
      sides: both({ method: "GET", path: "/charges/balance", token }),
      targets: againstMinimal,
    },
    {
      name: "charge",
      title: `GET /charges/:id (a PAID charge of the account)`,
      sides: both({ method: "GET", path: `/charges/${fixtures.chargeId}`, token }),
      targets: againstMinimal,
    },
    {
      name: "withdrawal",
      title: "POST /withdrawals (new Idempotency-Key each, R$ 1.00 to a CPF)",
      sides: both({ method: "POST", path: "/withdrawals", token, body: WITHDRAWAL_BODY, freshIdempotencyKey: true }),
      targets: againstMinimal,
    },
  ];
}

/** The balance of a short history against a long one, both on the real service. */
export function historyCase(
  real: LoadTarget,
  small: { merchant: Merchant; charges: number },
  large: { merchant: Merchant; charges: number },
): BenchCase {
  const side = (label: string, merchant: Merchant): Side => ({
    label,
    server: real,
    spec: { method: "GET", path: "/charges/balance", token: merchant.secret },
  });
  const smallLabel = `${small.charges.toLocaleString("en-US")} paid charges`;
  const largeLabel = `${large.charges.toLocaleString("en-US")} paid charges`;
  return {
    name: "history",
    title: "GET /charges/balance on the real service: short history against long history",
    sides: [side(smallLabel, small.merchant), side(largeLabel, large.merchant)],
    targets: (short, long) => [
      {
        name: "throughput short/long",
        ratio: ratio(short.requestsPerSecond, long.requestsPerSecond),
        kind: "max",
        limit: 1.2,
      },
      { name: "p99 long/short", ratio: ratio(long.p99Ms, short.p99Ms), kind: "max", limit: 1.2 },
    ],
  };
}

/** Warm-up of each side (not counted), then the measured rounds A B A B. */
export async function measureCase(
  benchCase: BenchCase,
  settings: LoadSettings,
  checkHealth: () => void,
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
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const [index, side] of benchCase.sides.entries()) {
      const label = `round ${round}  ${side.label}`;
      const run = await load(side, settings.durationS, label);
      runs[index].push(run);
      allRuns.push(run);
      log(describeRun(label, run));
      checkHealth();
    }
  }
  const sides: [SideFigures, SideFigures] = [
    { label: benchCase.sides[0].label, runs: runs[0] },
    { label: benchCase.sides[1].label, runs: runs[1] },
  ];
  log();
  return {
    title: benchCase.title,
    sides,
    targets: benchCase.targets(averaged(sides[0]), averaged(sides[1])),
    allRuns,
  };
}
