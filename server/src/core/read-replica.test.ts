import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type PostgresPair, startPostgresPair } from "../../test/support/postgres-pair";
import { fundedMerchant, waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { type ReadReplica, replicaOf } from "./read-replica";

/**
 * DATABASE_READ_URL (contract §14) against a real streaming standby: the reads that tolerate
 * lag are served by it (its own pg_stat_statements counts them), the reads of one's own
 * writes stay on the primary, and a standby that lags or stops is skipped without an error.
 */
const METRICS_TOKEN = "metrics-token-for-the-replica-test";
let pair: PostgresPair;
let app: TestApp;
let replica: ReadReplica;
let merchant: Merchant;

before(async () => {
  pair = await startPostgresPair();
  await pair.createDatabase("pix");
  app = await startTestApp(
    {
      DATABASE_READ_URL: pair.standby.url("pix"),
      READ_REPLICA_MAX_LAG_S: "1",
      READ_REPLICA_CHECK_MS: "100",
      METRICS_TOKEN,
    },
    { databaseUrl: pair.primary.url("pix") },
  );
  replica = replicaOf(app.services.db) as ReadReplica;
  merchant = await fundedMerchant(app, "50.00");
  await pair.caughtUp();
  await waitFor("the replica in use", async () => replica.status.usable);
});
after(async () => {
  await app?.close();
  await pair?.close();
});

/** How many times the standby ran statements that match `pattern` (its pg_stat_statements). */
async function standbyCalls(pattern: string): Promise<number> {
  const [row] = await pair.standby.sql<{ calls: string | null }>(
    "SELECT sum(calls)::text AS calls FROM pg_stat_statements WHERE query ILIKE $1",
    [pattern],
    "pix",
  );
  return Number(row.calls ?? 0);
}

/** The database's lines of /metrics. */
const dbFigures = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("db_"))
    .join("\n");

const post = (path: string, body: unknown, key = crypto.randomUUID()) =>
  app.request("POST", path, { token: merchant.clientSecret, body, headers: { "idempotency-key": key } });

describe("reads that tolerate lag go to the replica; reads of one's own writes stay on the primary", () => {
  test("lists, search, statement, dashboards and balanceAudit run on the standby; a charge by id and the balance do not", async () => {
    const created = await post("/charges", { amount: 12.34, description: "replica list" });
    assert.equal(created.status, 201, created.text);
    await pair.caughtUp();
    const chargeListsBefore = await standbyCalls("%FROM charges%");
    const readsBefore = replica.reads.replica;

    const rest = await app.request("GET", "/charges", { token: merchant.clientSecret });
    assert.equal(rest.status, 200, rest.text);
    assert.ok(rest.body.data.some((charge: { id: string }) => charge.id === created.body.id));
    const lists = await app.graphql(
      `query($c: ID!, $text: String!) {
         charges(first: 5) { total data { id } }
         withdrawals(first: 5) { total }
         ledgerEntries(first: 5, companyId: $c) { total }
         merchantOverview(companyId: $c) { balance }
         balanceAudit(companyId: $c) { consistent }
         search(query: $text) { companies { id } }
       }`,
      { c: merchant.companyId, text: merchant.companyId },
    );
    assert.equal(lists.errors, undefined, JSON.stringify(lists.errors));
    assert.equal(lists.data.balanceAudit.consistent, true);
    assert.deepEqual(lists.data.search.companies, [{ id: merchant.companyId }]);
    assert.ok(replica.reads.replica >= readsBefore + 7, `replica reads ${replica.reads.replica - readsBefore}`);
    assert.ok((await standbyCalls("%FROM charges%")) > chargeListsBefore);
    assert.ok((await standbyCalls("%FROM ledger_entries%")) > 0);

    // A charge by id, the balance and the credential itself are read on the primary only.
    const credentialReads = await standbyCalls("%FROM client_credentials%");
    const balanceReads = await standbyCalls("%balance_cents%FROM companies%");
    const one = await app.request("GET", `/charges/${created.body.id}`, { token: merchant.clientSecret });
    assert.equal(one.status, 200);
    const balance = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
    assert.equal(balance.status, 200);
    assert.equal(await standbyCalls("%FROM client_credentials%"), credentialReads);
    assert.equal(await standbyCalls("%balance_cents%FROM companies%"), balanceReads);
  });

  test("a standby behind READ_REPLICA_MAX_LAG_S is skipped: the list shows a new charge at once; caught up, it is used again", async () => {
    await pair.standby.sql("SELECT pg_wal_replay_pause()");
    try {
      const created = await post("/charges", { amount: 1.23 });
      assert.equal(created.status, 201);
      // Read your own write at once: by id, on the primary, whatever the replica holds.
      const one = await app.request("GET", `/charges/${created.body.id}`, { token: merchant.clientSecret });
      assert.equal(one.status, 200);
      await waitFor("the lagging replica skipped", async () => !replica.status.usable, 10_000);
      assert.match(replica.status.skippedBecause ?? "", /behind/);
      assert.ok((replica.status.lagSeconds ?? 0) > 1);
      const list = await app.request("GET", "/charges", { token: merchant.clientSecret });
      assert.equal(list.status, 200);
      assert.ok(list.body.data.some((charge: { id: string }) => charge.id === created.body.id));
      const metrics = await app.request("GET", "/metrics", { token: METRICS_TOKEN });
      const figures = dbFigures(metrics.text);
      assert.match(figures, /^db_read_replica_in_use 0$/m, figures);
      assert.match(figures, /^db_read_replica_lag_seconds [1-9]/m, figures);
      assert.match(figures, /^db_lag_tolerant_reads_total\{pool="primary"\} [1-9]/m, figures);
    } finally {
      await pair.standby.sql("SELECT pg_wal_replay_resume()");
    }
    await waitFor("the replica in use again", async () => replica.status.usable, 10_000);
    assert.equal(replica.status.lagSeconds, 0);
    const figures = dbFigures((await app.request("GET", "/metrics", { token: METRICS_TOKEN })).text);
    assert.match(figures, /^db_read_replica_in_use 1$/m, figures);
    assert.match(figures, /^db_lag_tolerant_reads_total\{pool="replica"\} [1-9]/m, figures);
  });

  test("a standby that stops fails nothing: reads go to the primary at once, and back once it answers again", async () => {
    await pair.standby.stop("fast");
    try {
      // Before the next check notices: the read meets the dead replica and is read on the primary.
      const lists = await Promise.all([
        app.request("GET", "/charges", { token: merchant.clientSecret }),
        app.graphql("query($c: ID!) { balanceAudit(companyId: $c) { consistent } }", { c: merchant.companyId }),
      ]);
      assert.equal(lists[0].status, 200, lists[0].text);
      assert.equal(lists[1].data.balanceAudit.consistent, true, JSON.stringify(lists[1]));
      await waitFor("the replica skipped", async () => replica.status.skippedBecause === "unreachable", 10_000);
      for (let i = 0; i < 5; i += 1) {
        const list = await app.request("GET", "/charges", { token: merchant.clientSecret });
        assert.equal(list.status, 200);
      }
    } finally {
      await pair.standby.start();
    }
    await waitFor("the replica in use again", async () => replica.status.usable, 20_000);
    const before = replica.reads.replica;
    const list = await app.request("GET", "/charges", { token: merchant.clientSecret });
    assert.equal(list.status, 200);
    assert.equal(replica.reads.replica, before + 1);
  });
});
