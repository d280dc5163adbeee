import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type SmtpInbox, startSmtpInbox } from "../../test/support/smtp-inbox";
import { type ConsoleLogin, type HttpResult, startTestApp, type TestApp } from "../../test/support/test-app";
import { startJobWorker } from "../core/jobs";
import { createJobHandlers } from "../job-handlers";
import { SEND_MAIL_JOB } from "../mail/mail-outbox";
import { totpCodeAt } from "./totp";
import { CODE_FAILURES_PER_ADDRESS, TWO_FACTOR_LOCK_AFTER } from "./two-factor.service";

// Loopback is a trusted proxy here: X-Forwarded-For names the client, so one test plays many addresses.
let app: TestApp;
let inbox: SmtpInbox;

const SIGN_IN = "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id signInStep } }";
const START = "mutation { startTwoFactorEnrolment { secret } }";
const CONFIRM = "mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) { recoveryCodes } }";
const COMPLETE = "mutation($code: String!) { completeSignIn(code: $code) { id signInStep } }";
const STEP_UP = "mutation($code: String!) { verifyStepUp(code: $code) }";
const LOCKED = [
  "INVALID_STATE",
  "TWO_FACTOR_LOCKED",
  "The second factor is locked after 10 wrong codes in a row: give a recovery code, or ask an admin to reset it",
];

before(async () => {
  inbox = await startSmtpInbox();
  app = await startTestApp({
    REQUIRE_OPERATOR_2FA: "true",
    TRUST_PROXY: "loopback",
    SMTP_URL: inbox.url,
    MAIL_FROM: "Pix <avisos@pix.example>",
  });
});
after(async () => {
  await app.close();
  await inbox.close();
});
beforeEach(() => app.services.db.query("DELETE FROM sign_in_rate_limits"));

function cookieOf(res: HttpResult, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq) === name) return pair.slice(eq + 1) || null;
  }
  return null;
}

const errorOf = (res: HttpResult) => {
  const error = res.body.errors?.[0];
  return error ? [error.extensions.code, error.extensions.reason, error.message] : ["OK"];
};

const from = (address: string, cookie?: string) => ({ headers: { "x-forwarded-for": address }, cookie });

