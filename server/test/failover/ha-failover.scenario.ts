import assert from "node:assert/strict";
import { randomInt, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import pg from "pg";
import { DatabaseTarget } from "../../src/core/database-target";
import { deliveryProblems, moneyProblems } from "../reliability/fault-audit";
import { signProviderBody } from "../support/scenarios";
import { type ServiceProcess, startServiceProcess } from "../support/service-process";
import { TEST_ADMIN_TOKEN } from "../support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * `npm run test:failover` (server/scripts/run-failover.mjs): the service against a real HA
 * cluster (deploy/ha/ha.mjs: Patroni with etcd, synchronous replication, HAProxy,
 * PgBouncer), under a load of charges, payments, withdrawals and refunds with
 * Idempotency-Keys from several clients, while the primary's node is killed with SIGKILL
 * (Patroni and PostgreSQL) FAILOVER_KILLS times. The clients retry what failed (a 503 after
 * its Retry-After, a connection cut at once) with the same key or endToEndId, as the
 * contract tells them. Afterwards, read from the new primary:
 * - every operation answered 2xx exists, once, as answered (lost: 0);
 * - no key and no endToEndId made two of anything (duplicated: 0);
 * - balanceAudit holds for every account and the ledger's running balance never skips;
 * - every event of those changes was delivered, and the receiver got no event the database
 *   does not hold (nothing announced of a change the failover took back);
 * and the time from each kill to the first successful write is printed.
 *
 * Not part of `npm test` (file name *.scenario.ts): it needs Debian's patroni, etcd-server,
 * haproxy, pgbouncer and postgresql-15, and ports HA_PORT_BASE.. (15000 by default).
 * FAILOVER_CONNECT picks how the service reaches the cluster: `multi-host` (default: the
 * three nodes in DATABASE_URL, the service finds the primary), `haproxy`, or `pgbouncer`
 * (the API's pool through PgBouncer, sessions through HAProxy).
 */
const KILLS = Math.max(1, Number(process.env.FAILOVER_KILLS ?? 1));
const CLIENTS = Math.max(2, Number(process.env.FAILOVER_CLIENTS ?? 6));
const ACCOUNTS = 3;
/** Load before each kill, and after the first successful write that follows it. */
const LOAD_BEFORE_KILL_MS = Number(process.env.FAILOVER_LOAD_BEFORE_MS ?? 4000);
const LOAD_AFTER_RECOVERY_MS = Number(process.env.FAILOVER_LOAD_AFTER_MS ?? 5000);
/** A client gives up an operation after this long of 503s and cut connections (then it counts as not answered). */
const GIVE_UP_MS = 90_000;
const CONNECT = (process.env.FAILOVER_CONNECT ?? "multi-host") as "multi-host" | "haproxy" | "pgbouncer";
const PROVIDER_SECRET = "failover-provider-secret-0123456789";
const CPF = "529.982.247-25";

const repositoryRoot = resolve(__dirname, "../../../..");
interface Ha {
  up(): Promise<void>;
  down(options?: { keep?: boolean }): Promise<void>;
  killPrimary(): Promise<string>;
  startNode(name: string): Promise<void>;
  waitHealthy(timeoutMs?: number): Promise<void>;
  leader(): Promise<{ name: string; port: number } | null>;
  clusterUrls(): {
    multiHost: string;
    haproxyPrimary: string;
    haproxyReplicas: string;
    pgbouncer: string;
    superuser(port?: number, database?: string): string;
  };
}
let ha: Ha;
let database: string;
let receiver: WebhookReceiver;
const apis: ServiceProcess[] = [];
let worker: ServiceProcess | null = null;

/** The database's URL with `database` in place of the cluster's own. */
const withDatabase = (url: string) => url.replace(/\/pix(\?|$)/, `/${database}$1`);

before(async () => {
  ha = require(join(repositoryRoot, "deploy", "ha", "ha.mjs")) as Ha;
  await ha.up();
  database = `pixfo_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ha.clusterUrls().superuser() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} OWNER pix`);
  await admin.end();
  receiver = await startWebhookReceiver();
});
after(async () => {
  await Promise.all([...apis, ...(worker ? [worker] : [])].map((service) => service.stop("SIGTERM", 20_000)));
  await receiver?.close();
  if (process.env.FAILOVER_KEEP_CLUSTER !== "1") await ha?.down();
});

function serviceEnv(): Record<string, string> {
  const urls = ha.clusterUrls();
  const base = {
    PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET,
    DATABASE_READ_URL: withDatabase(urls.haproxyReplicas),
    SANDBOX_SETTLE_MS: "500",
    WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s,3s,5s,10s",
    WORKER_HEARTBEAT_MS: "1000",
    DB_POOL_SIZE: "10",
    LOG_LEVEL: "warn",
  };
  if (CONNECT === "haproxy") return { ...base, DATABASE_URL: withDatabase(urls.haproxyPrimary) };
  if (CONNECT === "pgbouncer")
    return {
      ...base,
      DATABASE_URL: withDatabase(urls.pgbouncer),
      DATABASE_DIRECT_URL: withDatabase(urls.haproxyPrimary),
    };
  return { ...base, DATABASE_URL: withDatabase(urls.multiHost) };
}

/** One HTTP request that never throws: status 0 for a connection cut or a timeout. */
async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; retryAfter: number | null; at: number }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const retryAfter = response.headers.get("retry-after");
    return {
      status: response.status,
      body: parsed,
      retryAfter: retryAfter ? Number(retryAfter) : null,
      at: Date.now(),
    };
  } catch {
    return { status: 0, body: null, retryAfter: null, at: Date.now() };
  }
}

