import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import pg from "pg";
import { checkNewPassword, hashPassword } from "../src/auth/passwords";
import { ensureConsoleBuild } from "../src/console/console-build";
import { newConsoleUserId } from "../src/core/ids";
import { seedListHistory } from "../test/support/list-seed";
import { createBenchDatabase } from "./bench-database";
import { ApiClient } from "./bench-fixtures";
import { type ChildServer, freePort, killAllChildServers, startChildServer } from "./child-server";
import { count, log, status } from "./terminal";

/**
 * `npm run bench:console`: the console as a user meets it, on a database with 10^6 charges.
 * For the ten main pages, time to first byte and largest contentful paint (p50, p95) over
 * repeated loads in Chromium with a warm cache, as an operator or a merchant moving between
 * pages; for every page route, its First Load JS (the JavaScript a cold load fetches,
 * gzip-compressed as `next build` counted it). A measurement, not a test: it exits 0
 * whatever the figures, non-zero only when something broke.
 *
 * Variables: CONSOLE_BENCH_CHARGES (1000000), CONSOLE_BENCH_LOADS (20 per page),
 * CONSOLE_BENCH_ONLY=first-load-js (only the bytes: with CONSOLE_BENCH_CHARGES=100 a minute's
 * check of a bundle change, since the seed's size changes no script), CONSOLE_BENCH_SCRIPTS=1
 * (each route's scripts listed with their gzip sizes), DATABASE_URL (a server to create the
 * database on; unset: embedded PostgreSQL), CHROMIUM_PATH (/usr/bin/chromium).
 */
const OPERATOR_TOKEN = "bench-operator-token-0123456789";
const ADMIN = { email: "ana.admin@pix.bench", password: "bench-admin-password-1234" };
const MERCHANT = { email: "marta@padaria.bench", password: "bench-merchant-password-1234" };
const TTFB_TARGET_MS = 300;
const LCP_TARGET_MS = 1500;
const FIRST_LOAD_JS_TARGET_KB = 250;

const charges = Number(process.env.CONSOLE_BENCH_CHARGES ?? 1_000_000);
const loads = Number(process.env.CONSOLE_BENCH_LOADS ?? 20);
const onlyFirstLoadJs = process.env.CONSOLE_BENCH_ONLY === "first-load-js";
const listScripts = process.env.CONSOLE_BENCH_SCRIPTS === "1";

interface PageTiming {
  ttfbMs: number;
  lcpMs: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** One load: TTFB from the navigation's timing, LCP from the buffered largest-contentful-paint entries. */
async function loadOnce(context: BrowserContext, url: string): Promise<PageTiming> {
  const page = await context.newPage();
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    if (new URL(page.url()).pathname === "/login") throw new Error(`${url} sent the browser to sign in`);
    return await page.evaluate(
      () =>
        new Promise<PageTiming>((done) => {
          const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: "largest-contentful-paint", buffered: true });
          // LCP entries stop with the first input; a short wait lets late content report.
          setTimeout(() => done({ ttfbMs: navigation.responseStart - navigation.startTime, lcpMs: lcp }), 500);
        }),
    );
  } finally {
    // The page's own later requests end before the next load (the company page's balance
    // audit, fetched after paint, scans the account's 10^6 charges for about 2 s): left
    // running, they would be measured as the next loads' time to first byte.
    await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
    await page.close();
  }
}

