import type { LoadResult } from "./load";
import { count, log } from "./terminal";

/**
 * Figures, ratios and verdicts. A case compares two sides (the real service against the
 * minimal server, or the small history against the large one); each side's figure is
 * the mean of its rounds.
 */
export interface SideFigures {
  label: string;
  runs: LoadResult[];
}

export interface Target {
  name: string;
  ratio: number;
  /** "min": the ratio must be at least the limit; "max": at most; "info": printed beside the limit, no verdict. */
  kind: "min" | "max" | "info";
  limit: number;
}

export interface CaseReport {
  title: string;
  sides: SideFigures[];
  targets: Target[];
  /** Every run of the case, warm-ups included: any of them may reveal a failure. */
  allRuns: LoadResult[];
}

/** At most this share of a run's requests may fail (non-2xx or socket errors) before the bench fails. */
export const MAX_FAILED_SHARE = 0.001;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export function averaged(side: SideFigures) {
  const cpu = side.runs.map((run) => run.serverCpuMsPerRequest);
  return {
    requestsPerSecond: mean(side.runs.map((run) => run.requestsPerSecond)),
    p50Ms: mean(side.runs.map((run) => run.p50Ms)),
    p99Ms: mean(side.runs.map((run) => run.p99Ms)),
    cpuMsPerRequest: cpu.every((value) => value !== null) ? mean(cpu as number[]) : null,
    queriesPerRequest: side.runs.every((run) => run.queriesPerRequest !== null)
      ? mean(side.runs.map((run) => run.queriesPerRequest as number))
      : null,
  };
}

export function met(target: Target): boolean {
  if (target.kind === "info") return true;
  return target.kind === "min" ? target.ratio >= target.limit : target.ratio <= target.limit;
}

export function failedShare(run: LoadResult): number {
  return (run.non2xx + run.errors) / Math.max(1, run.requests + run.errors);
}

export function describeRun(label: string, run: LoadResult): string {
  const failed = run.non2xx + run.errors;
  const failures = failed > 0 ? `  FAILED ${count(failed)} (status ${JSON.stringify(run.statusCodes)})` : "";
  const cpu = run.serverCpuMsPerRequest === null ? "" : `  cpu ${run.serverCpuMsPerRequest.toFixed(3)} ms/req`;
  const queries = run.queriesPerRequest === null ? "" : `  ${run.queriesPerRequest.toFixed(2)} q/req`;
  return (
    `  ${label.padEnd(34)} ${run.requestsPerSecond.toFixed(1).padStart(9)} req/s` +
    `  p50 ${String(run.p50Ms).padStart(4)} ms  p99 ${String(run.p99Ms).padStart(4)} ms` +
    `  ${count(run.requests).padStart(9)} requests${cpu}${queries}${failures}`
  );
}

function number(value: number, digits: number): string {
  return value.toFixed(digits);
}

function printCase(report: CaseReport): void {
  log(report.title);
  for (const side of report.sides) {
    const figures = averaged(side);
    const cpu = figures.cpuMsPerRequest === null ? "" : number(figures.cpuMsPerRequest, 3).padStart(18);
    const queries = figures.queriesPerRequest === null ? "" : number(figures.queriesPerRequest, 2).padStart(8);
    log(
      `  ${side.label.padEnd(24)} ${number(figures.requestsPerSecond, 1).padStart(9)} ` +
        `${number(figures.p50Ms, 1).padStart(8)} ${number(figures.p99Ms, 1).padStart(8)}${cpu}${queries}`,
    );
  }
  for (const target of report.targets) {
    const verdict =
      target.kind === "info"
        ? "(information)"
        : `target ${target.kind === "min" ? ">=" : "<="} ${target.limit}x  ${met(target) ? "PASS" : "FAIL"}`;
    log(`  ${target.name.padEnd(32)} ${number(target.ratio, 3).padStart(7)}x  ${verdict}`);
  }
  log();
}

export function printSummary(reports: CaseReport[], header: string): void {
  log();
  log(header);
  log();
  log(
    `  ${"".padEnd(24)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ` +
      `${"server CPU ms/req".padStart(17)} ${"q/req".padStart(7)}`,
  );
  for (const report of reports) printCase(report);
  const targets = reports.flatMap((report) => report.targets).filter((target) => target.kind !== "info");
  log(`Targets met: ${targets.filter(met).length} of ${targets.length}.`);
}
