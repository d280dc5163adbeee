import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type ConsoleLogin, type HttpResult, startTestApp, type TestApp } from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { isApiPath } from "../http/api-paths";
import { OPERATIONS } from "../operations";
import { totpCodeAt } from "./totp";

let app: TestApp;

const SIGN_IN =
  "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id email name kind role companyId companyName locale signInStep } }";
const START = "mutation { startTwoFactorEnrolment { secret } }";
const CONFIRM = "mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) { recoveryCodes } }";
const COMPLETE =
  "mutation($code: String!, $trust: Boolean) { completeSignIn(code: $code, trustBrowser: $trust) { id signInStep } }";
const STEP_UP = "mutation($code: String!) { verifyStepUp(code: $code) }";
const CHANGE = "mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }";
const SET_REQUIRED = "mutation($r: Boolean!) { setCompanyTwoFactorRequired(required: $r) }";

before(async () => {
  app = await startTestApp({ REQUIRE_OPERATOR_2FA: "true" });
});
after(() => app.close());
beforeEach(() => app.services.db.query("DELETE FROM sign_in_rate_limits"));

function cookieOf(res: HttpResult, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq) === name) return pair.slice(eq + 1) || null;
  }
  return null;
}

const codeOf = (res: HttpResult) => res.body.errors?.[0]?.extensions.code ?? "OK";

async function nextCode(target: TestApp, userId: string, secret: string): Promise<string> {
  const [row] = await target.services.db.query("SELECT last_used_step FROM console_user_factors WHERE user_id = $1", [
    userId,
  ]);
  const used = Number(row?.last_used_step ?? 0);
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, used + 1);
    if (step <= now + 1) return totpCodeAt(secret, step * 30_000 + 1000);
    await sleep(1000);
  }
}

interface Enrolled extends ConsoleLogin {
  secret: string;
  recoveryCodes: string[];
}

/** Enrols a user's factor from their session (the enrolment's code counts as a step-up). */
async function enrolFromSession(login: ConsoleLogin): Promise<Enrolled> {
  const started = await app.gql(START, {}, { cookie: login.cookie });
  const { secret } = started.body.data.startTwoFactorEnrolment;
  const done = await app.gql(CONFIRM, { code: await nextCode(app, login.userId, secret) }, { cookie: login.cookie });
  assert.equal(codeOf(done), "OK");
  return { ...login, secret, recoveryCodes: done.body.data.confirmTwoFactorEnrolment.recoveryCodes };
}

/** The session's step-up is 11 minutes old: a new code is asked for. */
const staleStepUp = (login: ConsoleLogin) =>
  app.services.db.query(
    "UPDATE console_sessions SET second_factor_at = now() - interval '11 minutes' WHERE id_hash = $1",
    [hashSecret(login.cookie.split("=")[1])],
  );

describe("signIn before the second factor", () => {
  test("a right password answers only the next step: nothing of who the user is", async () => {
    const company = await app.createMerchant();
    const login = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId });
    const user = await enrolFromSession(login);
    const res = await app.gql(SIGN_IN, { e: user.email, p: user.password });
    assert.deepEqual(res.body.data.signIn, {
      id: "",
      email: null,
      name: null,
      kind: "MERCHANT",
      role: "",
      companyId: null,
      companyName: null,
      locale: null,
      signInStep: "SECOND_FACTOR",
    });
    // An operator who must still enrol learns no more.
    const operator = await app.consoleUser({ role: "ADMIN" });
    const enrol = await app.gql(SIGN_IN, { e: operator.email, p: operator.password });
    assert.equal(enrol.body.data.signIn.id, "");
    assert.equal(enrol.body.data.signIn.role, "");
    assert.equal(enrol.body.data.signIn.signInStep, "ENROL_SECOND_FACTOR");
    // The code then signs in and answers the viewer.
    const done = await app.gql(
      COMPLETE,
      { code: await nextCode(app, user.userId, user.secret) },
      { cookie: `pix_sign_in=${cookieOf(res, "pix_sign_in")}` },
    );
    assert.deepEqual(done.body.data.completeSignIn, { id: user.userId, signInStep: "DONE" });
  });
});

