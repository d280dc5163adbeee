import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import pg from "pg";
import { startBackgroundWork } from "../../src/worker";
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { commandsArbitrary, emptyStats, type ModelHolder, type Real } from "./commands";
import { type AccountState, balanceOf, brl, centsOf, emptyWorld, labelOf, step, type World } from "./model";
import { catchUp, diffWorld, ServiceReader } from "./service-state";

/*
 * Money stays exact when operations interleave at random (in the manner of TigerBeetle's
 * simulator and Jepsen's bank workload). Each sequence opens fresh accounts A and B
 * (credited 500.00 and 300.00, A with a paid charge of 150.00; B with an auto-approve limit) and takes as C a veteran
 * account of an earlier sequence, history and all (one whose charge is about to expire,
 * when there is one), or opens a fresh C. It runs random operations and concurrent batches
 * over HTTP (refunds and MED disputes among them: refunds, a dispute's hold and withdrawals
 * racing for the same charge and balance, a dispute's decisions racing its devolução's
 * outcome; Pix Automático recurrences, fixed or variable, with or without retries and a first
 * payment, approved or rejected by the payer, charged, debited or refused and retried, cancelled
 * by the merchant or the payer, a cancel racing a debit), and after every step compares the
 * service with the contract's model (model.ts):
 * balances (− open dispute holds), statuses, queue positions, balanceAudit, the ledger's
 * running balance, the outbox and its signatures, payment exceptions, refunds, disputes and
 * recurrences with their charges' attempts. A failure is shrunk by
 * fast-check to a short sequence, printed with the requests and answers of the failing run.
 *
 * MODEL_RUNS sequences (default 200) of at most MODEL_LENGTH commands (default 8), then
 * more sequences, 50 at a time, until MODEL_OPS operations ran (default 0: no more);
 * MODEL_SEED replays a printed seed; MODEL_SHRINK=false reports the first failure unshrunk.
 * MODEL_FIGURES_FILE receives the run's figures as JSON
 * (npm run test:long writes docs/reliability.md from it).
 */
const RUNS = Number(process.env.MODEL_RUNS ?? 200);
const LENGTH = Number(process.env.MODEL_LENGTH ?? 8);
const MIN_OPERATIONS = Number(process.env.MODEL_OPS ?? 0);
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : Date.now() % 2_147_483_647;
const FIGURES_FILE = process.env.MODEL_FIGURES_FILE;
const PROVIDER_SECRET = "provider-secret-for-the-model-test-0123456789";
/** A veteran account with more objects than this is left alone (the reads stay small). */
const VETERAN_MAX_OBJECTS = 40;

let app: TestApp;
let work: { stop(): Promise<void> };
let receiver: WebhookReceiver;
let sql: pg.Client;
let reader: ServiceReader;
const stats = emptyStats();
const startedAt = Date.now();
const loadAtStart = loadavg();

/**
 * Accounts of finished sequences, each with its part of the model, waiting to serve again as
 * C; and seed accounts, opened at the start with charges of expires_in=60, that wait until
 * those charges are about to expire.
 */
const veterans: Array<{ world: World; createdAtMs: number; uses: number; seed: boolean }> = [];
const SEED_ACCOUNTS = 6;
/** A veteran is ripe while one of its PENDING charges expires between 20 s ago and 5 s from now. */
const RIPE_FROM_MS = -20_000;
const RIPE_TO_MS = 5_000;
/** Charges seen to expire under the test (by read, sweep, or a payment or cancel that came too late). */
const expiredCharges = new Set<string>();
/** Every account a sequence finished with, as last seen, for the final checks of background work and delivery. */
const finished = new Map<string, World>();
const createdAt = new Map<string, number>();
/** Which checks passed: the figures claim nothing lost or double-counted only when all did. */
const passed = { model: false, expiry: false, background: false };

before(async () => {
  app = await startTestApp({
    PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET,
    CHARGE_EXPIRY_SWEEP_MS: "1000",
    DB_POOL_SIZE: "12",
    WORKER_CONCURRENCY: "6",
    WEBHOOK_CONCURRENCY: "6",
  });
  work = await startBackgroundWork(app.runtime);
  receiver = await startWebhookReceiver();
  sql = new pg.Client({ connectionString: app.databaseUrl });
  await sql.connect();
  reader = new ServiceReader(app, sql);
  await openSeeds();
});

