// Runs every compiled test file against a real PostgreSQL: the server named by
// DATABASE_URL, or else an embedded one under .data/test-postgres. A template database
// is migrated once; each test file clones it into a database of its own.
//
// The tests are compiled apart from the product (`npm run build:test`: src/ and test/ into
// dist-test/); dist/ (`npm run build`) holds only the product, which the tests that start
// the service as a process run. `npm test` builds both.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
const distTest = join(root, "dist-test");

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith(".test.js") ? [path] : [];
  });
}

async function adminUrlAndStop() {
  if (process.env.DATABASE_URL) {
    // The tests create their databases on this server, connected through the given database.
    return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  }
  const { startEmbeddedPostgres } = await import(join(dist, "core/embedded-postgres.js"));
  const { createLogger } = await import(join(dist, "core/logger.js"));
  const port = Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339);
  console.log(`# starting embedded PostgreSQL for the tests on port ${port}`);
  const embedded = await startEmbeddedPostgres({
    dataDir: resolve(root, "..", ".data", "test"),
    port,
    databaseName: "postgres",
    logger: createLogger("warn"),
  });
  return { adminUrl: embedded.url, stop: embedded.stop };
}

const { adminUrl, stop } = await adminUrlAndStop();
const template = `pix_test_template_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${template}`);
await admin.query(`CREATE DATABASE ${template}`);
const templateUrl = new URL(adminUrl);
templateUrl.pathname = `/${template}`;
const { openDatabase } = await import(join(dist, "database.js"));
const db = await openDatabase(templateUrl.toString(), 2);
await db.destroy();

const only = process.argv.slice(2);
// TEST_EXCLUDE: parts of paths left out (run-pgbouncer-tests.mjs: what a pooler cannot give).
const excluded = (process.env.TEST_EXCLUDE ?? "").split(",").filter(Boolean);
const files = findTests(distTest).filter(
  (file) =>
    (only.length === 0 || only.some((part) => file.includes(part))) && !excluded.some((part) => file.includes(part)),
);
const concurrency = process.env.TEST_CONCURRENCY ?? "2";
const child = spawn(process.execPath, ["--test", `--test-concurrency=${concurrency}`, ...files], {
  stdio: "inherit",
  env: {
    ...process.env,
    TEST_ADMIN_DATABASE_URL: adminUrl,
    TEST_TEMPLATE_DATABASE: template,
    TEST_RUN_ID: String(process.pid),
    // One key for the secrets encrypted at rest, shared by every test process and the
    // worker processes they start (they share databases), so none writes a key file.
    SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString("base64"),
  },
});
const code = await new Promise((done) => child.on("exit", (status) => done(status ?? 1)));

// Test files drop their own databases; sweep what a crashed one left behind.
const leftovers = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [
  `pix_t_${process.pid}_%`,
]);
for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
await admin.end();
await stop();
process.exit(code);
