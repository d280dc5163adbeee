import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { ChargeStatus } from "../../src/charges/charge.entity";
import { ListOrder, type PageStatement, TOTAL_CAP } from "../../src/core/pagination";
import { WithdrawalStatus } from "../../src/withdrawals/withdrawal.entity";
import { seedListHistory } from "../support/list-seed";
import { type Merchant, startTestApp, type TestApp } from "../support/test-app";

/*
 * The lists at test scale: 20,000 charges (and their ledger entries), 5,000 withdrawals and
 * 5,000 webhook events on one account, a few on another, seeded in SQL and analyzed. Every
 * list query the console runs (merchant and operator, first page, a deep cursor page, each
 * filter) is captured from the real services and explained with ANALYZE: no sequential scan
 * of a big table, and no node reads more than about a page (or the count's cap) of rows, so
 * nothing sorts or counts the whole history. Totals are exact. scripts/lists-at-scale.mjs
 * runs the same at 10^6 rows.
 */
const CHARGES = 20_000;
const WITHDRAWALS = 5_000;
const EVENTS = 5_000;
/** Rows a page statement may read: a page of 100 twice (two branches) and what its filters skip. */
const PAGE_READ_BOUND = 500;
const BIG_TABLES = new Set(["charges", "withdrawals", "webhook_events", "ledger_entries"]);

let app: TestApp;
let big: Merchant;
let small: Merchant;

before(async () => {
  app = await startTestApp();
  big = await app.createMerchant({ name: "Loja Grande" });
  small = await app.createMerchant({ name: "Loja Pequena" });
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const newest = new Date();
    await seedListHistory(client, {
      companyId: big.companyId,
      firstSeq: 1,
      charges: CHARGES,
      withdrawals: WITHDRAWALS,
      webhookEvents: EVENTS,
      newest,
      batch: 10_000,
    });
    await seedListHistory(client, {
      companyId: small.companyId,
      firstSeq: 1_000_000,
      charges: 300,
      withdrawals: 100,
      webhookEvents: 100,
      newest,
    });
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
});
after(() => app.close());

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/**
 * The reads a call sends to PostgreSQL, on any connection of the service's pool (TypeORM's,
 * a pooled query or a connection of its own): node-postgres's Client.query sees them all.
 */