interface Account {
  companyId: string;
  secret: string;
}

type Kind = "charge" | "payment" | "withdrawal" | "refund";

/** One operation as a client saw it, through its retries. */
interface Operation {
  kind: Kind;
  account: Account;
  /** Idempotency-Key, or the payment's endToEndId. */
  key: string;
  /** Every answer's status, in order. */
  statuses: number[];
  /** When each attempt was sent. */
  sentAt: number[];
  /** The 2xx answer's body and when it came, once answered. */
  answer: any;
  answeredAt: number | null;
  chargeId?: string;
}

const figures = {
  operations: 0,
  acknowledged: 0,
  byKind: {} as Record<string, number>,
  refused4xx: 0,
  attempts503: 0,
  attemptsCut: 0,
  retried: 0,
  gaveUp: 0,
  bad5xx: [] as string[],
  kills: [] as Array<{ node: string; firstWriteMs: number; errorsDuring: number }>,
};

const operations: Operation[] = [];
let stopAt = 0;
let killAt = 0;
const chargesToPay: Array<{ account: Account; id: string; txid: string; amount: string }> = [];
const paidCharges: Array<{ account: Account; id: string; amountCents: number }> = [];

const apiFor = (turn: number) => apis[turn % apis.length].baseUrl;

/** Sends an operation until it is answered other than 503 or a cut connection, as a client that follows Retry-After. */
async function perform(operation: Operation, attempt: (baseUrl: string) => ReturnType<typeof send>): Promise<void> {
  operations.push(operation);
  figures.operations += 1;
  const started = Date.now();
  for (let turn = randomInt(apis.length); ; turn += 1) {
    operation.sentAt.push(Date.now());
    const answer = await attempt(apiFor(turn));
    operation.statuses.push(answer.status);
    if (answer.status >= 200 && answer.status < 300) {
      operation.answer = answer.body;
      operation.answeredAt = answer.at;
      figures.acknowledged += 1;
      figures.byKind[operation.kind] = (figures.byKind[operation.kind] ?? 0) + 1;
      return;
    }
    if (answer.status === 503 || answer.status === 0) {
      if (answer.status === 503) figures.attempts503 += 1;
      else figures.attemptsCut += 1;
      if (answer.status === 503 && !["DATABASE_UNAVAILABLE", "SERVICE_UNAVAILABLE"].includes(answer.body?.code))
        figures.bad5xx.push(`${operation.kind}: 503 ${JSON.stringify(answer.body)}`);
      if (Date.now() - started > GIVE_UP_MS) {
        figures.gaveUp += 1;
        return;
      }
      figures.retried += 1;
      await new Promise((resolve) => setTimeout(resolve, answer.retryAfter ? answer.retryAfter * 1000 : 250));
      continue;
    }
    if (answer.status >= 500) figures.bad5xx.push(`${operation.kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
    else figures.refused4xx += 1;
    return;
  }
}

function newOperation(kind: Kind, account: Account, key: string): Operation {
  return { kind, account, key, statuses: [], sentAt: [], answer: null, answeredAt: null };
}

async function createCharge(account: Account): Promise<void> {
  const amount = (randomInt(100, 5000) / 100).toFixed(2);
  const operation = newOperation("charge", account, randomUUID());
  await perform(operation, (baseUrl) =>
    send(baseUrl, "POST", "/charges", {
      token: account.secret,
      body: { amount: Number(amount) },
      headers: { "idempotency-key": operation.key },
    }),
  );
  if (operation.answer) chargesToPay.push({ account, id: operation.answer.id, txid: operation.answer.txid, amount });
}

async function payCharge(): Promise<void> {
  const charge = chargesToPay.shift();
  if (!charge) return;
  const endToEndId = `E${"1".repeat(8)}${Date.now()}${randomUUID().replaceAll("-", "").toUpperCase()}`.slice(0, 32);
  const raw = JSON.stringify({
    pix: [{ endToEndId, txid: charge.txid, chave: "key", valor: charge.amount, horario: new Date().toISOString() }],
  });
  const operation = newOperation("payment", charge.account, endToEndId);
  operation.chargeId = charge.id;
  await perform(operation, (baseUrl) =>
    send(baseUrl, "POST", "/provider/pix", {
      raw,
      headers: { "x-provider-signature": signProviderBody(PROVIDER_SECRET, raw) },
    }),
  );
  if (operation.answer)
    paidCharges.push({ account: charge.account, id: charge.id, amountCents: Math.round(Number(charge.amount) * 100) });
}

async function withdraw(account: Account): Promise<void> {
  const operation = newOperation("withdrawal", account, randomUUID());
  // Auto-approved (the accounts approve up to 10.00 alone): the job queue takes them to the bank.
  await perform(operation, (baseUrl) =>
    send(baseUrl, "POST", "/withdrawals", {
      token: account.secret,
      body: { amount: randomInt(1, 6), pix_key_type: "CPF", pix_key: CPF },
      headers: { "idempotency-key": operation.key },
    }),
  );
}

async function refund(): Promise<void> {
  const charge = paidCharges.shift();
  if (!charge) return;
  const operation = newOperation("refund", charge.account, randomUUID());
  operation.chargeId = charge.id;
  await perform(operation, (baseUrl) =>
    send(baseUrl, "POST", `/charges/${charge.id}/refunds`, {
      token: charge.account.secret,
      body: { amount: Math.max(1, Math.floor(charge.amountCents / 2)) / 100 },
      headers: { "idempotency-key": operation.key },
    }),
  );
}

async function client(accounts: Account[]): Promise<void> {
  while (Date.now() < stopAt) {
    const account = accounts[randomInt(accounts.length)];
    const roll = randomInt(100);
    if (roll < 35) await createCharge(account);
    else if (roll < 60) await payCharge();
    else if (roll < 85) await withdraw(account);
    else await refund();
  }
}

async function openAccount(baseUrl: string): Promise<Account> {
  const gql = async (query: string, variables: Record<string, unknown>, token = TEST_ADMIN_TOKEN) => {
    const answer = await send(baseUrl, "POST", "/graphql", { token, body: { query, variables } });
    if (answer.status !== 200 || answer.body?.errors) throw new Error(`${query}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const created = await gql(
    `mutation($url: String!) { createCompany(input: {name: "Loja Failover", autoApproveLimit: "10.00", webhookUrl: $url}) {
       company { id } clientSecret } }`,
    { url: receiver.url("/failover") },
  );
  const account = { companyId: created.createCompany.company.id, secret: created.createCompany.clientSecret };
  await gql(
    `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "100000.00", description: "failover test") { id } }`,
    {
      c: account.companyId,
    },
  );
  return account;
}

/** The primary's own URL, as the cluster says now, for the audit's direct reads. */
async function primaryUrl(): Promise<string> {
  const target = new DatabaseTarget(withDatabase(ha.clusterUrls().multiHost));
  const host = await target.locate();
  return withDatabase(ha.clusterUrls().superuser(host.port, "pix"));
}

test(`kill -9 the primary's node ${KILLS} time(s) under a load of ${CLIENTS} clients (${CONNECT}): nothing acknowledged lost or doubled`, async (t) => {
  const env = serviceEnv();
  const databaseUrl = env.DATABASE_URL;
  for (let i = 0; i < 2; i += 1)
    apis.push(
      await startServiceProcess({ databaseUrl, env: { ...env, RUN_WORKER: "false" }, startTimeoutMs: 120_000 }),
    );
  worker = await startServiceProcess({ databaseUrl, role: "worker", env, startTimeoutMs: 120_000 });
  const accounts: Account[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1) accounts.push(await openAccount(apis[0].baseUrl));

  for (let round = 0; round < KILLS; round += 1) {
    stopAt = Number.POSITIVE_INFINITY;
    const clients = Array.from({ length: CLIENTS }, () => client(accounts));
    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_KILL_MS));
    const before = operations.length;
    killAt = Date.now();
    const node = await ha.killPrimary();
    // The first write sent after the kill and answered 2xx: how long the service could not write.
    let firstWriteMs = -1;
    while (firstWriteMs < 0 && Date.now() - killAt < GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answered = operations
        .slice(before)
        .filter((operation) => operation.answeredAt !== null && operation.sentAt.at(-1)! >= killAt)
        .map((operation) => (operation.answeredAt as number) - killAt);
      if (answered.length > 0) firstWriteMs = Math.min(...answered);
    }
    const errorsDuring = operations
      .slice(before)
      .reduce((n, operation) => n + operation.statuses.filter((s) => s === 503 || s === 0).length, 0);
    figures.kills.push({ node, firstWriteMs, errorsDuring });
    t.diagnostic(`kill ${round + 1}: ${node} killed; first successful write ${firstWriteMs} ms after the kill`);
    assert.ok(firstWriteMs >= 0, "no write succeeded after the kill");
    stopAt = Date.now() + LOAD_AFTER_RECOVERY_MS;
    await Promise.all(clients);
    await ha.startNode(node);
    await ha.waitHealthy(180_000);
  }

  // Everything the bank and the workers do settles: withdrawals and refunds finish, events go out.
  const companyIds = accounts.map((account) => account.companyId);
  let auditUrl = await primaryUrl();
  const settleDeadline = Date.now() + 120_000;
  let problems: string[] = [];
  for (;;) {
    auditUrl = await primaryUrl();
    problems = await deliveryProblems(auditUrl, companyIds);
    if (problems.length === 0 || Date.now() > settleDeadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.deepEqual(problems, [], "every event delivered");
  assert.deepEqual(await moneyProblems(auditUrl, apis[0].baseUrl, companyIds), [], "balanceAudit and the ledger");

  const sql = new pg.Client({ connectionString: auditUrl });
  await sql.connect();
  const lost: string[] = [];
  const doubled: string[] = [];
  try {
    const count = async (text: string, values: unknown[]) => (await sql.query(text, values)).rows;
    for (const operation of operations) {
      const { kind, key, account } = operation;
      if (kind === "payment") {
        const rows = await count(
          `SELECT c.id, c.status, c.e2e_id,
                  (SELECT count(*)::int FROM ledger_entries l WHERE l.charge_id = c.id AND l.kind = 'CHARGE_PAID') AS credits
             FROM charges c WHERE c.id = $1`,
          [operation.chargeId],
        );
        if (operation.answer && (rows[0]?.status !== "PAID" || rows[0]?.e2e_id !== key))
          lost.push(`payment ${key}: ${JSON.stringify(rows)}`);
        if ((rows[0]?.credits ?? 0) > 1)
          doubled.push(`payment of charge ${operation.chargeId}: ${rows[0].credits} credits`);
        continue;
      }
      const table = kind === "charge" ? "charges" : kind === "withdrawal" ? "withdrawals" : "refunds";
      const rows = await count(`SELECT id FROM ${table} WHERE company_id = $1 AND idempotency_key = $2`, [
        account.companyId,
        key,
      ]);
      if (rows.length > 1) doubled.push(`${kind} ${key}: ${rows.length} rows`);
      if (operation.answer && (rows.length !== 1 || rows[0].id !== operation.answer.id))
        lost.push(`${kind} ${key} answered ${operation.answer.id}: ${JSON.stringify(rows)}`);
    }
    // Every event the receiver got is one the database holds: nothing announced was taken back.
    const { rows: held } = await sql.query("SELECT id FROM webhook_events WHERE company_id = ANY($1)", [companyIds]);
    const heldIds = new Set(held.map((row) => row.id));
    const phantom = receiver.received.map((hook) => hook.json.event_id).filter((id) => !heldIds.has(id));
    assert.deepEqual(phantom, [], "events received that the database does not hold");
    const received = new Set(receiver.received.map((hook) => hook.json.event_id));
    const undelivered = [...heldIds].filter((id) => !received.has(id));
    assert.deepEqual(undelivered, [], "events the receiver never got");
    Object.assign(figures, { events: heldIds.size, deliveries: receiver.received.length });
  } finally {
    await sql.end();
  }
  const summary = {
    connect: CONNECT,
    clients: CLIENTS,
    ...figures,
    lost: lost.length,
    doubled: doubled.length,
    bad5xx: figures.bad5xx.length,
  };
  t.diagnostic(`failover figures: ${JSON.stringify(summary)}`);
  if (process.env.FAILOVER_FIGURES_FILE) writeFileSync(process.env.FAILOVER_FIGURES_FILE, JSON.stringify(summary));
  assert.deepEqual(lost, [], "acknowledged operations lost");
  assert.deepEqual(doubled, [], "operations applied twice");
  assert.deepEqual(figures.bad5xx, [], "answers other than 2xx, 4xx and 503");
  assert.ok(figures.acknowledged > 50, `only ${figures.acknowledged} operations acknowledged`);
});
