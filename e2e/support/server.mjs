// Starts the service for one e2e run the way users start it (`npm start`: builds the server,
// builds the console when admin-ui changed, serves both on one port) on a fresh database:
// a new database on DATABASE_URL's server when it is set, else an embedded PostgreSQL in a
// new temporary data directory. Stops everything and removes the database on SIGTERM/SIGINT.
// The embedded PostgreSQL asks for E2E_EMBEDDED_PG_PORT and takes another free port when
// that one is taken (the banner names it); if the service stops by itself, PostgreSQL's log
// is kept in e2e/.auth/postgres.log before the data directory goes.
import { spawn } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

const root = resolve(import.meta.dirname, "../..");
const port = Number(process.env.E2E_PORT ?? 4390);
const env = {
  ...process.env,
  PORT: String(port),
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  ADMIN_API_TOKEN: "e2e-operator-token-0123456789abcdef",
  ADMIN_EMAIL: "ana.admin@pix.test",
  ADMIN_PASSWORD: "e2e-admin-password-1234",
  SANDBOX_SETTLE_MS: "0",
  // Known to the specs that post the bank's PIX notifications (payment exceptions).
  PROVIDER_WEBHOOK_SECRET: "e2e-provider-secret-0123456789abcdef",
  // Maker-checker on, far above every other spec's amounts: e2e/operator/maker-checker.spec.ts.
  APPROVAL_SECOND_OPERATOR_ABOVE: "100000.00",
  // The other specs' operators sign in with a password; e2e/two-factor/ enrols its own users
  // (a company that requires the factor takes the required path at first sign-in).
  REQUIRE_OPERATOR_2FA: "false",
  WEBHOOK_ALLOW_PRIVATE: "true",
  RATE_LIMIT_RPS: "0",
  // Every spec signs in from 127.0.0.1: the address's minute would run out on a fast machine.
  // The per-(address, e-mail) limit still applies (e2e/last/sign-in-rate-limit.spec.ts).
  SIGN_IN_PER_ADDRESS_PER_MINUTE: "10000",
  LOG_LEVEL: "warn",
  CONSOLE: "on",
  NODE_ENV: "production",
  // Production refuses to start without the key that encrypts webhook secrets: a fixed,
  // test-only one (32 bytes, base64) for this throwaway database.
  SECRETS_KEY: "ZTJlLW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMhISE=",
};

let cleanup = async (_failed) => undefined;
if (process.env.DATABASE_URL) {
  const adminUrl = process.env.DATABASE_URL;
  const name = `pix_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.log(`[e2e] fresh database ${name} on DATABASE_URL's server`);
  cleanup = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
} else {
  const dataDir = mkdtempSync(join(tmpdir(), "pix-e2e-"));
  delete env.DATABASE_URL;
  env.DATA_DIR = dataDir;
  env.EMBEDDED_PG_PORT = process.env.E2E_EMBEDDED_PG_PORT ?? "54506";
  console.log(`[e2e] embedded PostgreSQL in ${dataDir}, port ${env.EMBEDDED_PG_PORT} or the next free one`);
  cleanup = async (failed) => {
    const pgLog = join(dataDir, "postgres.log");
    if (failed && existsSync(pgLog)) {
      const kept = join(root, "e2e", ".auth", "postgres.log");
      copyFileSync(pgLog, kept);
      console.error(`[e2e] the service stopped by itself: PostgreSQL's log is kept in ${kept}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

// The service's log is also kept in a file: specs check that some requests log no error (e2e/support/server-log.ts).
mkdirSync(join(root, "e2e", ".auth"), { recursive: true });
const log = createWriteStream(join(root, "e2e", ".auth", "server.log"));
// Where the run's database is, for the few specs that must move time (e2e/support/database.ts):
// DATABASE_URL's new database, or the embedded one at the port its banner names.
const databaseUrlFile = join(root, "e2e", ".auth", "database-url");
rmSync(databaseUrlFile, { force: true });
if (env.DATABASE_URL) writeFileSync(databaseUrlFile, env.DATABASE_URL);
let banner = "";
const child = spawn("npm", ["start"], { cwd: root, env, stdio: ["inherit", "pipe", "pipe"], detached: true });
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
  if (env.DATABASE_URL || banner === null) return;
  banner += chunk;
  const port = /Database: embedded PostgreSQL under .*, port (\d+)/.exec(banner)?.[1];
  if (port) {
    writeFileSync(databaseUrlFile, `postgres://postgres:postgres@127.0.0.1:${port}/pix`);
    banner = null;
  } else if (banner.length > 100_000) banner = banner.slice(-10_000);
});
child.stderr.on("data", (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  // npm start runs `node dist/main.js` under npm: signal the whole group, then wait for it.
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  await new Promise((done) => {
    if (child.exitCode !== null) return done();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      done();
    }, 15000);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
  });
  await cleanup(code !== 0).catch((error) => console.error("[e2e] cleanup failed:", error.message));
  process.exit(code);
};
child.once("exit", (status) => void stop(status ?? 1));
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
