import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { redisServerInstalled, startTestRedis } from "../../test/support/redis-server";
import { startServiceProcess } from "../../test/support/service-process";
import { createTestDatabase, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
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

describe("the Redis store (REDIS_URL)", {
  skip: redisServerInstalled ? false : "redis-server is not installed",
}, () => {
  test("counts exact limits in Redis, shared by every process", async () => {
    const redis = await startTestRedis();
    try {
      const first = createLimitStore({ redisUrl: redis.url });
      const second = createLimitStore({ redisUrl: redis.url });
      assert.equal(first.kind, "redis");
      await Promise.all([first.ready(), second.ready()]);
      const spec = { name: "redis-test", points: 2, durationSeconds: 60 };
      const a = first.create(spec);
      const b = second.create(spec);
      assert.deepEqual(await a.consume("k"), { allowed: true });
      assert.deepEqual(await b.consume("k"), { allowed: true });
      assert.equal((await a.consume("k")).allowed, false, "the second process's point counts");
      assert.equal((await b.consume("k")).allowed, false);
      await first.close();
      await second.close();
    } finally {
      redis.stop();
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

  test("one budget per client secret, however its Authorization header is written", async () => {
    const merchant = await createMerchantPaced(app);
    // The scheme is case-insensitive and spaces around the secret are allowed: each form is
    // the same credential, so they share its burst of two (the key is the secret's digest).
    const forms = [
      `Bearer ${merchant.clientSecret}`,
      `bearer ${merchant.clientSecret}`,
      `BEARER  ${merchant.clientSecret} `,
    ];
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.request("GET", "/charges/balance", { headers: { authorization: forms[i % forms.length] } }),
      ),
    );
    const statuses = responses.map((res) => res.status);
    assert.ok(statuses.filter((status) => status === 429).length >= 3, `statuses ${statuses}`);
    assert.ok(
      statuses.every((status) => status === 200 || status === 429),
      `statuses ${statuses}`,
    );
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

describe("request limits counted in the process, shared in the background", () => {
  test("no store write on a request's path: rate_limits stays empty, the shared bucket moves in the background", async () => {
    const app = await startTestApp({ RATE_LIMIT_RPS: "100" });
    try {
      const merchant = await app.createMerchant();
      const statuses = [];
      for (let i = 0; i < 20; i += 1) {
        statuses.push((await app.request("GET", "/charges/balance", { token: merchant.clientSecret })).status);
      }
      assert.deepEqual(statuses, Array(20).fill(200));
      await app.services.db.query("SELECT pg_sleep(0.3)");
      const exact = await app.services.db.query("SELECT count(*)::int AS n FROM rate_limits");
      assert.equal(exact[0].n, 0, "no exact limit was spent");
      const buckets = await app.services.db.query(
        "SELECT key, tat_ms FROM rate_limit_buckets WHERE key LIKE 'credential:%'",
      );
      assert.equal(buckets.length, 2, "the operator token's bucket and the merchant's");
    } finally {
      await app.close();
    }
  });

  test("REDIS_URL: the API processes share the request buckets in Redis, none in PostgreSQL", {
    skip: redisServerInstalled ? false : "redis-server is not installed",
  }, async () => {
    const redis = await startTestRedis();
    const app = await startTestApp({ RATE_LIMIT_RPS: "1", REDIS_URL: redis.url });
    const second = await startTestApp({ RATE_LIMIT_RPS: "1", REDIS_URL: redis.url }, { databaseUrl: app.databaseUrl });
    try {
      await Promise.all([app.services.limits.ready(), second.services.limits.ready()]);
      const merchant = await createMerchantPaced(app);
      const responses = await Promise.all(
        [app, second, app, second, app, second].map((side) =>
          side.request("GET", "/charges/balance", { token: merchant.clientSecret }),
        ),
      );
      const statuses = responses.map((res) => res.status);
      // A burst of two, each process admitting at most one more before it hears.
      assert.ok(statuses.filter((status) => status === 200).length <= 4, `statuses ${statuses}`);
      assert.ok(statuses.filter((status) => status === 429).length >= 2, `statuses ${statuses}`);
      const inPostgres = await app.services.db.query("SELECT count(*)::int AS n FROM rate_limit_buckets");
      assert.equal(inPostgres[0].n, 0);
    } finally {
      await second.close();
      await app.close();
      redis.stop();
    }
  });

  test("two API processes: one credential's burst, overshoot within the documented bound", async () => {
    const database = await createTestDatabase();
    const env = { RATE_LIMIT_RPS: "5" };
    const [first, second] = await Promise.all([
      startServiceProcess({ databaseUrl: database.url, env }),
      startServiceProcess({ databaseUrl: database.url, env }),
    ]);
    try {
      const created = await fetch(`${first.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        body: JSON.stringify({ query: 'mutation { createCompany(input: {name: "Loja"}) { clientSecret } }' }),
      });
      const secret = (await created.json()).data.createCompany.clientSecret;
      const started = Date.now();
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(`${(i % 2 === 0 ? first : second).baseUrl}/charges/balance`, {
            headers: { authorization: `Bearer ${secret}` },
          }),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const admittedCount = responses.filter((res) => res.status === 200).length;
      const refused = responses.filter((res) => res.status === 429);
      // A burst of 10, one unreported point per process (10 % of 10), and the refill meanwhile.
      const bound = 10 + 2 * 1 + Math.ceil(5 * seconds);
      assert.ok(admittedCount >= 10, `the burst is admitted (${admittedCount})`);
      assert.ok(admittedCount <= bound, `at most ${bound} in ${seconds} s (${admittedCount})`);
      assert.equal(refused.length, 40 - admittedCount);
      for (const res of refused) assert.equal(res.headers.get("retry-after"), "1");
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await database.drop();
    }
  });
});
