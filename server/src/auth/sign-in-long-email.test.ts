import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApp, type TestApp } from "../../test/support/test-app";

const lines: string[] = [];
let app: TestApp;
before(async () => {
  app = await startTestApp({ LOG_LEVEL: "warn" }, { logDestination: { write: (line: string) => lines.push(line) } });
});
after(() => app.close());

const SIGN_IN = "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }";
const signIn = (email: string) => app.gql(SIGN_IN, { e: email, p: "not the password" }, { origin: app.baseUrl });

test("signIn with a very long e-mail is a failed sign-in, not an internal error, and still counts against the e-mail", async () => {
  // Past ~240 characters the per-e-mail limit's key used to overflow its varchar(255) column.
  for (const email of ["a".repeat(10_000), `${"a".repeat(10_000)}@example.com`, `x@${"b".repeat(300)}.com`]) {
    const res = await signIn(email);
    assert.equal(res.body.errors?.[0]?.extensions?.code, "UNAUTHENTICATED", res.text);
    assert.equal(res.body.errors[0].message, "Wrong e-mail or password");
  }
  // One long e-mail: 5 attempts a minute, the 6th refused by its own limit (the address allows 10).
  const long = `${"c".repeat(5000)}@example.com`;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const res = await signIn(long);
    assert.equal(res.body.errors?.[0]?.extensions?.code, "UNAUTHENTICATED", `attempt ${attempt}: ${res.text}`);
  }
  const refused = await signIn(long);
  assert.equal(refused.status, 429, refused.text);
  assert.equal(refused.body.errors[0].extensions.code, "RATE_LIMITED");
  assert.deepEqual(
    lines.filter((line) => line.includes('"level":"error"')),
    [],
  );
});
