// npm run bench:ha: what the HA cluster (deploy/ha/ha.mjs) costs and gives, measured on this
// machine. A measurement, not a test (exits 0 unless something broke):
//   1. SQL writes (pgbench, TPC-B-like without the branch/teller updates, 8 clients), straight
//      to the primary, through HAProxy and through PgBouncer in transaction mode; and straight
//      with synchronous_commit = local, which shows what the synchronous standby costs;
//   2. the service's writes (POST /charges) with DATABASE_URL naming the three nodes, HAProxy,
//      or PgBouncer (DATABASE_DIRECT_URL beside it);
//   3. the service's reads: the charges list (which a replica may serve) and the balance (the
//      primary always) with and without DATABASE_READ_URL.
// Everything shares this machine's cores, so the figures say what the layers cost relative to
// each other here, not what separate machines would do. Brings the cluster up and down itself
// unless one is running already (then it is left running). BENCH_HA_SECONDS (10) per load.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const root = resolve(import.meta.dirname, "../..");
const ha = await import(join(root, "deploy", "ha", "ha.mjs"));
const SECONDS = Number(process.env.BENCH_HA_SECONDS ?? 10);
const PG_BIN = process.env.HA_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const TOKEN = "bench-ha-operator-token-0123456789";
const SECRETS_KEY = randomBytes(32).toString("base64");
const say = (line) => process.stdout.write(`${line}\n`);

