// Lists at 10^6 rows: seeds one account with a long history in SQL (the charges of
// LISTS_SCALE_CHARGES, default 1,000,000, with their ledger entries; withdrawals and
// webhook events), a small account with a thousand of each for comparison, and a thousand
// more accounts; runs VACUUM ANALYZE; then captures the SQL of every list the service
// offers (merchant and operator, first page, a deep cursor page, each filter; search and
// dashboards) from the real services and prints, for each, the time of the call (median of
// 5) on the big and the small account and EXPLAIN (ANALYZE, BUFFERS) of its statements.
//
//   npm run build:test -w server && node server/scripts/lists-at-scale.mjs [out.md]
//
// DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
// the database pix_lists_scale_<pid> is made there and dropped at the end.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";

// The tests' build: the seeder is test support (test/support/list-seed.ts), and the services
// it seeds for must be the same modules (src/ compiled beside it).
const dist = resolve(import.meta.dirname, "..", "dist-test");
const load = (path) => import(join(dist, path));
const { openDatabase } = await load("src/database.js");
const { loadConfig } = await load("src/core/config.js");
const { createLogger } = await load("src/core/logger.js");
const { createServices } = await load("src/services.js");
const { seedListHistory } = await load("test/support/list-seed.js");
const { attachSecretBox, parseSecretsKeys, SecretBox } = await load("src/core/secret-box.js");
const { encodeCursor, ListOrder } = await load("src/core/pagination.js");

