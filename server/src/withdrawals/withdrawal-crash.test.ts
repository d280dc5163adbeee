import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  approve,
  assertAuditConsistent,
  createWithdrawal,
  fundedMerchant,
  readWithdrawal,
  waitFor,
  waitForWithdrawalStatus,
} from "../../test/support/scenarios";
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";

let app: TestApp;

before(async () => {
  app = await startTestApp(); // this process runs no worker: the child below is the only one
});
after(() => app.close());

const SETTLE_MS = 2500;

/** `npm run worker` as its own process, on the test database. */
function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, [join(__dirname, "..", "worker.js")], {
    env: {
      ...process.env,
      DATABASE_URL: app.databaseUrl,
      ADMIN_API_TOKEN: TEST_ADMIN_TOKEN,
      SANDBOX_SETTLE_MS: String(SETTLE_MS),
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
}

async function settleJobsOf(withdrawalId: string): Promise<number> {
  const rows = await app.services.db.query(
    `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'withdrawal_settle_transfer' AND j.payload->>'withdrawalId' = $1`,
    [withdrawalId],
  );
  return rows[0].n;
}

test("a worker killed with SIGKILL while a sandbox settlement is due settles it after restart", async () => {
  const merchant = await fundedMerchant(app);
  const id = await createWithdrawal(app, merchant);
  await approve(app, id);

  const first = startWorkerProcess();
  const firstExit = new Promise((resolve) => first.on("exit", resolve));
  // The worker submitted the transfer: the bank's settlement is now scheduled, in the database.
  await waitFor("the settlement to be scheduled", async () => (await settleJobsOf(id)) === 1, 20_000);
  first.kill("SIGKILL");
  await firstExit;

  // Past the due time with no worker alive: nothing settles it, nothing lost it.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 500));
  assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
  assert.equal(await settleJobsOf(id), 1);

  const second = startWorkerProcess();
  const secondExit = new Promise((resolve) => second.on("exit", resolve));
  try {
    const paid = await waitForWithdrawalStatus(app, merchant, id, "PAID", 20_000);
    assert.equal(paid.status, "PAID");
    await waitFor("the settlement job to be done", async () => (await settleJobsOf(id)) === 0);
  } finally {
    second.kill("SIGTERM");
    await secondExit;
  }
  const events = await app.services.db.query(
    "SELECT event FROM webhook_events WHERE subject_id = $1 ORDER BY sequence",
    [id],
  );
  assert.deepEqual(
    events.map((row: { event: string }) => row.event),
    ["withdrawal.pending", "withdrawal.processing", "withdrawal.paid"],
  );
  await assertAuditConsistent(app, merchant.companyId);
});