const alreadyUp = (await ha.members()).length > 0;
if (!alreadyUp) await ha.up();
const urls = ha.clusterUrls();
const leader = await ha.leader();
const database = `pixbench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: urls.superuser() });
await admin.connect();
await admin.query(`CREATE DATABASE ${database} OWNER pix`);
const withDatabase = (url) => url.replace(/\/pix(\?|$)/, `/${database}$1`);
const load = { start: loadavg()[0], max: loadavg()[0] };
const sampler = setInterval(() => {
  load.max = Math.max(load.max, loadavg()[0]);
}, 2000);
const results = { sql: [], writes: [], reads: [] };
const children = new Set();

function pgbench(port, label, extraEnv = {}) {
  const args = [
    "-n",
    "-N",
    "-M",
    "simple",
    "-c",
    "8",
    "-j",
    "2",
    "-T",
    String(SECONDS),
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "pix",
    database,
  ];
  const out = execFileSync(join(PG_BIN, "pgbench"), args, { encoding: "utf8", env: { ...process.env, ...extraEnv } });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0);
  results.sql.push({ label, tps, latencyMs: latency });
  say(`  ${label}: ${tps.toFixed(0)} transactions/s, ${latency.toFixed(1)} ms average`);
}

async function startApi(env) {
  // Beside the cluster's ports (HA_PORT_BASE + 0..600).
  const apiPort = ha.PORTS.primary + 700 + Math.floor(Math.random() * 200);
  const child = spawn(process.execPath, [join(root, "server", "dist", "main.js")], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(apiPort),
      ADMIN_API_TOKEN: TOKEN,
      SECRETS_KEY,
      CONSOLE: "off",
      RUN_WORKER: "false",
      RATE_LIMIT_RPS: "0",
      LOG_LEVEL: "warn",
      SANDBOX_SETTLE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.add(child);
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  for (let tries = 0; ; tries += 1) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (tries > 600 || child.exitCode !== null) throw new Error("the API did not become ready");
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((done) => {
        child.once("exit", done);
        child.kill("SIGTERM");
        children.delete(child);
      }),
  };
}

function measure(baseUrl, label, request, into) {
  return new Promise((done, fail) => {
    autocannon({ url: baseUrl, connections: 8, duration: SECONDS, requests: [request] }, (error, result) => {
      if (error) return fail(error);
      const figure = {
        label,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
      };
      into.push(figure);
      say(
        `  ${label}: ${figure.requestsPerSecond.toFixed(0)} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms${figure.non2xx ? `, ${figure.non2xx} not 2xx` : ""}`,
      );
      done(figure);
    });
  });
}

async function merchant(baseUrl) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ query: 'mutation { createCompany(input: {name: "Loja Bench HA"}) { clientSecret } }' }),
  });
  return (await response.json()).data.createCompany.clientSecret;
}

const chargeRequest = (secret) => ({
  method: "POST",
  path: "/charges",
  headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
  body: JSON.stringify({ amount: 12.34 }),
  setupRequest: (request) => ({ ...request, headers: { ...request.headers, "idempotency-key": randomUUID() } }),
});

try {
  say(`\n== bench:ha: SQL writes (pgbench -N, 8 clients, ${SECONDS} s each; the leader is ${leader.name})`);
  execFileSync(
    join(PG_BIN, "pgbench"),
    ["-i", "-q", "-s", "4", "-h", "127.0.0.1", "-p", String(leader.port), "-U", "pix", database],
    {
      stdio: "ignore",
    },
  );
  pgbench(leader.port, "straight to the primary (synchronous_commit on, one synchronous standby)");
  pgbench(leader.port, "straight to the primary, synchronous_commit = local (no wait for the standby)", {
    PGOPTIONS: "-c synchronous_commit=local",
  });
  pgbench(ha.PORTS.primary, "through HAProxy");
  pgbench(ha.PORTS.pgbouncer, "through PgBouncer (transaction mode) and HAProxy");

  say(`\n== bench:ha: the service's writes (POST /charges, 8 connections, ${SECONDS} s each)`);
  for (const [label, env] of [
    ["DATABASE_URL = the three nodes (the service finds the primary)", { DATABASE_URL: withDatabase(urls.multiHost) }],
    ["DATABASE_URL = HAProxy", { DATABASE_URL: withDatabase(urls.haproxyPrimary) }],
    [
      "DATABASE_URL = PgBouncer, DATABASE_DIRECT_URL = HAProxy",
      { DATABASE_URL: withDatabase(urls.pgbouncer), DATABASE_DIRECT_URL: withDatabase(urls.haproxyPrimary) },
    ],
  ]) {
    const api = await startApi(env);
    try {
      const secret = await merchant(api.baseUrl);
      await measure(api.baseUrl, label, chargeRequest(secret), results.writes);
    } finally {
      await api.stop();
    }
  }

  say(`\n== bench:ha: the service's reads with and without the replica (8 connections, ${SECONDS} s each)`);
  const plain = await startApi({ DATABASE_URL: withDatabase(urls.multiHost) });
  let secret;
  try {
    secret = await merchant(plain.baseUrl);
    // A history to list: 2,000 charges.
    await new Promise((done, fail) =>
      autocannon({ url: plain.baseUrl, connections: 8, amount: 2000, requests: [chargeRequest(secret)] }, (error) =>
        error ? fail(error) : done(),
      ),
    );
    const list = { method: "GET", path: "/charges?limit=20", headers: { authorization: `Bearer ${secret}` } };
    const balance = { method: "GET", path: "/charges/balance", headers: { authorization: `Bearer ${secret}` } };
    await measure(plain.baseUrl, "list, primary only", list, results.reads);
    await measure(plain.baseUrl, "balance, primary only", balance, results.reads);
  } finally {
    await plain.stop();
  }
  const replicated = await startApi({
    DATABASE_URL: withDatabase(urls.multiHost),
    DATABASE_READ_URL: withDatabase(urls.haproxyReplicas),
  });
  try {
    const list = { method: "GET", path: "/charges?limit=20", headers: { authorization: `Bearer ${secret}` } };
    const balance = { method: "GET", path: "/charges/balance", headers: { authorization: `Bearer ${secret}` } };
    await measure(replicated.baseUrl, "list, DATABASE_READ_URL = HAProxy's replicas", list, results.reads);
    await measure(replicated.baseUrl, "balance (on the primary), DATABASE_READ_URL set", balance, results.reads);
  } finally {
    await replicated.stop();
  }
} finally {
  clearInterval(sampler);
  for (const child of children) child.kill("SIGKILL");
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  if (!alreadyUp) await ha.down();
}

say(
  `\n== bench:ha: ${cpus().length} cores shared by the cluster, the service and the load; 1-minute load ${load.start.toFixed(1)} at the start, ${load.max.toFixed(1)} at most`,
);
say(JSON.stringify(results));