describe("the second factor's cookies over https", () => {
  test("the challenge and the trusted browser are __Host- cookies, Secure; the plain names are not read there", async () => {
    const origin = "https://pix.example.com";
    const https = await startTestApp({ PUBLIC_BASE_URL: origin, REQUIRE_OPERATOR_2FA: "true" });
    try {
      const login = await https.consoleUser({ role: "OPERATOR" });
      const send = (query: string, variables: Record<string, unknown>, cookie?: string) =>
        https.gql(query, variables, { cookie, origin });
      const first = await send(SIGN_IN, { e: login.email, p: login.password });
      const challenge = cookieOf(first, "__Host-pix_sign_in") as string;
      assert.deepEqual(first.headers.getSetCookie(), [
        `__Host-pix_sign_in=${challenge}; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=600`,
      ]);
      // The unprefixed name, which a sibling subdomain could plant, is no challenge here.
      const planted = await send(START, {}, `pix_sign_in=${challenge}`);
      assert.equal(codeOf(planted), "UNAUTHENTICATED");
      const started = await send(START, {}, `__Host-pix_sign_in=${challenge}`);
      const { secret } = started.body.data.startTwoFactorEnrolment;
      const enrolled = await send(
        CONFIRM,
        { code: await nextCode(https, login.userId, secret) },
        `__Host-pix_sign_in=${challenge}`,
      );
      assert.equal(codeOf(enrolled), "OK");
      assert.ok(
        enrolled.headers
          .getSetCookie()
          .includes("__Host-pix_sign_in=; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=0"),
      );

      const second = await send(SIGN_IN, { e: login.email, p: login.password });
      const done = await send(
        COMPLETE,
        { code: await nextCode(https, login.userId, secret), trust: true },
        `__Host-pix_sign_in=${cookieOf(second, "__Host-pix_sign_in")}`,
      );
      assert.equal(codeOf(done), "OK");
      const trusted = cookieOf(done, "__Host-pix_trusted_browser") as string;
      assert.ok(
        done.headers
          .getSetCookie()
          .includes(
            `__Host-pix_trusted_browser=${trusted}; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=2592000`,
          ),
        done.headers.getSetCookie().join("\n"),
      );
      const skipped = await send(
        SIGN_IN,
        { e: login.email, p: login.password },
        `__Host-pix_trusted_browser=${trusted}`,
      );
      assert.equal(skipped.body.data.signIn.signInStep, "DONE");
      const unprefixed = await send(SIGN_IN, { e: login.email, p: login.password }, `pix_trusted_browser=${trusted}`);
      assert.equal(unprefixed.body.data.signIn.signInStep, "SECOND_FACTOR");
    } finally {
      await https.close();
    }
  });
});

