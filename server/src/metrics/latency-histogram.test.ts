import assert from "node:assert/strict";
import { test } from "node:test";
import { Histogram, Registry } from "prom-client";
import { LatencyHistogram } from "./latency-histogram";

test("a LatencyHistogram writes what prom-client's Histogram writes for the same observations", async () => {
  const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const ours = new Registry();
  const theirs = new Registry();
  const fast = new LatencyHistogram<"method" | "route">("request_seconds", "Requests.", buckets, ours);
  const reference = new Histogram({
    name: "request_seconds",
    help: "Requests.",
    labelNames: ["method", "route"] as const,
    buckets,
    registers: [theirs],
  });
  const observations: Array<[string, string, number]> = [
    ["GET", "/charges", 0.004],
    ["GET", "/charges", 0.005], // on a bound: counted in it, as Prometheus's le means
    ["GET", "/charges", 0.0051],
    ["POST", "/charges", 0.3],
    ["GET", "/charges", 12], // past the last bound: +Inf only
    ["POST", "/charges", 0],
  ];
  for (const [method, route, seconds] of observations) {
    fast.seriesOf(`${method} ${route}`, () => ({ method, route })).observe(seconds);
    reference.observe({ method, route }, seconds);
  }
  assert.equal(await ours.metrics(), await theirs.metrics());
  fast.reset();
  reference.reset();
  assert.equal(await ours.metrics(), await theirs.metrics());
});
