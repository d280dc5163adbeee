import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type ConsoleLogin,
  type HttpResult,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { totpCodeAt } from "./totp";

let app: TestApp;

const SIGN_IN = "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id signInStep } }";
const START = "mutation { startTwoFactorEnrolment { secret otpauthUri } }";
const CONFIRM =
  "mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) { recoveryCodes viewer { id signInStep } } }";
const COMPLETE =
  "mutation($code: String!, $trust: Boolean) { completeSignIn(code: $code, trustBrowser: $trust) { id signInStep } }";
const STEP_UP = "mutation($code: String!) { verifyStepUp(code: $code) }";
const STATUS = "{ twoFactorStatus { enrolled required recoveryCodesLeft trustedBrowsers stepUpValidUntil } }";
const ADJUST =
  'mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "ajuste") { id status } }';
const RESET = "mutation($id: ID!) { resetTwoFactor(userId: $id) }";

before(async () => {
  app = await startTestApp({ REQUIRE_OPERATOR_2FA: "true", APPROVAL_SECOND_OPERATOR_ABOVE: "1000.00" });
});
after(() => app.close());
// Every request comes from 127.0.0.1: each test starts with fresh limits.
beforeEach(() => app.services.db.query("DELETE FROM sign_in_rate_limits"));

type Answer = HttpResult;

function cookieOf(res: Answer, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq) === name) return pair.slice(eq + 1) || null;
  }
  return null;
}

const errorsOf = (res: Answer) =>
  (res.body.errors ?? []).map((e: { message: string; extensions: { code: string } }) => [e.extensions.code, e.message]);

const stepNow = () => Math.floor(Date.now() / 30_000);

/** A code of the next time step this user has not used (waits for the clock when all are used). */
async function nextCode(userId: string, secret: string): Promise<string> {
  const rows = await app.services.db.query("SELECT last_used_step FROM console_user_factors WHERE user_id = $1", [
    userId,
  ]);
  const used = Number(rows[0]?.last_used_step ?? 0);
  let step = Math.max(stepNow(), used + 1);
  while (step > stepNow() + 1) {
    await sleep(1000);
    step = Math.max(stepNow(), used + 1);
  }
  return totpCodeAt(secret, step * 30_000 + 1000);
}

interface Enrolled extends ConsoleLogin {
  secret: string;
  recoveryCodes: string[];
}

/** A new operator who signs in for the first time and enrols, as REQUIRE_OPERATOR_2FA asks. */
async function enrolledOperator(role = "OPERATOR"): Promise<Enrolled> {
  const login = await app.consoleUser({ role });
  const first = await app.gql(SIGN_IN, { e: login.email, p: login.password });
  const challenge = `pix_sign_in=${cookieOf(first, "pix_sign_in")}`;
  const started = await app.gql(START, {}, { cookie: challenge });
  const { secret } = started.body.data.startTwoFactorEnrolment;
  const done = await app.gql(CONFIRM, { code: await nextCode(login.userId, secret) }, { cookie: challenge });
  assert.deepEqual(errorsOf(done), []);
  return {
    ...login,
    secret,
    recoveryCodes: done.body.data.confirmTwoFactorEnrolment.recoveryCodes,
    cookie: `pix_session=${cookieOf(done, "pix_session")}`,
  };
}

async function auditRows(userId: string) {
  return app.services.db.query(
    "SELECT action, actor, after FROM audit_log WHERE object_id = $1 AND action LIKE 'two_factor.%' ORDER BY id",
    [userId],
  );
}

