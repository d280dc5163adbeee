import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { after, before, test } from "node:test";
import pg from "pg";
import { randomString } from "../../src/core/ids";
import { signProviderBody, VALID_CPF, waitFor } from "../support/scenarios";
import { freePort, SERVER_DIST, type ServiceProcess, startServiceProcess } from "../support/service-process";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/*
 * Two API processes and two workers, as deployed (`npm run migrate`, `start:api`, `worker`),
 * on one fresh database, under a concurrent mix spread over both APIs: charges, inbound
 * payments sent twice (once to each API), withdrawals whose Idempotency-Key is reused on
 * the other API, approvals racing cancels, bank settlements racing the operator's,
 * redeliveries. Afterwards every account's balanceAudit holds, no balance went below zero,
 * every event reached the receiver, and it never got more sends of an event than attempts recorded
 * (none sent twice). Short by default (CI); MULTI_PROCESS_LONG=1 runs the long form.
 */
const LONG = process.env.MULTI_PROCESS_LONG === "1";
const MERCHANTS = Number(process.env.MULTI_PROCESS_ACCOUNTS ?? (LONG ? 8 : 3));
const ROUNDS = Number(process.env.MULTI_PROCESS_ROUNDS ?? (LONG ? 60 : 6));
const SEED = Number(process.env.MULTI_PROCESS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PROVIDER_SECRET = "provider-secret-multi-process-0123";
/** Withdrawals up to this go straight to the bank; above it they wait for an operator. */
const AUTO_APPROVE = 20;

/** A small seeded generator (mulberry32): a failing mix can be run again with MULTI_PROCESS_SEED. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}
const random = generator(SEED);

const env = {
  PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET,
  SANDBOX_SETTLE_MS: "150",
  WEBHOOK_RETRY_SCHEDULE: "50ms,100ms,200ms,400ms,800ms",
  WORKER_CONCURRENCY: "8",
  WEBHOOK_CONCURRENCY: "8",
  CHARGE_EXPIRY_SWEEP_MS: "1000",
};

let database: { url: string; drop(): Promise<void> };
let app: TestApp; // the test's own view of the database (setup and reads), no worker
let receiver: WebhookReceiver;
/** The four processes, with the internal port each serves /metrics on. */
const processes: Array<ServiceProcess & { internalPort: number }> = [];

/** `npm run start:api` or `npm run worker` as deployed: production mode, an internal port. */
async function start(role: "api" | "worker") {
  const internalPort = await freePort();
  const service = await startServiceProcess({
    databaseUrl: database.url,
    role,
    env: {
      ...env,
      NODE_ENV: "production",
      INTERNAL_PORT: String(internalPort),
      ...(role === "api" ? { RUN_WORKER: "false" } : {}),
    },
  });
  return Object.assign(service, { internalPort });
}

async function emptyDatabase() {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  assert.ok(adminUrl, "run through scripts/run-tests.mjs");
  const name = `pix_t_${process.env.TEST_RUN_ID ?? "x"}_mp${randomString("abcdefghijklmnopqrstuvwxyz0123456789", 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** `npm run migrate` on the empty database: exits 0 having applied everything. */
async function migrate(url: string): Promise<string> {
  const child = spawn(process.execPath, [join(SERVER_DIST, "migrate.js")], {
    env: { PATH: process.env.PATH, DATABASE_URL: url, NODE_ENV: "production", LOG_LEVEL: "info" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  assert.equal(code, 0, output);
  return output;
}

before(async () => {
  console.log(`# multi-process: ${LONG ? "long" : "short"} form, seed ${SEED}`);
  const t0 = Date.now();
  database = await emptyDatabase();
  const migrated = await migrate(database.url);
  assert.match(migrated, /"msg":"migrations applied"/);
  const t1 = Date.now();
  receiver = await startWebhookReceiver();
  // The first send of every third event answers 500: retries run through both workers too.
  const seen = new Set<string>();
  let events = 0;
  receiver.respond((request) => {
    const id = request.json.event_id as string;
    if (seen.has(id)) return { status: 200 };
    seen.add(id);
    events += 1;
    return { status: events % 3 === 0 ? 500 : 200 };
  });
  // Every process that did start is kept for after() to stop, also when another failed:
  // a worker left running would keep this test file from ever ending.
  const started = await Promise.allSettled([start("api"), start("api"), start("worker"), start("worker")]);
  for (const result of started) if (result.status === "fulfilled") processes.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  const t2 = Date.now();
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET }, { databaseUrl: database.url });
  console.log(`# multi-process: migrate ${t1 - t0} ms, 4 processes up ${t2 - t1} ms, test app ${Date.now() - t2} ms`);
});

