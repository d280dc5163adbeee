import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { bar, count, status } from "./terminal";

/** One kind of request a case sends, the same to both servers. */
export interface LoadSpec {
  method: "GET" | "POST";
  path: string;
  /** The bearer credential; none for a public read (the payer's page). */
  token?: string;
  body?: unknown;
  /** POST /withdrawals: a new Idempotency-Key on every request, so each one creates a withdrawal. */
  freshIdempotencyKey?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** CPU time of the server process per completed request; null where it cannot be read. */
  serverCpuMsPerRequest: number | null;
  /** Statements the database ran per request (pg_stat_statements); null without it. */
  queriesPerRequest: number | null;
}

function requestOf(spec: LoadSpec): autocannon.Request {
  const headers: Record<string, string> = spec.token ? { authorization: `Bearer ${spec.token}` } : {};
  const request: autocannon.Request = { method: spec.method, path: spec.path, headers };
  if (spec.body !== undefined) {
    headers["content-type"] = "application/json";
    request.body = JSON.stringify(spec.body);
  }
  if (spec.freshIdempotencyKey) {
    request.setupRequest = (prepared) => ({
      ...prepared,
      headers: { ...prepared.headers, "idempotency-key": randomUUID() },
    });
  }
  return request;
}

export interface LoadTarget {
  baseUrl: string;
  cpuSeconds(): number | null;
}

function cpuMsPerRequest(before: number | null, after: number | null, requests: number): number | null {
  if (before === null || after === null || requests === 0) return null;
  return ((after - before) * 1000) / requests;
}

/** Loads a server for `durationS` seconds with `connections` connections, redrawing a status line each second. */
export function runLoad(
  target: LoadTarget,
  spec: LoadSpec,
  options: { connections: number; durationS: number; label: string },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let elapsed = 0;
    const cpuBefore = target.cpuSeconds();
    const instance = autocannon(
      {
        url: target.baseUrl,
        connections: options.connections,
        duration: options.durationS,
        timeout: 30,
        requests: [requestOf(spec)],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
          ),
          serverCpuMsPerRequest: cpuMsPerRequest(cpuBefore, target.cpuSeconds(), result.requests.total),
          queriesPerRequest: null,
        });
      },
    );
    instance.on("tick", ({ counter }: { counter: number }) => {
      elapsed += 1;
      const fraction = elapsed / options.durationS;
      status(`  ${options.label} ${bar(fraction, 20)} ${elapsed}/${options.durationS} s  ${count(counter)} req/s`);
    });
  });
}
