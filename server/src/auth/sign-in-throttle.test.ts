import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type ConsoleLogin, startTestApp, type TestApp } from "../../test/support/test-app";
import { slowDownMs } from "./sign-in-limits";

// The test's requests all come from loopback, a trusted proxy here: X-Forwarded-For names
// the client address, so one test plays many addresses.
let app: TestApp;
let user: ConsoleLogin;

const SIGN_IN = "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }";
const signIn = (from: string, email: string, password: string) =>
  app.gql(SIGN_IN, { e: email, p: password }, { origin: app.baseUrl, headers: { "x-forwarded-for": from } });
const codeOf = (res: { body: { errors?: Array<{ extensions: { code: string } }> } }) =>
  res.body.errors?.[0]?.extensions.code ?? "OK";

before(async () => {
  app = await startTestApp({ TRUST_PROXY: "loopback" });
});
after(() => app.close());
beforeEach(async () => {
  await app.services.db.query("DELETE FROM sign_in_rate_limits");
  user = await app.consoleUser({ role: "OPERATOR" });
});

async function sprayAlerts(): Promise<Array<Record<string, unknown>>> {
  return app.services.db.query(
    "SELECT actor, actor_kind, object_id, company_id, after, address FROM audit_log WHERE action = 'alert.sign_in_spray' ORDER BY id",
  );
}

describe("sign-in throttling per address and per (address, e-mail) pair", () => {
  test("failures from five addresses do not lock the e-mail: the right password from a sixth signs in (slowed down)", async () => {
    for (let i = 1; i <= 5; i += 1) {
      assert.equal(codeOf(await signIn(`203.0.113.${i}`, user.email, "a wrong password")), "UNAUTHENTICATED");
    }
    const started = Date.now();
    const res = await signIn("203.0.113.99", user.email, user.password);
    assert.equal(codeOf(res), "OK", res.text);
    assert.equal(res.body.data.signIn.id, user.userId);
    assert.ok(Date.now() - started >= slowDownMs(5), "the e-mail's attempts wait after 5 failures");
    assert.deepEqual(
      [slowDownMs(4), slowDownMs(5), slowDownMs(6), slowDownMs(12), slowDownMs(40)],
      [0, 250, 500, 10_000, 10_000],
    );

    // The spray was reported once to operators, as a system alert without a company.
    const alerts = await sprayAlerts();
    assert.deepEqual(
      alerts.slice(-1).map((row) => ({ ...row, address: undefined })),
      [
        {
          actor: "system",
          actor_kind: "SYSTEM",
          object_id: user.userId,
          company_id: null,
          after: { target: "EMAIL", email: user.email, addresses: 5, windowMinutes: 15 },
          address: undefined,
        },
      ],
    );
    assert.equal(alerts.at(-1)?.address, "203.0.113.5");
    assert.equal(codeOf(await signIn("203.0.113.6", user.email, "a wrong password")), "UNAUTHENTICATED");
    assert.equal((await sprayAlerts()).length, alerts.length, "one alert per window");
    const listed = await app.graphql(
      `{ auditLog(action: "alert.sign_in_spray") { data { actor action objectId after } } }`,
    );
    assert.deepEqual(listed.data.auditLog.data[0], {
      actor: "system",
      action: "alert.sign_in_spray",
      objectId: user.userId,
      after: { target: "EMAIL", email: user.email, addresses: 5, windowMinutes: 15 },
    });
  });

  test("one address guessing one e-mail is locked out after 5 attempts: 429 with Retry-After, also for the right password", async () => {
    for (let i = 0; i < 5; i += 1) {
      assert.equal(codeOf(await signIn("198.51.100.7", user.email, "a wrong password")), "UNAUTHENTICATED");
    }
    const locked = await signIn("198.51.100.7", user.email, user.password);
    assert.equal(locked.status, 429);
    assert.equal(codeOf(locked), "RATE_LIMITED");
    const retryAfter = Number(locked.headers.get("retry-after"));
    assert.ok(retryAfter > 30 && retryAfter <= 60, `first lockout ~60 s, got ${retryAfter}`);
    assert.equal(locked.body.errors[0].extensions.retryAfter, retryAfter);
    // The owner, elsewhere, is not locked out.
    assert.equal(codeOf(await signIn("198.51.100.8", user.email, user.password)), "OK");
  });

  test("one address hammering many e-mails: 429 after 10 a minute, a spray alert, and an hour's block after 50 failures", async () => {
    const from = "192.0.2.44";
    for (let i = 0; i < 10; i += 1) {
      assert.equal(codeOf(await signIn(from, `nobody${i}@example.com`, "a wrong password")), "UNAUTHENTICATED");
    }
    const limited = await signIn(from, user.email, user.password);
    assert.equal(limited.status, 429);
    assert.equal(codeOf(limited), "RATE_LIMITED");
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
    const alerts = await sprayAlerts();
    assert.deepEqual(alerts.at(-1), {
      actor: "system",
      actor_kind: "SYSTEM",
      object_id: null,
      company_id: null,
      after: { target: "ADDRESS", address: from, emails: 10, windowMinutes: 15 },
      address: from,
    });

    // Past the minute (its rows forgotten), the address's failures keep adding up: 50 in an hour block it.
    for (let i = 10; i < 50; i += 1) {
      if (i % 10 === 0)
        await app.services.db.query("DELETE FROM sign_in_rate_limits WHERE key LIKE 'signin_address:%'");
      assert.equal(codeOf(await signIn(from, `nobody${i}@example.com`, "a wrong password")), "UNAUTHENTICATED");
    }
    await app.services.db.query("DELETE FROM sign_in_rate_limits WHERE key LIKE 'signin_address:%'");
    const blocked = await signIn(from, user.email, user.password);
    assert.equal(codeOf(blocked), "RATE_LIMITED");
    assert.ok(Number(blocked.headers.get("retry-after")) > 3000, blocked.headers.get("retry-after") ?? "");
    assert.equal(codeOf(await signIn("192.0.2.45", user.email, user.password)), "OK");
  });
});