after(async () => {
  const exits = await Promise.all(processes.map((service) => service.stop("SIGTERM", 30_000)));
  await app?.close();
  await receiver?.close();
  await database?.drop();
  assert.deepEqual(
    exits,
    processes.map(() => ({ code: 0, signal: null })),
    "every process shuts down cleanly",
  );
});

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: any;
  text: string;
}

const apis = () => processes.filter((service) => service.role === "api");
let turn = 0;
let retriedAfter503 = 0;
/** Each call goes to the next API process in turn (or to the one asked for). */
async function call(
  method: string,
  path: string,
  options: { token: string; body?: unknown; raw?: string; headers?: Record<string, string>; api?: number },
): Promise<Answer> {
  const api = apis()[options.api ?? turn++ % 2];
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["content-type"] = "application/json";
  // A 503 (the database too busy: on this shared machine it happens under
  // load) means "nothing was done, try again": a client retries the same request, which
  // every operation here allows (idempotency keys, end-to-end ids, state checks).
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${api.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: any = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const unavailable =
      response.status === 503 ||
      parsed?.errors?.some((e: any) => ["SERVICE_UNAVAILABLE", "DATABASE_UNAVAILABLE"].includes(e.extensions?.code));
    if (unavailable && attempt < 10) {
      retriedAfter503 += 1;
      await later(200 * attempt);
      continue;
    }
    assert.ok(response.status < 500, `${method} ${path} answered ${response.status}: ${text}`);
    return { status: response.status, body: parsed, text };
  }
}

const gql = (token: string, query: string, variables: Record<string, unknown> = {}, api?: number) =>
  call("POST", "/graphql", { token, body: { query, variables }, api });

/** What one round does for one merchant; everything in it runs at once. */
async function round(merchant: Merchant, stats: Record<string, number>): Promise<void> {
  const count = (what: string) => {
    stats[what] = (stats[what] ?? 0) + 1;
  };
  const work: Array<Promise<unknown>> = [];

  // A charge, paid by a notification that arrives twice, once at each API.
  work.push(
    (async () => {
      const amount = random.int(5, 60);
      const charge = await call("POST", "/charges", {
        token: merchant.clientSecret,
        body: { amount },
        headers: { "idempotency-key": randomUUID() },
      });
      assert.equal(charge.status, 201, charge.text);
      const [{ txid }] = await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [charge.body.id]);
      const item = {
        endToEndId:
          `E${randomString("0123456789", 8)}${Date.now()}${randomString("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 10)}`.slice(
            0,
            32,
          ),
        txid,
        chave: "key",
        valor: amount.toFixed(2),
        horario: new Date().toISOString(),
      };
      const raw = JSON.stringify({ pix: [item] });
      const headers = { "x-provider-signature": signProviderBody(PROVIDER_SECRET, raw) };
      const answers = await Promise.all(
        [0, 1].map((api) => call("POST", "/provider/pix", { token: "", raw, headers, api })),
      );
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
      count("charges paid twice over");
    })(),
  );

  // A withdrawal whose request is sent to both APIs at once with one Idempotency-Key.
  work.push(
    (async () => {
      const small = random.next() < 0.5;
      const amount = small ? random.int(1, AUTO_APPROVE) : random.int(AUTO_APPROVE + 1, 80);
      const key = randomUUID();
      const body = { amount, pix_key_type: "CPF", pix_key: VALID_CPF };
      const answers = await Promise.all(
        [0, 1].map((api) =>
          call("POST", "/withdrawals", {
            token: merchant.clientSecret,
            body,
            headers: { "idempotency-key": key },
            api,
          }),
        ),
      );
      const created = answers.filter((answer) => answer.status === 201);
      if (created.length === 0) {
        // Not enough balance (400) or the twin still in flight (409): never two withdrawals.
        for (const answer of answers) assert.ok([400, 409].includes(answer.status), answer.text);
        count("withdrawals refused");
        return;
      }
      const ids = new Set(created.map((answer) => answer.body.id));
      assert.equal(ids.size, 1, "one key, one withdrawal");
      const id = created[0].body.id as string;
      count("withdrawals");
      if (!small) {
        // An operator approves while the merchant cancels, at the two APIs, either a little
        // ahead: one of them wins.
        const approveFirst = random.next() < 0.5;
        const head = random.int(0, 15);
        const [approved, cancelled] = await Promise.all([
          later(approveFirst ? 0 : head).then(() =>
            gql(TEST_ADMIN_TOKEN, "mutation($id: ID!) { approveWithdrawal(id: $id) { status } }", { id }, 0),
          ),
          later(approveFirst ? head : 0).then(() =>
            gql(
              merchant.clientSecret,
              'mutation($id: ID!) { cancelWithdrawal(id: $id, reason: "changed my mind") { status } }',
              { id },
              1,
            ),
          ),
        ]);
        const winners = [approved, cancelled].filter((answer) => !answer.body.errors);
        assert.equal(winners.length, 1, `${approved.text} / ${cancelled.text}`);
        count(approved.body.errors ? "cancelled before approval" : "approved before cancel");
        if (approved.body.errors) return;
      }
      // The operator settles while the sandbox bank may be settling too: one outcome counts.
      if (random.next() < 0.5) {
        await later(random.int(0, 300));
        const outcome = random.next() < 0.7 ? "PAID" : "FAILED";
        const settled = await gql(
          TEST_ADMIN_TOKEN,
          `mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: ${outcome}, reason: "bank said so") { status } }`,
          { id },
        );
        count(settled.body.errors ? "settled by the bank first" : `settled ${outcome} by hand`);
      }
    })(),
  );

  // A redelivery of an event already sent.
  work.push(
    (async () => {
      const [event] = await app.services.db.query(
        `SELECT id FROM webhook_events WHERE company_id = $1 AND delivery_status IN ('DELIVERED', 'FAILED')
          ORDER BY random() LIMIT 1`,
        [merchant.companyId],
      );
      if (!event) return;
      const redelivered = await gql(
        merchant.clientSecret,
        "mutation($id: ID!) { redeliverWebhook(eventId: $id) { eventId } }",
        { id: event.id },
      );
      assert.equal(redelivered.body.errors, undefined, redelivered.text);
      count("redeliveries");
    })(),
  );
  await Promise.all(work);
}

