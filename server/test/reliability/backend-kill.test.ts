import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { newUuid, startTestApp, type TestApp } from "../support/test-app";
import { call, FAULT_ROUNDS, figuresLine, moneyProblems, openAccount } from "./fault-audit";

/**
 * PostgreSQL backends of the API killed (pg_terminate_backend from a second connection) at
 * random moments under a write load: withdrawals with Idempotency-Keys, charges, cancels.
 * Every answer is a success or a 503 with the usual body (never a 500): DATABASE_UNAVAILABLE
 * for a request whose connection was ended, SERVICE_UNAVAILABLE for one the retries outlasted;
 * a key answered 503 and sent again ends with exactly one withdrawal; the requests after the
 * faults all succeed; and the money audit finds nothing lost, doubled or half-made.
 * `npm test`: one round of 3 s; FAULT_ROUNDS=<n> runs n rounds.
 */
const ROUND_MS = 3000;
const CLIENTS = 4;
const CPF = "529.982.247-25";

let app: TestApp;
let killer: pg.Client;
before(async () => {
  app = await startTestApp({ DB_POOL_SIZE: "8", STATEMENT_TIMEOUT_MS: "5000" });
  killer = new pg.Client({ connectionString: app.databaseUrl, application_name: "fault-killer" });
  await killer.connect();
});
after(async () => {
  await killer.end();
  await app.close();
});

/** Kills one backend of the service's database, preferring one inside a transaction or a query. */
async function killOne(): Promise<string | null> {
  const { rows } = await killer.query(
    `SELECT pid, state, pg_terminate_backend(pid) AS killed FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'fault-killer'
        AND backend_type = 'client backend'
      ORDER BY (state IN ('active', 'idle in transaction')) DESC, random() LIMIT 1`,
  );
  return rows[0]?.killed ? rows[0].state : null;
}

test(`backends killed at random under a write load (${FAULT_ROUNDS} round(s) of ${ROUND_MS / 1000} s)`, async (t) => {
  const account = await openAccount(app.baseUrl, { fund: "100000.00" });
  const figures = { kills: 0, killedMidWork: 0, requests: 0, ok: 0, unavailable: 0, keysRetried: 0 };
  const bad: string[] = [];
  const keys = new Map<string, string | null>(); // key -> withdrawal id once answered 201
  const created: string[] = [];

  const check = (what: string, result: { status: number; body: any }, allowed: number[]) => {
    figures.requests++;
    if (result.status >= 200 && result.status < 300) figures.ok++;
    else if (result.status === 503) {
      figures.unavailable++;
      const code = result.body?.code;
      if (
        (code !== "SERVICE_UNAVAILABLE" && code !== "DATABASE_UNAVAILABLE") ||
        Object.keys(result.body).sort().join() !== "code,error"
      )
        bad.push(`${what}: 503 with ${JSON.stringify(result.body)}`);
    } else if (!allowed.includes(result.status)) bad.push(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  };

  for (let round = 0; round < FAULT_ROUNDS; round++) {
    const until = Date.now() + ROUND_MS;
    const client = async () => {
      while (Date.now() < until) {
        const roll = Math.random();
        if (roll < 0.5) {
          const key = newUuid();
          keys.set(key, null);
          const result = await call(app.baseUrl, "POST", "/withdrawals", {
            token: account.secret,
            body: { amount: 1, pix_key_type: "CPF", pix_key: CPF },
            headers: { "idempotency-key": key },
          });
          check("POST /withdrawals", result, []);
          if (result.status === 201) {
            keys.set(key, result.body.id);
            created.push(result.body.id);
          }
        } else if (roll < 0.75) {
          check(
            "POST /charges",
            await call(app.baseUrl, "POST", "/charges", { token: account.secret, body: { amount: 2.5 } }),
            [],
          );
        } else if (roll < 0.9 && created.length > 0) {
          const id = created[Math.floor(Math.random() * created.length)];
          // Cancelled already (by an earlier call, or one answered 503 that committed): 409.
          check(
            "cancel",
            await call(app.baseUrl, "POST", `/withdrawals/${id}/cancel`, { token: account.secret }),
            [409],
          );
        } else {
          check(
            "GET /charges/balance",
            await call(app.baseUrl, "GET", "/charges/balance", { token: account.secret }),
            [],
          );
        }
      }
    };
    const kills = (async () => {
      while (Date.now() < until) {
        await new Promise((done) => setTimeout(done, 5 + Math.random() * 40));
        const state = await killOne();
        if (state) {
          figures.kills++;
          if (state !== "idle") figures.killedMidWork++;
        }
      }
    })();
    await Promise.all([...Array.from({ length: CLIENTS }, client), kills]);
  }

  // Right after the faults every request succeeds: a read that meets a connection ended a
  // moment ago, still idle in the pool, is sent again on another (core/sql.ts).
  for (let i = 0; i < 10; i++) {
    const result = await call(app.baseUrl, "GET", "/charges/balance", { token: account.secret });
    assert.equal(result.status, 200, `request ${i} after the faults: ${JSON.stringify(result.body)}`);
  }
  // Each key that was not answered 201 is sent again: it ends with exactly one withdrawal.
  for (const [key, id] of keys) {
    if (id) continue;
    figures.keysRetried++;
    const result = await call(app.baseUrl, "POST", "/withdrawals", {
      token: account.secret,
      body: { amount: 1, pix_key_type: "CPF", pix_key: CPF },
      headers: { "idempotency-key": key },
    });
    assert.equal(result.status, 201, `retry of ${key}: ${JSON.stringify(result.body)}`);
    keys.set(key, result.body.id);
  }
  const stored = await app.runtime.db.query("SELECT idempotency_key, id FROM withdrawals WHERE company_id = $1", [
    account.companyId,
  ]);
  assert.equal(stored.length, keys.size, "one withdrawal per key sent");
  for (const row of stored) assert.equal(keys.get(row.idempotency_key), row.id);

  assert.deepEqual(bad, [], "every answer a success, a route's 4xx or a 503");
  assert.deepEqual(await moneyProblems(app.databaseUrl, app.baseUrl, [account.companyId]), []);
  assert.ok(figures.kills >= 10 * FAULT_ROUNDS, `${figures.kills} backends killed`);
  assert.ok(figures.unavailable > 0, "some requests met a killed backend");
  t.diagnostic(figuresLine("backend-kill", { ...figures, rounds: FAULT_ROUNDS, lost: 0, doubled: 0 }));
});
