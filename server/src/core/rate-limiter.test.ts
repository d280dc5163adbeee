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
    app = await startTestApp({ RATE_LIMIT_RPS: "1" });
  });
  after(() => app.close());

  test("answers 429 with Retry-After past the burst, per credential", async () => {
    const a = await app.createMerchant();
    const b = await app.createMerchant();
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
    assert.match(retryAfter ?? "", /^\d+$/);
    assert.equal((await app.request("GET", "/charges/balance", { token: b.clientSecret })).status, 200);
  });
});
