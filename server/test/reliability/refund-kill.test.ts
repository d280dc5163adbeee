import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { type ServiceProcess, startService, startServiceProcess } from "../support/service-process";
import { createTestDatabase, newUuid, TEST_ADMIN_TOKEN } from "../support/test-app";
import { call, FAULT_ROUNDS, figuresLine, moneyProblems, openAccount, settled } from "./fault-audit";

/**
 * A separate worker process killed with SIGKILL between the devolução and its outcome: the
 * worker's job has handed refunds to the (sandbox) bank, which returns the money after
 * SANDBOX_SETTLE_MS, and the worker dies before it records that. Started again, every refund
 * ends REFUNDED exactly once: one reservation, no money given back, one refund.processing and
 * one refund.refunded each, the charges' refunded amounts and the ledger exact.
 * `npm test`: one kill; FAULT_ROUNDS=<n>: n kills.
 */
const REFUNDS_PER_ROUND = 8;
const WORKER_ENV = {
  WORKER_HEARTBEAT_MS: "500",
  WORKER_CONCURRENCY: "3",
  SANDBOX_SETTLE_MS: "1500",
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
before(async () => {
  database = await createTestDatabase();
});
after(async () => {
  await database.drop();
});

/** A charge of R$ 20,00 paid through the sandbox, so that it can be refunded. */
async function paidCharge(baseUrl: string, secret: string): Promise<string> {
  const created = await call(baseUrl, "POST", "/charges", { token: secret, body: { amount: 20 } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const paid = await call(baseUrl, "POST", "/graphql", {
    token: TEST_ADMIN_TOKEN,
    body: {
      query: "mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }",
      variables: { id: created.body.id },
    },
  });
  assert.equal(paid.body?.data?.simulateChargePayment?.status, "PAID", JSON.stringify(paid.body));
  return created.body.id;
}

async function refundStates(sql: pg.Client, companyId: string) {
  const { rows } = await sql.query<{ submitted: number; processing: number }>(
    `SELECT count(*) FILTER (WHERE return_id IS NOT NULL AND status = 'PROCESSING')::int AS submitted,
            count(*) FILTER (WHERE status = 'PROCESSING')::int AS processing
       FROM refunds WHERE company_id = $1`,
    [companyId],
  );
  return rows[0];
}

test(`the worker killed with SIGKILL between the devolução and its outcome, ${FAULT_ROUNDS} time(s): every refund REFUNDED once`, async (t) => {
  const service = await startService({ databaseUrl: database.url, separateWorker: true, env: WORKER_ENV });
  let worker = service.worker as ServiceProcess;
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const figures = { kills: 0, refunds: 0, atTheBankWhenKilled: 0 };
  try {
    const account = await openAccount(service.baseUrl, { fund: "1.00" });
    for (let round = 0; round < FAULT_ROUNDS; round++) {
      for (let i = 0; i < REFUNDS_PER_ROUND; i++) {
        const chargeId = await paidCharge(service.baseUrl, account.secret);
        const refund = await call(service.baseUrl, "POST", `/charges/${chargeId}/refunds`, {
          token: account.secret,
          body: { amount: 12.5, reason: "troca" },
          headers: { "idempotency-key": newUuid() },
        });
        assert.equal(refund.status, 201, JSON.stringify(refund.body));
        figures.refunds++;
      }
      // Kill once the bank has taken some devoluções whose outcome is not recorded yet.
      const deadline = Date.now() + 30_000;
      let state = await refundStates(sql, account.companyId);
      while (state.submitted < 2 && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 50));
        state = await refundStates(sql, account.companyId);
      }
      assert.ok(state.submitted >= 2, `the bank took devoluções before the kill (${JSON.stringify(state)})`);
      await worker.stop("SIGKILL");
      figures.kills++;
      figures.atTheBankWhenKilled += state.submitted;
      worker = await startServiceProcess({ databaseUrl: database.url, role: "worker", env: WORKER_ENV });
    }
    const unfinished = await settled(async () => {
      const { processing } = await refundStates(sql, account.companyId);
      return processing === 0 ? [] : [`${processing} refunds still PROCESSING`];
    }, 90_000);
    assert.deepEqual(unfinished, []);
    const { rows } = await sql.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM refunds WHERE company_id = $1 GROUP BY status",
      [account.companyId],
    );
    assert.deepEqual(rows, [{ status: "REFUNDED", n: figures.refunds }]);
    assert.deepEqual(await moneyProblems(database.url, service.baseUrl, [account.companyId]), []);
    // 1,00 funded, 20,00 paid less its fee for every charge, 12,50 returned of each.
    const money = await sql.query<{ balance: string; expected: string }>(
      `SELECT c.balance_cents::text AS balance,
              (100 + (SELECT sum(net_amount_cents) FROM charges WHERE company_id = c.id) - 1250 * $2)::text AS expected
         FROM companies c WHERE c.id = $1`,
      [account.companyId, figures.refunds],
    );
    assert.equal(
      money.rows[0].balance,
      money.rows[0].expected,
      "balance = funding + net of the paid charges − the refunds",
    );
    t.diagnostic(figuresLine("refund-kill", { ...figures, lost: 0, doubled: 0 }));
  } finally {
    await sql.end();
    await worker.stop("SIGKILL");
    await service.stop("SIGKILL");
  }
});
