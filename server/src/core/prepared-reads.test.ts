import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { fundedMerchant } from "../../test/support/scenarios";
import { createTestDatabase, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { createDataSourceFor, preparesStatements } from "./data-source";
import { DatabaseTarget } from "./database-target";
import { poolRows, preparedRows } from "./sql";

/**
 * The hottest reads (the balance, a charge, a page of charges) are prepared once per connection (core/sql.ts
 * preparedRows), against a real PostgreSQL: PostgreSQL runs them from its cached plan, and
 * still checks the credential in the statement on every request, so a revocation made
 * elsewhere refuses the very next one. A statement whose result changes under it (a column
 * added by a newer version's migration) is sent again unnamed; behind a pooler nothing is
 * prepared.
 */
let database: { url: string; drop: () => Promise<void> };
let app: TestApp;
let merchant: Merchant;
let sql: pg.Client;

/** The statements prepared on the app's one pooled connection, with how often PostgreSQL planned each. */
async function preparedHere(): Promise<Array<{ name: string; statement: string; generic_plans: string }>> {
  return poolRows(
    app.services.db,
    "SELECT name, statement, generic_plans::text FROM pg_prepared_statements ORDER BY name",
  );
}

before(async () => {
  database = await createTestDatabase();
  // PostgreSQL itself (not the pooler of a test:pgbouncer run), one pooled connection: every
  // read below goes to the same session, where its prepared statements live.
  app = await startTestApp({ DATABASE_URL: database.url, DB_POOL_SIZE: "1" }, { databaseUrl: database.url });
  merchant = await fundedMerchant(app, "12.34");
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
after(async () => {
  await sql?.end();
  await app?.close();
  await database?.drop();
});

describe("prepared hot reads", () => {
  test("the balance, a charge and a page of charges run from a cached plan, and a revocation made elsewhere refuses the next read", async () => {
    assert.equal(preparesStatements(app.services.db), true);
    const issued = await app.graphql(
      `mutation($c: ID!) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }`,
      { c: merchant.companyId },
    );
    const { clientSecret, credential } = issued.data.issueClientSecret;
    const created = await app.request("POST", "/charges", { token: clientSecret, body: { amount: 2.5 } });
    assert.equal(created.status, 201);
    // Past PostgreSQL's five custom plans: the generic plan is cached and used.
    for (let i = 0; i < 8; i++) {
      const balance = await app.request("GET", "/charges/balance", { token: clientSecret });
      assert.equal(balance.status, 200);
      assert.equal(balance.body.balance, 12.34);
      const charge = await app.request("GET", `/charges/${created.body.id}`, { token: clientSecret });
      assert.equal(charge.status, 200);
      assert.equal(charge.body.amount, 2.5);
    }
    for (let i = 0; i < 8; i++) {
      const page = await app.request("GET", "/charges?limit=20", { token: clientSecret });
      assert.equal(page.status, 200);
      assert.deepEqual(
        page.body.data.map((charge: { id: string }) => charge.id),
        [created.body.id],
      );
      assert.equal(page.body.total, 1);
    }
    const graphql = await app.graphql("query { balance { balance } }", {}, clientSecret);
    assert.equal(graphql.data.balance.balance, "12.34");
    const prepared = await preparedHere();
    assert.equal(prepared.length, 3, JSON.stringify(prepared));
    for (const statement of prepared) {
      assert.match(statement.name, /^pix_read_\d+$/);
      assert.ok(Number(statement.generic_plans) > 0, `${statement.name} runs from its cached plan`);
    }

    // Revoked by another process (here: SQL on a connection of its own): the prepared
    // statements check the credential again, the very next read of each is 401.
    await sql.query("UPDATE client_credentials SET revoked_at = now() WHERE id = $1", [credential.id]);
    for (const path of ["/charges/balance", `/charges/${created.body.id}`, "/charges?limit=20"]) {
      const res = await app.request("GET", path, { token: clientSecret });
      assert.equal(res.status, 401, path);
      assert.deepEqual(res.body, { error: "Missing, invalid, expired or revoked credential", code: "UNAUTHENTICATED" });
    }
    const refused = await app.graphql("query { balance { balance } }", {}, clientSecret);
    assert.equal(refused.errors?.[0]?.extensions?.code, "UNAUTHENTICATED");
    // An expiry too: the statement compares with now() on every run, not at preparation.
    const other = await app.graphql(
      `mutation($c: ID!) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }`,
      { c: merchant.companyId },
    );
    const live = other.data.issueClientSecret;
    assert.equal((await app.request("GET", "/charges/balance", { token: live.clientSecret })).status, 200);
    await sql.query("UPDATE client_credentials SET expires_at = now() - interval '1 second' WHERE id = $1", [
      live.credential.id,
    ]);
    assert.equal((await app.request("GET", "/charges/balance", { token: live.clientSecret })).status, 401);
  });

  test("a statement whose result changes under it is sent again unnamed, and stays so", async () => {
    await sql.query("CREATE TABLE prepared_probe (id int PRIMARY KEY)");
    await sql.query("INSERT INTO prepared_probe VALUES (1)");
    const text = "SELECT * FROM prepared_probe WHERE id = $1";
    for (let i = 0; i < 3; i++) assert.deepEqual(await preparedRows(app.services.db, text, [1]), [{ id: 1 }]);
    const probes = async () => (await preparedHere()).filter((statement) => statement.statement === text);
    assert.equal((await probes()).length, 1, "prepared");
    // A newer version's migration adds a column: `*` now means one more, and PostgreSQL
    // refuses the prepared form (the pool then drops that connection, as after any error).
    await sql.query("ALTER TABLE prepared_probe ADD COLUMN note text DEFAULT 'added'");
    assert.deepEqual(await preparedRows(app.services.db, text, [1]), [{ id: 1, note: "added" }]);
    assert.deepEqual(await preparedRows(app.services.db, text, [1]), [{ id: 1, note: "added" }]);
    // Sent unnamed from then on: not prepared again on the connection that serves it now.
    assert.deepEqual(await probes(), []);
    // Other errors are the read's own.
    await assert.rejects(preparedRows(app.services.db, "SELECT * FROM prepared_probe WHERE id = $1::int", ["x"]), {
      code: "22P02",
    });
  });

  test("behind a pooler in transaction mode nothing is prepared", async () => {
    const pooled = createDataSourceFor(
      { entities: [], migrations: [] },
      new DatabaseTarget(database.url, { pooler: true }),
      1,
    );
    await pooled.initialize();
    try {
      assert.equal(preparesStatements(pooled), false);
      for (let i = 0; i < 3; i++) assert.deepEqual(await preparedRows(pooled, "SELECT 1 AS one", []), [{ one: 1 }]);
      assert.deepEqual(await poolRows(pooled, "SELECT name FROM pg_prepared_statements"), []);
    } finally {
      await pooled.destroy();
    }
  });
});
