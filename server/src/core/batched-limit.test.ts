import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Redis from "ioredis";
import pg from "pg";
import { redisServerInstalled, startTestRedis, type TestRedis } from "../../test/support/redis-server";
import { createTestDatabase } from "../../test/support/test-app";
import { type BatchedLimit, BatchedLimits, type BucketStore } from "./batched-limit";
import { postgresBucketStore, redisBucketStore } from "./bucket-stores";
import type { LimitVerdict } from "./limit";

/** A clock the test moves; batched limits read it for every decision. */
function testClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const spec = (name: string, points: number, durationSeconds: number) => ({ name, points, durationSeconds });

/** Every take of `count` at once (a burst in one tick); the verdicts in order. */
async function burst(limit: BatchedLimit, key: string, count: number): Promise<LimitVerdict[]> {
  return Promise.all(Array.from({ length: count }, () => limit.take(key)));
}

/** A take decided in the process, without the store. */
function takeNow(limit: BatchedLimit, key: string): LimitVerdict {
  const verdict = limit.take(key);
  assert.ok(!(verdict instanceof Promise), "decided without a round trip");
  return verdict;
}

const admitted = (verdicts: LimitVerdict[]) => verdicts.filter((verdict) => verdict.allowed).length;

describe("a batched limit in one process (no store)", () => {
  test("a burst of `points` from rest, then the rate; Retry-After is the wait for the next point", async () => {
    const clock = testClock();
    const limit = new BatchedLimits(null, clock.now).create(spec("solo", 200, 2));
    const first = await burst(limit, "k", 201);
    assert.equal(admitted(first), 200, "the burst is twice the rate of 100 a second");
    assert.deepEqual(first[200], { allowed: false, retryAfterSeconds: 1 });
    assert.deepEqual(limit.refusedHere("k"), { allowed: false, retryAfterSeconds: 1 });
    clock.advance(10);
    assert.deepEqual(takeNow(limit, "k"), { allowed: true }, "one point every 10 ms");
    assert.equal(takeNow(limit, "k").allowed, false);
    clock.advance(500);
    assert.equal(admitted(await burst(limit, "k", 60)), 50, "100 a second");
    assert.deepEqual(await burst(limit, "other", 1), [{ allowed: true }], "keys are independent");
  });

  test("Retry-After counts whole seconds up to the next point of a slow limit, never 0", () => {
    const clock = testClock();
    const limit = new BatchedLimits(null, clock.now).create(spec("slow", 2, 60));
    assert.equal(takeNow(limit, "k").allowed, true);
    assert.equal(takeNow(limit, "k").allowed, true);
    assert.deepEqual(takeNow(limit, "k"), { allowed: false, retryAfterSeconds: 30 });
    clock.advance(29_500);
    assert.deepEqual(takeNow(limit, "k"), { allowed: false, retryAfterSeconds: 1 });
    clock.advance(500);
    assert.deepEqual(takeNow(limit, "k"), { allowed: true });
  });

  test("reset forgets the key; idle keys are forgotten once their bucket is full again", async () => {
    const clock = testClock();
    const limit = new BatchedLimits(null, clock.now).create(spec("reset", 2, 2));
    await burst(limit, "k", 3);
    assert.equal(limit.refusedHere("k").allowed, false);
    await limit.reset("k");
    assert.deepEqual(limit.refusedHere("k"), { allowed: true });
    assert.equal(takeNow(limit, "k").allowed, true);
  });
});

