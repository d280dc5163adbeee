import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type ConsoleLogin, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { createSession } from "../auth/sessions";
import { runTransaction } from "../core/transactions";

const SESSIONS = "{ mySessions { id createdAt lastSeenAt expiresAt address userAgent current } }";
const VIEWER = "{ viewer { id } }";
const SIGN_IN = "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }";
const REVOKE = "mutation($id: ID!) { revokeSession(id: $id) }";

let app: TestApp;

before(async () => {
  // A cap of 3 sessions a user, so the tests reach it.
  app = await startTestApp({ SESSION_MAX_PER_USER: "3" });
});
after(() => app.close());

/** Signs in as a browser would (its User-Agent), answering the cookie it got. */
async function signInAs(login: ConsoleLogin, userAgent: string): Promise<string> {
  const res = await app.gql(SIGN_IN, { e: login.email, p: login.password }, { headers: { "user-agent": userAgent } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const cookie = /pix_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  assert.ok(cookie);
  return cookie;
}

const viewerOf = async (cookie: string) => (await app.gql(VIEWER, {}, { cookie })).body.data.viewer;

describe("a user's sessions", () => {
  test("are listed to their user only: browser, address, times, the current one first", async () => {
    const ana = await app.consoleUser({ role: "OPERATOR" });
    const phone = await signInAs(ana, "Mozilla/5.0 (iPhone) Mobile Safari");
    const laptop = await signInAs(ana, "Mozilla/5.0 (X11; Linux x86_64) Chrome/130");
    const other = await app.consoleUser({ role: "OPERATOR" });

    const res = await app.gql(SESSIONS, {}, { cookie: laptop });
    assert.equal(res.status, 200);
    const sessions = res.body.data.mySessions;
    assert.equal(sessions.length, 3, "the test's own session and the two sign-ins");
    assert.equal(sessions[0].current, true);
    assert.equal(sessions[0].userAgent, "Mozilla/5.0 (X11; Linux x86_64) Chrome/130");
    assert.equal(sessions[0].address, "127.0.0.1");
    assert.deepEqual(
      sessions.map((s: { current: boolean }) => s.current),
      [true, false, false],
    );
    assert.ok(sessions.some((s: { userAgent: string | null }) => s.userAgent === "Mozilla/5.0 (iPhone) Mobile Safari"));
    for (const s of sessions) {
      assert.match(s.id, /^ses_[A-Za-z0-9]{20}$/);
      assert.ok(Date.parse(s.createdAt) <= Date.parse(s.lastSeenAt));
      assert.ok(Date.parse(s.expiresAt) > Date.now());
    }
    // Another user sees only theirs.
    const theirs = (await app.gql(SESSIONS, {}, { cookie: other.cookie })).body.data.mySessions;
    assert.equal(theirs.length, 1);
    assert.ok(!theirs.some((s: { id: string }) => sessions.some((mine: { id: string }) => mine.id === s.id)));
    // Nothing in the list opens a session: no cookie value, no hash.
    assert.ok(!JSON.stringify(sessions).includes(phone.split("=")[1]));
    // A bearer caller has no sessions.
    const bearer = await app.gql(SESSIONS, {}, { token: TEST_ADMIN_TOKEN });
    assert.equal(bearer.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("revoking one signs that browser out at its next request, audited; another user's session is NOT_FOUND", async () => {
    const bia = await app.consoleUser({ role: "VIEWER" });
    const stolen = await signInAs(bia, "Mozilla/5.0 (Windows NT 10.0) Edge/130");
    const list = (await app.gql(SESSIONS, {}, { cookie: bia.cookie })).body.data.mySessions;
    const target = list.find((s: { current: boolean }) => !s.current);
    assert.ok((await viewerOf(stolen))?.id);

    // Someone else cannot end it, and learns nothing (same answer as an unknown id).
    const mallory = await app.consoleUser({ role: "ADMIN" });
    const foreign = await app.gql(REVOKE, { id: target.id }, { cookie: mallory.cookie });
    assert.equal(foreign.body.errors?.[0].extensions.code, "NOT_FOUND");
    const unknown = await app.gql(REVOKE, { id: "ses_nothing" }, { cookie: mallory.cookie });
    assert.equal(unknown.body.errors?.[0].extensions.code, "NOT_FOUND");
    assert.equal(foreign.body.errors?.[0].message, unknown.body.errors?.[0].message);
    assert.ok((await viewerOf(stolen))?.id, "still signed in");
    // Not from another site either (the CSRF check of every cookie-authenticated mutation).
    const csrf = await app.gql(REVOKE, { id: target.id }, { cookie: bia.cookie, origin: "https://evil.example" });
    assert.equal(csrf.status, 403);

    const revoked = await app.gql(REVOKE, { id: target.id }, { cookie: bia.cookie });
    assert.deepEqual(revoked.body, { data: { revokeSession: true } });
    assert.equal(revoked.headers.get("set-cookie"), null, "the caller's own cookie stays");
    assert.equal(await viewerOf(stolen), null, "that browser is signed out");
    assert.equal((await viewerOf(bia.cookie))?.id, bia.userId, "this one is not");
    const again = await app.gql(REVOKE, { id: target.id }, { cookie: bia.cookie });
    assert.equal(again.body.errors?.[0].extensions.code, "NOT_FOUND");

    const audit = await app.services.db.query(
      "SELECT actor, action, object_id, after FROM audit_log WHERE action = 'session.revoke' AND object_id = $1",
      [bia.userId],
    );
    assert.deepEqual(audit, [
      {
        actor: `operator:${bia.userId}`,
        action: "session.revoke",
        object_id: bia.userId,
        after: { session: target.id, current: false },
      },
    ]);
  });

  test("revoking the current session signs out and clears the cookie; revokeOtherSessions keeps only this one", async () => {
    const caio = await app.consoleUser({ role: "OPERATOR" });
    const second = await signInAs(caio, "Browser two");
    const third = await signInAs(caio, "Browser three");
    const ended = await app.gql("mutation { revokeOtherSessions }", {}, { cookie: third });
    assert.deepEqual(ended.body, { data: { revokeOtherSessions: 2 } });
    assert.equal(await viewerOf(caio.cookie), null);
    assert.equal(await viewerOf(second), null);
    const [own] = (await app.gql(SESSIONS, {}, { cookie: third })).body.data.mySessions;
    assert.equal(own.current, true);
    const self = await app.gql(REVOKE, { id: own.id }, { cookie: third });
    assert.deepEqual(self.body, { data: { revokeSession: true } });
    assert.equal(self.headers.get("set-cookie"), "pix_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    assert.equal(await viewerOf(third), null);
  });

  test("a user holds at most SESSION_MAX_PER_USER sessions: a new sign-in ends the oldest, also when they race", async () => {
    const dora = await app.consoleUser({ role: "OPERATOR" });
    const second = await signInAs(dora, "second");
    const third = await signInAs(dora, "third");
    assert.ok(await viewerOf(dora.cookie), "three sessions: all live");
    const fourth = await signInAs(dora, "fourth");
    assert.equal(await viewerOf(dora.cookie), null, "the oldest ended");
    for (const cookie of [second, third, fourth]) assert.equal((await viewerOf(cookie))?.id, dora.userId);
    const [audit] = await app.services.db.query(
      "SELECT after FROM audit_log WHERE action = 'session.sign_in' AND object_id = $1 ORDER BY at DESC, id DESC LIMIT 1",
      [dora.userId],
    );
    assert.deepEqual(audit.after, { oldestSessionsEnded: 1 });

    // Eight sign-ins at once (each in its own transaction): the user's row lock makes them count each other.
    const settings = { idleMinutes: 30, maxHours: 12, maxPerUser: 3 };
    await Promise.all(
      Array.from({ length: 8 }, () =>
        runTransaction(app.services.db, (em) =>
          createSession(em, dora.userId, settings, { address: "10.0.0.1", userAgent: "race" }),
        ),
      ),
    );
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM console_sessions WHERE user_id = $1", [
      dora.userId,
    ]);
    assert.equal(n, 3);
    assert.equal(await viewerOf(fourth), null, "older than the eight");
  });
});

describe("the session cookie", () => {
  test("is __Host-pix_session over https: Secure, Path=/, no Domain; the plain name is not read there", async () => {
    const https = await startTestApp({ PUBLIC_BASE_URL: "https://pix.example.com" });
    try {
      const eva = await https.consoleUser({ role: "OPERATOR" });
      const res = await https.gql(
        SIGN_IN,
        { e: eva.email, p: eva.password },
        { headers: { origin: "https://pix.example.com" } },
      );
      const setCookie = res.headers.get("set-cookie") ?? "";
      const token = /^__Host-pix_session=([^;]+); /.exec(setCookie)?.[1];
      assert.ok(token, setCookie);
      assert.equal(setCookie, `__Host-pix_session=${token}; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=43200`);
      assert.doesNotMatch(setCookie, /Domain/i);
      const viewer = (cookie: string) => https.gql(VIEWER, {}, { cookie, origin: "https://pix.example.com" });
      assert.equal((await viewer(`__Host-pix_session=${token}`)).body.data.viewer.id, eva.userId);
      assert.equal((await viewer(`pix_session=${token}`)).body.data.viewer, null, "an unprefixed cookie is no session");
      const out = await https.gql(
        "mutation { signOut }",
        {},
        {
          cookie: `__Host-pix_session=${token}`,
          origin: "https://pix.example.com",
        },
      );
      assert.equal(
        out.headers.get("set-cookie"),
        "__Host-pix_session=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0",
      );
    } finally {
      await https.close();
    }
  });

  test("REST routes take bearer credentials only: the console's cookie is not read, even with the right Origin", async () => {
    const merchant = await app.createMerchant();
    const member = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: merchant.companyId });
    const origin = app.services.config.publicBaseUrl;
    const read = await app.request("GET", "/charges/balance", { headers: { cookie: member.cookie, origin } });
    assert.equal(read.status, 401);
    assert.equal(read.body.code, "UNAUTHENTICATED");
    const write = await app.request("POST", "/charges", {
      headers: { cookie: member.cookie, origin, "idempotency-key": "rest-cookie-1" },
      body: { amount: "10.00" },
    });
    assert.equal(write.status, 401);
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges WHERE company_id = $1", [
      merchant.companyId,
    ]);
    assert.equal(n, 0, "nothing was created");
    const qr = await app.request("GET", "/charges/nothing/qrcode", { headers: { cookie: member.cookie } });
    assert.equal(qr.status, 401);
    // The same caller through GraphQL (the console's way) and the merchant's bearer on REST both work.
    const gql = await app.gql("{ balance { balance } }", {}, { cookie: member.cookie });
    assert.ok(gql.body.data.balance);
    const bearer = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
    assert.equal(bearer.status, 200);
  });
});
