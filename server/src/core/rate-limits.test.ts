import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { createLimitStore } from "./rate-limits";

const NOWHERE = `/pix/v2/${"a".repeat(32)}`;

/** The operator token is limited like any credential: new accounts are made at its pace. */
async function createMerchantPaced(app: TestApp) {
  for (;;) {
    try {
      return await app.createMerchant();
    } catch (error) {
      if (!String(error).includes("RATE_LIMITED")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

describe("the limiter module", () => {
  test("spends points per key, refuses with the seconds to wait, remembers refusals and forgets on reset", async () => {
    const limit = createLimitStore({}).create({ name: "unit", points: 2, durationSeconds: 60 });
    assert.deepEqual(await limit.consume("a"), { allowed: true });
    assert.deepEqual(await limit.consume("a"), { allowed: true });
    const refused = await limit.consume("a");
    assert.equal(refused.allowed, false);
    assert.ok(!refused.allowed && refused.retryAfterSeconds > 0 && refused.retryAfterSeconds <= 60);
    assert.equal(limit.refusedHere("a").allowed, false, "known refused without asking the store");
    assert.deepEqual(limit.refusedHere("b"), { allowed: true });
    assert.deepEqual(await limit.consume("b"), { allowed: true }, "keys are independent");
    await limit.reset("a");
    assert.deepEqual(await limit.consume("a"), { allowed: true });
  });
});

const redisServer = spawnSync("redis-server", ["--version"]).status === 0;

describe("the Redis store (REDIS_URL)", { skip: redisServer ? false : "redis-server is not installed" }, () => {
  test("counts in Redis, shared by every process", async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const redis = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const url = `redis://127.0.0.1:${port}`;
      const first = createLimitStore({ redisUrl: url });
      const second = createLimitStore({ redisUrl: url });
      assert.equal(first.kind, "redis");
      await Promise.all([first.ready(), second.ready()]);
      const spec = { name: `redis-test-${port}`, points: 2, durationSeconds: 60 };
      const a = first.create(spec);
      const b = second.create(spec);
      assert.deepEqual(await a.consume("k"), { allowed: true });
      assert.deepEqual(await b.consume("k"), { allowed: true });
      assert.equal((await a.consume("k")).allowed, false, "the second process's point counts");
      assert.equal((await b.consume("k")).allowed, false);
      await first.close();
      await second.close();
    } finally {
      redis.kill();
    }
  });
});

describe("rate limiting over HTTP", () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ RATE_LIMIT_RPS: "1" });
  });
  after(() => app.close());

  test("answers 429 with Retry-After past the burst, per credential", async () => {
    const a = await createMerchantPaced(app);
    const b = await createMerchantPaced(app);
    // Six at once against a burst of two: at least three are refused, however slow the machine.
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => app.request("GET", "/charges/balance", { token: a.clientSecret })),
    );
    const statuses = responses.map((res) => res.status);
    const refused = responses.filter((res) => res.status === 429);
    assert.ok(refused.length >= 3, `statuses ${statuses}`);
    for (const res of refused) {
      assert.deepEqual(res.body, { error: "Too many requests; retry later", code: "RATE_LIMITED" });
    }
    const retryAfter = refused[0].headers.get("retry-after");
    assert.match(retryAfter ?? "", /^[12]$/);
    assert.equal((await app.request("GET", "/charges/balance", { token: b.clientSecret })).status, 200);
  });

  test("the counters are shared by every API process on the database", async () => {
    const merchant = await createMerchantPaced(app);
    const second = await startTestApp({ RATE_LIMIT_RPS: "1" }, { databaseUrl: app.databaseUrl });
    try {
      const [first, other] = await Promise.all([
        Promise.all(
          Array.from({ length: 3 }, () => app.request("GET", "/charges/balance", { token: merchant.clientSecret })),
        ),
        Promise.all(
          Array.from({ length: 3 }, () => second.request("GET", "/charges/balance", { token: merchant.clientSecret })),
        ),
      ]);
      const statuses = [...first, ...other].map((res) => res.status);
      // Two processes, one burst of two (at most four should a window turn meanwhile).
      assert.ok(statuses.filter((status) => status === 200).length <= 4, `statuses ${statuses}`);
      assert.ok(statuses.filter((status) => status === 429).length >= 2, `statuses ${statuses}`);
    } finally {
      await second.close();
    }
  });

  test("anonymous callers share a bucket per address; health probes are never limited", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => app.request("GET", NOWHERE)));
    assert.ok(responses.filter((res) => res.status === 429).length >= 3, responses.map((r) => r.status).join());
    assert.equal((await app.request("GET", "/healthz")).status, 200);
    assert.equal((await app.request("GET", "/readyz")).status, 200);
  });
});

