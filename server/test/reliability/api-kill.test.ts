import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { startService } from "../support/service-process";
import { createTestDatabase, newUuid } from "../support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { call, deliveryProblems, FAULT_ROUNDS, figuresLine, moneyProblems, openAccount, settled } from "./fault-audit";

/**
 * The API process (`node dist/main.js`, its worker in process) killed with SIGKILL under a
 * write load of withdrawals with Idempotency-Keys, then started again on the same database:
 * every withdrawal a client saw answered 201 exists with its amount; a key whose request
 * got no answer, sent again, ends with exactly one withdrawal (never two); the money audit
 * finds nothing half-made; and every event reaches the webhook receiver, attempts numbered
 * without gaps. `npm test`: one kill; FAULT_ROUNDS=<n>: n kills.
 */
const KILLS = FAULT_ROUNDS;
const CLIENTS = 4;
const CPF = "529.982.247-25";
const SERVICE_ENV = { WORKER_HEARTBEAT_MS: "500", WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s,5s,10s" };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: WebhookReceiver;
before(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
after(async () => {
  await receiver.close();
  await database.drop();
});

test(`the API killed with SIGKILL under a write load, ${KILLS} times: nothing lost, doubled or half-made`, async (t) => {
  let service = await startService({ databaseUrl: database.url, separateWorker: false, env: SERVICE_ENV });
  const account = await openAccount(service.baseUrl, { fund: "100000.00", webhookUrl: receiver.url("/hooks") });
  const keys = new Map<string, { id: string | null; amount: number }>();
  const figures = { kills: 0, requests: 0, answered201: 0, unanswered: 0, otherAnswers: 0 };
  const unexpected: string[] = [];

  try {
    for (let kill = 0; kill < KILLS; kill++) {
      let killed = false;
      const baseUrl = service.baseUrl;
      const client = async () => {
        while (!killed) {
          const key = newUuid();
          const amount = (100 + Math.floor(Math.random() * 500)) / 100;
          keys.set(key, { id: null, amount });
          const result = await call(baseUrl, "POST", "/withdrawals", {
            token: account.secret,
            body: { amount, pix_key_type: "CPF", pix_key: CPF },
            headers: { "idempotency-key": key },
          });
          figures.requests++;
          if (result.status === 201) {
            figures.answered201++;
            keys.set(key, { id: result.body.id, amount });
          } else if (result.status === 0) figures.unanswered++;
          else {
            figures.otherAnswers++;
            unexpected.push(`${result.status} ${JSON.stringify(result.body)}`);
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, client);
      await new Promise((done) => setTimeout(done, 400 + Math.random() * 1200));
      await service.api.stop("SIGKILL");
      killed = true;
      figures.kills++;
      await Promise.all(clients);
      service = await startService({ databaseUrl: database.url, separateWorker: false, env: SERVICE_ENV });
    }

    // A 503 while the process was going down is allowed; any other answer is not.
    assert.deepEqual(
      unexpected.filter((answer) => !answer.startsWith("503")),
      [],
    );
    for (const [key, seen] of keys) {
      if (seen.id) {
        const read = await call(service.baseUrl, "GET", `/withdrawals/${seen.id}`, { token: account.secret });
        assert.equal(read.status, 200, `withdrawal ${seen.id} answered 201 before the kill`);
        assert.equal(read.body.amount, seen.amount);
        continue;
      }
      const again = await call(service.baseUrl, "POST", "/withdrawals", {
        token: account.secret,
        body: { amount: seen.amount, pix_key_type: "CPF", pix_key: CPF },
        headers: { "idempotency-key": key },
      });
      assert.equal(again.status, 201, `key ${key} sent again: ${JSON.stringify(again.body)}`);
      keys.set(key, { id: again.body.id, amount: seen.amount });
    }
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const stored = await sql.query("SELECT idempotency_key, id FROM withdrawals WHERE company_id = $1", [
      account.companyId,
    ]);
    await sql.end();
    assert.equal(stored.rows.length, keys.size, "one withdrawal per key");
    for (const row of stored.rows) assert.equal(keys.get(row.idempotency_key)?.id, row.id);

    assert.deepEqual(await moneyProblems(database.url, service.baseUrl, [account.companyId]), []);
    assert.deepEqual(await settled(() => deliveryProblems(database.url, [account.companyId]), 60_000), []);
    const events = await eventIds(database.url, account.companyId);
    const received = new Set(receiver.received.map((item) => item.json.event_id));
    assert.deepEqual(
      events.filter((id) => !received.has(id)),
      [],
      "every event reached the receiver",
    );
    t.diagnostic(
      figuresLine("api-kill", {
        ...figures,
        withdrawals: keys.size,
        events: events.length,
        deliveries: receiver.received.length,
        lost: 0,
        doubled: 0,
      }),
    );
  } finally {
    await service.stop("SIGKILL");
  }
});

async function eventIds(databaseUrl: string, companyId: string): Promise<string[]> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query("SELECT id FROM webhook_events WHERE company_id = $1", [companyId]);
    return rows.map((row) => row.id);
  } finally {
    await sql.end();
  }
}
