import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../src/core/embedded-postgres";
import { createLogger } from "../../src/core/logger";
import { READY_CACHE_MS } from "../../src/http/health";
import { freePort } from "../support/service-process";
import { newUuid, startTestApp, type TestApp } from "../support/test-app";
import { call, FAULT_ROUNDS, figuresLine, moneyProblems, openAccount, settled } from "./fault-audit";

/**
 * The database unreachable for 10 s: a PostgreSQL of the test's own (embedded, in a
 * temporary directory) is stopped under the running service, then started again. While it
 * is down, every request answers 503 DATABASE_UNAVAILABLE with the usual body within
 * FAIL_FAST_MS (no hanging), and /readyz says not ready (once its 1 s cache is past);
 * once it is back the service recovers by itself (no restart): ready again, writes
 * succeed, none of the writes refused during the outage exists, and the money audit is clean.
 * `npm test`: one outage; FAULT_ROUNDS=<n>: n outages.
 */
const OUTAGE_MS = 10_000;
/** The pool's connect timeout is STATEMENT_TIMEOUT_MS (2 s here); a loaded machine adds some. */
const FAIL_FAST_MS = 4000;
const RECOVERY_MS = 20_000;
const CPF = "529.982.247-25";

const root = mkdtempSync(join(tmpdir(), "pix-outage-"));
let port: number;
let embedded: EmbeddedDatabase;
let app: TestApp;
const logger = createLogger("silent");
const startDatabase = () => startEmbeddedPostgres({ dataDir: root, port, databaseName: "pix", logger });

before(async () => {
  port = await freePort();
  embedded = await startDatabase();
  app = await startTestApp({ STATEMENT_TIMEOUT_MS: "2000", DB_POOL_SIZE: "5" }, { databaseUrl: embedded.url });
});
after(async () => {
  await app?.close().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

test(`the database unreachable for ${OUTAGE_MS / 1000} s, ${FAULT_ROUNDS} time(s): fast 503s, not ready, recovers by itself`, async (t) => {
  const account = await openAccount(app.baseUrl, { fund: "1000.00" });
  const withdraw = (key: string) =>
    call(app.baseUrl, "POST", "/withdrawals", {
      token: account.secret,
      body: { amount: 1, pix_key_type: "CPF", pix_key: CPF },
      headers: { "idempotency-key": key },
      timeoutMs: 30_000,
    });
  const before = await withdraw(newUuid());
  assert.equal(before.status, 201);
  const figures = { outages: 0, cachedReady: 0, requests: 0, unavailable: 0, slowestMs: 0, recoveryMs: [] as number[] };
  const refusedKeys: string[] = [];

  for (let round = 0; round < FAULT_ROUNDS; round++) {
    assert.equal((await call(app.baseUrl, "GET", "/readyz")).status, 200);
    await embedded.stop();
    const stoppedAt = Date.now();
    figures.outages++;
    const until = Date.now() + OUTAGE_MS;
    const wrong: string[] = [];
    while (Date.now() < until) {
      const key = newUuid();
      const sentAt = Date.now();
      const answers = await Promise.all([
        withdraw(key),
        call(app.baseUrl, "POST", "/charges", { token: account.secret, body: { amount: 5 }, timeoutMs: 30_000 }),
        call(app.baseUrl, "GET", "/charges/balance", { token: account.secret, timeoutMs: 30_000 }),
        call(app.baseUrl, "GET", "/readyz", { timeoutMs: 30_000 }),
      ]);
      refusedKeys.push(key);
      for (const [i, answer] of answers.entries()) {
        // /readyz reuses its answer for READY_CACHE_MS: one computed just before the stop may still say ready.
        if (i === 3 && answer.status === 200 && sentAt - stoppedAt < READY_CACHE_MS) {
          figures.cachedReady++;
          continue;
        }
        figures.requests++;
        figures.slowestMs = Math.max(figures.slowestMs, answer.ms);
        // The requests meet a database gone (DATABASE_UNAVAILABLE); /readyz says it is not ready.
        const code = i === 3 ? "SERVICE_UNAVAILABLE" : "DATABASE_UNAVAILABLE";
        if (answer.status === 503 && answer.body?.code === code) figures.unavailable++;
        if (
          answer.status !== 503 ||
          answer.body?.code !== code ||
          Object.keys(answer.body).sort().join() !== "code,error" ||
          answer.ms > FAIL_FAST_MS
        )
          wrong.push(`request ${i}: ${answer.status} in ${answer.ms} ms ${JSON.stringify(answer.body)}`);
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    assert.deepEqual(wrong, [], "every request during the outage: a fast 503 DATABASE_UNAVAILABLE");

    embedded = await startDatabase();
    const back = Date.now();
    const notReady = await settled(async () => {
      const ready = await call(app.baseUrl, "GET", "/readyz");
      return ready.status === 200 ? [] : [`/readyz ${ready.status} ${JSON.stringify(ready.body)}`];
    }, RECOVERY_MS);
    assert.deepEqual(notReady, [], "ready again without a restart");
    figures.recoveryMs.push(Date.now() - back);
    const after = await withdraw(newUuid());
    assert.equal(after.status, 201, `a write right after recovery: ${JSON.stringify(after.body)}`);
  }

  // Nothing refused during the outages was written: each key, sent again, makes a new withdrawal.
  const existing = await app.runtime.db.query(
    "SELECT count(*)::int AS n FROM withdrawals WHERE idempotency_key = ANY($1)",
    [refusedKeys],
  );
  assert.equal(existing[0].n, 0, "no withdrawal from a request refused during an outage");
  assert.deepEqual(await moneyProblems(embedded.url, app.baseUrl, [account.companyId]), []);
  t.diagnostic(figuresLine("database-outage", { ...figures, outageSeconds: OUTAGE_MS / 1000, lost: 0, doubled: 0 }));
});
