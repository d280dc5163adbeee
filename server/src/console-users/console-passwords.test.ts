import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { ensureFirstOperator } from "./first-operator";

// NIST SP 800-63B: at least 12 characters, nothing common or built on the user, no composition rules.
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const ACCEPT =
  "mutation($t: String!, $p: String!, $n: String) { acceptInvite(token: $t, password: $p, name: $n) { id } }";
const CHANGE = "mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }";

const WHY = {
  PASSWORD_TOO_SHORT: "must have at least 12 characters",
  PASSWORD_COMMON: "is a commonly used password (on the lists attackers try first); choose another",
  PASSWORD_PERSONAL: "is built on your e-mail or name; choose one nobody could guess from them",
  PASSWORD_PREDICTABLE:
    "is too easy to guess (repeated characters, sequences, keyboard patterns, dates or common words); a few unrelated words make a strong one",
} as const;

async function invite(email: string, name: string): Promise<string> {
  const res = await app.graphql(
    `mutation($e: String!, $n: String!) { inviteOperator(email: $e, role: VIEWER, name: $n) { inviteToken } }`,
    { e: email, n: name },
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.inviteOperator.inviteToken;
}

function refusal(res: { body: { errors?: Array<{ message: string; extensions: Record<string, unknown> }> } }) {
  const error = res.body.errors?.[0];
  return error ? [error.extensions.code, error.extensions.reason, error.message] : ["OK"];
}

describe("a new password", () => {
  test("acceptInvite refuses short, common, predictable and personal passwords, saying why; the invite stays open", async () => {
    const email = "renata.quintana@lojadarenata.com.br";
    const token = await invite(email, "Renata Quintana");
    const cases: Array<[string, keyof typeof WHY]> = [
      ["eleven char", "PASSWORD_TOO_SHORT"],
      ["aaaaaaaaaaaa", "PASSWORD_PREDICTABLE"],
      ["123456789012", "PASSWORD_COMMON"],
      ["password1234", "PASSWORD_COMMON"],
      ["qwertyuiopasdf", "PASSWORD_COMMON"],
      [email, "PASSWORD_PERSONAL"],
      ["renataquintana2024", "PASSWORD_PERSONAL"],
      ["lojadarenata123", "PASSWORD_PERSONAL"],
    ];
    for (const [password, reason] of cases) {
      const res = await app.gql(ACCEPT, { t: token, p: password, n: "Renata Quintana" });
      assert.deepEqual(refusal(res), ["VALIDATION_ERROR", reason, `password ${WHY[reason]}`], password);
    }
    // No composition rule: lower-case words with spaces are fine when they are not guessable.
    const accepted = await app.gql(ACCEPT, { t: token, p: "tamarind quokka lighthouse", n: "Renata Quintana" });
    assert.deepEqual(refusal(accepted), ["OK"]);
  });

  test("the name given with the invite counts as the user's too", async () => {
    const token = await invite("ops7@example.com", "Ops");
    const res = await app.gql(ACCEPT, { t: token, p: "Wolfgangmozart1", n: "Wolfgang Mozart" });
    assert.deepEqual(refusal(res), ["VALIDATION_ERROR", "PASSWORD_PERSONAL", `password ${WHY.PASSWORD_PERSONAL}`]);
  });

  test("short pieces of the e-mail count too, even where the estimate would read them as random", async () => {
    const token = await invite("ana@mar.example", "Ana");
    const res = await app.gql(ACCEPT, { t: token, p: "anamar2024!!", n: "Ana" });
    assert.deepEqual(refusal(res), ["VALIDATION_ERROR", "PASSWORD_PERSONAL", `password ${WHY.PASSWORD_PERSONAL}`]);
  });

  test("a wrong invite token answers NOT_FOUND before the password is judged", async () => {
    const res = await app.gql(ACCEPT, { t: "inv_nope", p: "aaaaaaaaaaaa" });
    assert.equal(res.body.errors?.[0].extensions.code, "NOT_FOUND");
  });

  test("changePassword applies the same rule with the user's e-mail", async () => {
    const user = await app.consoleUser({ role: "VIEWER", email: "joaquim.barbosa@example.com" });
    for (const [password, reason] of [
      ["password1234", "PASSWORD_COMMON"],
      ["joaquim.barbosa@example.com", "PASSWORD_PERSONAL"],
      ["barbosajoaquim99", "PASSWORD_PERSONAL"],
    ] as const) {
      const res = await app.gql(CHANGE, { c: user.password, n: password }, { cookie: user.cookie });
      assert.deepEqual(refusal(res), ["VALIDATION_ERROR", reason, `newPassword ${WHY[reason]}`], password);
    }
    const ok = await app.gql(CHANGE, { c: user.password, n: "tamarind quokka lighthouse" }, { cookie: user.cookie });
    assert.equal(ok.body.data?.changePassword, true);
  });

  test("ADMIN_PASSWORD follows the rule when the first operator is made, and nothing is created when it fails", async () => {
    await assert.rejects(
      ensureFirstOperator(app.services.db, { adminEmail: "boss@example.com", adminPassword: "password1234" }),
      (error: Error & { code?: string; reason?: string }) =>
        error.code === "VALIDATION_ERROR" &&
        error.reason === "PASSWORD_COMMON" &&
        error.message === `ADMIN_PASSWORD ${WHY.PASSWORD_COMMON}`,
    );
    const rows = await app.services.db.query("SELECT 1 FROM console_users WHERE email = 'boss@example.com'");
    assert.equal(rows.length, 0);
  });
});