after(async () => {
  await work?.stop();
  await sql?.end();
  await receiver?.close();
  await app?.close();
});

async function openAccount(label: string, plan: { feePercent: string; feeFixed: string; autoApproveLimit?: string }) {
  const withUrl = label !== "C";
  const result = await app.graphql(
    `mutation($input: CreateCompanyInput!) { createCompany(input: $input) { company { id } clientSecret webhookSecret } }`,
    {
      input: {
        name: `Loja ${label}`,
        ...plan,
        ...(withUrl ? { webhookUrl: receiver.url(`/hooks/${label}`) } : {}),
      },
    },
  );
  if (result.errors) throw new Error(`createCompany: ${JSON.stringify(result.errors)}`);
  const created = result.data.createCompany;
  createdAt.set(created.company.id, Date.now());
  const account: AccountState = {
    label,
    companyId: created.company.id,
    clientSecret: created.clientSecret,
    feePercentCenti: centsOf(plan.feePercent),
    feeFixedCents: centsOf(plan.feeFixed),
    autoApproveLimitCents: plan.autoApproveLimit ? centsOf(plan.autoApproveLimit) : null,
    hasWebhookUrl: withUrl,
    secrets: [created.webhookSecret],
    adjustmentsCents: [],
    pings: [],
    origin: `opened by sequence ${stats.sequences + 1}`,
  };
  return account;
}

/** The part of the world that belongs to one account, to carry it into a later sequence. */
function partOf(world: World, companyId: string): World {
  const part = emptyWorld();
  part.accounts = world.accounts.filter((a) => a.companyId === companyId);
  part.charges = world.charges.filter((c) => c.companyId === companyId);
  part.withdrawals = world.withdrawals.filter((w) => w.companyId === companyId);
  part.exceptions = world.exceptions.filter((e) => e.companyId === companyId);
  part.payments = world.payments.filter((p) => p.companyId === companyId);
  part.knownE2e = [
    ...part.payments.map((p) => p.endToEndId),
    ...part.charges.flatMap((c) => (c.e2eId ? [c.e2eId] : [])),
  ];
  part.chargeRequests = world.chargeRequests.filter((r) => r.companyId === companyId);
  part.chargeKeys = world.chargeKeys.filter((k) => k.companyId === companyId);
  part.withdrawalRequests = world.withdrawalRequests.filter((r) => r.companyId === companyId);
  part.refunds = world.refunds.filter((r) => r.companyId === companyId);
  part.refundRequests = world.refundRequests.filter((r) => r.companyId === companyId);
  part.disputes = world.disputes.filter((d) => d.companyId === companyId);
  part.recurrences = world.recurrences.filter((r) => r.companyId === companyId);
  part.nextOrder = world.nextOrder;
  return structuredClone(part);
}

function merge(into: World, part: World): void {
  into.accounts.push(...part.accounts);
  into.charges.push(...part.charges);
  into.withdrawals.push(...part.withdrawals);
  into.exceptions.push(...part.exceptions);
  into.payments.push(...part.payments);
  into.knownE2e.push(...part.knownE2e);
  into.chargeRequests.push(...part.chargeRequests);
  into.chargeKeys.push(...part.chargeKeys);
  into.withdrawalRequests.push(...part.withdrawalRequests);
  into.refunds.push(...part.refunds);
  into.refundRequests.push(...part.refundRequests);
  into.disputes.push(...part.disputes);
  into.recurrences.push(...part.recurrences);
  into.nextOrder = Math.max(into.nextOrder, part.nextOrder);
}

function ripeExpiry(world: World): number | null {
  const now = Date.now();
  const ripe = world.charges
    .filter((c) => c.status === "PENDING" && c.expiresAtMs - now >= RIPE_FROM_MS && c.expiresAtMs - now <= RIPE_TO_MS)
    .map((c) => c.expiresAtMs);
  return ripe.length > 0 ? Math.min(...ripe) : null;
}

/**
 * The next C: a veteran whose charge is about to expire (the soonest), else the one that
 * rested longest, else none (a fresh C). Seeds wait for their minute.
 */