/** The JavaScript a cold load of the route fetches, each file gzip-compressed once (level 9). */
async function firstLoadJs(
  browser: Browser,
  storageState: string | undefined,
  url: string,
): Promise<{ kb: number; scripts: Array<{ url: string; kb: number }> }> {
  const context = await browser.newContext({ storageState, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const bodies = new Map<string, Promise<Buffer>>();
  const page = await context.newPage();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || bodies.has(response.url())) return;
    bodies.set(
      response.url(),
      response.body().catch(() => Buffer.alloc(0)),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const scripts: Array<{ url: string; kb: number }> = [];
  for (const [scriptUrl, body] of bodies) {
    scripts.push({ url: scriptUrl, kb: gzipSync(await body, { level: 9 }).length / 1024 });
  }
  await context.close();
  return { kb: scripts.reduce((sum, script) => sum + script.kb, 0), scripts: scripts.sort((a, b) => b.kb - a.kb) };
}

/** A console user straight into the database (as the service's own first-operator does). */
async function addConsoleUser(
  pool: pg.Pool,
  user: { email: string; password: string },
  kind: "OPERATOR" | "MERCHANT",
  companyId: string | null,
) {
  await pool.query(
    `INSERT INTO console_users (id, kind, role, company_id, email, name, password_hash, disabled, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, false, now(), now())`,
    [
      newConsoleUserId(),
      kind,
      kind === "OPERATOR" ? "ADMIN" : "ADMIN",
      companyId,
      user.email,
      "Bench",
      await hashPassword(checkNewPassword(user.password, { email: user.email })),
    ],
  );
}

/** Signs in through the API and saves the browser state with the session cookie. */
async function signedInState(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
  file: string,
): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const answer = await page.request.post(`${baseUrl}/graphql`, {
    headers: { "content-type": "application/json", origin: baseUrl },
    data: {
      query: "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }",
      variables: { e: user.email, p: user.password },
    },
  });
  if (!answer.ok()) throw new Error(`signIn ${user.email}: ${answer.status()} ${await answer.text()}`);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "pix-console-bench-"));
  const cleanups: Array<() => Promise<unknown>> = [async () => rmSync(dir, { recursive: true, force: true })];
  let server: ChildServer | null = null;
  try {
    log(
      `Console speed: ${count(charges)} charges, ${loads} loads per page, ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}`,
    );
    // Built first (when admin-ui changed since its last build), its progress printed: the
    // service would build it too, but the wait for its port is shorter than a build.
    await ensureConsoleBuild({ report: (line) => log(line) });
    const db = await createBenchDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, embeddedPgPort: 54348 });
    cleanups.push(() => db.close());
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    log(`Starting the service (npm start's way: console on, rate limiter on, default logs) on port ${port} ...`);
    server = await startChildServer({
      name: "service",
      script: resolve(__dirname, "../../dist/main.js"),
      port,
      stdoutFile: join(dir, "service.log"),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATABASE_URL: db.url,
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
        ADMIN_API_TOKEN: OPERATOR_TOKEN,
        SECRETS_KEY: randomBytes(32).toString("base64"),
        STATEMENT_TIMEOUT_MS: "60000",
        // The bench signs operators in with a password alone: it measures pages, not the second factor.
        REQUIRE_OPERATOR_2FA: "false",
      },
    });
    cleanups.push(() => (server as ChildServer).stop());

    const api = new ApiClient(server.baseUrl, OPERATOR_TOKEN);
    const merchant = await api.createMerchant("Padaria Bench");
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    cleanups.push(() => pool.end());
    await addConsoleUser(pool, ADMIN, "OPERATOR", null);
    await addConsoleUser(pool, MERCHANT, "MERCHANT", merchant.companyId);
    const started = Date.now();
    log(
      `Seeding ${count(charges)} charges, ${count(charges / 20)} withdrawals and ${count(charges / 10)} webhook events ...`,
    );
    const client = await pool.connect();
    try {
      await seedListHistory(client, {
        companyId: merchant.companyId,
        firstSeq: 1,
        charges,
        withdrawals: Math.floor(charges / 20),
        webhookEvents: Math.floor(charges / 10),
        newest: new Date(),
      });
      status("VACUUM ANALYZE ...");
      await client.query("VACUUM ANALYZE");
    } finally {
      client.release();
    }
    log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const ids = await api.graphql<{
      charges: { data: Array<{ id: string }> };
      withdrawals: { data: Array<{ id: string }> };
    }>(
      `query($c: ID!) { charges(companyId: $c, first: 1) { data { id } } withdrawals(companyId: $c, first: 1) { data { id } } }`,
      { c: merchant.companyId },
    );
    const chargeId = ids.charges.data[0].id;
    const withdrawalId = ids.withdrawals.data[0].id;

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
    cleanups.push(() => browser.close());
    const operatorState = await signedInState(browser, baseUrl, ADMIN, join(dir, "admin.json"));
    const merchantState = await signedInState(browser, baseUrl, MERCHANT, join(dir, "merchant.json"));

    const mainPages: Array<[string, string]> = [
      ["/ops", operatorState],
      ["/ops/charges", operatorState],
      [`/ops/charges/${chargeId}`, operatorState],
      ["/ops/withdrawals", operatorState],
      [`/ops/withdrawals/${withdrawalId}`, operatorState],
      [`/ops/companies/${merchant.companyId}`, operatorState],
      ["/ops/webhooks", operatorState],
      ["/ops/audit-log", operatorState],
      ["/m", merchantState],
      ["/m/charges", merchantState],
    ];
    if (!onlyFirstLoadJs) {
      log();
      log(
        `Time to first byte and largest contentful paint, ${loads} loads each (warm cache, after one unmeasured load):`,
      );
      log(
        `  ${"page".padEnd(36)} ${"TTFB p50".padStart(9)} ${"p95".padStart(7)} ${"LCP p50".padStart(9)} ${"p95".padStart(7)}`,
      );
      let met = 0;
      for (const [path, state] of mainPages) {
        const context = await browser.newContext({
          storageState: state,
          locale: "pt-BR",
          timezoneId: "America/Sao_Paulo",
        });
        await loadOnce(context, `${baseUrl}${path}`);
        const timings: PageTiming[] = [];
        for (let i = 0; i < loads; i += 1) {
          status(`  ${path} ${i + 1}/${loads}`);
          timings.push(await loadOnce(context, `${baseUrl}${path}`));
        }
        await context.close();
        const ttfb = timings.map((t) => t.ttfbMs);
        const lcp = timings.map((t) => t.lcpMs);
        const ok = percentile(ttfb, 95) <= TTFB_TARGET_MS && percentile(lcp, 95) <= LCP_TARGET_MS;
        if (ok) met += 1;
        const shown = path.replace(chargeId, ":id").replace(withdrawalId, ":id").replace(merchant.companyId, ":id");
        log(
          `  ${shown.padEnd(36)} ${percentile(ttfb, 50).toFixed(0).padStart(9)} ${percentile(ttfb, 95).toFixed(0).padStart(7)} ` +
            `${percentile(lcp, 50).toFixed(0).padStart(9)} ${percentile(lcp, 95).toFixed(0).padStart(7)}  ${ok ? "PASS" : "FAIL"}`,
        );
      }
      log(
        `  targets: p95 TTFB <= ${TTFB_TARGET_MS} ms and LCP <= ${LCP_TARGET_MS} ms: ${met} of ${mainPages.length} pages`,
      );
    }

    const routes: Array<[string, string | undefined]> = [
      ["/login", undefined],
      ...[
        "/ops",
        "/ops/charges",
        `/ops/charges/${chargeId}`,
        "/ops/withdrawals",
        `/ops/withdrawals/${withdrawalId}`,
        "/ops/companies",
        `/ops/companies/${merchant.companyId}`,
        "/ops/webhooks",
        "/ops/audit-log",
        "/ops/adjustments",
        "/ops/payment-exceptions",
        "/ops/operators",
        "/ops/disputes",
        "/ops/provider",
        "/ops/account",
        "/ops/account/sessions",
        "/developers",
        "/developers/explorer",
      ].map((path): [string, string] => [path, operatorState]),
      ...[
        "/m",
        "/m/charges",
        `/m/charges/${chargeId}`,
        "/m/charges/new",
        "/m/withdrawals",
        `/m/withdrawals/${withdrawalId}`,
        "/m/withdrawals/new",
        "/m/statement",
        "/m/webhooks",
        "/m/api-credentials",
        "/m/team",
        "/m/disputes",
        "/m/account",
      ].map((path): [string, string] => [path, merchantState]),
    ];
    log();
    log(`First Load JS (gzip, level 9), target < ${FIRST_LOAD_JS_TARGET_KB} kB for every operator page:`);
    for (const [path, state] of routes) {
      status(`  ${path}`);
      const { kb, scripts } = await firstLoadJs(browser, state, `${baseUrl}${path}`);
      const shown = path.replace(chargeId, ":id").replace(withdrawalId, ":id").replace(merchant.companyId, ":id");
      const judged = path.startsWith("/ops") ? (kb < FIRST_LOAD_JS_TARGET_KB ? "  PASS" : "  FAIL") : "";
      log(`  ${shown.padEnd(36)} ${kb.toFixed(1).padStart(7)} kB${judged}`);
      if (listScripts) {
        for (const script of scripts)
          log(`      ${script.kb.toFixed(1).padStart(6)} kB  ${new URL(script.url).pathname}`);
      }
    }
    log();
    log(
      `Load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
    return 0;
  } catch (error) {
    log(`BROKEN: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (server) log((await server.stdoutSummary()).otherLines.slice(-10).join("\n"));
    return 1;
  } finally {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  }
}

process.on("exit", killAllChildServers);
void main().then((code) => process.exit(code));
