// node server/scripts/partitioning-at-scale.mjs: does partitioning the audit log by month
// (pg_partman) pay at 10^7 rows? (issue 38, item 6; the decision is in docs/scaling.md.)
//
// On DATABASE_URL's server (a database of its own, dropped at the end), two copies of
// audit_log with the same columns and indexes: a plain table, and one partitioned by month
// on `at` by pg_partman (12 months of history, premade months ahead). Both are filled with
// PARTITION_ROWS (10,000,000) rows over the 12 months, 200 accounts, then measured:
//   - the service's reads of the log (the newest page, an account's page, an actor's page,
//     one object's trail, a page of last week), median of 200 runs each;
//   - 10,000 single-row inserts, as the service writes them (one per statement);
//   - the size on disk;
//   - retention of the oldest month: a DELETE of its rows (plus the VACUUM that gives the
//     space back) against pg_partman's retention (DROP of the month's partition).
// Needs Debian's postgresql-15-partman on that server. About 10 minutes on a quiet machine.
import { performance } from "node:perf_hooks";
import pg from "pg";

const ROWS = Number(process.env.PARTITION_ROWS ?? 10_000_000);
const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const database = `pix_partitioning_${Date.now().toString(36)}`;
const say = (line) => process.stdout.write(`${line}\n`);

const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const target = new URL(url);
target.pathname = `/${database}`;
const sql = new pg.Client({ connectionString: target.toString() });
await sql.connect();
const results = { rows: ROWS, reads: {}, inserts: {}, sizes: {}, retention: {} };

const COLUMNS = `
  id bigserial,
  at timestamptz(3) NOT NULL DEFAULT now(),
  actor text NOT NULL,
  actor_kind text NOT NULL,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text,
  company_id text,
  reason text,
  before jsonb,
  after jsonb,
  address text,
  request_id text`;

function indexes(table) {
  return [
    `CREATE INDEX ${table}_newest ON ${table} (at DESC, id DESC)`,
    `CREATE INDEX ${table}_object ON ${table} (object_type, object_id, at, id)`,
    `CREATE INDEX ${table}_company ON ${table} (company_id, at DESC, id DESC) WHERE company_id IS NOT NULL`,
    `CREATE INDEX ${table}_actor ON ${table} (actor, at DESC, id DESC)`,
    `CREATE INDEX ${table}_action ON ${table} (action, at DESC, id DESC)`,
  ];
}