function takeVeteran(): World | null {
  let best = -1;
  let bestExpiry = Number.MAX_SAFE_INTEGER;
  veterans.forEach((entry, index) => {
    const expiry = ripeExpiry(entry.world);
    if (expiry !== null && expiry < bestExpiry) [best, bestExpiry] = [index, expiry];
  });
  if (best < 0) best = veterans.findIndex((entry) => !entry.seed);
  if (best < 0) return null;
  const [chosen] = veterans.splice(best, 1);
  // Back in use: the sequence that took it leaves it in the final checks again only if it passes.
  finished.delete(chosen.world.accounts[0].companyId);
  const account = chosen.world.accounts[0];
  const age = Math.round((Date.now() - chosen.createdAtMs) / 1000);
  const was = account.label === "C" ? "" : `(was ${account.label}) `;
  account.origin = `veteran ${was}opened ${age} s ago, reused ${++chosen.uses}x`;
  account.label = "C";
  return chosen.world;
}

/** Seed accounts: each with three charges that expire one minute after the test starts. */
async function openSeeds(): Promise<void> {
  for (let i = 1; i <= SEED_ACCOUNTS; i++) {
    const seed = await openAccount(`S${i}`, { feePercent: "1.50", feeFixed: "0.10" });
    const world = emptyWorld();
    world.accounts.push(seed);
    let state: World = world;
    for (const amountCents of [1000n, 2050n, 99n]) {
      const body = `{"amount":${brl(amountCents)},"expires_in":60}`;
      const startMs = Date.now();
      const res = await app.request("POST", "/charges", {
        token: seed.clientSecret,
        rawBody: body,
        headers: { "content-type": "application/json" },
      });
      const answer = {
        status: res.status,
        code: res.body?.code ?? null,
        body: res.body,
        text: res.text,
        replayed: false,
      };
      const op = {
        kind: "createCharge" as const,
        companyId: seed.companyId,
        amountCents,
        expiresIn: 60,
        key: null,
        body,
      };
      const next = step(state, op, answer, { startMs, endMs: Date.now() });
      assert.equal(next.worlds.length, 1, `seed charge: ${next.why.join("; ")}`);
      state = next.worlds[0];
    }
    veterans.push({ world: state, createdAtMs: Date.now(), uses: 0, seed: true });
  }
}

/** A charge of the account, paid through the sandbox, each step checked by the model. */
async function paidCharge(world: World, opened: AccountState, amountCents: bigint): Promise<World> {
  const body = `{"amount":${brl(amountCents)}}`;
  let startMs = Date.now();
  const created = await app.request("POST", "/charges", {
    token: opened.clientSecret,
    rawBody: body,
    headers: { "content-type": "application/json" },
  });
  const createOp = {
    kind: "createCharge" as const,
    companyId: opened.companyId,
    amountCents,
    expiresIn: null,
    key: null,
    body,
  };
  const answer = {
    status: created.status,
    code: created.body?.code ?? null,
    body: created.body,
    text: created.text,
    replayed: false,
  };
  const afterCreate = step(world, createOp, answer, { startMs, endMs: Date.now() });
  assert.equal(afterCreate.worlds.length, 1, `opening charge: ${afterCreate.why.join("; ")}`);
  startMs = Date.now();
  const payment = await app.graphql(
    `mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Maria Silva") { id status e2eId paidAt paidAmount } }`,
    { id: created.body.id },
  );
  const payAnswer = {
    status: 200,
    code: payment.errors?.[0]?.extensions?.code ?? null,
    body: payment.data?.simulateChargePayment ?? null,
    text: JSON.stringify(payment),
    replayed: false,
  };
  const afterPay = step(afterCreate.worlds[0], { kind: "simulatePay", chargeId: created.body.id }, payAnswer, {
    startMs,
    endMs: Date.now(),
  });
  assert.equal(afterPay.worlds.length, 1, `opening payment: ${afterPay.why.join("; ")}`);
  return afterPay.worlds[0];
}

async function checkAgainstService(world: World, when: string): Promise<void> {
  const observation = await reader.observeStable(world);
  catchUp(world, observation);
  const problems = diffWorld(world, observation);
  assert.deepEqual(problems, [], `${when}: the service disagrees with the model`);
}

