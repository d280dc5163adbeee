import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type PostgresPair, startPostgresPair } from "../support/postgres-pair";
import { type ServiceProcesses, startService } from "../support/service-process";
import { newUuid, TEST_ADMIN_TOKEN } from "../support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { call, deliveryProblems, moneyProblems, openAccount, settled } from "./fault-audit";

/**
 * The service (an API process and a worker process, as production runs them) given a
 * multi-host DATABASE_URL (contract §14) over a primary and its streaming standby; the
 * primary killed with SIGKILL and the standby promoted by hand (what Patroni does; the
 * HA cluster's own test is `npm run test:failover`). While no host takes writes a request
 * answers 503 DATABASE_UNAVAILABLE with Retry-After and changes nothing; after the
 * promotion the same request with the same Idempotency-Key applies once, the job queue
 * settles the bank's work and the webhooks are delivered, all without a restart.
 */
const CPF = "529.982.247-25";
let pair: PostgresPair;
let receiver: WebhookReceiver;
let service: ServiceProcesses;
let auditUrl: string;

before(async () => {
  pair = await startPostgresPair();
  await pair.createDatabase("pix");
  receiver = await startWebhookReceiver();
  const databaseUrl = pair.multiHostUrl("pix", "target_session_attrs=read-write");
  auditUrl = pair.standby.url("pix"); // the primary after the failover
  service = await startService({
    databaseUrl,
    separateWorker: true,
    env: { SANDBOX_SETTLE_MS: "300", WORKER_HEARTBEAT_MS: "500", WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s,5s" },
  });
});
after(async () => {
  await service?.stop("SIGKILL");
  await receiver?.close();
  await pair?.close();
});

test("kill -9 the primary, promote the standby: 503 DATABASE_UNAVAILABLE meanwhile, then every write applies once and the workers resume", async () => {
  const account = await openAccount(service.baseUrl, { fund: "1000.00", webhookUrl: receiver.url("/failover") });
  const withdraw = (key: string) =>
    call(service.baseUrl, "POST", "/withdrawals", {
      token: account.secret,
      body: { amount: 10, pix_key_type: "CPF", pix_key: CPF },
      headers: { "idempotency-key": key },
    });
  const before = await withdraw(newUuid());
  assert.equal(before.status, 201, JSON.stringify(before.body));
  await pair.caughtUp();

  await pair.primary.kill9();
  const key = newUuid();
  const during = await fetch(`${service.baseUrl}/withdrawals`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${account.secret}`,
      "content-type": "application/json",
      "idempotency-key": key,
    },
    body: JSON.stringify({ amount: 10, pix_key_type: "CPF", pix_key: CPF }),
  });
  assert.equal(during.status, 503);
  assert.equal(during.headers.get("retry-after"), "2");
  assert.equal(((await during.json()) as { code: string }).code, "DATABASE_UNAVAILABLE");
  const ready = await call(service.baseUrl, "GET", "/readyz");
  assert.equal(ready.status, 503);

  await pair.standby.promote();
  const promotedAt = Date.now();
  // The client retries as told (Retry-After), with the same key, until it is answered.
  let retried = await withdraw(key);
  let retries = 1;
  while (retried.status === 503 && Date.now() - promotedAt < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    retried = await withdraw(key);
    retries += 1;
  }
  assert.equal(retried.status, 201, JSON.stringify(retried.body));
  const replayed = await withdraw(key);
  assert.equal(replayed.body.id, retried.body.id, "the same key answers the same withdrawal");

  // Approved now, both go to the bank through the job queue (graphile-worker on the new
  // primary) and settle; their webhooks go out through the delivery loop.
  for (const id of [before.body.id, retried.body.id]) {
    const approved = await call(service.baseUrl, "POST", "/graphql", {
      token: TEST_ADMIN_TOKEN,
      body: { query: "mutation($id: ID!) { approveWithdrawal(id: $id) { status } }", variables: { id } },
    });
    assert.equal(approved.body?.errors, undefined, JSON.stringify(approved.body));
  }
  const problems = await settled(async () => {
    const found = [
      ...(await moneyProblems(auditUrl, service.baseUrl, [account.companyId])),
      ...(await deliveryProblems(auditUrl, [account.companyId])),
    ];
    const statuses = await pair.standby.sql<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM withdrawals WHERE company_id = $1 GROUP BY status",
      [account.companyId],
      "pix",
    );
    if (statuses.length !== 1 || statuses[0].status !== "PAID" || statuses[0].n !== 2)
      found.push(`withdrawals: ${JSON.stringify(statuses)} (two, both PAID expected)`);
    return found;
  }, 30_000);
  assert.deepEqual(problems, []);
  const keyed = await pair.standby.sql<{ n: number }>(
    "SELECT count(*)::int AS n FROM withdrawals WHERE idempotency_key = $1",
    [key],
    "pix",
  );
  assert.equal(keyed[0].n, 1);
  assert.equal((await call(service.baseUrl, "GET", "/readyz")).status, 200);
  assert.ok(
    receiver.received.some(
      (hook) => hook.json.withdrawal_id === retried.body.id && hook.json.event === "withdrawal.paid",
    ),
    "the withdrawal made after the failover was announced",
  );
  process.stdout.write(
    `# failover by hand: first write ${Date.now() - promotedAt} ms after the promotion, ${retries} tries\n`,
  );
});