test("two API processes and two workers on one database keep money, events and attempts right", async () => {
  const started = Date.now();
  const merchants: Merchant[] = [];
  for (let i = 0; i < MERCHANTS; i += 1) {
    const merchant = await app.createMerchant({
      name: `Loja ${i}`,
      webhookUrl: receiver.url(`/m${i}`),
      autoApproveLimit: `${AUTO_APPROVE}.00`,
    });
    await app.fund(merchant.companyId, "150.00");
    merchants.push(merchant);
  }

  const stats: Record<string, number> = {};
  const mixStarted = Date.now();
  for (let r = 0; r < ROUNDS; r += 1) {
    await Promise.all(merchants.map((merchant) => round(merchant, stats)));
  }

  const quietStarted = Date.now();
  // Quiet: no delivery pending, no withdrawal at the bank, no job left to run.
  const ids = merchants.map((merchant) => merchant.companyId);
  let left: Record<string, unknown> = {};
  await waitFor(
    "every delivery and settlement done",
    async () => {
      const [row] = await app.services.db.query(
        `SELECT (SELECT count(*) FROM webhook_events WHERE company_id = ANY($1) AND delivery_status = 'PENDING')::int AS deliveries,
                (SELECT count(*) FROM withdrawals WHERE company_id = ANY($1) AND status = 'PROCESSING')::int AS at_bank,
                (SELECT count(*) FROM graphile_worker.jobs WHERE attempts < max_attempts)::int AS jobs`,
        [ids],
      );
      left = row;
      return row.deliveries === 0 && row.at_bank === 0 && row.jobs === 0;
    },
    LONG ? 300_000 : 30_000,
  ).catch(async (error) => {
    const jobs = await app.services.db.query(
      "SELECT task_identifier, attempts, run_at, last_error FROM graphile_worker.jobs ORDER BY run_at LIMIT 5",
    );
    throw new Error(`${error.message}: ${JSON.stringify(left)} ${JSON.stringify(jobs)}`);
  });
  const timing = `setup ${mixStarted - started} ms, mix ${quietStarted - mixStarted} ms, quiet after ${Date.now() - quietStarted} ms`;

  for (const merchant of merchants) {
    const audit = await gql(
      TEST_ADMIN_TOKEN,
      "query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance recomputedBalance ledgerSum } }",
      { c: merchant.companyId },
    );
    assert.equal(audit.body.data.balanceAudit.consistent, true, audit.text);
  }
  const [lowest] = await app.services.db.query(
    `SELECT (SELECT min(balance_after_cents) FROM ledger_entries WHERE company_id = ANY($1))::bigint AS ledger,
            (SELECT min(balance_cents) FROM companies WHERE id = ANY($1))::bigint AS balance`,
    [ids],
  );
  assert.ok(
    BigInt(lowest.ledger) >= 0n && BigInt(lowest.balance) >= 0n,
    `a balance went negative: ${JSON.stringify(lowest)}`,
  );
  const [paid] = await app.services.db.query(
    `SELECT count(*)::int AS charges, (SELECT count(*)::int FROM ledger_entries WHERE kind = 'CHARGE_PAID') AS credits
       FROM charges WHERE status = 'PAID'`,
  );
  assert.equal(paid.charges, stats["charges paid twice over"], "every charge paid, none twice");
  assert.equal(paid.credits, paid.charges, "one credit per paid charge");

  // Every event reached the receiver, and no attempt was sent twice.
  const events: Array<{ id: string; delivery_status: string; attempts: number }> = await app.services.db.query(
    `SELECT e.id, e.delivery_status, (SELECT count(*) FROM webhook_attempts a WHERE a.event_id = e.id)::int AS attempts
       FROM webhook_events e WHERE e.company_id = ANY($1)`,
    [ids],
  );
  assert.ok(events.length > 0);
  const received = new Map<string, number>();
  for (const item of receiver.received) received.set(item.json.event_id, (received.get(item.json.event_id) ?? 0) + 1);
  for (const event of events) {
    const attempts: Array<{ manual: boolean; response_status: number | null }> = await app.services.db.query(
      `SELECT attempt_number, manual, response_status, response_time_ms, error, started_at, finished_at
         FROM webhook_attempts WHERE event_id = $1 ORDER BY attempt_number`,
      [event.id],
    );
    // A hand-asked redelivery is one attempt: when it fails (a reset connection) the event is
    // FAILED, though an earlier attempt had delivered it.
    const redeliveryFailedAfterDelivery =
      event.delivery_status === "FAILED" &&
      attempts.at(-1)?.manual === true &&
      attempts.some((a) => a.response_status !== null && a.response_status < 300);
    assert.ok(
      event.delivery_status === "DELIVERED" || redeliveryFailedAfterDelivery,
      `event ${event.id} is ${event.delivery_status}: ${JSON.stringify(attempts)}`,
    );
    const sends = received.get(event.id) ?? 0;
    assert.ok(sends >= 1, `event ${event.id} never reached the receiver`);
    // Every send is a recorded attempt; an attempt may fail before it reaches the receiver
    // (a reset keep-alive connection), but none reaches it twice.
    assert.ok(sends <= event.attempts, `event ${event.id}: ${sends} sends for ${event.attempts} recorded attempts`);
  }
  const recorded = events.reduce((sum, event) => sum + event.attempts, 0);
  assert.ok(receiver.received.length <= recorded);
  const [duplicates] = await app.services.db.query(
    `SELECT count(*)::int AS n FROM (SELECT event_id, attempt_number FROM webhook_attempts
                                      GROUP BY 1, 2 HAVING count(*) > 1) d`,
  );
  assert.equal(duplicates.n, 0);

  // Both workers took part (each process reports its own attempts on its internal port).
  const perWorker = await Promise.all(
    processes
      .filter((service) => service.role === "worker")
      .map(async (service) => {
        const text = await (await fetch(`http://127.0.0.1:${service.internalPort}/metrics`)).text();
        return [...text.matchAll(/^webhook_attempts_total\{outcome="\w+"\} (\d+)$/gm)].reduce(
          (sum, match) => sum + Number(match[1]),
          0,
        );
      }),
  );
  assert.ok(
    perWorker.every((n) => n > 0),
    `each worker sent attempts: ${perWorker.join(", ")}`,
  );
  assert.equal(
    perWorker.reduce((a, b) => a + b, 0),
    recorded,
    "the workers' attempt counters add up to the attempts recorded",
  );
  console.log(
    `# multi-process: ${MERCHANTS} accounts x ${ROUNDS} rounds (${timing}); ` +
      `${events.length} events, ${recorded} attempts, ${receiver.received.length} received (workers ${perWorker.join(" + ")}), ` +
      `${retriedAfter503} requests retried after 503; ${JSON.stringify(stats)}`,
  );
});