describe("required enrolment at the first sign-in", () => {
  test("password, then a QR secret and a first code: only then a session, with ten recovery codes", async () => {
    const login = await app.consoleUser({ role: "OPERATOR" });
    const first = await app.gql(SIGN_IN, { e: login.email, p: login.password });
    assert.deepEqual(first.body.data.signIn, { id: "", signInStep: "ENROL_SECOND_FACTOR" });
    assert.equal(cookieOf(first, "pix_session"), null, "no session before the second factor");
    const challengeToken = cookieOf(first, "pix_sign_in") as string;
    assert.match(challengeToken, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(first.headers.getSetCookie(), [
      `pix_sign_in=${challengeToken}; Path=/; HttpOnly; SameSite=Strict; Max-Age=600`,
    ]);
    const challenge = `pix_sign_in=${challengeToken}`;

    // The challenge is no session: nothing else answers to it.
    const viewer = await app.gql("{ viewer { id } }", {}, { cookie: challenge });
    assert.equal(viewer.body.data.viewer, null);
    const companies = await app.gql("{ twoFactorStatus { enrolled } }", {}, { cookie: challenge });
    assert.deepEqual(
      errorsOf(companies).map(([code]: string[]) => code),
      ["UNAUTHENTICATED"],
    );
    // Nor can it give a code before an enrolment exists.
    const early = await app.gql(COMPLETE, { code: "123456" }, { cookie: challenge });
    assert.deepEqual(errorsOf(early), [["UNAUTHENTICATED", "The sign-in expired; sign in again"]]);

    const started = await app.gql(START, {}, { cookie: challenge });
    assert.deepEqual(errorsOf(started), []);
    const { secret, otpauthUri } = started.body.data.startTwoFactorEnrolment;
    assert.match(secret, /^[A-Z2-7]{32}$/, "160 bits in base32");
    const uri = new URL(otpauthUri);
    assert.equal(uri.protocol, "otpauth:");
    assert.equal(uri.host, "totp");
    assert.equal(uri.searchParams.get("secret"), secret);
    assert.equal(uri.searchParams.get("digits"), "6");
    assert.equal(uri.searchParams.get("period"), "30");
    assert.match(uri.searchParams.get("issuer") ?? "", /^Console PIX \(127\.0\.0\.1:\d+\)$|^Console PIX \(localhost/);
    const [stored] = await app.services.db.query(
      "SELECT secret_sealed, confirmed_at FROM console_user_factors WHERE user_id = $1",
      [login.userId],
    );
    assert.ok(stored.secret_sealed.startsWith("v1:"), "sealed at rest");
    assert.ok(!stored.secret_sealed.includes(secret));
    assert.equal(stored.confirmed_at, null);

    const wrong = await app.gql(
      CONFIRM,
      { code: "000000" === totpCodeAt(secret, Date.now()) ? "111111" : "000000" },
      { cookie: challenge },
    );
    assert.deepEqual(errorsOf(wrong), [["VALIDATION_ERROR", "Wrong or expired code"]]);
    assert.equal(cookieOf(wrong, "pix_session"), null);

    const done = await app.gql(CONFIRM, { code: await nextCode(login.userId, secret) }, { cookie: challenge });
    assert.deepEqual(errorsOf(done), []);
    const { recoveryCodes, viewer: signedIn } = done.body.data.confirmTwoFactorEnrolment;
    assert.deepEqual(signedIn, { id: login.userId, signInStep: "DONE" });
    assert.equal(recoveryCodes.length, 10);
    for (const code of recoveryCodes) assert.match(code, /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    assert.equal(new Set(recoveryCodes).size, 10);
    const kept = await app.services.db.query("SELECT code_hash FROM console_recovery_codes WHERE user_id = $1", [
      login.userId,
    ]);
    assert.equal(kept.length, 10);
    assert.ok(
      kept.every((row: { code_hash: string }) => /^[0-9a-f]{64}$/.test(row.code_hash)),
      "only hashes kept",
    );
    const session = cookieOf(done, "pix_session");
    assert.ok(session);
    assert.equal(cookieOf(done, "pix_sign_in"), null, "the challenge cookie is cleared");
    const status = await app.gql(STATUS, {}, { cookie: `pix_session=${session}` });
    assert.equal(status.body.data.twoFactorStatus.enrolled, true);
    assert.equal(status.body.data.twoFactorStatus.required, true);
    assert.equal(status.body.data.twoFactorStatus.recoveryCodesLeft, 10);
    assert.ok(status.body.data.twoFactorStatus.stepUpValidUntil, "the enrolment's code counts as a step-up");

    // The challenge is spent.
    const again = await app.gql(CONFIRM, { code: await nextCode(login.userId, secret) }, { cookie: challenge });
    assert.deepEqual(
      errorsOf(again).map(([code]: string[]) => code),
      ["UNAUTHENTICATED"],
    );

    const audit = await auditRows(login.userId);
    assert.deepEqual(
      audit.map((row: { action: string; after: unknown }) => [row.action, row.after]),
      [
        ["two_factor.code_failed", { purpose: "enrol", reason: "wrong" }],
        ["two_factor.enrol", { method: "TOTP", recoveryCodes: 10 }],
      ],
    );
    const signIns = await app.services.db.query(
      "SELECT after FROM audit_log WHERE object_id = $1 AND action = 'session.sign_in'",
      [login.userId],
    );
    assert.deepEqual(signIns, [{ after: { secondFactor: "TOTP" } }]);
  });

  test("an invited operator sets a password and enrols before the first session", async () => {
    const invited = await app.graphql(
      'mutation { inviteOperator(email: "novo.operador@example.com", role: OPERATOR) { inviteToken } }',
    );
    const accepted = await app.gql(
      'mutation($t: String!) { acceptInvite(token: $t, password: "uma senha bem comprida") { signInStep } }',
      { t: invited.data.inviteOperator.inviteToken },
    );
    assert.deepEqual(accepted.body.data.acceptInvite, { signInStep: "ENROL_SECOND_FACTOR" });
    assert.equal(cookieOf(accepted, "pix_session"), null);
    assert.ok(cookieOf(accepted, "pix_sign_in"));
  });
});

describe("sign-in with a code", () => {
  test("a wrong code, a code used twice, then the next code: a session", async () => {
    const user = await enrolledOperator();
    const first = await app.gql(SIGN_IN, { e: user.email, p: user.password });
    assert.deepEqual(first.body.data.signIn, { id: "", signInStep: "SECOND_FACTOR" });
    const challenge = `pix_sign_in=${cookieOf(first, "pix_sign_in")}`;

    const wrong = await app.gql(COMPLETE, { code: "12345" }, { cookie: challenge });
    assert.deepEqual(errorsOf(wrong), [["VALIDATION_ERROR", "Wrong or expired code"]]);

    // The code of the enrolment's own time step was used: it does not open a session again.
    const [{ last_used_step }] = await app.services.db.query(
      "SELECT last_used_step FROM console_user_factors WHERE user_id = $1",
      [user.userId],
    );
    const replayed = await app.gql(
      COMPLETE,
      { code: totpCodeAt(user.secret, Number(last_used_step) * 30_000 + 1000) },
      { cookie: challenge },
    );
    if (Number(last_used_step) >= stepNow() - 1) {
      assert.deepEqual(errorsOf(replayed), [["VALIDATION_ERROR", "This code was already used; wait for the next one"]]);
    } else {
      assert.deepEqual(errorsOf(replayed), [["VALIDATION_ERROR", "Wrong or expired code"]]);
    }
    assert.equal(cookieOf(replayed, "pix_session"), null);

    const done = await app.gql(COMPLETE, { code: await nextCode(user.userId, user.secret) }, { cookie: challenge });
    assert.deepEqual(errorsOf(done), []);
    assert.deepEqual(done.body.data.completeSignIn, { id: user.userId, signInStep: "DONE" });
    const session = cookieOf(done, "pix_session");
    const viewer = await app.gql("{ viewer { id } }", {}, { cookie: `pix_session=${session}` });
    assert.equal(viewer.body.data.viewer.id, user.userId);
    const reasons = (await auditRows(user.userId)).map((row: { after: { reason?: string } }) => row.after.reason);
    assert.ok(reasons.includes("wrong"));
  });

  test("a recovery code works once", async () => {
    const user = await enrolledOperator();
    const recovery = user.recoveryCodes[3];
    const signInWith = async (code: string) => {
      const first = await app.gql(SIGN_IN, { e: user.email, p: user.password });
      return app.gql(COMPLETE, { code }, { cookie: `pix_sign_in=${cookieOf(first, "pix_sign_in")}` });
    };
    const used = await signInWith(` ${recovery.toUpperCase().replaceAll("-", " ")} `);
    assert.deepEqual(errorsOf(used), []);
    assert.ok(cookieOf(used, "pix_session"));
    const again = await signInWith(recovery);
    assert.deepEqual(errorsOf(again), [["VALIDATION_ERROR", "Wrong or expired code"]]);
    const status = await app.gql(STATUS, {}, { cookie: `pix_session=${cookieOf(used, "pix_session")}` });
    assert.equal(status.body.data.twoFactorStatus.recoveryCodesLeft, 9);
    const actions = (await auditRows(user.userId)).map((row: { action: string }) => row.action);
    assert.deepEqual(actions, ["two_factor.enrol", "two_factor.recovery_code_used", "two_factor.code_failed"]);
  });

  test("five codes per user in five minutes: then RATE_LIMITED, the right code included", async () => {
    const user = await enrolledOperator();
    const first = await app.gql(SIGN_IN, { e: user.email, p: user.password });
    const challenge = `pix_sign_in=${cookieOf(first, "pix_sign_in")}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await app.gql(COMPLETE, { code: "abc" }, { cookie: challenge });
      assert.deepEqual(errorsOf(wrong), [["VALIDATION_ERROR", "Wrong or expired code"]]);
    }
    const limited = await app.gql(COMPLETE, { code: await nextCode(user.userId, user.secret) }, { cookie: challenge });
    assert.deepEqual(errorsOf(limited), [["RATE_LIMITED", "Too many codes tried; wait and try again"]]);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.equal(cookieOf(limited, "pix_session"), null);
  });

  test("a trusted browser skips the code for that user until it is forgotten", async () => {
    const user = await enrolledOperator();
    const first = await app.gql(SIGN_IN, { e: user.email, p: user.password });
    const done = await app.gql(
      COMPLETE,
      { code: await nextCode(user.userId, user.secret), trust: true },
      { cookie: `pix_sign_in=${cookieOf(first, "pix_sign_in")}` },
    );
    const trusted = cookieOf(done, "pix_trusted_browser") as string;
    assert.ok(
      done.headers
        .getSetCookie()
        .includes(`pix_trusted_browser=${trusted}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000`),
    );
    const skip = await app.gql(
      SIGN_IN,
      { e: user.email, p: user.password },
      { cookie: `pix_trusted_browser=${trusted}` },
    );
    assert.deepEqual(skip.body.data.signIn, { id: user.userId, signInStep: "DONE" });
    const session = `pix_session=${cookieOf(skip, "pix_session")}`;
    // A trusted browser is no step-up: a large adjustment still asks for a code.
    const company = await app.createMerchant();
    const large = await app.gql(ADJUST, { c: company.companyId, a: "2000.00" }, { cookie: session });
    assert.deepEqual(
      errorsOf(large).map(([code]: string[]) => code),
      ["STEP_UP_REQUIRED"],
    );
    // Another user in the same browser still gives their code.
    const other = await enrolledOperator();
    const otherSignIn = await app.gql(
      SIGN_IN,
      { e: other.email, p: other.password },
      { cookie: `pix_trusted_browser=${trusted}` },
    );
    assert.equal(otherSignIn.body.data.signIn.signInStep, "SECOND_FACTOR");

    const forgot = await app.gql("mutation { forgetTrustedBrowsers }", {}, { cookie: session });
    assert.equal(forgot.body.data.forgetTrustedBrowsers, 1);
    const asked = await app.gql(
      SIGN_IN,
      { e: user.email, p: user.password },
      { cookie: `pix_trusted_browser=${trusted}` },
    );
    assert.equal(asked.body.data.signIn.signInStep, "SECOND_FACTOR");
  });
});

describe("step-up", () => {
  test("large adjustments need a code from the last 10 minutes; small ones do not", async () => {
    const user = await enrolledOperator();
    const company = await app.createMerchant();
    // The enrolment's code counts: a large adjustment now passes.
    const fresh = await app.gql(ADJUST, { c: company.companyId, a: "2000.00" }, { cookie: user.cookie });
    assert.deepEqual(errorsOf(fresh), []);
    assert.equal(fresh.body.data.createAdjustment.status, "REQUESTED");

    await app.services.db.query(
      "UPDATE console_sessions SET second_factor_at = now() - interval '10 minutes 1 second' WHERE id_hash = $1",
      [hashSecret(user.cookie.split("=")[1])],
    );
    const stale = await app.gql(ADJUST, { c: company.companyId, a: "-1000.01" }, { cookie: user.cookie });
    // A field error: GraphQL answers 200 with the code (REST would answer 403).
    assert.equal(stale.status, 200);
    assert.deepEqual(errorsOf(stale), [
      [
        "STEP_UP_REQUIRED",
        "Confirm it is you: give a code from your authenticator app (verifyStepUp); it counts for 10 minutes",
      ],
    ]);
    const small = await app.gql(ADJUST, { c: company.companyId, a: "1000.00" }, { cookie: user.cookie });
    assert.deepEqual(errorsOf(small), []);
    assert.equal(small.body.data.createAdjustment.status, "POSTED");

    const wrong = await app.gql(
      STEP_UP,
      { code: "999999" === totpCodeAt(user.secret, Date.now()) ? "888888" : "999999" },
      { cookie: user.cookie },
    );
    assert.deepEqual(errorsOf(wrong), [["VALIDATION_ERROR", "Wrong or expired code"]]);
    const stepped = await app.gql(STEP_UP, { code: await nextCode(user.userId, user.secret) }, { cookie: user.cookie });
    assert.deepEqual(errorsOf(stepped), []);
    const until = new Date(stepped.body.data.verifyStepUp).getTime();
    assert.ok(Math.abs(until - (Date.now() + 600_000)) < 5000, "10 minutes from now");
    const after = await app.gql(ADJUST, { c: company.companyId, a: "-1000.01" }, { cookie: user.cookie });
    assert.deepEqual(errorsOf(after), []);

    // Confirming someone else's large adjustment asks too, once the window has passed.
    await app.services.db.query(
      "UPDATE console_sessions SET second_factor_at = now() - interval '11 minutes' WHERE id_hash = $1",
      [hashSecret(user.cookie.split("=")[1])],
    );
    const requested = await app.graphql(
      `mutation { createAdjustment(companyId: "${company.companyId}", amount: "5000.00", description: "x") { id } }`,
    );
    const confirm = await app.gql(
      "mutation($id: ID!) { confirmAdjustment(id: $id) { status } }",
      { id: requested.data.createAdjustment.id },
      { cookie: user.cookie },
    );
    assert.deepEqual(
      errorsOf(confirm).map(([code]: string[]) => code),
      ["STEP_UP_REQUIRED"],
    );
    // The operator token has no second factor to give: it is not asked.
    assert.equal(
      (
        await app.graphql(
          `mutation { createAdjustment(companyId: "${company.companyId}", amount: "3000.00", description: "y") { id } }`,
          {},
          TEST_ADMIN_TOKEN,
        )
      ).errors,
      undefined,
    );
  });

  test("without a factor where none is required, nothing is asked (REQUIRE_OPERATOR_2FA=false)", async () => {
    const relaxed = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "1000.00" });
    try {
      const operator = await relaxed.consoleUser({ role: "OPERATOR" });
      const company = await relaxed.createMerchant();
      const res = await relaxed.gql(ADJUST, { c: company.companyId, a: "2000.00" }, { cookie: operator.cookie });
      assert.deepEqual(errorsOf(res), []);
      const signIn = await relaxed.gql(SIGN_IN, { e: operator.email, p: operator.password });
      assert.equal(signIn.body.data.signIn.signInStep, "DONE");
      assert.ok(cookieOf(signIn, "pix_session"));
    } finally {
      await relaxed.close();
    }
  });
});

describe("an admin resets another user's factor", () => {
  test("step-up first; then audited, and the user's sessions end", async () => {
    const admin = await enrolledOperator("ADMIN");
    const target = await enrolledOperator();
    await app.services.db.query(
      "UPDATE console_sessions SET second_factor_at = now() - interval '11 minutes' WHERE id_hash = $1",
      [hashSecret(admin.cookie.split("=")[1])],
    );
    const refused = await app.gql(RESET, { id: target.userId }, { cookie: admin.cookie });
    assert.deepEqual(
      errorsOf(refused).map(([code]: string[]) => code),
      ["STEP_UP_REQUIRED"],
    );
    const invite = await app.gql(
      'mutation { inviteOperator(email: "outro@example.com", role: VIEWER) { user { id } } }',
      {},
      { cookie: admin.cookie },
    );
    assert.deepEqual(
      errorsOf(invite).map(([code]: string[]) => code),
      ["STEP_UP_REQUIRED"],
    );

    await app.gql(STEP_UP, { code: await nextCode(admin.userId, admin.secret) }, { cookie: admin.cookie });
    const reset = await app.gql(RESET, { id: target.userId }, { cookie: admin.cookie });
    assert.deepEqual(errorsOf(reset), []);
    assert.equal(reset.body.data.resetTwoFactor, true);
    const [row] = await app.services.db.query(
      "SELECT actor, after FROM audit_log WHERE action = 'two_factor.reset' AND object_id = $1",
      [target.userId],
    );
    assert.deepEqual(row, { actor: `operator:${admin.userId}`, after: { sessionsEnded: 2 } });
    const gone = await app.gql("{ viewer { id } }", {}, { cookie: target.cookie });
    assert.equal(gone.body.data.viewer, null);
    // Next sign-in: enrol again.
    const next = await app.gql(SIGN_IN, { e: target.email, p: target.password });
    assert.equal(next.body.data.signIn.signInStep, "ENROL_SECOND_FACTOR");
    // A viewer of operators may not reset anyone.
    const viewerRole = await app.consoleUser({ role: "VIEWER" });
    const forbidden = await app.gql(RESET, { id: admin.userId }, { cookie: viewerRole.cookie });
    assert.deepEqual(
      errorsOf(forbidden).map(([code]: string[]) => code),
      ["FORBIDDEN"],
    );
  });
});

describe("a company requires the factor of its users", () => {
  test("its admin enrols first; then its users enrol at their next sign-in", async () => {
    const company = await app.createMerchant();
    const owner = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId });
    const member = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: company.companyId });
    const SET = "mutation($r: Boolean!) { setCompanyTwoFactorRequired(required: $r) }";
    const early = await app.gql(SET, { r: true }, { cookie: owner.cookie });
    assert.deepEqual(errorsOf(early), [["INVALID_STATE", "Turn on your own second factor first"]]);

    const started = await app.gql(START, {}, { cookie: owner.cookie });
    const { secret } = started.body.data.startTwoFactorEnrolment;
    const confirmed = await app.gql(CONFIRM, { code: await nextCode(owner.userId, secret) }, { cookie: owner.cookie });
    assert.equal(confirmed.body.data.confirmTwoFactorEnrolment.recoveryCodes.length, 10);
    const set = await app.gql(SET, { r: true }, { cookie: owner.cookie });
    assert.deepEqual(errorsOf(set), []);
    assert.equal((await app.gql("{ viewer { id } }", {}, { cookie: member.cookie })).body.data.viewer, null);
    assert.equal((await app.gql("{ viewer { id } }", {}, { cookie: owner.cookie })).body.data.viewer.id, owner.userId);
    const signIn = await app.gql(SIGN_IN, { e: member.email, p: member.password });
    assert.equal(signIn.body.data.signIn.signInStep, "ENROL_SECOND_FACTOR");
    const [audit] = await app.services.db.query(
      "SELECT actor, before, after FROM audit_log WHERE action = 'company.require_two_factor' AND object_id = $1",
      [company.companyId],
    );
    assert.deepEqual(audit, {
      actor: `merchant:${owner.userId}`,
      before: { requireTwoFactor: false },
      after: { requireTwoFactor: true, sessionsEnded: 1 },
    });
    // A member may not change it; the owner may not turn their own factor off while it is required.
    const memberSet = await app.gql(SET, { r: false }, { cookie: member.cookie });
    assert.ok(errorsOf(memberSet).length === 1);
    const disable = await app.gql(
      "mutation($c: String!) { disableTwoFactor(code: $c) }",
      { c: await nextCode(owner.userId, secret) },
      { cookie: owner.cookie },
    );
    assert.deepEqual(errorsOf(disable), [["INVALID_STATE", "A second factor is required for you: it stays on"]]);
  });
});
