import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fundedMerchant, postWithdrawal, waitFor } from "../../test/support/scenarios";
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { enqueueJob } from "../core/jobs";
import { type InternalServer, startInternalServer } from "../http/internal-server";
import { startBackgroundWork } from "../worker";

const METRICS_TOKEN = "metrics-token-for-the-test-0123";

let plain: TestApp; // no METRICS_TOKEN
let app: TestApp; // METRICS_TOKEN set, same database
let receiver: WebhookReceiver;
let internal: InternalServer;
let worker: { stop(): Promise<void> };

before(async () => {
  receiver = await startWebhookReceiver();
  plain = await startTestApp();
  app = await startTestApp(
    { METRICS_TOKEN, WEBHOOK_RETRY_SCHEDULE: "1ms", DB_POOL_SIZE: "7" },
    { databaseUrl: plain.databaseUrl },
  );
  internal = await startInternalServer(app.services, { port: 0, host: "127.0.0.1" });
  worker = await startBackgroundWork(app.runtime);
});
after(async () => {
  await worker.stop();
  await internal.close();
  await app.close();
  await plain.close();
  await receiver.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(match, `unparsable line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with this name and these labels (others may exist). */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

async function scrape(): Promise<Sample[]> {
  const res = await app.request("GET", "/metrics", { token: METRICS_TOKEN });
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.text);
}

test("/metrics is 404 without METRICS_TOKEN, 401 without the right bearer, open on the internal port", async () => {
  const missing = await plain.request("GET", "/metrics", { token: METRICS_TOKEN });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, "NOT_FOUND");
  for (const token of [null, "metrics-token-for-the-test-0124", TEST_ADMIN_TOKEN]) {
    const refused = await app.request("GET", "/metrics", { token });
    assert.equal(refused.status, 401, `token ${token}`);
    assert.deepEqual(refused.body, { error: "GET /metrics needs the METRICS_TOKEN", code: "UNAUTHENTICATED" });
  }
  const open = await fetch(`http://127.0.0.1:${internal.port}/metrics`);
  assert.equal(open.status, 200);
  assert.ok(parseMetrics(await open.text()).some((sample) => sample.name === "process_cpu_user_seconds_total"));
});

test("requests, GraphQL operations, webhook outcomes, queue, withdrawals and the pool are measured", async () => {
  const merchant = await fundedMerchant(app, "100.00", { webhookUrl: receiver.url("/metrics-hooks") });
  receiver.respond((_request, count) => (count === 1 ? { status: 200 } : { status: 500 }));

  const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 3 } });
  assert.equal(charge.status, 201, charge.text);
  const unknown = await app.request("GET", "/charges/chg_doesnotexist", { token: merchant.clientSecret });
  assert.equal(unknown.status, 404);
  const balance = await app.graphql("query Whatever { balance { balance } }", {}, merchant.clientSecret);
  assert.equal(balance.errors, undefined);
  const forbidden = await app.graphql("{ companies { __typename } }", {}, merchant.clientSecret);
  assert.equal(forbidden.errors?.[0].extensions.code, "FORBIDDEN");
  // Two pings: the first answered 200; the second 500, retried once (the schedule is one 1 ms retry), 500 again: failed.
  for (let i = 0; i < 2; i += 1) {
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    assert.equal(ping.errors, undefined);
    await receiver.waitForCount(i + 1, "/metrics-hooks", 10_000);
  }
  // Another account without a webhook URL: its withdrawal's events are not attempted.
  const quiet = await fundedMerchant(app, "50.00");
  const withdrawal = await postWithdrawal(app, quiet);
  assert.equal(withdrawal.status, 201, withdrawal.text);
  await enqueueJob(app.services.db, "metrics_test_task", {}, { runAt: new Date(Date.now() + 3_600_000) });

  let samples: Sample[] = [];
  await waitFor(
    "both webhook outcomes counted",
    async () => {
      samples = await scrape();
      return (
        sampleValue(samples, "webhook_attempts_total", { outcome: "delivered" }) === 1 &&
        sampleValue(samples, "webhook_attempts_total", { outcome: "retry" }) === 1 &&
        sampleValue(samples, "webhook_attempts_total", { outcome: "failed" }) === 1
      );
    },
    10_000,
  ).catch((error) => {
    throw new Error(`${error.message}: ${JSON.stringify(samples.filter((x) => x.name === "webhook_attempts_total"))}`);
  });
  const count = (name: string, labels: Record<string, string>) => sampleValue(samples, `${name}_count`, labels);
  const http = "http_request_duration_seconds";
  assert.equal(count(http, { method: "POST", route: "/charges", status: "201" }), 1);
  assert.equal(count(http, { method: "GET", route: "/charges/:id", status: "404" }), 1);
  assert.ok((count(http, { method: "POST", route: "/graphql", status: "200" }) ?? 0) >= 4);
  const gql = "graphql_operation_duration_seconds";
  assert.equal(count(gql, { type: "query", field: "balance", outcome: "ok" }), 1);
  assert.equal(count(gql, { type: "query", field: "companies", outcome: "FORBIDDEN" }), 1);
  assert.equal(count(gql, { type: "mutation", field: "sendTestWebhook", outcome: "ok" }), 2);
  assert.equal(count("webhook_attempt_duration_seconds", { outcome: "delivered" }), 1);
  assert.equal(count("webhook_attempt_duration_seconds", { outcome: "retry" }), 1);
  assert.equal(count("webhook_attempt_duration_seconds", { outcome: "failed" }), 1);
  assert.equal(sampleValue(samples, "job_queue_jobs", { task: "metrics_test_task", state: "scheduled" }), 1);
  assert.equal(sampleValue(samples, "job_queue_jobs", { task: "metrics_test_task", state: "ready" }), 0);
  // No auto-approve limit: the withdrawal waits for an operator.
  assert.equal(sampleValue(samples, "withdrawals_waiting", { status: "PENDING" }), 1);
  assert.equal(sampleValue(samples, "withdrawals_waiting", { status: "PROCESSING" }), 0);
  assert.ok((sampleValue(samples, "withdrawals_oldest_waiting_seconds", { status: "PENDING" }) ?? -1) >= 0);
  assert.equal(sampleValue(samples, "db_pool_connections", { state: "max" }), 7);
  const open = sampleValue(samples, "db_pool_connections", { state: "total" }) ?? 0;
  assert.ok(open >= 1 && open <= 7, `open connections ${open}`);
  for (const state of ["ready", "scheduled", "running"]) {
    assert.equal(sampleValue(samples, "webhook_deliveries_pending", { state }), 0, state);
  }
  // The failed ping made PENDING again with a retry an hour away: scheduled, neither ready nor running.
  await app.services.db.query(
    `UPDATE webhook_events SET delivery_status = 'PENDING', next_attempt_at = now() + interval '1 hour'
      WHERE company_id = $1 AND delivery_status = 'FAILED'`,
    [merchant.companyId],
  );
  const later = await scrape();
  assert.equal(sampleValue(later, "webhook_deliveries_pending", { state: "scheduled" }), 1);
  assert.equal(sampleValue(later, "webhook_deliveries_pending", { state: "ready" }), 0);
  assert.equal(sampleValue(later, "webhook_deliveries_pending", { state: "running" }), 0);
});
