import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../test-support/test-app";
import { RateLimiter } from "./rate-limiter";

describe("RateLimiter", () => {
  test("allows a burst of twice the rate, then refills at the rate", () => {
    let now = 0;
    const limiter = new RateLimiter(10, 20, () => now);
    for (let i = 0; i < 20; i += 1) assert.equal(limiter.take("a").allowed, true, `request ${i}`);
    const refused = limiter.take("a");
    assert.equal(refused.allowed, false);
    assert.equal(!refused.allowed && refused.retryAfterSeconds, 1);
    assert.equal(limiter.take("b").allowed, true, "keys are independent");
    now += 100; // 0.1 s: one token back
    assert.equal(limiter.take("a").allowed, true);
    assert.equal(limiter.take("a").allowed, false);
  });
});

describe("rate limiting over HTTP", () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ RATE_LIMIT_RPS: "2" });
  });
  after(() => app.close());

  test("answers 429 with Retry-After past the burst, per credential", async () => {
    const a = await app.createMerchant();
    const b = await app.createMerchant();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i += 1) {
      const res = await app.request("GET", "/charges/balance", { token: a.clientSecret });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        assert.deepEqual(res.body, { error: "Too many requests; retry later", code: "RATE_LIMITED" });
      }
    }
    assert.ok(statuses.includes(429), `statuses ${statuses}`);
    assert.match(retryAfter ?? "", /^\d+$/);
    assert.equal((await app.request("GET", "/charges/balance", { token: b.clientSecret })).status, 200);
  });
});