describe("step-up for the account's own security", () => {
  test("changePassword asks for a fresh code, then forgets every trusted browser", async () => {
    const user = await enrolFromSession(await app.consoleUser({ role: "OPERATOR" }));
    const first = await app.gql(SIGN_IN, { e: user.email, p: user.password });
    const trustedSignIn = await app.gql(
      COMPLETE,
      { code: await nextCode(app, user.userId, user.secret), trust: true },
      { cookie: `pix_sign_in=${cookieOf(first, "pix_sign_in")}` },
    );
    const trusted = `pix_trusted_browser=${cookieOf(trustedSignIn, "pix_trusted_browser")}`;
    // A session opened by the trusted browser alone (a stolen laptop) cannot change the password.
    const viaTrusted = await app.gql(SIGN_IN, { e: user.email, p: user.password }, { cookie: trusted });
    assert.equal(viaTrusted.body.data.signIn.signInStep, "DONE");
    const session = `pix_session=${cookieOf(viaTrusted, "pix_session")}`;
    const newPassword = "violet harbour pinecone marathon";
    const refused = await app.gql(CHANGE, { c: user.password, n: newPassword }, { cookie: session });
    assert.equal(codeOf(refused), "STEP_UP_REQUIRED");
    const [unchanged] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'console_user.change_password' AND object_id = $1",
      [user.userId],
    );
    assert.equal(unchanged.n, 0);

    const stepped = await app.gql(STEP_UP, { code: user.recoveryCodes[0] }, { cookie: session });
    assert.equal(codeOf(stepped), "OK");
    const changed = await app.gql(CHANGE, { c: user.password, n: newPassword }, { cookie: session });
    assert.equal(codeOf(changed), "OK");
    const [audit] = await app.services.db.query(
      "SELECT after FROM audit_log WHERE action = 'console_user.change_password' AND object_id = $1",
      [user.userId],
    );
    assert.deepEqual(audit.after, { otherSessionsEnded: 2, trustedBrowsersForgotten: 1 });
    const again = await app.gql(SIGN_IN, { e: user.email, p: newPassword }, { cookie: trusted });
    assert.equal(again.body.data.signIn.signInStep, "SECOND_FACTOR", "the browser trusted before asks for a code");
  });

  test("a user without a second factor (none required) changes the password as before", async () => {
    const merchant = await app.createMerchant();
    const login = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: merchant.companyId });
    const changed = await app.gql(
      CHANGE,
      { c: login.password, n: "tamarind quokka lighthouse" },
      { cookie: login.cookie },
    );
    assert.equal(codeOf(changed), "OK");
  });

  test("turning a company's two-factor requirement off asks for a fresh code; turning it on does not", async () => {
    const company = await app.createMerchant();
    const owner = await enrolFromSession(
      await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId }),
    );
    await staleStepUp(owner);
    assert.equal(codeOf(await app.gql(SET_REQUIRED, { r: true }, { cookie: owner.cookie })), "OK");
    const off = await app.gql(SET_REQUIRED, { r: false }, { cookie: owner.cookie });
    assert.equal(codeOf(off), "STEP_UP_REQUIRED");
    const [row] = await app.services.db.query("SELECT require_two_factor FROM companies WHERE id = $1", [
      company.companyId,
    ]);
    assert.equal(row.require_two_factor, true, "nothing changed");
    await app.gql(STEP_UP, { code: owner.recoveryCodes[0] }, { cookie: owner.cookie });
    assert.equal(codeOf(await app.gql(SET_REQUIRED, { r: false }, { cookie: owner.cookie })), "OK");

    // An operator ADMIN turning it off for the company steps up too.
    const admin = await enrolFromSession(await app.consoleUser({ role: "ADMIN" }));
    await app.graphql("mutation($c: ID) { setCompanyTwoFactorRequired(companyId: $c, required: true) }", {
      c: company.companyId,
    });
    await staleStepUp(admin);
    const adminOff = await app.gql(
      "mutation($c: ID) { setCompanyTwoFactorRequired(companyId: $c, required: false) }",
      { c: company.companyId },
      { cookie: admin.cookie },
    );
    assert.equal(codeOf(adminOff), "STEP_UP_REQUIRED");
  });
});

describe("the API's paths", () => {
  test("unknown routes under /refunds and /disputes are the API's JSON 404, not the console's", async () => {
    const merchant = await app.createMerchant();
    for (const path of ["/refunds", "/refunds/ref_x/unknown", "/disputes/dsp_x/unknown/deeper"]) {
      const res = await app.request("GET", path, { token: merchant.clientSecret });
      assert.equal(res.status, 404, path);
      assert.deepEqual(res.body, { error: `No route GET ${path}`, code: "NOT_FOUND" }, path);
    }
  });

  test("every declared REST route is under one of the API's paths", () => {
    const outside = OPERATIONS.flatMap((operation) => (operation.rest ? [operation.rest.path] : [])).filter(
      (path) => !isApiPath(path.replace(/:[A-Za-z]+/g, "x")),
    );
    assert.deepEqual(outside, []);
  });
});