/** ROWS rows over the last 12 months, 200 accounts, 50 actors, 20 actions, in batches (with progress). */
async function fill(table) {
  const batch = 500_000;
  const started = performance.now();
  for (let done = 0; done < ROWS; done += batch) {
    const n = Math.min(batch, ROWS - done);
    await sql.query(
      `INSERT INTO ${table} (at, actor, actor_kind, action, object_type, object_id, company_id, before, after, request_id)
       SELECT now() - (interval '365 days' * (1 - (g::float8 / $2))) - interval '1 day',
              'op_' || (g % 50), 'OPERATOR', 'withdrawal.' || (g % 20), 'withdrawal', 'wd_' || g,
              'comp_' || (g % 200), '{"status":"PENDING"}', '{"status":"PAID"}', 'req-' || g
         FROM generate_series($1::bigint + 1, $1::bigint + $3) AS g`,
      [done, ROWS, n],
    );
    process.stdout.write(
      `\r  ${table}: ${(done + n).toLocaleString("en")} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  process.stdout.write("\n");
  await sql.query(`VACUUM ANALYZE ${table}`);
  return (performance.now() - started) / 1000;
}

async function median(statement, values, runs = 200) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await sql.query(statement, values);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Number(times[Math.floor(runs / 2)].toFixed(3));
}

const READS = {
  "newest page (50)": ["SELECT * FROM {table} ORDER BY at DESC, id DESC LIMIT 51", []],
  "an account's page (50)": [
    "SELECT * FROM {table} WHERE company_id = $1 ORDER BY at DESC, id DESC LIMIT 51",
    ["comp_17"],
  ],
  "an actor's page (50)": ["SELECT * FROM {table} WHERE actor = $1 ORDER BY at DESC, id DESC LIMIT 51", ["op_7"]],
  "one object's trail": [
    "SELECT * FROM {table} WHERE object_type = 'withdrawal' AND object_id = $1 ORDER BY at, id LIMIT 1000",
    ["wd_4242"],
  ],
  "last week, an account (50)": [
    "SELECT * FROM {table} WHERE company_id = $1 AND at >= now() - interval '8 days' ORDER BY at DESC, id DESC LIMIT 51",
    ["comp_17"],
  ],
  "a page 6 months back, by cursor (50)": [
    "SELECT * FROM {table} WHERE (at, id) < (now() - interval '180 days', 0) ORDER BY at DESC, id DESC LIMIT 51",
    [],
  ],
};

async function measureTable(name, table) {
  say(`\n== ${name} (${table})`);
  results.fillSeconds = { ...results.fillSeconds, [name]: Number((await fill(table)).toFixed(0)) };
  results.reads[name] = {};
  for (const [label, [statement, values]] of Object.entries(READS)) {
    results.reads[name][label] = await median(statement.replaceAll("{table}", table), values);
    say(`  ${label}: ${results.reads[name][label]} ms`);
  }
  const started = performance.now();
  for (let i = 0; i < 10_000; i += 1)
    await sql.query(
      `INSERT INTO ${table} (actor, actor_kind, action, object_type, object_id, company_id, after)
       VALUES ('op_1', 'OPERATOR', 'charge.reserve', 'charge', $1, 'comp_3', '{"reserved":true}')`,
      [`CHG${i}`],
    );
  results.inserts[name] = Number(((performance.now() - started) / 10_000).toFixed(3));
  say(`  10,000 single inserts: ${results.inserts[name]} ms each`);
  const [{ bytes }] = (
    await sql.query(`SELECT pg_total_relation_size(c.oid)::text AS bytes FROM pg_class c WHERE relname = $1`, [table])
  ).rows;
  // A partitioned table's own size is 0: add its partitions'.
  const [{ parts }] = (
    await sql.query(
      `SELECT coalesce(sum(pg_total_relation_size(i.inhrelid)), 0)::text AS parts FROM pg_inherits i WHERE i.inhparent = $1::regclass`,
      [table],
    )
  ).rows;
  results.sizes[name] = Math.round((Number(bytes) + Number(parts)) / 1024 / 1024);
  say(`  size with indexes: ${results.sizes[name]} MB`);
}

try {
  await sql.query(`CREATE TABLE audit_plain (${COLUMNS}, PRIMARY KEY (id))`);
  for (const statement of indexes("audit_plain")) await sql.query(statement);
  await measureTable("plain table", "audit_plain");

  await sql.query("CREATE SCHEMA partman");
  await sql.query("CREATE EXTENSION pg_partman SCHEMA partman");
  // The partition key must be part of the primary key (and of every unique index).
  await sql.query(`CREATE TABLE audit_parted (${COLUMNS}, PRIMARY KEY (id, at)) PARTITION BY RANGE (at)`);
  for (const statement of indexes("audit_parted")) await sql.query(statement);
  await sql.query(
    `SELECT partman.create_parent('public.audit_parted', 'at', 'native', 'monthly',
       p_premake := 2, p_start_partition := to_char(now() - interval '13 months', 'YYYY-MM-01'))`,
  );
  await measureTable("partitioned by month (pg_partman)", "audit_parted");

  say("\n== retention of the oldest month");
  const [{ cutoff }] = (
    await sql.query("SELECT date_trunc('month', min(at)) + interval '1 month' AS cutoff FROM audit_plain")
  ).rows;
  let started = performance.now();
  const deleted = await sql.query("DELETE FROM audit_plain WHERE at < $1", [cutoff]);
  const deleteSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await sql.query("VACUUM audit_plain");
  const vacuumSeconds = (performance.now() - started) / 1000;
  results.retention.plain = {
    rows: deleted.rowCount,
    deleteSeconds: Number(deleteSeconds.toFixed(1)),
    vacuumSeconds: Number(vacuumSeconds.toFixed(1)),
  };
  say(
    `  plain: DELETE of ${deleted.rowCount} rows ${deleteSeconds.toFixed(1)} s, then VACUUM ${vacuumSeconds.toFixed(1)} s`,
  );
  // pg_partman's retention: months older than the cutoff are dropped by run_maintenance.
  const months = Math.floor((Date.now() - new Date(cutoff).getTime()) / (31 * 86_400_000));
  await sql.query(
    "UPDATE partman.part_config SET retention = $1, retention_keep_table = false WHERE parent_table = 'public.audit_parted'",
    [`${months} months`],
  );
  const counts = async () =>
    (
      await sql.query(
        "SELECT (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'audit_parted'::regclass) AS parts, (SELECT count(*)::int FROM audit_parted) AS rows",
      )
    ).rows[0];
  const before = await counts();
  started = performance.now();
  await sql.query("SELECT partman.run_maintenance('public.audit_parted')");
  const dropSeconds = (performance.now() - started) / 1000;
  const after = await counts();
  results.retention.partitioned = {
    rows: before.rows - after.rows,
    partitionsDropped: before.parts - after.parts,
    seconds: Number(dropSeconds.toFixed(2)),
  };
  say(
    `  partitioned: pg_partman dropped ${before.parts - after.parts} partition(s), ${before.rows - after.rows} rows, in ${dropSeconds.toFixed(2)} s`,
  );
} finally {
  await sql.end();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
say(`\n${JSON.stringify(results)}`);
