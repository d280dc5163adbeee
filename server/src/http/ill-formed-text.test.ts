import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { newUuid, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { SIGN_IN_PER_ADDRESS_PER_MINUTE } from "../auth/sign-in-limits";
import { textProblem, truncateCodePoints } from "../core/text-input";

/**
 * A lone UTF-16 surrogate ("\ud800" in JSON) is no character: PostgreSQL refuses it in
 * jsonb (the audit log's before/after, idempotent answers). Every string input is refused
 * at the edge with 400 VALIDATION_ERROR, whichever transport brought it; a refused sign-in
 * is still audited; what is truncated is cut by code points.
 */
const LONE = ["\ud800", "\udfff", "a\udc00b", "😀".slice(0, 1)];

describe("core/text-input", () => {
  test("textProblem names the field and says which rule the text breaks", () => {
    assert.equal(
      textProblem("$input.name", "name", "Loja \ud800"),
      "$input.name must be well-formed Unicode text (it holds a lone UTF-16 surrogate)",
    );
    assert.equal(textProblem("name", "name", "a\u0000"), "name must not contain control characters");
    assert.equal(textProblem("reason", "reason", "line\nline\ttab 😀"), null);
    assert.equal(textProblem("name", "name", "Padaria 😀 açúcar"), null);
  });

  test("truncateCodePoints never splits a pair", () => {
    assert.equal(truncateCodePoints("ab😀", 3), "ab😀");
    assert.equal(truncateCodePoints("ab😀c", 3), "ab😀");
    assert.equal(truncateCodePoints("abc😀", 3), "abc");
    assert.equal(truncateCodePoints("😀😀😀", 2), "😀😀");
    assert.equal(truncateCodePoints("short", 10), "short");
    assert.ok(truncateCodePoints(`${"a".repeat(253)}😀`, 254).isWellFormed());
  });
});

describe("lone surrogates at the edge", () => {
  let app: TestApp;
  const errorLines: string[] = [];

  before(async () => {
    app = await startTestApp(
      { LOG_LEVEL: "warn" },
      { logDestination: { write: (line: string) => void (line.includes('"level":"error"') && errorLines.push(line)) } },
    );
  });
  after(() => app.close());

  const SIGN_IN = "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }";

  async function failedSignIns(): Promise<Array<{ email: string; object_id: string | null }>> {
    return app.runtime.db.query(
      `SELECT after->>'email' AS email, object_id FROM audit_log WHERE action = 'session.sign_in_failed' ORDER BY at, id`,
    );
  }

  test("signIn with a lone surrogate in the e-mail: 400 VALIDATION_ERROR, and the failed sign-in is audited", async () => {
    const res = await app.gql(SIGN_IN, { e: "Ana\ud800@Example.com", p: "not the password" });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR");
    assert.equal(res.body.errors[0].message, "$e must be well-formed Unicode text (it holds a lone UTF-16 surrogate)");
    assert.equal(res.body.data, undefined);
    const audited = await failedSignIns();
    assert.deepEqual(audited.at(-1), { email: "ana\ufffd@example.com", object_id: null });
  });

  test("signIn with control characters (NUL, which PostgreSQL refuses in text) in the e-mail: 400, audited with U+FFFD", async () => {
    for (const e of ["x\u0000@b.co", "\u00e9\u0000", "ana\u0007@example.com"]) {
      const res = await app.gql(SIGN_IN, { e, p: "not the password" });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR");
      assert.equal(res.body.errors[0].message, "$e must not contain control characters");
    }
    const audited = await failedSignIns();
    assert.deepEqual(audited.slice(-3), [
      { email: "x\ufffd@b.co", object_id: null },
      { email: "\u00e9\ufffd", object_id: null },
      { email: "ana\ufffd@example.com", object_id: null },
    ]);
  });

  test("signIn with a lone surrogate in the password of a real user: refused, audited against that user", async () => {
    const user = await app.consoleUser({ role: "OPERATOR" });
    const res = await app.gql(SIGN_IN, { e: user.email, p: "correct horse\udc00" });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR");
    assert.deepEqual((await failedSignIns()).at(-1), { email: user.email, object_id: user.userId });
  });

  test("a refused sign-in spends the attempt like a wrong password: past the address's allowance, RATE_LIMITED", async () => {
    const limited = await startTestApp();
    try {
      const answers: number[] = [];
      for (let i = 0; i <= SIGN_IN_PER_ADDRESS_PER_MINUTE; i++) {
        const res = await limited.gql(SIGN_IN, { e: `spray${i}\ud800@example.com`, p: "x" });
        answers.push(res.status);
      }
      assert.deepEqual(answers, [...Array(SIGN_IN_PER_ADDRESS_PER_MINUTE).fill(400), 429]);
    } finally {
      await limited.close();
    }
  });

  test("a 253-character e-mail ending in an emoji is recorded whole (cut by code points, not inside the pair)", async () => {
    const email = `${"a".repeat(246)}@ex.com😀`;
    assert.equal(email.length, 255);
    assert.equal([...email].length, 254);
    const res = await app.gql(SIGN_IN, { e: email, p: "not the password" });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors[0].extensions.code, "UNAUTHENTICATED");
    assert.equal((await failedSignIns()).at(-1)?.email, email);
    // One more code point: the emoji is left out, never half kept.
    const longer = `b${email}`;
    await app.gql(SIGN_IN, { e: longer, p: "not the password" });
    assert.equal((await failedSignIns()).at(-1)?.email, longer.slice(0, 254));
  });

  test("every operation the review named refuses a lone surrogate with 400 VALIDATION_ERROR and writes nothing", async () => {
    const merchant = await fundedMerchant(app, "100.00");
    const pending = await createWithdrawal(app, merchant);
    const companyInput = { name: "Loja" };
    const cases: Array<[string, string, (text: string) => Record<string, unknown>]> = [
      [
        "createCompany name",
        "mutation($input: CreateCompanyInput!) { createCompany(input: $input) { company { id } } }",
        (text) => ({ input: { ...companyInput, name: `Loja ${text}` } }),
      ],
      [
        "updateCompany name",
        "mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { id } }",
        (text) => ({ id: merchant.companyId, input: { name: text } }),
      ],
      [
        "createAdjustment description",
        'mutation($c: ID!, $d: String!) { createAdjustment(companyId: $c, amount: "1.00", description: $d) { id } }',
        (text) => ({ c: merchant.companyId, d: `credit ${text}` }),
      ],
      [
        "rejectWithdrawal reason",
        "mutation($id: ID!, $r: String!) { rejectWithdrawal(id: $id, reason: $r) { id } }",
        (text) => ({ id: pending, r: text }),
      ],
      [
        "cancelWithdrawal reason",
        "mutation($id: ID!, $r: String) { cancelWithdrawal(id: $id, reason: $r) { id } }",
        (text) => ({ id: pending, r: text }),
      ],
      [
        "inviteCompanyUser email",
        "mutation($c: ID, $e: String!) { inviteCompanyUser(companyId: $c, email: $e, role: MEMBER) { inviteToken } }",
        (text) => ({ c: merchant.companyId, e: `x${text}@example.com` }),
      ],
      [
        "inviteOperator name",
        "mutation($e: String!, $n: String) { inviteOperator(email: $e, name: $n, role: VIEWER) { inviteToken } }",
        (text) => ({ e: `op-${newUuid()}@example.com`, n: text }),
      ],
    ];
    const counts = async () =>
      (
        await app.runtime.db.query(
          `SELECT (SELECT count(*) FROM companies) + (SELECT count(*) FROM adjustments)
                + (SELECT count(*) FROM console_users) + (SELECT count(*) FROM audit_log) AS n,
                  (SELECT status FROM withdrawals WHERE id = $1) AS status,
                  (SELECT name FROM companies WHERE id = $2) AS name`,
          [pending, merchant.companyId],
        )
      )[0];
    const before = await counts();
    for (const [name, query, variables] of cases) {
      for (const text of LONE) {
        const res = await app.gql(query, variables(text), { token: TEST_ADMIN_TOKEN });
        assert.equal(res.status, 400, `${name} ${JSON.stringify(text)}: ${res.text}`);
        assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR", name);
        assert.match(res.body.errors[0].message, /must be well-formed Unicode text/, name);
      }
    }
    assert.deepEqual(await counts(), before);
    assert.deepEqual(errorLines, []);
  });

  test("as GraphQL literals a lone surrogate is a syntax error (400), as a GET's variables a VALIDATION_ERROR", async () => {
    const literal = await app.request("POST", "/graphql", {
      token: TEST_ADMIN_TOKEN,
      body: { query: 'mutation { createCompany(input: {name: "Loja \ud800"}) { company { id } } }' },
    });
    assert.equal(literal.status, 400, literal.text);
    const escaped = await app.request("POST", "/graphql", {
      token: TEST_ADMIN_TOKEN,
      rawBody: '{"query":"mutation { createCompany(input: {name: \\"Loja \\\\ud800\\"}) { company { id } } }"}',
      headers: { "content-type": "application/json" },
    });
    assert.equal(escaped.status, 400, escaped.text);
    const variables = encodeURIComponent(JSON.stringify({ s: "\ud800" }));
    const get = await app.request(
      "GET",
      `/graphql?query=${encodeURIComponent("query($s: String!) { search(query: $s) { __typename } }")}&variables=${variables}`,
      { token: TEST_ADMIN_TOKEN, headers: { "apollo-require-preflight": "1" } },
    );
    assert.equal(get.status, 400, get.text);
    assert.equal(get.body.errors[0].extensions.code, "VALIDATION_ERROR");
  });

  test("REST bodies: a lone surrogate in any string field is 400 VALIDATION_ERROR naming the field, and nothing is written", async () => {
    const merchant = await fundedMerchant(app, "100.00");
    const charge = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 10, description: "Pedido \ud800" },
    });
    assert.equal(charge.status, 400, charge.text);
    assert.deepEqual(charge.body, {
      error: "description must be well-formed Unicode text (it holds a lone UTF-16 surrogate)",
      code: "VALIDATION_ERROR",
    });
    const key = newUuid();
    const withdrawal = await app.request("POST", "/withdrawals", {
      token: merchant.clientSecret,
      body: { amount: 10, pix_key_type: "EMAIL", pix_key: "a\udfff@example.com" },
      headers: { "idempotency-key": key },
    });
    assert.equal(withdrawal.status, 400, withdrawal.text);
    assert.equal(withdrawal.body.code, "VALIDATION_ERROR");
    assert.match(withdrawal.body.error, /^pix_key must be well-formed/);
    const rows = await app.runtime.db.query(
      "SELECT (SELECT count(*) FROM charges WHERE company_id = $1)::int AS charges, (SELECT count(*) FROM withdrawals WHERE company_id = $1)::int AS withdrawals",
      [merchant.companyId],
    );
    assert.deepEqual(rows[0], { charges: 0, withdrawals: 0 });
    // The 400 did not consume the key.
    const retried = await app.request("POST", "/withdrawals", {
      token: merchant.clientSecret,
      body: { amount: 10, pix_key_type: "EMAIL", pix_key: "a@example.com" },
      headers: { "idempotency-key": key },
    });
    assert.equal(retried.status, 201, retried.text);
  });

  test("REST paths and query strings are decoded as UTF-8: surrogate bytes never reach an operation as text", async () => {
    const merchant = await fundedMerchant(app, "10.00");
    for (const bad of ["/charges/%ED%A0%80", "/withdrawals/%ED%B0%80/cancel", "/charges/%FF"]) {
      const path = await app.request(bad.endsWith("cancel") ? "POST" : "GET", bad, { token: merchant.clientSecret });
      assert.equal(path.status, 400, path.text);
      assert.deepEqual(path.body, {
        error: "The URL path is not valid percent-encoded UTF-8",
        code: "VALIDATION_ERROR",
      });
      assert.ok(path.headers.get("x-request-id"));
    }
    const query = await app.request("GET", "/charges?status=%ED%A0%80", { token: merchant.clientSecret });
    assert.equal(query.status, 400, query.text);
    assert.equal(query.body.code, "VALIDATION_ERROR");
    assert.deepEqual(errorLines, []);
  });
});