/** The shared-store rules, the same for PostgreSQL and Redis. */
function sharedStoreRules(storeOf: () => BucketStore, name: string) {
  const unique = (what: string) => `${name}-${what}-${Math.random().toString(36).slice(2, 8)}`;

  test("no store round trip on a request's path: a take answers at once", async () => {
    const clock = testClock();
    const shared = new BatchedLimits(storeOf(), clock.now, 60_000);
    const limit = shared.create(spec(unique("sync"), 200, 2));
    const verdict = limit.take("k");
    assert.ok(!(verdict instanceof Promise), "decided in the process");
    assert.deepEqual(verdict, { allowed: true });
    await shared.close();
  });

  test("what one process spent refuses the other after a reconciliation", async () => {
    const clock = testClock();
    const name = unique("shared");
    const a = new BatchedLimits(storeOf(), clock.now, 60_000);
    const b = new BatchedLimits(storeOf(), clock.now, 60_000);
    const limitA = a.create(spec(name, 20, 2));
    const limitB = b.create(spec(name, 20, 2));
    assert.equal(admitted(await burst(limitA, "k", 20)), 20);
    await a.sync();
    await b.sync(); // b has not used the key yet: it reads nothing
    const verdict = await limitB.take("k");
    // b admits within its unreported share (2 of 20) before it learns, then no more.
    const more = await burst(limitB, "k", 10);
    assert.equal(admitted([verdict, ...more]), limitB.unreported);
    assert.deepEqual(more.at(-1), { allowed: false, retryAfterSeconds: 1 });
    await Promise.all([a.close(), b.close()]);
  });

  test("overshoot is bounded: with two processes at once, at most points + 2 x unreported", async () => {
    const clock = testClock();
    const name = unique("overshoot");
    const a = new BatchedLimits(storeOf(), clock.now, 60_000);
    const b = new BatchedLimits(storeOf(), clock.now, 60_000);
    const limitA = a.create(spec(name, 100, 2));
    const limitB = b.create(spec(name, 100, 2));
    assert.equal(limitA.unreported, 10);
    const [fromA, fromB] = await Promise.all([burst(limitA, "k", 150), burst(limitB, "k", 150)]);
    const total = admitted(fromA) + admitted(fromB);
    assert.ok(total >= 100, `the limit itself is admitted (${total})`);
    assert.ok(total <= 100 + 2 * 10, `at most 120 (${total})`);
    // Once both have heard, neither admits more until the bucket refills.
    await a.sync();
    await b.sync();
    assert.equal((await limitA.take("k")).allowed, false);
    assert.equal((await limitB.take("k")).allowed, false);
    clock.advance(1000);
    const refilled = (await burst(limitA, "k", 60)).filter((v) => v.allowed).length;
    assert.ok(refilled <= 50 + 10, `a second refills 50 points (${refilled})`);
    await Promise.all([a.close(), b.close()]);
  });

  test("a process's own burst waits for the store past its share, and is exact alone", async () => {
    const clock = testClock();
    const a = new BatchedLimits(storeOf(), clock.now, 60_000);
    const limit = a.create(spec(unique("alone"), 30, 2));
    const verdicts = await burst(limit, "k", 40);
    assert.equal(admitted(verdicts), 30);
    assert.deepEqual(verdicts.slice(0, 30), Array(30).fill({ allowed: true }));
    await a.close();
  });

  test("a new process learns a key's spending from the store at its first reconciliation", async () => {
    const clock = testClock();
    const name = unique("late");
    const a = new BatchedLimits(storeOf(), clock.now, 60_000);
    await burst(a.create(spec(name, 10, 2)), "k", 10);
    await a.sync();
    const b = new BatchedLimits(storeOf(), clock.now, 60_000);
    const limitB = b.create(spec(name, 10, 2));
    assert.equal((await limitB.take("k")).allowed, true, "within its unreported share before it knows");
    await b.sync();
    assert.equal((await limitB.take("k")).allowed, false);
    await Promise.all([a.close(), b.close()]);
  });

  test("reset forgets the key in the store too", async () => {
    const clock = testClock();
    const name = unique("reset");
    const a = new BatchedLimits(storeOf(), clock.now, 60_000);
    const b = new BatchedLimits(storeOf(), clock.now, 60_000);
    const limitA = a.create(spec(name, 4, 60));
    const limitB = b.create(spec(name, 4, 60));
    await burst(limitA, "k", 4);
    await a.sync();
    await limitA.reset("k");
    assert.equal((await limitB.take("k")).allowed, true);
    await b.sync();
    assert.equal((await limitB.take("k")).allowed, true, "the store forgot a's points");
    await Promise.all([a.close(), b.close()]);
  });
}

describe("batched limits on PostgreSQL (rate_limit_buckets)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: pg.Pool[] = [];
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });
  const newPool = () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // pool.end() resolves before its clients have disconnected: the drop's WITH (FORCE) can
    // end one still closing (57P01), which an unhandled 'error' would turn into a crash.
    pool.on("error", () => undefined);
    pools.push(pool);
    return pool;
  };
  const store = () => postgresBucketStore(newPool());

  sharedStoreRules(store, "pg");

  test("one statement per reconciliation whatever the traffic, and full buckets are swept", async () => {
    const pool = newPool();
    let statements = 0;
    const counting = postgresBucketStore({
      query: (...args: Parameters<pg.Pool["query"]>) => {
        statements += 1;
        return (pool.query as (...a: unknown[]) => unknown)(...args);
      },
    } as unknown as pg.Pool);
    const clock = testClock(Date.now());
    const shared = new BatchedLimits(counting, clock.now, 60_000);
    const credential = shared.create(spec("sweep-credential", 10_000, 2));
    const address = shared.create(spec("sweep-address", 10_000, 2));
    for (let i = 0; i < 500; i += 1) {
      credential.take(`c${i % 5}`);
      address.take(`a${i % 7}`);
    }
    await shared.sync();
    assert.equal(statements, 2, "one reconciliation for both limits (and the first sweep)");
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM rate_limit_buckets WHERE key LIKE 'sweep-%'");
    assert.equal(rows[0].n, 12);
    clock.advance(61_000);
    credential.take("c0");
    await shared.sync();
    const left = await pool.query("SELECT key FROM rate_limit_buckets WHERE key LIKE 'sweep-%'");
    assert.deepEqual(
      left.rows.map((row) => row.key),
      ["sweep-credential:c0"],
      "only the bucket used since is kept",
    );
    await shared.close();
  });

  test("an unreachable store: requests do not wait for it and the process limits alone", async () => {
    const clock = testClock();
    const down: BucketStore = {
      reconcile: () => Promise.reject(new Error("connection refused")),
      forget: () => Promise.reject(new Error("connection refused")),
      sweep: () => Promise.reject(new Error("connection refused")),
    };
    const shared = new BatchedLimits(down, clock.now, 60_000);
    const limit = shared.create(spec("down", 20, 2));
    const verdicts = await burst(limit, "k", 25);
    assert.equal(admitted(verdicts), 20);
    assert.equal(shared.storeDown, true);
    await shared.close();
  });
});

describe("batched limits on Redis (REDIS_URL)", {
  skip: redisServerInstalled ? false : "redis-server is not installed",
}, () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  before(async () => {
    redis = await startTestRedis();
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.quit()));
    redis.stop();
  });
  const store = () => {
    const client = new Redis(redis.url);
    clients.push(client);
    return redisBucketStore(client);
  };

  sharedStoreRules(store, "redis");

  test("a bucket expires in Redis once it is full again", async () => {
    const client = new Redis(redis.url);
    clients.push(client);
    const shared = new BatchedLimits(redisBucketStore(client), Date.now, 60_000);
    const limit = shared.create(spec("expiry", 1000, 1));
    limit.take("k");
    await shared.sync();
    const ttl = await client.pttl("rl:bucket:expiry:k");
    assert.ok(ttl > 0 && ttl <= 1001, `expires with the bucket (${ttl} ms)`);
    await shared.close();
  });
});
