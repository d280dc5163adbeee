import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type ConsoleLogin, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { ensureFirstOperator, GENERATED_ADMIN_EMAIL } from "./first-operator";

let app: TestApp;
let operator: ConsoleLogin;

const SIGN_IN =
  "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id email kind role authenticatedBy } }";
const VIEWER = "{ viewer { id email kind role companyId companyName authenticatedBy } }";

before(async () => {
  app = await startTestApp();
  operator = await app.consoleUser({ role: "OPERATOR", email: "Ana.Operadora@Example.com".toLowerCase() });
});
after(() => app.close());
// Every request of these tests comes from 127.0.0.1: each test starts with fresh sign-in limits.
beforeEach(() => app.services.db.query("DELETE FROM sign_in_rate_limits"));

const tokenOf = (setCookie: string | null) => /pix_session=([^;]*)/.exec(setCookie ?? "")?.[1] ?? null;
const sessionRows = (userId: string) =>
  app.services.db.query("SELECT id_hash, last_seen_at, expires_at FROM console_sessions WHERE user_id = $1", [userId]);

async function signIn(email: string, password: string, cookie: string | null = null) {
  return app.gql(SIGN_IN, { e: email, p: password }, { cookie });
}

describe("sign-in", () => {
  test("right password: a session cookie (httpOnly, Lax, Path=/, no Secure over http) and the viewer", async () => {
    const res = await signIn("  ANA.operadora@example.COM ", operator.password);
    assert.equal(res.status, 200);
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    assert.deepEqual(res.body.data.signIn, {
      id: operator.userId,
      email: operator.email,
      kind: "OPERATOR",
      role: "OPERATOR",
      authenticatedBy: "SESSION",
    });
    const setCookie = res.headers.get("set-cookie");
    const token = tokenOf(setCookie);
    assert.match(token ?? "", /^[A-Za-z0-9_-]{43}$/, "32 random bytes");
    assert.equal(setCookie, `pix_session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200`);
    const stored = await app.services.db.query("SELECT user_id FROM console_sessions WHERE id_hash = $1", [
      hashSecret(token as string),
    ]);
    assert.deepEqual(stored, [{ user_id: operator.userId }], "only the hash of the session id is kept");
    const viewer = await app.gql(VIEWER, {}, { cookie: `pix_session=${token}` });
    assert.equal(viewer.body.data.viewer.id, operator.userId);
    assert.equal(viewer.body.data.viewer.role, "OPERATOR");
  });

  test("a wrong password and an unknown e-mail answer the same, in about the same time", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await signIn(email, "not the password at all");
      return { ms: performance.now() - started, res };
    };
    // Interleaved, so that the machine's load weighs on both kinds alike.
    const wrong: Array<Awaited<ReturnType<typeof timed>>> = [];
    const unknown: Array<Awaited<ReturnType<typeof timed>>> = [];
    for (let round = 0; round < 5; round++) {
      wrong.push(await timed(operator.email));
      unknown.push(await timed("nobody@example.com"));
    }
    for (const { res } of [...wrong, ...unknown]) {
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("set-cookie"), null);
      assert.deepEqual(
        res.body.errors.map((e: { message: string; extensions: unknown }) => [e.message, e.extensions]),
        [["Wrong e-mail or password", { code: "UNAUTHENTICATED" }]],
      );
    }
    // Unknown e-mails are checked against a dummy argon2id hash: no fast path to tell them apart.
    const median = (runs: Array<{ ms: number }>) => runs.map((run) => run.ms).sort((a, b) => a - b)[2];
    assert.ok(median(unknown) > median(wrong) / 4, `unknown ${median(unknown)} ms vs wrong ${median(wrong)} ms`);
  });

  test("a disabled user and a pending invite answer the same as a wrong password", async () => {
    const disabled = await app.consoleUser({ role: "VIEWER" });
    await app.services.db.query("UPDATE console_users SET disabled = true WHERE id = $1", [disabled.userId]);
    const invite = await app.graphql(
      `mutation { inviteOperator(email: "pending@example.com", role: VIEWER) { inviteToken } }`,
    );
    assert.ok(invite.data.inviteOperator.inviteToken);
    for (const [email, password] of [
      [disabled.email, disabled.password],
      ["pending@example.com", ""],
    ]) {
      const res = await signIn(email, password);
      assert.equal(res.body.errors?.[0].extensions.code, "UNAUTHENTICATED", email);
      assert.equal(res.body.errors?.[0].message, "Wrong e-mail or password");
    }
    // A disabled user's existing sessions stop working too.
    assert.equal((await app.gql(VIEWER, {}, { cookie: disabled.cookie })).body.data.viewer, null);
  });

  test("5 attempts a minute per e-mail from one address, then a lockout that doubles, even for the right password", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn(user.email, "wrong password!");
      assert.equal(res.body.errors?.[0].extensions.code, "UNAUTHENTICATED", `attempt ${i + 1}`);
    }
    const locked = await signIn(user.email, user.password);
    assert.equal(locked.status, 429);
    assert.equal(locked.body.errors?.[0].extensions.code, "RATE_LIMITED");
    const retryAfter = locked.body.errors?.[0].extensions.retryAfter;
    assert.ok(retryAfter > 30 && retryAfter <= 60, `first lockout ~60 s, got ${retryAfter}`);
    assert.equal(locked.headers.get("retry-after"), String(retryAfter));
    assert.equal(locked.headers.get("set-cookie"), null);

    // Once the lockout has passed (its row forgotten, the lockout count kept), the next one lasts twice as long.
    await app.services.db.query("DELETE FROM sign_in_rate_limits WHERE key NOT LIKE 'signin_lockouts:%'");
    for (let i = 0; i < 5; i += 1) await signIn(user.email, "wrong password!");
    const second = await signIn(user.email, user.password);
    assert.equal(second.body.errors?.[0].extensions.code, "RATE_LIMITED");
    assert.ok(
      second.body.errors[0].extensions.retryAfter > 90,
      `second lockout ~120 s, got ${second.body.errors[0].extensions.retryAfter}`,
    );
    // Another e-mail from the same address still signs in.
    await app.services.db.query("DELETE FROM sign_in_rate_limits WHERE key LIKE 'signin_address:%'");
    assert.equal((await signIn(operator.email, operator.password)).body.data.signIn.id, operator.userId);
  });

  test("a right password gives the (address, e-mail) pair its attempts back", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    for (let i = 0; i < 4; i += 1) await signIn(user.email, "wrong password!");
    assert.equal((await signIn(user.email, user.password)).body.data.signIn.id, user.userId);
    for (let i = 0; i < 4; i += 1) {
      assert.equal((await signIn(user.email, "wrong password!")).body.errors[0].extensions.code, "UNAUTHENTICATED");
    }
  });

  test("10 attempts a minute per address, whatever the e-mails", async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await signIn(`someone${i}@example.com`, "whatever password");
      assert.equal(res.body.errors?.[0].extensions.code, "UNAUTHENTICATED", `attempt ${i + 1}`);
    }
    const limited = await signIn(operator.email, operator.password);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.errors?.[0].extensions.code, "RATE_LIMITED");
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  });

  test("signing in replaces the session presented with a new one (no fixation)", async () => {
    const first = tokenOf((await signIn(operator.email, operator.password)).headers.get("set-cookie"));
    const second = tokenOf(
      (await signIn(operator.email, operator.password, `pix_session=${first}`)).headers.get("set-cookie"),
    );
    assert.ok(first && second && first !== second);
    assert.equal((await app.gql(VIEWER, {}, { cookie: `pix_session=${first}` })).body.data.viewer, null);
    assert.equal((await app.gql(VIEWER, {}, { cookie: `pix_session=${second}` })).body.data.viewer.id, operator.userId);
  });

  test("a failed sign-in writes its audit row; a successful one too", async () => {
    const before = Number((await app.services.db.query("SELECT max(id) AS id FROM audit_log"))[0].id ?? 0);
    await signIn("ghost@example.com", "a wrong password");
    await signIn(operator.email, operator.password);
    const rows = await app.services.db.query(
      "SELECT actor, actor_kind, action, object_id, after, address FROM audit_log WHERE id > $1 ORDER BY id",
      [before],
    );
    assert.deepEqual(
      rows.map((row: Record<string, unknown>) => [row.actor, row.actor_kind, row.action, row.object_id, row.after]),
      [
        ["anonymous", "ANONYMOUS", "session.sign_in_failed", null, { email: "ghost@example.com" }],
        [`operator:${operator.userId}`, "OPERATOR", "session.sign_in", operator.userId, null],
      ],
    );
    assert.match(rows[0].address, /127\.0\.0\.1/);
  });
});