/** A code of a time step this user has not used yet (waits for the clock when needed). */
async function nextCode(userId: string, secret: string): Promise<string> {
  const [row] = await app.services.db.query("SELECT last_used_step FROM console_user_factors WHERE user_id = $1", [
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

/** A wrong six-digit code (never the one of the current steps). */
function wrongCode(secret: string, n: number): string {
  const now = Date.now();
  const right = new Set([-30_000, 0, 30_000, 60_000].map((d) => totpCodeAt(secret, now + d)));
  for (let i = n; ; i += 1) {
    const code = String(100_000 + ((i * 7919) % 900_000));
    if (!right.has(code)) return code;
  }
}

interface Enrolled extends ConsoleLogin {
  secret: string;
  recoveryCodes: string[];
}

async function enrolledOperator(): Promise<Enrolled> {
  const login = await app.consoleUser({ role: "OPERATOR" });
  const first = await app.gql(SIGN_IN, { e: login.email, p: login.password });
  const challenge = `pix_sign_in=${cookieOf(first, "pix_sign_in")}`;
  const started = await app.gql(START, {}, { cookie: challenge });
  const { secret } = started.body.data.startTwoFactorEnrolment;
  const done = await app.gql(CONFIRM, { code: await nextCode(login.userId, secret) }, { cookie: challenge });
  assert.deepEqual(errorOf(done), ["OK"]);
  return {
    ...login,
    secret,
    recoveryCodes: done.body.data.confirmTwoFactorEnrolment.recoveryCodes,
    cookie: `pix_session=${cookieOf(done, "pix_session")}`,
  };
}

async function challengeFor(user: Enrolled, address: string): Promise<string> {
  const first = await app.gql(SIGN_IN, { e: user.email, p: user.password }, from(address));
  assert.equal(first.body.data.signIn.signInStep, "SECOND_FACTOR");
  return `pix_sign_in=${cookieOf(first, "pix_sign_in")}`;
}

/** The per-user pace (5 codes in 5 minutes) is another rule: these tests bound what it only slows. */
const forgetUserPace = () =>
  app.services.db.query("DELETE FROM sign_in_rate_limits WHERE key LIKE 'second_factor_user:%'");

const guessingAlerts = (): Promise<
  Array<{ object_id: string | null; after: Record<string, unknown>; address: string }>
> =>
  app.services.db.query(
    "SELECT object_id, after, address FROM audit_log WHERE action = 'alert.two_factor_guessing' ORDER BY id",
  );

describe("ten wrong codes in a row lock the second factor", () => {
  test("from three addresses: the tenth locks it, the right code is refused unchecked, an alert and an e-mail; a recovery code unlocks", async () => {
    const user = await enrolledOperator();
    const addresses = ["203.0.113.10", "203.0.113.11", "203.0.113.12"];
    for (let i = 0; i < TWO_FACTOR_LOCK_AFTER; i += 1) {
      if (i % 4 === 0) await forgetUserPace();
      const res = await app.gql(
        COMPLETE,
        { code: wrongCode(user.secret, i) },
        from(addresses[i % 3], await challengeFor(user, addresses[i % 3])),
      );
      if (i < TWO_FACTOR_LOCK_AFTER - 1)
        assert.deepEqual(errorOf(res), ["VALIDATION_ERROR", undefined, "Wrong or expired code"]);
      else assert.deepEqual(errorOf(res), LOCKED, "the tenth wrong code locks");
      assert.equal(cookieOf(res, "pix_session"), null);
    }
    await forgetUserPace();
    // The right code of now is not even checked: a guesser learns nothing more.
    const right = await app.gql(
      COMPLETE,
      { code: await nextCode(user.userId, user.secret) },
      from(addresses[0], await challengeFor(user, addresses[0])),
    );
    assert.deepEqual(errorOf(right), LOCKED);
    assert.equal(cookieOf(right, "pix_session"), null);
    // A step-up from the user's own open session is locked as well.
    const stepUp = await app.gql(STEP_UP, { code: await nextCode(user.userId, user.secret) }, { cookie: user.cookie });
    assert.deepEqual(errorOf(stepUp), LOCKED);

    const [factor] = await app.services.db.query(
      "SELECT failed_codes, locked_at FROM console_user_factors WHERE user_id = $1",
      [user.userId],
    );
    assert.equal(factor.failed_codes, TWO_FACTOR_LOCK_AFTER);
    assert.ok(factor.locked_at);

    // One alert, for operators (no company), naming the addresses the guesses came from.
    const alerts = (await guessingAlerts()).filter((row) => row.object_id === user.userId);
    assert.deepEqual(
      alerts.map((row) => row.after),
      [{ target: "USER", failures: 10, locked: true, addresses }],
    );
    const listed = await app.graphql(
      '{ auditLog(action: "alert.two_factor_guessing") { data { actor action objectId after } } }',
    );
    assert.deepEqual(
      listed.data.auditLog.data.find((row: { objectId: string }) => row.objectId === user.userId),
      { actor: "system", action: "alert.two_factor_guessing", objectId: user.userId, after: alerts[0].after },
    );

    // The user is told by e-mail, through the mail outbox and a real SMTP server.
    const queued = await app.services.db.query(
      `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = $1`,
      [SEND_MAIL_JOB],
    );
    assert.deepEqual(
      queued.map((row: { payload: { to: string[] } }) => row.payload.to),
      [[user.email]],
    );
    const before = inbox.messages.length;
    const worker = await startJobWorker(app.databaseUrl, createJobHandlers(app.services), app.services.logger, {
      concurrency: 1,
      heartbeatMs: 1000,
    });
    try {
      const [mail] = (await inbox.waitFor(before + 1)).slice(before);
      assert.deepEqual(mail.envelopeTo, [user.email]);
      assert.equal(mail.subject, "Seu segundo fator foi bloqueado");
      assert.match(mail.text, /errou 10 vezes seguidas/);
      assert.match(mail.text, /203\.0\.113\.10, 203\.0\.113\.11, 203\.0\.113\.12/);
      assert.match(mail.text, /códigos de recuperação/);
    } finally {
      await worker.stop();
    }

    // A recovery code still signs in, and gives the factor back.
    const recovered = await app.gql(
      COMPLETE,
      { code: user.recoveryCodes[0] },
      from(addresses[1], await challengeFor(user, addresses[1])),
    );
    assert.deepEqual(errorOf(recovered), ["OK"]);
    assert.ok(cookieOf(recovered, "pix_session"));
    const [unlocked] = await app.services.db.query(
      "SELECT failed_codes, locked_at FROM console_user_factors WHERE user_id = $1",
      [user.userId],
    );
    assert.deepEqual(unlocked, { failed_codes: 0, locked_at: null });
    const [used] = await app.services.db.query(
      "SELECT after FROM audit_log WHERE object_id = $1 AND action = 'two_factor.recovery_code_used'",
      [user.userId],
    );
    assert.deepEqual(used.after, { purpose: "sign_in", recoveryCodesLeft: 9, unlocked: true });
    const totpAgain = await app.gql(
      STEP_UP,
      { code: await nextCode(user.userId, user.secret) },
      { cookie: user.cookie },
    );
    assert.deepEqual(errorOf(totpAgain), ["OK"]);
  });

  test("a right code in between starts the count again: only consecutive failures lock", async () => {
    const user = await enrolledOperator();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < TWO_FACTOR_LOCK_AFTER - 1; i += 1) {
        if (i % 4 === 0) await forgetUserPace();
        const res = await app.gql(STEP_UP, { code: wrongCode(user.secret, i) }, { cookie: user.cookie });
        assert.deepEqual(errorOf(res)[0], "VALIDATION_ERROR");
      }
      await forgetUserPace();
      // A recovery code, then a TOTP code: either gives the failures back.
      const code = round === 0 ? user.recoveryCodes[0] : await nextCode(user.userId, user.secret);
      const right = await app.gql(STEP_UP, { code }, { cookie: user.cookie });
      assert.deepEqual(errorOf(right), ["OK"], `round ${round}`);
    }
    const [factor] = await app.services.db.query(
      "SELECT failed_codes, locked_at FROM console_user_factors WHERE user_id = $1",
      [user.userId],
    );
    assert.deepEqual(factor, { failed_codes: 0, locked_at: null });
  });

  test("guesses sent in parallel never get more than ten codes checked", async () => {
    const user = await enrolledOperator();
    // Per-user pace aside, 30 guesses at once: each reserves a failure before its check.
    await app.services.db.query("UPDATE console_user_factors SET failed_codes = $2 WHERE user_id = $1", [
      user.userId,
      TWO_FACTOR_LOCK_AFTER - 3,
    ]);
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        app.gql(
          STEP_UP,
          { code: wrongCode(user.secret, i) },
          { cookie: user.cookie, headers: { "x-forwarded-for": `198.51.100.${i}` } },
        ),
      ),
    );
    assert.deepEqual(answers.map((res) => errorOf(res)[0]).sort(), [
      "INVALID_STATE",
      "VALIDATION_ERROR",
      "VALIDATION_ERROR",
    ]);
    await forgetUserPace();
    const more = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        app.gql(STEP_UP, { code: wrongCode(user.secret, i + 10) }, { cookie: user.cookie }),
      ),
    );
    assert.deepEqual(more.map(errorOf), Array(5).fill(LOCKED));
    const alerts = (await guessingAlerts()).filter((row) => row.object_id === user.userId);
    assert.equal(alerts.length, 1, "exactly one request spent the last failure");
  });
});