async function statementsOf(call: () => Promise<unknown>): Promise<PageStatement[]> {
  const captured: PageStatement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === "string" ? config : config.text;
    if (/^\s*(SELECT|WITH)\b/i.test(text))
      captured.push({ text, values: (typeof config === "string" ? values : config.values) ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await call();
  } finally {
    pg.Client.prototype.query = original;
  }
  return captured;
}

/**
 * Explains (with ANALYZE) every statement of a call: no Seq Scan of a big table, and every
 * scan of a big table reads at most about a page of rows (a page statement: the page, the
 * rows of the other account its index walks past, a filter's misses; far from the 20,000
 * of the history) or the count's cap.
 */
async function assertIndexed(label: string, pageRows: number, call: () => Promise<unknown>): Promise<void> {
  const statements = await statementsOf(call);
  assert.ok(statements.length > 0, label);
  for (const statement of statements) {
    const [row] = await app.services.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    const plan: PlanNode = row["QUERY PLAN"][0].Plan;
    const counting = /count\(\*\)|sum\(n\)|list_counters/.test(statement.text);
    const bound = counting ? 2 * (TOTAL_CAP + 1) : Math.max(pageRows, PAGE_READ_BOUND);
    for (const node of nodes(plan)) {
      if (!node["Relation Name"] || !BIG_TABLES.has(node["Relation Name"])) continue;
      const where = `${label}: ${node["Node Type"]} on ${node["Relation Name"]} (${node["Index Name"] ?? "no index"})\n${statement.text}`;
      assert.notEqual(node["Node Type"], "Seq Scan", where);
      const read =
        (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) *
        node["Actual Loops"];
      assert.ok(read <= bound, `${where}\nread ${read} rows, more than ${bound}`);
    }
  }
}

/** What readers count for a status: overdue PENDING charges are EXPIRED. */
async function sqlCount(where: string, params: unknown[] = []): Promise<number> {
  const [row] = await app.services.db.query(`SELECT count(*)::int AS n FROM ${where}`, params);
  return row.n;
}

function expectTotal(page: { total: number; totalCapped: boolean }, exact: number, label: string) {
  if (exact > TOTAL_CAP && page.totalCapped) assert.equal(page.total, TOTAL_CAP, label);
  else assert.deepEqual({ total: page.total, capped: page.totalCapped }, { total: exact, capped: false }, label);
}

describe("lists at 20,000 rows use their indexes", () => {
  test("charges: merchant and operator, every filter, first and deep pages, exact totals", async () => {
    const charges = app.services.charges;
    const page = 2 * 21 + 10;
    for (const scope of [big.companyId, null]) {
      const who = scope ? "merchant" : "operator";
      const scoped = scope ? `company_id = '${scope}'` : "true";
      const first = await charges.listCharges(scope, {});
      expectTotal(first, await sqlCount(`charges WHERE ${scoped}`), `${who} total`);
      await assertIndexed(`${who} first page`, page, () => charges.listCharges(scope, {}));
      await assertIndexed(`${who} oldest first`, page, () =>
        charges.listCharges(scope, { order: ListOrder.OLDEST_FIRST }),
      );
      for (const status of Object.values(ChargeStatus)) {
        const listed = await charges.listCharges(scope, { status, limit: 100 });
        assert.ok(listed.data.every((charge) => charge.status === status));
        expectTotal(listed, await sqlCount(`charges WHERE ${scoped} AND status = '${status}'`), `${who} ${status}`);
        await assertIndexed(`${who} status ${status}`, 2 * 101 + 10, () =>
          charges.listCharges(scope, { status, limit: 100 }),
        );
      }
      for (const reserved of [true, false]) {
        const listed = await charges.listCharges(scope, { reserved });
        expectTotal(listed, await sqlCount(`charges WHERE ${scoped} AND reserved = ${reserved}`), `${who} reserved`);
        await assertIndexed(`${who} reserved ${reserved}`, page, () => charges.listCharges(scope, { reserved }));
      }
      const createdFrom = new Date(Date.now() - 3_600_000 * 3);
      const createdTo = new Date(Date.now() - 3_600_000);
      const ranged = await charges.listCharges(scope, { createdFrom, createdTo });
      expectTotal(
        ranged,
        await sqlCount(`charges WHERE ${scoped} AND created_at >= $1 AND created_at < $2`, [createdFrom, createdTo]),
        `${who} created range`,
      );
      await assertIndexed(`${who} created range`, page, () => charges.listCharges(scope, { createdFrom, createdTo }));
      const paid = await charges.listCharges(scope, { paidFrom: createdFrom, paidTo: createdTo });
      assert.ok(paid.data.every((charge) => charge.status === ChargeStatus.PAID && charge.paidAt));
      await assertIndexed(`${who} paid range`, page, () =>
        charges.listCharges(scope, { paidFrom: createdFrom, paidTo: createdTo }),
      );
      // A deep cursor page: the last row of offset 10,000, then the page after it.
      const deep = await charges.listCharges(scope, { limit: 20, offset: 10_000 });
      const after = deep.pageInfo.endCursor as string;
      const next = await charges.listCharges(scope, { first: 20, after });
      assert.equal(next.data.length, 20);
      assert.ok(next.data[0].createdAt <= deep.data[19].createdAt);
      await assertIndexed(`${who} deep cursor page`, page, () => charges.listCharges(scope, { first: 20, after }));
      await assertIndexed(`${who} deep cursor page, PAID`, page, () =>
        charges.listCharges(scope, { status: ChargeStatus.PAID, first: 20, after }),
      );
      await assertIndexed(`${who} deep cursor page, EXPIRED`, page, () =>
        charges.listCharges(scope, { status: ChargeStatus.EXPIRED, first: 20, after }),
      );
    }
  });

  test("withdrawals: merchant and operator, the approval queue, filters and a deep page", async () => {
    const withdrawals = app.services.withdrawals;
    const page = 2 * 21 + 10;
    for (const scope of [big.companyId, null]) {
      const who = scope ? "merchant" : "operator";
      const scoped = scope ? `company_id = '${scope}'` : "true";
      await assertIndexed(`${who} first page`, page, () => withdrawals.listWithdrawals(scope, {}));
      for (const status of Object.values(WithdrawalStatus)) {
        const listed = await withdrawals.listWithdrawals(scope, { status });
        expectTotal(listed, await sqlCount(`withdrawals WHERE ${scoped} AND status = '${status}'`), `${who} ${status}`);
        await assertIndexed(`${who} ${status}`, page, () => withdrawals.listWithdrawals(scope, { status }));
      }
      const queue = { status: WithdrawalStatus.PENDING, order: ListOrder.OLDEST_FIRST, first: 50 };
      const listed = await withdrawals.listWithdrawals(scope, queue);
      assert.ok(listed.data.every((w, i) => i === 0 || listed.data[i - 1].createdAt <= w.createdAt));
      await assertIndexed(`${who} approval queue`, 2 * 51 + 10, () => withdrawals.listWithdrawals(scope, queue));
      const createdFrom = new Date(Date.now() - 3_600_000 * 5);
      await assertIndexed(`${who} created range`, page, () => withdrawals.listWithdrawals(scope, { createdFrom }));
      const deep = await withdrawals.listWithdrawals(scope, { offset: 4_000 });
      const after = deep.pageInfo.endCursor as string;
      await assertIndexed(`${who} deep cursor page`, page, () =>
        withdrawals.listWithdrawals(scope, { first: 20, after }),
      );
    }
  });

  test("webhook deliveries and the ledger statement", async () => {
    const page = 2 * 21 + 10;
    for (const scope of [big.companyId, null]) {
      const who = scope ? "merchant" : "operator";
      const webhooks = app.services.webhooks;
      await assertIndexed(`${who} deliveries`, page, () => webhooks.listDeliveries(scope, {}));
      await assertIndexed(`${who} failed deliveries`, page, () =>
        webhooks.listDeliveries(scope, { status: "FAILED" as never }),
      );
      await assertIndexed(`${who} deliveries of an event`, page, () =>
        webhooks.listDeliveries(scope, { event: "withdrawal.paid" }),
      );
      await assertIndexed(`${who} deliveries of a subject`, page, () =>
        webhooks.listDeliveries(scope, { subjectId: "chg_L0000010" }),
      );
      const deep = await webhooks.listDeliveries(scope, { offset: 4_000 });
      const after = deep.pageInfo.endCursor as string;
      await assertIndexed(`${who} deliveries, deep cursor page`, page, () =>
        webhooks.listDeliveries(scope, { first: 20, after }),
      );
    }
    const ledger = app.services.ledger;
    const statement = await ledger.listEntries(big.companyId, {});
    expectTotal(statement, await sqlCount(`ledger_entries WHERE company_id = $1`, [big.companyId]), "statement total");
    await assertIndexed("statement", page, () => ledger.listEntries(big.companyId, {}));
    const from = new Date(Date.now() - 3_600_000 * 4);
    const to = new Date(Date.now() - 3_600_000 * 2);
    await assertIndexed("statement of a range", page, () => ledger.listEntries(big.companyId, { from, to }));
    await assertIndexed("statement of a range, oldest first", page, () =>
      ledger.listEntries(big.companyId, { from, to, order: ListOrder.OLDEST_FIRST }),
    );
    const deep = await ledger.listEntries(big.companyId, { offset: 10_000 });
    const after = deep.pageInfo.endCursor as string;
    await assertIndexed("statement, deep cursor page", page, () =>
      ledger.listEntries(big.companyId, { first: 20, after }),
    );
  });

  test("search and dashboards read a few rows", async () => {
    for (const query of ["L0000BB8", "listseed000000000000000000003000", "WDR_LISTSEED42", "wd_listseed42", "Loja"]) {
      await assertIndexed(`search ${query}`, 20, () => app.services.search.search(null, query));
    }
    await assertIndexed("operator dashboard", 10, () => app.services.dashboards.operatorDashboard());
    await assertIndexed("merchant overview", 100, () => app.services.dashboards.merchantOverview(big.companyId));
  });
});