describe("sessions", () => {
  test("idle expiry: unused for SESSION_IDLE_MINUTES, the session is over and deleted", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    await app.services.db.query(
      "UPDATE console_sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = $1",
      [user.userId],
    );
    const res = await app.gql(VIEWER, {}, { cookie: user.cookie });
    assert.equal(res.body.data.viewer, null);
    assert.equal((await sessionRows(user.userId)).length, 0);
    const guarded = await app.gql("{ companies { data { id } } }", {}, { cookie: user.cookie });
    assert.equal(guarded.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
  });

  test("absolute expiry: SESSION_MAX_HOURS after sign-in, even while in use", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    await app.services.db.query(
      "UPDATE console_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.userId],
    );
    assert.equal((await app.gql(VIEWER, {}, { cookie: user.cookie })).body.data.viewer, null);
    assert.equal((await sessionRows(user.userId)).length, 0);
  });

  test("tiny limits from the configuration apply", async () => {
    const short = await startTestApp({ SESSION_IDLE_MINUTES: "1", SESSION_MAX_HOURS: "1" });
    try {
      const user = await short.consoleUser({ role: "VIEWER" });
      const [row] = await short.services.db.query(
        "SELECT round(extract(epoch FROM expires_at - created_at)) AS seconds FROM console_sessions WHERE user_id = $1",
        [user.userId],
      );
      assert.equal(Number(row.seconds), 3600);
      await short.services.db.query(
        "UPDATE console_sessions SET last_seen_at = now() - interval '61 seconds' WHERE user_id = $1",
        [user.userId],
      );
      assert.equal((await short.gql(VIEWER, {}, { cookie: user.cookie })).body.data.viewer, null);
    } finally {
      await short.close();
    }
  });

  test("last_seen_at moves at most once a minute", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    await app.services.db.query(
      "UPDATE console_sessions SET last_seen_at = now() - interval '20 seconds' WHERE user_id = $1",
      [user.userId],
    );
    const [recent] = await sessionRows(user.userId);
    await app.gql(VIEWER, {}, { cookie: user.cookie });
    assert.deepEqual((await sessionRows(user.userId))[0].last_seen_at, recent.last_seen_at, "no write within a minute");
    await app.services.db.query(
      "UPDATE console_sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1",
      [user.userId],
    );
    const [old] = await sessionRows(user.userId);
    await app.gql(VIEWER, {}, { cookie: user.cookie });
    const [touched] = await sessionRows(user.userId);
    assert.ok(touched.last_seen_at.getTime() > old.last_seen_at.getTime() + 60_000);
  });

  test("sign-out deletes the session and clears the cookie", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    const res = await app.gql("mutation { signOut }", {}, { cookie: user.cookie });
    assert.equal(res.body.data.signOut, true);
    assert.equal(res.headers.get("set-cookie"), "pix_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    assert.equal((await sessionRows(user.userId)).length, 0);
    assert.equal((await app.gql(VIEWER, {}, { cookie: user.cookie })).body.data.viewer, null);
    const [audit] = await app.services.db.query(
      "SELECT actor, action FROM audit_log WHERE object_id = $1 AND action = 'session.sign_out'",
      [user.userId],
    );
    assert.deepEqual(audit, { actor: `operator:${user.userId}`, action: "session.sign_out" });
  });

  test("changePassword keeps this session, ends the others, and needs 12 characters", async () => {
    const user = await app.consoleUser({ role: "VIEWER" });
    const other = tokenOf((await signIn(user.email, user.password)).headers.get("set-cookie"));
    const change = "mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }";
    const short = await app.gql(change, { c: user.password, n: "short pass" }, { cookie: user.cookie });
    assert.equal(short.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const wrong = await app.gql(change, { c: "not my password", n: "a brand new password" }, { cookie: user.cookie });
    assert.equal(wrong.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const ok = await app.gql(change, { c: user.password, n: "a brand new password" }, { cookie: user.cookie });
    assert.equal(ok.body.data.changePassword, true);
    assert.equal((await app.gql(VIEWER, {}, { cookie: user.cookie })).body.data.viewer.id, user.userId);
    assert.equal((await app.gql(VIEWER, {}, { cookie: `pix_session=${other}` })).body.data.viewer, null);
    assert.equal((await signIn(user.email, user.password)).body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    assert.equal((await signIn(user.email, "a brand new password")).body.data.signIn.id, user.userId);
    const bearer = await app.gql(change, { c: "x", n: "a brand new password" }, { token: TEST_ADMIN_TOKEN });
    assert.equal(bearer.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("viewer: null without a caller, synthetic for bearer callers", async () => {
    assert.equal((await app.gql(VIEWER)).body.data.viewer, null);
    const token = (await app.gql(VIEWER, {}, { token: TEST_ADMIN_TOKEN })).body.data.viewer;
    assert.deepEqual(token, {
      id: "operator:token",
      email: null,
      kind: "OPERATOR",
      role: "ADMIN",
      companyId: null,
      companyName: null,
      authenticatedBy: "BEARER",
    });
    const merchant = await app.createMerchant({ name: "Loja do Viewer" });
    const secret = (await app.gql(VIEWER, {}, { token: merchant.clientSecret })).body.data.viewer;
    assert.equal(secret.kind, "MERCHANT");
    assert.equal(secret.role, "ADMIN");
    assert.equal(secret.companyId, merchant.companyId);
    assert.equal(secret.companyName, "Loja do Viewer");
    assert.match(secret.id, /^merchant:cred_/);
  });
});

describe("CSRF", () => {
  const MUTATION = `mutation { createCompany(input: {name: "CSRF"}) { company { id } } }`;

  test("a cookie-authenticated mutation needs the service's own Origin (or Referer)", async () => {
    const admin = await app.consoleUser({ role: "ADMIN" });
    const foreign = await app.gql(MUTATION, {}, { cookie: admin.cookie, origin: "https://evil.example" });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.errors?.[0].extensions.code, "FORBIDDEN");
    const missing = await app.gql(MUTATION, {}, { cookie: admin.cookie, origin: null });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.errors?.[0].extensions.code, "FORBIDDEN");
    const nullOrigin = await app.gql(MUTATION, {}, { cookie: admin.cookie, origin: "null" });
    assert.equal(nullOrigin.status, 403);
    const count = await app.services.db.query("SELECT count(*)::int AS n FROM companies WHERE name = 'CSRF'");
    assert.equal(count[0].n, 0, "nothing was created");

    const own = await app.gql(MUTATION, {}, { cookie: admin.cookie });
    assert.equal(own.status, 200);
    assert.match(own.body.data.createCompany.company.id, /^comp_/);
    const referer = await app.gql(
      MUTATION,
      {},
      {
        cookie: admin.cookie,
        origin: null,
        headers: { referer: `${app.services.config.publicBaseUrl}/ops/companies` },
      },
    );
    assert.match(referer.body.data.createCompany.company.id, /^comp_/);
    const sign = await app.gql("mutation { signOut }", {}, { cookie: admin.cookie, origin: "https://evil.example" });
    assert.equal(sign.status, 403, "sign-out is a state change too");
  });

  test("a cookie-authenticated query passes without an Origin; bearer requests are never checked", async () => {
    const viewer = await app.consoleUser({ role: "VIEWER" });
    const read = await app.gql("{ companies { data { id } } }", {}, { cookie: viewer.cookie, origin: null });
    assert.equal(read.status, 200);
    assert.ok(Array.isArray(read.body.data.companies.data));
    const bearer = await app.gql(MUTATION, {}, { token: TEST_ADMIN_TOKEN, origin: "https://evil.example" });
    assert.match(bearer.body.data.createCompany.company.id, /^comp_/);
  });
});

describe("invites and operators", () => {
  test("an invited operator sets a password, is signed in, and the token works once", async () => {
    const invite = await app.graphql(
      `mutation { inviteOperator(email: "Nova@Example.com", role: OPERATOR, name: "Nova") {
         inviteToken inviteUrl user { id email role kind disabled invitePending inviteExpiresAt } } }`,
    );
    const { inviteToken, inviteUrl, user } = invite.data.inviteOperator;
    assert.match(inviteToken, /^inv_[A-Za-z0-9_-]{43}$/);
    assert.equal(inviteUrl, `${app.services.config.publicBaseUrl}/accept-invite?token=${inviteToken}`);
    assert.equal(user.email, "nova@example.com");
    assert.equal(user.invitePending, true);
    const days = (new Date(user.inviteExpiresAt).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7);
    const stored = await app.services.db.query("SELECT invite_token_hash FROM console_users WHERE id = $1", [user.id]);
    assert.equal(stored[0].invite_token_hash, hashSecret(inviteToken));

    const accept = "mutation($t: String!, $p: String!) { acceptInvite(token: $t, password: $p) { id role } }";
    const short = await app.gql(accept, { t: inviteToken, p: "too short" });
    assert.equal(short.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const accepted = await app.gql(accept, { t: inviteToken, p: "twelve chars ok" });
    assert.deepEqual(accepted.body.data.acceptInvite, { id: user.id, role: "OPERATOR" });
    const cookie = `pix_session=${tokenOf(accepted.headers.get("set-cookie"))}`;
    assert.equal((await app.gql(VIEWER, {}, { cookie })).body.data.viewer.id, user.id);
    const again = await app.gql(accept, { t: inviteToken, p: "another password" });
    assert.equal(again.body.errors?.[0].extensions.code, "NOT_FOUND");
    const duplicate = await app.graphql(
      `mutation { inviteOperator(email: "NOVA@example.com", role: VIEWER) { inviteToken } }`,
    );
    assert.equal(duplicate.errors?.[0].extensions.code, "CONFLICT");
  });

  test("an invite's page learns its e-mail, role and company; used, expired and unknown tokens answer the same", async () => {
    const PREVIEW = "query($t: String!) { invitePreview(token: $t) { email name kind role companyName expiresAt } }";
    const created = await app.graphql(
      `mutation { createCompany(input: { name: "Empório Convite", ownerEmail: "Dona@Emporio.test" }) {
         ownerInvite { inviteToken user { id } } } }`,
    );
    const { inviteToken, user } = created.data.createCompany.ownerInvite;
    const open = await app.gql(PREVIEW, { t: inviteToken });
    assert.equal(open.status, 200);
    const preview = open.body.data.invitePreview;
    assert.deepEqual(
      { ...preview, expiresAt: undefined },
      {
        email: "dona@emporio.test",
        name: null,
        kind: "MERCHANT",
        role: "ADMIN",
        companyName: "Empório Convite",
        expiresAt: undefined,
      },
    );
    const days = (new Date(preview.expiresAt).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, String(days));

    const operatorInvite = await app.graphql(
      `mutation { inviteOperator(email: "preview.op@example.com", role: VIEWER) { inviteToken user { id } } }`,
    );
    const operatorPreview = await app.gql(PREVIEW, { t: operatorInvite.data.inviteOperator.inviteToken });
    assert.equal(operatorPreview.body.data.invitePreview.kind, "OPERATOR");
    assert.equal(operatorPreview.body.data.invitePreview.role, "VIEWER");
    assert.equal(operatorPreview.body.data.invitePreview.companyName, null);
    // The name the inviter gave comes with it, for the form to start with.
    const named = await app.graphql(
      `mutation { inviteOperator(email: "paula.previa@example.com", name: "Paula Prévia", role: VIEWER) { inviteToken } }`,
    );
    const namedPreview = await app.gql(PREVIEW, { t: named.data.inviteOperator.inviteToken });
    assert.equal(namedPreview.body.data.invitePreview.name, "Paula Prévia");

    // Expire the operator's invite; use the merchant's.
    await app.services.db.query(
      "UPDATE console_users SET invite_expires_at = now() - interval '1 second' WHERE id = $1",
      [operatorInvite.data.inviteOperator.user.id],
    );
    const accepted = await app.gql(
      "mutation($t: String!, $p: String!) { acceptInvite(token: $t, password: $p) { id } }",
      {
        t: inviteToken,
        p: "a long passphrase of mine",
      },
    );
    assert.equal(accepted.body.data.acceptInvite.id, user.id);

    const used = await app.gql(PREVIEW, { t: inviteToken });
    const expired = await app.gql(PREVIEW, { t: operatorInvite.data.inviteOperator.inviteToken });
    const unknown = await app.gql(PREVIEW, { t: "inv_notatokenthateverexisted0000000000000000000" });
    const empty = await app.gql(PREVIEW, { t: "" });
    for (const res of [used, expired, unknown, empty]) {
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { data: { invitePreview: null } });
    }
  });

  test("an expired invite is refused", async () => {
    const invite = await app.graphql(
      `mutation { inviteOperator(email: "late@example.com", role: VIEWER) { inviteToken user { id } } }`,
    );
    await app.services.db.query(
      "UPDATE console_users SET invite_expires_at = now() - interval '1 second' WHERE id = $1",
      [invite.data.inviteOperator.user.id],
    );
    const res = await app.gql('mutation($t: String!) { acceptInvite(token: $t, password: "twelve chars ok") { id } }', {
      t: invite.data.inviteOperator.inviteToken,
    });
    assert.equal(res.body.errors?.[0].extensions.code, "NOT_FOUND");
  });

  test("the last active ADMIN can be neither demoted nor disabled; disabling ends sessions", async () => {
    const isolated = await startTestApp();
    try {
      const admin = await isolated.consoleUser({ role: "ADMIN" });
      const update =
        "mutation($id: ID!, $r: OperatorRole, $d: Boolean) { updateOperator(id: $id, role: $r, disabled: $d) { id role disabled } }";
      for (const variables of [
        { id: admin.userId, r: "VIEWER" },
        { id: admin.userId, d: true },
      ]) {
        const res = await isolated.gql(update, variables, { cookie: admin.cookie });
        assert.equal(res.body.errors?.[0].extensions.code, "INVALID_STATE", JSON.stringify(variables));
      }
      const second = await isolated.consoleUser({ role: "ADMIN" });
      const demoted = await isolated.gql(update, { id: admin.userId, r: "VIEWER" }, { cookie: admin.cookie });
      assert.deepEqual(demoted.body.data.updateOperator, { id: admin.userId, role: "VIEWER", disabled: false });
      // A session carries the role as it is now, not as it was at sign-in.
      const denied = await isolated.gql(update, { id: second.userId, d: true }, { cookie: admin.cookie });
      assert.equal(denied.body.errors?.[0].extensions.code, "FORBIDDEN");
      const disabled = await isolated.gql(update, { id: admin.userId, d: true }, { cookie: second.cookie });
      assert.equal(disabled.body.data.updateOperator.disabled, true);
      assert.equal(
        (await isolated.services.db.query("SELECT 1 FROM console_sessions WHERE user_id = $1", [admin.userId])).length,
        0,
      );
      const listed = await isolated.gql("{ operators { id role disabled } }", {}, { cookie: second.cookie });
      assert.equal(listed.body.data.operators.length, 2);
    } finally {
      await isolated.close();
    }
  });
});

describe("first operator", () => {
  test("generated once, even when several processes start at once; then never again", async () => {
    const isolated = await startTestApp();
    try {
      const config = { adminEmail: undefined, adminPassword: undefined };
      const results = await Promise.all([1, 2, 3].map(() => ensureFirstOperator(isolated.services.db, config)));
      const created = results.filter((result) => result !== null);
      assert.equal(created.length, 1);
      assert.equal(created[0]?.email, GENERATED_ADMIN_EMAIL);
      assert.ok((created[0]?.password.length ?? 0) >= 20);
      assert.equal(await ensureFirstOperator(isolated.services.db, config), null);
      const rows = await isolated.services.db.query("SELECT email, role, kind FROM console_users");
      assert.deepEqual(rows, [{ email: GENERATED_ADMIN_EMAIL, role: "ADMIN", kind: "OPERATOR" }]);
      const signedIn = await isolated.gql(SIGN_IN, { e: GENERATED_ADMIN_EMAIL, p: created[0]?.password });
      assert.equal(signedIn.body.data.signIn.role, "ADMIN");
    } finally {
      await isolated.close();
    }
  });

  test("from ADMIN_EMAIL and ADMIN_PASSWORD, created once and never printed", async () => {
    const isolated = await startTestApp();
    try {
      const config = { adminEmail: "Chefe@Example.com", adminPassword: "a configured password" };
      assert.equal(await ensureFirstOperator(isolated.services.db, config), null);
      assert.equal(await ensureFirstOperator(isolated.services.db, config), null);
      const rows = await isolated.services.db.query("SELECT email, role FROM console_users");
      assert.deepEqual(rows, [{ email: "chefe@example.com", role: "ADMIN" }]);
      const signedIn = await isolated.gql(SIGN_IN, { e: "chefe@example.com", p: "a configured password" });
      assert.equal(signedIn.body.data.signIn.role, "ADMIN");
    } finally {
      await isolated.close();
    }
  });
});