describe("wrong codes per address", () => {
  test(`${CODE_FAILURES_PER_ADDRESS} wrong codes from one address, for any users: then RATE_LIMITED there, an alert; other addresses go on`, async () => {
    const address = "192.0.2.77";
    const users = [await enrolledOperator(), await enrolledOperator(), await enrolledOperator()];
    const challenges = await Promise.all(users.map((user) => challengeFor(user, address)));
    for (let i = 0; i < CODE_FAILURES_PER_ADDRESS; i += 1) {
      await forgetUserPace();
      const k = i % 3;
      const res = await app.gql(COMPLETE, { code: wrongCode(users[k].secret, i) }, from(address, challenges[k]));
      assert.deepEqual(errorOf(res)[0], "VALIDATION_ERROR", `guess ${i}`);
    }
    await forgetUserPace();
    const limited = await app.gql(
      COMPLETE,
      { code: await nextCode(users[0].userId, users[0].secret) },
      from(address, challenges[0]),
    );
    assert.deepEqual(errorOf(limited), [
      "RATE_LIMITED",
      undefined,
      "Too many codes tried from this address; wait and try again",
    ]);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 800);
    const [alert] = (await guessingAlerts()).filter((row) => row.after.target === "ADDRESS");
    assert.deepEqual(alert.after, { target: "ADDRESS", address, failures: 20, windowMinutes: 15 });
    assert.equal(alert.object_id, null);
    assert.equal(alert.address, address);

    // The owner, elsewhere, signs in: the address limit is the guesser's, not the user's.
    const elsewhere = await challengeFor(users[0], "192.0.2.78");
    const own = await app.gql(
      COMPLETE,
      { code: await nextCode(users[0].userId, users[0].secret) },
      from("192.0.2.78", elsewhere),
    );
    assert.deepEqual(errorOf(own), ["OK"]);
  });

  test("right codes give the address's points back: a busy office is not limited by its own sign-ins", async () => {
    const address = "192.0.2.90";
    const user = await enrolledOperator();
    for (let i = 0; i < 2; i += 1) {
      const res = await app.gql(STEP_UP, { code: wrongCode(user.secret, i) }, from(address, user.cookie));
      assert.equal(errorOf(res)[0], "VALIDATION_ERROR");
    }
    for (const code of user.recoveryCodes.slice(0, 3)) {
      await forgetUserPace();
      assert.deepEqual(errorOf(await app.gql(STEP_UP, { code }, from(address, user.cookie))), ["OK"]);
    }
    const [row] = await app.services.db.query("SELECT points FROM sign_in_rate_limits WHERE key = $1", [
      `second_factor_address:${address}`,
    ]);
    assert.equal(Number(row.points), 2, "only the wrong codes are counted");
  });
});
