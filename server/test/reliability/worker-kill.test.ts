import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { type ServiceProcess, startService, startServiceProcess } from "../support/service-process";
import { createTestDatabase, newUuid } from "../support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { call, deliveryProblems, FAULT_ROUNDS, figuresLine, moneyProblems, openAccount, settled } from "./fault-audit";

/**
 * A separate worker process (`node dist/worker.js`) killed with SIGKILL while it delivers
 * webhooks to a slow receiver (deliveries in flight: attempts started, not finished), then
 * started again: every event is delivered at least once, its attempts are numbered 1..n
 * without a gap (the cut attempt stays in the history), and the money audit is clean.
 * `npm test`: one kill; FAULT_ROUNDS=<n>: n kills.
 */
const EVENTS_PER_ROUND = 12;
const CPF = "529.982.247-25";
const WORKER_ENV = {
  WORKER_HEARTBEAT_MS: "500",
  WORKER_CONCURRENCY: "3",
  WEBHOOK_CONCURRENCY: "3",
  WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s,5s,10s",
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: WebhookReceiver;
before(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
  // Slow answers: a delivery is in flight for a while, so a kill lands in the middle of some.
  receiver.respond(() => ({ status: 200, body: "ok", delayMs: 300 }));
});
after(async () => {
  await receiver.close();
  await database.drop();
});

async function inFlightAttempts(sql: pg.Client, companyId: string): Promise<number> {
  const { rows } = await sql.query(
    `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
      WHERE e.company_id = $1 AND a.finished_at IS NULL`,
    [companyId],
  );
  return rows[0].n;
}

test(`the worker killed with SIGKILL mid-delivery, ${FAULT_ROUNDS} time(s): every event delivered, attempts without gaps`, async (t) => {
  const service = await startService({ databaseUrl: database.url, separateWorker: true, env: WORKER_ENV });
  let worker = service.worker as ServiceProcess;
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const figures = { kills: 0, attemptsCutShort: 0, events: 0, deliveries: 0 };
  try {
    const account = await openAccount(service.baseUrl, { fund: "10000.00", webhookUrl: receiver.url("/hooks") });
    for (let round = 0; round < FAULT_ROUNDS; round++) {
      const before = receiver.received.length;
      for (let i = 0; i < EVENTS_PER_ROUND; i++) {
        const created = await call(service.baseUrl, "POST", "/withdrawals", {
          token: account.secret,
          body: { amount: 1, pix_key_type: "CPF", pix_key: CPF },
          headers: { "idempotency-key": newUuid() },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
      }
      // Kill once some deliveries arrived and others are on their way.
      await receiver.waitForCount(before + 2, undefined, 30_000);
      const cut = await inFlightAttempts(sql, account.companyId);
      await worker.stop("SIGKILL");
      figures.kills++;
      figures.attemptsCutShort += cut;
      worker = await startServiceProcess({ databaseUrl: database.url, role: "worker", env: WORKER_ENV });
    }
    assert.deepEqual(await settled(() => deliveryProblems(database.url, [account.companyId]), 60_000), []);
    const { rows } = await sql.query("SELECT id FROM webhook_events WHERE company_id = $1", [account.companyId]);
    const received = new Set(receiver.received.map((item) => item.json.event_id));
    assert.deepEqual(
      rows.map((row) => row.id).filter((id) => !received.has(id)),
      [],
      "every event reached the receiver",
    );
    assert.ok(figures.attemptsCutShort > 0, "some deliveries were in flight when the worker was killed");
    assert.deepEqual(await moneyProblems(database.url, service.baseUrl, [account.companyId]), []);
    figures.events = rows.length;
    figures.deliveries = receiver.received.length;
    t.diagnostic(figuresLine("worker-kill", { ...figures, lost: 0, doubled: 0 }));
  } finally {
    await sql.end();
    await worker.stop("SIGKILL");
    await service.stop("SIGKILL");
  }
});