const CHARGES = Number(process.env.LISTS_SCALE_CHARGES ?? 1_000_000);
const WITHDRAWALS = Number(process.env.LISTS_SCALE_WITHDRAWALS ?? CHARGES / 10);
const EVENTS = Number(process.env.LISTS_SCALE_EVENTS ?? CHARGES / 10);
const SMALL = 1_000;
const out = process.argv[2];
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `pix_lists_scale_${process.pid}`;
const log = (line) => process.stderr.write(`${line}\n`);
const lines = [];
const print = (line = "") => {
  lines.push(line);
  if (!out) process.stdout.write(`${line}\n`);
};

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const started = Date.now();
let db;
try {
  db = await openDatabase(url.toString(), 4);
  // Webhook secrets are sealed at rest: a key of this run's own (the database is dropped at the end).
  attachSecretBox(db, new SecretBox(parseSecretsKeys(randomBytes(32).toString("base64"))));
  const config = loadConfig({ DATABASE_URL: url.toString(), LOG_LEVEL: "silent", NODE_ENV: "production" });
  const services = createServices(config, createLogger("silent"), db, {
    adminTokenHash: "unused",
    providerWebhookSecret: "unused-secret-0123456789",
  });
  const big = (await services.companies.createCompany({ name: "Loja Grande", cnpj: "11222333000181" })).company.id;
  const small = (await services.companies.createCompany({ name: "Loja Pequena" })).company.id;

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const newest = new Date();
  let t = Date.now();
  log(`seeding ${CHARGES} charges, ${WITHDRAWALS} withdrawals, ${EVENTS} events ...`);
  await seedListHistory(client, {
    companyId: big,
    firstSeq: 1,
    charges: CHARGES,
    withdrawals: WITHDRAWALS,
    webhookEvents: EVENTS,
    newest,
  });
  await seedListHistory(client, {
    companyId: small,
    firstSeq: 100_000_000,
    charges: SMALL,
    withdrawals: SMALL,
    webhookEvents: SMALL,
    newest,
  });
  await client.query(`INSERT INTO companies (id, name, city, fee_percent_centi, fee_fixed_cents, webhook_secret, created_at)
    SELECT 'comp_seed' || g, 'Mercado ' || g, 'SAO PAULO', 99, 0, 'whsec_seed', now() - g * interval '1 minute'
      FROM generate_series(1, 1000) g`);
  for (const [amount, company] of [
    ["5000.00", big],
    ["-12.34", big],
    ["100.00", small],
  ]) {
    await services.ledger.createAdjustment(company, BigInt(amount.replace(".", "")), "seed", "operator");
  }
  const seedS = (Date.now() - t) / 1000;
  t = Date.now();
  log(`seeded in ${seedS.toFixed(1)} s; VACUUM ANALYZE ...`);
  await client.query("VACUUM ANALYZE");
  const vacuumS = (Date.now() - t) / 1000;
  const [{ version }] = (await client.query("SELECT current_setting('server_version') AS version")).rows;
  const sizes = (
    await client.query(`SELECT relname, n_live_tup::bigint AS n, pg_size_pretty(pg_total_relation_size(relid)) AS size
      FROM pg_stat_user_tables WHERE relname IN ('charges', 'ledger_entries', 'withdrawals', 'webhook_events', 'companies')
      ORDER BY n_live_tup DESC`)
  ).rows;

  // A deep cursor: the row half way down the account's charges (and the others' lists).
  const middle = async (table, key, tag, where) => {
    const text = key.map((k) =>
      k.ts ? `to_char(${k.col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : `${k.col}::text`,
    );
    const [row] = (
      await client.query(
        `SELECT ${text.map((expr, i) => `${expr} AS k${i}`).join(", ")} FROM ${table} WHERE ${where}
          ORDER BY ${key.map((k) => `${k.col} DESC`).join(", ")} OFFSET (SELECT count(*) / 2 FROM ${table} WHERE ${where}) LIMIT 1`,
      )
    ).rows;
    return encodeCursor(
      tag,
      key.map((_k, i) => row[`k${i}`]),
    );
  };
  const created = [{ col: "created_at", ts: true }, { col: "id" }];
  const cursors = {};
  for (const [company, label] of [
    [big, "big"],
    [small, "small"],
  ]) {
    cursors[label] = {
      charges: await middle("charges", created, "charges", `company_id = '${company}'`),
      withdrawals: await middle("withdrawals", created, "withdrawals", `company_id = '${company}'`),
      events: await middle("webhook_events", [{ col: "sequence" }], "webhookDeliveries", `company_id = '${company}'`),
      ledger: await middle("ledger_entries", created, "ledgerEntries", `company_id = '${company}'`),
    };
  }
  const everyone = {
    charges: await middle("charges", created, "charges", "true"),
    withdrawals: await middle("withdrawals", created, "withdrawals", "true"),
    events: await middle("webhook_events", [{ col: "sequence" }], "webhookDeliveries", "true"),
  };
  const [{ e2e, txid }] = (
    await client.query(`SELECT e2e_id AS e2e, txid FROM charges WHERE company_id = $1 AND status = 'PAID' LIMIT 1`, [
      big,
    ])
  ).rows;
  await client.end();

  const hour = 3_600_000;
  const range = { createdFrom: new Date(newest.getTime() - 3 * hour), createdTo: new Date(newest.getTime() - hour) };
  const S = services;
  // Each case: a label and the call, given the account (big or small) it reads.
  const merchantCases = [
    ["charges: first page", (c) => S.charges.listCharges(c, {})],
    ["charges: status=PENDING", (c) => S.charges.listCharges(c, { status: "PENDING" })],
    ["charges: status=PAID", (c) => S.charges.listCharges(c, { status: "PAID" })],
    ["charges: status=EXPIRED (EXPIRED + overdue PENDING)", (c) => S.charges.listCharges(c, { status: "EXPIRED" })],
    ["charges: status=CANCELLED", (c) => S.charges.listCharges(c, { status: "CANCELLED" })],
    ["charges: reserved=true", (c) => S.charges.listCharges(c, { reserved: true })],
    ["charges: reserved=false", (c) => S.charges.listCharges(c, { reserved: false })],
    ["charges: created range (2 h)", (c) => S.charges.listCharges(c, range)],
    [
      "charges: paid range (2 h)",
      (c) => S.charges.listCharges(c, { paidFrom: range.createdFrom, paidTo: range.createdTo }),
    ],
    ["charges: oldest first", (c) => S.charges.listCharges(c, { order: ListOrder.OLDEST_FIRST })],
    ["charges: offset 10,000 (REST's deepest)", (c) => S.charges.listCharges(c, { offset: 10_000 })],
    [
      "charges: deep cursor page (middle)",
      (c, k) => S.charges.listCharges(c, { first: 20, after: cursors[k].charges }),
    ],
    ["withdrawals: first page", (c) => S.withdrawals.listWithdrawals(c, {})],
    [
      "withdrawals: status=PENDING, oldest first (queue)",
      (c) => S.withdrawals.listWithdrawals(c, { status: "PENDING", order: ListOrder.OLDEST_FIRST }),
    ],
    ["withdrawals: status=FAILED", (c) => S.withdrawals.listWithdrawals(c, { status: "FAILED" })],
    ["withdrawals: created range (2 h)", (c) => S.withdrawals.listWithdrawals(c, range)],
    [
      "withdrawals: deep cursor page (middle)",
      (c, k) => S.withdrawals.listWithdrawals(c, { first: 20, after: cursors[k].withdrawals }),
    ],
    ["webhookDeliveries: first page", (c) => S.webhooks.listDeliveries(c, {})],
    ["webhookDeliveries: status=FAILED", (c) => S.webhooks.listDeliveries(c, { status: "FAILED" })],
    ["webhookDeliveries: event=withdrawal.paid", (c) => S.webhooks.listDeliveries(c, { event: "withdrawal.paid" })],
    ["webhookDeliveries: subjectId", (c) => S.webhooks.listDeliveries(c, { subjectId: "chg_L0000010" })],
    [
      "webhookDeliveries: deep cursor page (middle)",
      (c, k) => S.webhooks.listDeliveries(c, { first: 20, after: cursors[k].events }),
    ],
    ["ledgerEntries: first page", (c) => S.ledger.listEntries(c, {})],
    [
      "ledgerEntries: date range (2 h)",
      (c) => S.ledger.listEntries(c, { from: range.createdFrom, to: range.createdTo }),
    ],
    [
      "ledgerEntries: deep cursor page (middle)",
      (c, k) => S.ledger.listEntries(c, { first: 20, after: cursors[k].ledger }),
    ],
    ["merchantOverview", (c) => S.dashboards.merchantOverview(c)],
    ["merchantOverview daily(30)", (c) => S.dashboards.dailyVolumes(c, 30)],
    ["search: charge id (merchant)", (c) => S.search.search(c, "L0000BB8")],
  ];
  const operatorCases = [
    ["charges: first page", () => S.charges.listCharges(null, {})],
    ["charges: status=PAID", () => S.charges.listCharges(null, { status: "PAID" })],
    ["charges: status=EXPIRED", () => S.charges.listCharges(null, { status: "EXPIRED" })],
    ["charges: reserved=true", () => S.charges.listCharges(null, { reserved: true })],
    ["charges: created range (2 h)", () => S.charges.listCharges(null, range)],
    ["charges: deep cursor page (middle)", () => S.charges.listCharges(null, { first: 20, after: everyone.charges })],
    [
      "withdrawals: approval queue (PENDING, oldest first)",
      () => S.withdrawals.listWithdrawals(null, { status: "PENDING", order: ListOrder.OLDEST_FIRST, first: 50 }),
    ],
    ["withdrawals: status=PAID", () => S.withdrawals.listWithdrawals(null, { status: "PAID" })],
    [
      "withdrawals: deep cursor page (middle)",
      () => S.withdrawals.listWithdrawals(null, { first: 20, after: everyone.withdrawals }),
    ],
    ["webhookDeliveries: status=FAILED", () => S.webhooks.listDeliveries(null, { status: "FAILED" })],
    [
      "webhookDeliveries: deep cursor page (middle)",
      () => S.webhooks.listDeliveries(null, { first: 20, after: everyone.events }),
    ],
    ["companies: first page", () => S.companies.listCompanies({})],
    ["companies: search name prefix", () => S.companies.listCompanies({ search: "mercado 12" })],
    ["adjustments", () => S.ledger.listAdjustments(null, {})],
    ["paymentExceptions", () => S.inboundPix.listPaymentExceptions({})],
    ["search: txid", () => S.search.search(null, txid)],
    ["search: e2e id", () => S.search.search(null, e2e)],
    ["search: WDR_ reference", () => S.search.search(null, "WDR_LISTSEED4242")],
    ["search: CNPJ", () => S.search.search(null, "11.222.333/0001-81")],
    ["operatorDashboard", () => S.dashboards.operatorDashboard()],
    ["operatorDashboard daily(30)", () => S.dashboards.dailyVolumes(null, 30)],
  ];

  // Every read the call sends, on any connection of the pool: node-postgres's Client.query sees them all.
  const capture = async (call) => {
    const captured = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (config, values, ...rest) {
      const text = typeof config === "string" ? config : config.text;
      if (/^\s*(SELECT|WITH)\b/i.test(text))
        captured.push({ text, values: (typeof config === "string" ? values : config.values) ?? [] });
      return original.call(this, config, values, ...rest);
    };
    try {
      await call();
    } finally {
      pg.Client.prototype.query = original;
    }
    return captured;
  };
  const timeOf = async (call) => {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const start = process.hrtime.bigint();
      await call();
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return times.sort((a, b) => a - b)[2];
  };
  const explain = async (statements) => {
    const texts = [];
    for (const { text, values } of statements) {
      const rows = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      texts.push(
        `-- ${text.replace(/\s+/g, " ")}\n-- values: ${JSON.stringify(values)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
      );
    }
    return texts.join("\n\n");
  };

  const summary = [];
  const details = [];
  for (const [label, call] of merchantCases) {
    const bigMs = await timeOf(() => call(big, "big"));
    const smallMs = await timeOf(() => call(small, "small"));
    summary.push(
      `| merchant | ${label} | ${smallMs.toFixed(2)} | ${bigMs.toFixed(2)} | ${(bigMs / smallMs).toFixed(2)}× |`,
    );
    details.push(
      `#### merchant, ${label}: ${bigMs.toFixed(2)} ms\n\n\`\`\`\n${await explain(await capture(() => call(big, "big")))}\n\`\`\``,
    );
    log(`merchant ${label}: ${smallMs.toFixed(2)} ms at ${SMALL}, ${bigMs.toFixed(2)} ms at ${CHARGES}`);
  }
  for (const [label, call] of operatorCases) {
    const ms = await timeOf(call);
    summary.push(`| operator | ${label} | | ${ms.toFixed(2)} | |`);
    details.push(
      `#### operator, ${label}: ${ms.toFixed(2)} ms\n\n\`\`\`\n${await explain(await capture(call))}\n\`\`\``,
    );
    log(`operator ${label}: ${ms.toFixed(2)} ms`);
  }
  // What the lists did before: findAndCount's COUNT(*) and a deep OFFSET, for comparison.
  const before = [
    ["COUNT(*) of the account's charges (findAndCount's total)", `SELECT count(*) FROM charges WHERE company_id = $1`],
    [
      "OFFSET 500,000 (a deep offset page)",
      `SELECT * FROM charges WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 500000`,
    ],
    [
      "30 days of paid volume aggregated from the charges (instead of daily_volumes)",
      `SELECT (paid_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*), sum(amount_cents) FROM charges WHERE status = 'PAID' AND paid_at >= now() - interval '30 days' GROUP BY 1`,
    ],
  ];
  for (const [label, text] of before) {
    const values = text.includes("$1") ? [big] : [];
    const ms = await timeOf(() => db.query(text, values));
    summary.push(`| before | ${label} | | ${ms.toFixed(2)} | |`);
    details.push(
      `#### for comparison, ${label}: ${ms.toFixed(2)} ms\n\n\`\`\`\n${await explain([{ text, values }])}\n\`\`\``,
    );
  }

  print(
    `Run on PostgreSQL ${version}, ${new Date().toISOString().slice(0, 10)}: seeded in ${seedS.toFixed(0)} s, VACUUM ANALYZE ${vacuumS.toFixed(0)} s, whole run ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  print();
  print("| table | rows | size with indexes |");
  print("|---|---|---|");
  for (const row of sizes) print(`| ${row.relname} | ${Number(row.n).toLocaleString("en")} | ${row.size} |`);
  print();
  print(
    `| who | list | ms at ${SMALL.toLocaleString("en")} rows | ms at ${CHARGES.toLocaleString("en")} rows | ratio |`,
  );
  print("|---|---|---|---|---|");
  for (const line of summary) print(line);
  print();
  for (const block of details) {
    print(block);
    print();
  }
  if (out) writeFileSync(out, `${lines.join("\n")}\n`);
} finally {
  await db?.destroy().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