describe("addresses, proxies and bad credentials", () => {
  test("without TRUST_PROXY a spoofed X-Forwarded-For does not change the caller's address", async () => {
    const app = await startTestApp({ RATE_LIMIT_RPS: "1" });
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          app.request("GET", NOWHERE, { headers: { "x-forwarded-for": `198.51.100.${i + 1}` } }),
        ),
      );
      assert.ok(responses.filter((res) => res.status === 429).length >= 3, responses.map((r) => r.status).join());
    } finally {
      await app.close();
    }
  });

  test("behind TRUST_PROXY each forwarded client has its own buckets; provider notifications have theirs", async () => {
    const app = await startTestApp({ RATE_LIMIT_RPS: "1", TRUST_PROXY: "127.0.0.1" });
    try {
      const spoofed = (address: string) => ({ headers: { "x-forwarded-for": address } });
      const first = await Promise.all(
        Array.from({ length: 6 }, () => app.request("GET", NOWHERE, spoofed("198.51.100.1"))),
      );
      assert.ok(first.filter((res) => res.status === 429).length >= 3, first.map((r) => r.status).join());
      assert.equal((await app.request("GET", NOWHERE, spoofed("198.51.100.2"))).status, 404, "another client");
      const provider = await app.request("POST", "/provider/pix", {
        rawBody: '{"pix": []}',
        ...spoofed("198.51.100.1"),
      });
      assert.equal(provider.status, 401, "the provider's bucket is its own: an unsigned call is refused, not limited");
    } finally {
      await app.close();
    }
  });

  test("TRUST_PROXY as a hop count believes that many proxies, from the right", async () => {
    const app = await startTestApp({ RATE_LIMIT_RPS: "1", TRUST_PROXY: "1" });
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          app.request("GET", NOWHERE, { headers: { "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.1` } }),
        ),
      );
      assert.ok(responses.filter((res) => res.status === 429).length >= 3, responses.map((r) => r.status).join());
      const other = await app.request("GET", NOWHERE, { headers: { "x-forwarded-for": "198.51.100.1, 198.51.100.2" } });
      assert.equal(other.status, 404);
    } finally {
      await app.close();
    }
  });

  test("an address that keeps presenting bad credentials is refused before any lookup", async () => {
    const app = await startTestApp({ RATE_LIMIT_RPS: "100", TRUST_PROXY: "loopback" });
    try {
      const merchant = await app.createMerchant();
      const from = (address: string, token: string) =>
        app.request("GET", "/charges/balance", { token, headers: { "x-forwarded-for": address } });
      const attacker = "198.51.100.66";
      const statuses: number[] = [];
      for (let i = 0; i < 32; i += 1) statuses.push((await from(attacker, `sk_guess_${i}`)).status);
      assert.deepEqual(statuses.slice(0, 30), Array(30).fill(401));
      assert.deepEqual(statuses.slice(30), [429, 429]);
      // Refused before the credential is looked up: with the table gone a lookup would fail.
      await app.services.db.query("ALTER TABLE client_credentials RENAME TO client_credentials_moved");
      try {
        const refused = await from(attacker, merchant.clientSecret);
        assert.equal(refused.status, 429);
        assert.equal(refused.body.code, "RATE_LIMITED");
      } finally {
        await app.services.db.query("ALTER TABLE client_credentials_moved RENAME TO client_credentials");
      }
      assert.equal(
        (await from("198.51.100.67", merchant.clientSecret)).status,
        200,
        "other addresses are not affected",
      );
    } finally {
      await app.close();
    }
  });
});