async function openSequence(): Promise<{ model: ModelHolder; real: Real }> {
  let world = emptyWorld();
  const [a, b] = await Promise.all([
    openAccount("A", { feePercent: "0.99", feeFixed: "0.00" }),
    openAccount("B", { feePercent: "2.50", feeFixed: "0.35", autoApproveLimit: "20.00" }),
  ]);
  world.accounts.push(a, b);
  // A and B start with money, so that withdrawals race for it from the first command.
  await Promise.all(
    (
      [
        [a, 50_000n],
        [b, 30_000n],
      ] as const
    ).map(async ([opened, amount]) => {
      const funded = await app.graphql(
        `mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "saldo inicial") { status } }`,
        { c: opened.companyId, a: brl(amount) },
      );
      assert.equal(funded.data?.createAdjustment?.status, "POSTED", JSON.stringify(funded.errors));
      opened.adjustmentsCents.push(amount);
    }),
  );
  // A starts with a paid charge too, so that refunds have something to return from the first command.
  world = await paidCharge(world, a, 15_000n);
  const veteran = takeVeteran();
  if (veteran) merge(world, veteran);
  else world.accounts.push(await openAccount("C", { feePercent: "0.00", feeFixed: "1.00" }));
  // A veteran is as its last sequence left it, plus the background's work: the first
  // comparison catches up with that (model.ts allows for it until then).
  return {
    model: { world },
    real: {
      app,
      reader,
      operatorToken: TEST_ADMIN_TOKEN,
      providerSecret: PROVIDER_SECRET,
      sequence: stats.sequences + 1,
      trace: [],
      stats,
    },
  };
}

/**
 * What each merchant sees with its own credential, and what it must not see. The bank may
 * still be refusing a withdrawal in the background: any balance the model allows counts.
 */
async function checkMerchantViews(world: World, trace: string[]): Promise<void> {
  const allowed = (companyId: string) => {
    let sums = [balanceOf(world, companyId)];
    for (const w of world.withdrawals) {
      if (w.companyId === companyId && w.status === "PROCESSING" && w.bank !== "settles") {
        sums = [...sums, ...sums.map((s) => s + w.amountCents)];
      }
    }
    return sums.map(brl);
  };
  const context = `\nwhat this sequence did:\n${trace.join("\n")}`;
  // One account a sequence, in turn: its balance by GraphQL and by REST, and another account's charge.
  const index = stats.sequences % world.accounts.length;
  const a = world.accounts[index];
  const own = await app.graphql("query { balance { balance } }", {}, a.clientSecret);
  const seen = own.data?.balance?.balance;
  assert.ok(
    allowed(a.companyId).includes(seen),
    `${a.label} reads its balance ${seen}, model ${allowed(a.companyId)}${context}`,
  );
  const rest = await app.request("GET", "/charges/balance", { token: a.clientSecret });
  assert.equal(rest.status, 200);
  assert.ok(allowed(a.companyId).includes(brl(centsOf(rest.body.balance))), `REST balance of ${a.label}${context}`);
  const foreign = world.charges.find((c) => c.companyId !== a.companyId);
  if (foreign) {
    const read = await app.request("GET", `/charges/chg_${foreign.id}`, { token: a.clientSecret });
    assert.equal(read.status, 404, `${a.label} reads ${labelOf(world, foreign.companyId)}'s charge${context}`);
    assert.equal(read.body.code, "NOT_FOUND");
  }
}

