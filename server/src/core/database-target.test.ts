import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { type PostgresPair, startPostgresPair } from "../../test/support/postgres-pair";
import { freePort } from "../../test/support/service-process";
import { DatabaseTarget, NoSuitableHostError, parseDatabaseUrl } from "./database-target";
import { toPublicError } from "./errors";

describe("parseDatabaseUrl: connection strings as libpq reads them", () => {
  test("several hosts, each with its port or 5432, the rest of the string kept", () => {
    const address = parseDatabaseUrl(
      "postgres://pix:s%40cret@db1:5433,db2,[::1]:6000/pix?sslmode=disable&target_session_attrs=read-write&application_name=x",
    );
    assert.deepEqual(address.hosts, [
      { host: "db1", port: 5433 },
      { host: "db2", port: 5432 },
      { host: "::1", port: 6000 },
    ]);
    assert.equal(address.attrs, "read-write");
    // node-postgres reads one host and would pass target_session_attrs on to the server.
    assert.equal(address.url, "postgres://pix:s%40cret@db1:5433/pix?sslmode=disable&application_name=x");
    assert.equal(
      address.urlFor(address.hosts[2]),
      "postgres://pix:s%40cret@[::1]:6000/pix?sslmode=disable&application_name=x",
    );
  });

  test("one host without target_session_attrs is left exactly as given", () => {
    const url = "postgresql://u@localhost:5432/db?sslmode=require";
    const address = parseDatabaseUrl(url);
    assert.equal(address.url, url);
    assert.equal(address.attrs, "any");
    assert.equal(new DatabaseTarget(url).searches, false);
    assert.equal(new DatabaseTarget("postgres://u@h1,h2/db?target_session_attrs=read-write").searches, true);
  });

  test("a wrong port, an empty host or an unknown target_session_attrs is refused with its reason", () => {
    assert.throws(() => parseDatabaseUrl("postgres://h1:99999/db"), /no valid port/);
    assert.throws(() => parseDatabaseUrl("postgres://h1,,h2/db"), /not a host/);
    assert.throws(() => parseDatabaseUrl("postgres://h1/db?target_session_attrs=writable"), /is not one of/);
    assert.throws(() => parseDatabaseUrl("mysql://h1/db"), /postgres:\/\//);
  });
});

describe("DatabaseTarget on a primary and its standby", () => {
  let pair: PostgresPair;
  let closedPort: number;
  before(async () => {
    pair = await startPostgresPair();
    closedPort = await freePort();
  });
  after(() => pair?.close());

  /** Which server a new connection of the target reaches. */
  async function reached(target: DatabaseTarget): Promise<{ port: number; standby: boolean }> {
    const client = new target.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT inet_server_port() AS port, pg_is_in_recovery() AS standby");
      return rows[0];
    } finally {
      await client.end();
    }
  }

  test("read-write skips a host that refuses and a standby listed first; prefer-standby and standby find the standby", async () => {
    const order = `127.0.0.1:${closedPort},${pair.standby.hostPort},${pair.primary.hostPort}`;
    const writes = new DatabaseTarget(`postgres://postgres@${order}/postgres?target_session_attrs=read-write`);
    assert.deepEqual(await reached(writes), { port: pair.primary.port, standby: false });
    assert.equal(writes.stats.searches, 1);
    // The host found is used for the next connections without searching again.
    await reached(writes);
    assert.equal(writes.stats.searches, 1);
    const standby = pair.multiHostUrl("postgres", "target_session_attrs=prefer-standby", [pair.primary, pair.standby]);
    assert.deepEqual(await reached(new DatabaseTarget(standby)), { port: pair.standby.port, standby: true });
    const onlyStandby = `postgres://postgres@${pair.primary.hostPort},${pair.standby.hostPort}/postgres?target_session_attrs=standby`;
    assert.deepEqual(await reached(new DatabaseTarget(onlyStandby)), { port: pair.standby.port, standby: true });
  });

  test("no host fits: the connection fails with 08001, answered DATABASE_UNAVAILABLE", async () => {
    const target = new DatabaseTarget(
      `postgres://postgres@127.0.0.1:${closedPort},${pair.standby.hostPort}/postgres?target_session_attrs=read-write`,
    );
    const client = new target.Client({ connectionString: target.url });
    const error = await client.connect().then(
      () => null,
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof NoSuitableHostError, String(error));
    assert.equal(error.code, "08001");
    assert.match(error.message, /no host of the connection string is writable.*a standby/);
    assert.equal(toPublicError(error).code, "DATABASE_UNAVAILABLE");
  });

  test("kill -9 the primary, promote the standby: the pool drops its dead connections and writes on the new primary", async () => {
    const target = new DatabaseTarget(pair.multiHostUrl("postgres", "target_session_attrs=read-write"));
    const pool = new pg.Pool({ ...target.poolOptions(), max: 4 });
    const poolErrors: Error[] = [];
    pool.on("error", (error) => poolErrors.push(error));
    try {
      await pool.query("CREATE TABLE IF NOT EXISTS failover_probe (n int)");
      await pair.caughtUp();
      // Four connections open and idle in the pool, all on the primary.
      const held = await Promise.all([1, 2, 3, 4].map(() => pool.connect()));
      for (const client of held) client.release();
      assert.equal(pool.idleCount, 4);
      await pair.primary.kill9();
      // Each idle connection saw its server go: the pool dropped them.
      for (let i = 0; i < 100 && pool.totalCount > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(pool.totalCount, 0);
      // Before a promotion no host takes writes.
      await assert.rejects(pool.query("INSERT INTO failover_probe VALUES (1)"), (error: Error) =>
        /no host of the connection string is writable/.test(error.message),
      );
      await pair.standby.promote();
      await new Promise((resolve) => setTimeout(resolve, 300)); // past the failed search's reuse
      await pool.query("INSERT INTO failover_probe VALUES (2)");
      const { rows } = await pool.query("SELECT inet_server_port() AS port, array_agg(n) AS ns FROM failover_probe");
      assert.equal(rows[0].port, pair.standby.port);
      assert.deepEqual(rows[0].ns, [2]);
      assert.equal(target.stats.switches, 1);
      assert.deepEqual(target.current, { host: "127.0.0.1", port: pair.standby.port });
    } finally {
      await pool.end();
    }
  });
});