function retire(world: World): void {
  for (const account of world.accounts) {
    const part = partOf(world, account.companyId);
    const opened = createdAt.get(account.companyId) ?? Date.now();
    finished.set(account.companyId, part);
    for (const c of part.charges) if (c.status === "EXPIRED") expiredCharges.add(c.id);
    if (part.charges.length + part.withdrawals.length <= VETERAN_MAX_OBJECTS) {
      veterans.push({ world: structuredClone(part), createdAtMs: opened, uses: 0, seed: false });
    }
  }
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

let lastProgress = Date.now();
function progress(force = false): void {
  if (!force && Date.now() - lastProgress < 10_000) return;
  lastProgress = Date.now();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  console.log(
    `model: ${stats.sequences} sequences, ${stats.commands} commands, ${stats.operations} operations ` +
      `(${stats.operationsInBatches} in ${stats.batches} concurrent batches), ${seconds} s, load ${loadavg()[0].toFixed(2)}`,
  );
}

/** Runs `runs` random sequences (fast-check shrinks a failing one and prints it). */
async function runSequences(runs: number, seed: number): Promise<void> {
  let finishedSequences = 0;
  await fc.assert(
    fc.asyncProperty(commandsArbitrary(LENGTH), async (commands) => {
      let opened: { model: ModelHolder; real: Real } | null = null;
      await fc.asyncModelRun(async () => {
        opened = await openSequence();
        return opened;
      }, commands);
      const { model, real } = opened!;
      await checkMerchantViews(model.world, real.trace);
      retire(model.world);
      stats.sequences++;
      finishedSequences++;
      progress();
    }),
    { numRuns: runs, seed, includeErrorInReport: true, endOnFailure: process.env.MODEL_SHRINK === "false" },
  );
  progress(true);
  assert.equal(finishedSequences, runs);
}

describe("money stays exact under random interleavings (model-based)", () => {
  test(`${RUNS} random sequences of at most ${LENGTH} commands agree with the contract's model after every step`, async () => {
    console.log(`model: seed ${SEED} (MODEL_SEED=${SEED} replays this run), ${RUNS} sequences, length ${LENGTH}`);
    await runSequences(RUNS, SEED);
    for (let round = 1; stats.operations < MIN_OPERATIONS; round++) {
      console.log(
        `model: ${stats.operations} of MODEL_OPS=${MIN_OPERATIONS} operations; 50 more sequences, seed ${SEED + round}`,
      );
      await runSequences(50, SEED + round);
    }
    passed.model = true;
  });

  test("charges expire in the middle of random operations (the seed accounts' minute is up)", async (t) => {
    const seeds = veterans.filter((entry) => entry.seed);
    if (seeds.length === 0) {
      t.diagnostic("every seed account already served in the run above");
      passed.expiry = true;
      return;
    }
    // Start just before the first of their charges expires (no wait after a long run), and go on past it.
    const first = Math.min(...seeds.flatMap((entry) => entry.world.charges.map((c) => c.expiresAtMs)));
    const wait = first - 2_000 - Date.now();
    if (wait > 0) {
      console.log(`model: waiting ${Math.round(wait / 1000)} s for the seed accounts' charges to come due`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await runSequences(seeds.length * 4, SEED + 1);
    t.diagnostic(`charges seen to expire so far: ${expiredCharges.size}`);
    passed.expiry = true;
  });

  test("the bank's background work ends as the contract says, and every event reaches its receiver", async () => {
    // Withdrawals still at the bank when their sequence ended: wait for them, then compare again.
    const atTheBank = (world: World) =>
      world.withdrawals.some((w) => w.status === "PROCESSING" && w.bank !== "settles");
    const inFlight = [...finished.values()].filter(atTheBank);
    for (const world of inFlight) {
      for (let round = 0; ; round++) {
        const observation = await reader.observeStable(world);
        catchUp(world, observation);
        if (!atTheBank(world)) break;
        assert.ok(round < 150, `withdrawals of ${world.accounts[0].companyId} still at the bank after 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await checkAgainstService(world, "after the bank's background work");
    }

    // Every charge past its expiry (as the model says) gets its charge.expired from the sweep, once.
    const overdue = [...finished.values()].flatMap((world) =>
      world.charges.filter((c) => c.status === "EXPIRED" || (c.status === "PENDING" && c.expiresAtMs < Date.now())),
    );
    for (let round = 0; ; round++) {
      const { rows: counts } = await sql.query(
        `SELECT c.id, count(e.id)::int AS n FROM unnest($1::text[]) AS c(id)
           LEFT JOIN webhook_events e ON e.subject_id = c.id AND e.event = 'charge.expired' GROUP BY c.id`,
        [overdue.map((c) => c.id)],
      );
      const missing = counts.filter((row) => row.n !== 1);
      if (missing.length === 0) break;
      assert.ok(round < 100, `charges without exactly one charge.expired: ${JSON.stringify(missing.slice(0, 5))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stats.outcomes["charges with their charge.expired event"] = overdue.length;

    // At least once: every outbox event of an account with a URL arrives with its exact bytes and signature.
    const withUrl = [...finished.values()]
      .filter((w) => w.accounts[0].hasWebhookUrl)
      .map((w) => w.accounts[0].companyId);
    let rows: Array<{ id: string; event: string; body: string; signature: string; delivery_status: string }> = [];
    for (let round = 0; ; round++) {
      rows = (
        await sql.query(
          "SELECT id, event, body, signature, delivery_status FROM webhook_events WHERE company_id = ANY($1)",
          [withUrl],
        )
      ).rows;
      if (rows.every((row) => row.delivery_status === "DELIVERED")) break;
      assert.ok(
        round < 300,
        `${rows.filter((r) => r.delivery_status !== "DELIVERED").length} events not delivered in 30 s`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const received = new Map<string, Array<{ body: string; signature: unknown; event: unknown }>>();
    for (const hook of receiver.received) {
      const id = String(hook.json.event_id);
      received.set(id, [
        ...(received.get(id) ?? []),
        { body: hook.body, signature: hook.headers["x-signature"], event: hook.headers["x-service-event"] },
      ]);
    }
    for (const row of rows) {
      const copies = received.get(row.id) ?? [];
      assert.ok(copies.length >= 1, `event ${row.id} (${row.event}) never reached the receiver`);
      for (const copy of copies) {
        assert.equal(copy.body, row.body, `event ${row.id}: the bytes received differ from the outbox`);
        assert.equal(copy.signature, row.signature);
        assert.equal(copy.event, row.event);
      }
    }
    stats.outcomes["webhook events delivered and verified"] = rows.length;

    // At the end, for every account the run used: balanceAudit agrees with the ledger
    // (running balance, ledger sum, last entry, recomputed from the rows) and with the model.
    let audited = 0;
    for (const world of finished.values()) {
      for (const a of world.accounts) {
        const audit = await app.services.ledger.auditBalance(a.companyId);
        const expected = balanceOf(world, a.companyId);
        assert.equal(audit.consistent, true, `balanceAudit of ${a.companyId} at the end`);
        for (const figure of [
          audit.runningBalanceCents,
          audit.ledgerSumCents,
          audit.recomputedBalanceCents,
        ] as bigint[]) {
          assert.equal(
            figure,
            expected,
            `balanceAudit of ${a.companyId} at the end: ${brl(figure)}, model ${brl(expected)}`,
          );
        }
        audited++;
      }
    }
    stats.outcomes["accounts whose balanceAudit agreed with the ledger and the model at the end"] = audited;
    stats.outcomes["withdrawals finished at the bank after their sequence"] = inFlight.length;
    passed.background = true;
  });

  test("figures", (t) => {
    const seconds = (Date.now() - startedAt) / 1000;
    const figures = {
      runs: RUNS,
      length: LENGTH,
      minimumOperations: MIN_OPERATIONS,
      seed: SEED,
      durationSeconds: Math.round(seconds),
      loadAverageAtStart: loadAtStart.map((x) => Number(x.toFixed(2))),
      loadAverageAtEnd: loadavg().map((x) => Number(x.toFixed(2))),
      veteranAccounts: veterans.length,
      ...stats,
      stateReads: reader.graphqlReads,
      ledgerEntriesChecked: reader.ledgerEntriesChecked,
      passed,
      expiredCharges: expiredCharges.size,
      /** Money back: the refunds and MED disputes of every account the run used, by final status. */
      refunds: countBy(
        [...finished.values()].flatMap((w) => w.refunds),
        (r) => `${r.disputeId === null ? "merchant" : "MED"} ${r.status}`,
      ),
      disputes: countBy(
        [...finished.values()].flatMap((w) => w.disputes),
        (d) =>
          `${d.status}${d.outcome ? ` ${d.outcome}` : ""}${d.heldCents < d.amountCents ? " (held less than claimed)" : ""}`,
      ),
      /** Differences found between the service and the model (lost or double-counted money among them). */
      discrepancies: passed.model && passed.expiry && passed.background ? 0 : "the run failed: see the test output",
    };
    t.diagnostic(
      `model figures: ${figures.sequences} sequences, ${figures.operations} operations (${figures.operationsInBatches} in ${figures.batches} concurrent batches of up to ${figures.maxConcurrency}), ${figures.observations} state comparisons, ${figures.ledgerEntriesChecked} ledger entries checked, ${Math.round(seconds)} s`,
    );
    if (FIGURES_FILE) writeFileSync(FIGURES_FILE, JSON.stringify(figures, null, 2));
    assert.ok(figures.operations > 0);
  });
});
