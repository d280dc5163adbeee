import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { AuthService } from "./auth.service";

let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant();
});
after(() => app.close());

describe("bearer credentials", () => {
  test("no, malformed or unknown credentials get 401 with the JSON error body", async () => {
    for (const token of [null, "nope", "sk_unknown", `${merchant.clientSecret}x`]) {
      const res = await app.request("GET", "/charges/balance", { token });
      assert.equal(res.status, 401, `token ${token}`);
      assert.deepEqual(Object.keys(res.body), ["error", "code"]);
      assert.equal(res.body.code, "UNAUTHENTICATED");
    }
    const wrongScheme = await app.request("GET", "/charges/balance", {
      headers: { authorization: `Basic ${merchant.clientSecret}` },
    });
    assert.equal(wrongScheme.status, 401);
  });

  test("a merchant's secret is stored only as a hash", async () => {
    const rows: Array<{ secret_hash: string; secret_hint: string }> = await app.services.db.query(
      "SELECT secret_hash, secret_hint FROM client_credentials WHERE company_id = $1",
      [merchant.companyId],
    );
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0].secret_hash, merchant.clientSecret);
    assert.match(rows[0].secret_hash, /^[0-9a-f]{64}$/);
    assert.equal(rows[0].secret_hint, `${merchant.clientSecret.slice(0, 8)}…`, "only a short hint is kept in clear");
    assert.ok(merchant.clientSecret.length >= 43, "at least 32 random bytes");
  });

  test("an expired credential gets 401, also right after a request that was let in", async () => {
    const expiresAt = Date.now() + 1500;
    const issued = await app.graphql(
      `mutation($c: ID!, $at: DateTimeISO) { issueClientSecret(companyId: $c, expiresAt: $at) { clientSecret credential { id expiresAt } } }`,
      { c: merchant.companyId, at: new Date(expiresAt).toISOString() },
    );
    const { clientSecret } = issued.data.issueClientSecret;
    assert.equal((await app.request("GET", "/charges/balance", { token: clientSecret })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 50));
    const res = await app.request("GET", "/charges/balance", { token: clientSecret });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, "UNAUTHENTICATED");
  });

  test("a revocation made elsewhere (another process, SQL) refuses the very next request", async () => {
    const issued = await app.graphql(
      `mutation($c: ID!) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }`,
      { c: merchant.companyId },
    );
    const { clientSecret, credential } = issued.data.issueClientSecret;
    // Another API process: it let the credential in once, then the revocation is made in SQL.
    const auth = new AuthService(app.services.db, hashSecret(TEST_ADMIN_TOKEN));
    const bearer = `Bearer ${clientSecret}`;
    assert.equal((await auth.authenticateBearer(bearer))?.kind, "merchant");
    assert.equal((await app.request("GET", "/charges/balance", { token: clientSecret })).status, 200);
    await app.services.db.query("UPDATE client_credentials SET revoked_at = now() WHERE id = $1", [credential.id]);
    assert.equal(await auth.authenticateBearer(bearer), null);
    assert.equal((await app.request("GET", "/charges/balance", { token: clientSecret })).status, 401);
  });

  test("the reads that check the credential in their own statement keep the order of checks", async () => {
    // GET /charges/balance, /charges/:id and /charges check a client secret in the read's
    // statement (auth/credential-lookup.ts): the same answers as a lookup in the admission.
    const issued = await app.graphql(
      `mutation($c: ID!) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }`,
      { c: merchant.companyId },
    );
    const { clientSecret, credential } = issued.data.issueClientSecret;
    const created = await app.request("POST", "/charges", { token: clientSecret, body: { amount: 2.5 } });
    assert.equal(created.status, 201);
    const reads = [
      "/charges/balance",
      `/charges/${created.body.id}`,
      `/charges/chg_${created.body.id}`,
      "/charges?limit=20",
      "/charges?status=EXPIRED&limit=5",
    ];
    for (const path of reads) {
      const res = await app.request("GET", path, { token: clientSecret });
      assert.equal(res.status, 200, path);
    }
    const charge = await app.request("GET", `/charges/${created.body.id}`, { token: clientSecret });
    assert.equal(charge.body.id, created.body.id);
    assert.equal(charge.body.amount, 2.5);
    const listed = await app.request("GET", "/charges?limit=20", { token: clientSecret });
    assert.ok(listed.body.data.some((c: { id: string }) => c.id === created.body.id));
    assert.equal(listed.body.total, listed.body.data.length);
    // The reads note the credential's use as the admission's lookup does ("last used").
    await app.services.credentialUsage.flush();
    const [used] = await app.services.db.query("SELECT last_used_at FROM client_credentials WHERE id = $1", [
      credential.id,
    ]);
    assert.ok(used.last_used_at instanceof Date, "last used is noted by the reads that check the credential");
    // With a live credential: the route's own answers.
    const live = async (path: string) => app.request("GET", path, { token: clientSecret });
    assert.deepEqual((await live("/charges/ZZZZZZZZ")).body.code, "NOT_FOUND");
    assert.deepEqual((await live("/charges/not-an-id")).body.code, "NOT_FOUND");
    assert.deepEqual((await live("/charges?limit=abc")).body.code, "VALIDATION_ERROR");
    assert.deepEqual((await live("/charges?limit=101")).body.code, "VALIDATION_ERROR");
    assert.deepEqual((await live("/charges?bogus=1")).body.code, "VALIDATION_ERROR");
    // Revoked in SQL (as by another process): every read refuses it at once, 401 before anything else.
    await app.services.db.query("UPDATE client_credentials SET revoked_at = now() WHERE id = $1", [credential.id]);
    for (const path of [
      ...reads,
      "/charges/ZZZZZZZZ",
      "/charges/not-an-id",
      "/charges?limit=abc",
      "/charges?limit=101",
      "/charges?bogus=1",
      "/charges?limit=1&limit=2",
    ]) {
      for (const token of [clientSecret, "sk_unknown"]) {
        const res = await app.request("GET", path, { token });
        assert.equal(res.status, 401, `${path} ${token}`);
        assert.deepEqual(res.body, {
          error: "Missing, invalid, expired or revoked credential",
          code: "UNAUTHENTICATED",
        });
      }
    }
    // A new account: an empty page, a zero balance.
    const fresh = await app.createMerchant();
    const empty = await app.request("GET", "/charges", { token: fresh.clientSecret });
    assert.deepEqual({ data: empty.body.data, total: empty.body.total }, { data: [], total: 0 });
    assert.equal((await app.request("GET", "/charges/balance", { token: fresh.clientSecret })).body.balance, 0);
  });

  test("GraphQL reads that check the credential themselves answer as before: 401 first, then their own errors", async () => {
    const issued = await app.graphql(
      `mutation($c: ID!) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }`,
      { c: merchant.companyId },
    );
    const { clientSecret, credential } = issued.data.issueClientSecret;
    const post = (query: string, token: string) => app.request("POST", "/graphql", { token, body: { query } });
    const balance = await post("query Balance { balance { balance currency } }", clientSecret);
    assert.equal(balance.status, 200);
    assert.deepEqual(balance.body, { data: { balance: { balance: "0.00", currency: "BRL" } } });
    const missing = await post(`{ charge(id: "ZZZZZZZZ") { id } }`, clientSecret);
    assert.equal(missing.body.errors[0].extensions.code, "NOT_FOUND");
    const invalid = await post("{ balance { nope } }", clientSecret);
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.errors[0].extensions.code, "VALIDATION_ERROR");
    await app.services.db.query("UPDATE client_credentials SET revoked_at = now() WHERE id = $1", [credential.id]);
    for (const query of [
      "query Balance { balance { balance currency } }",
      `{ charge(id: "ZZZZZZZZ") { id } }`,
      "{ charges(limit: 5) { total } }",
      "{ balance { nope } }",
      "{ balance { balance }",
      'mutation { revokeClientSecret(credentialId: "x") { id } }',
      // A skipped read would check nothing: a directive has the credential looked up first.
      "{ balance @skip(if: true) { balance } }",
      "query($no: Boolean!) { balance @include(if: $no) { balance } }",
    ]) {
      for (const token of [clientSecret, "sk_unknown"]) {
        const res = await post(query, token);
        assert.equal(res.status, 401, `${query} ${token}`);
        assert.equal(res.body.errors[0].extensions.code, "UNAUTHENTICATED", query);
        assert.equal(res.body.data, undefined);
      }
    }
  });

  test("a large GraphQL body with a client secret is read only once the credential is known", async () => {
    const query = `{ balance { balance } }${" ".repeat(20 * 1024)}`;
    const live = await app.request("POST", "/graphql", { token: merchant.clientSecret, body: { query } });
    assert.equal(live.status, 200);
    assert.equal(typeof live.body.data.balance.balance, "string");
    const unknown = await app.request("POST", "/graphql", { token: "sk_unknown", body: { query } });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.errors[0].extensions.code, "UNAUTHENTICATED");
  });

  test("an expiry in the past is refused when issuing", async () => {
    const res = await app.graphql(
      `mutation($c: ID!, $at: DateTimeISO) { issueClientSecret(companyId: $c, expiresAt: $at) { clientSecret } }`,
      {
        c: merchant.companyId,
        at: new Date(Date.now() - 1000).toISOString(),
      },
    );
    assert.equal(res.errors?.[0].extensions.code, "VALIDATION_ERROR");
  });

  test("a revoked credential gets 401, others of the account keep working", async () => {
    const issued = await app.graphql(
      `mutation($c: ID!) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }`,
      {
        c: merchant.companyId,
      },
    );
    const { clientSecret, credential } = issued.data.issueClientSecret;
    assert.equal((await app.request("GET", "/charges/balance", { token: clientSecret })).status, 200);
    const revoked = await app.graphql(`mutation($id: ID!) { revokeClientSecret(credentialId: $id) { id revokedAt } }`, {
      id: credential.id,
    });
    assert.ok(revoked.data.revokeClientSecret.revokedAt);
    assert.equal((await app.request("GET", "/charges/balance", { token: clientSecret })).status, 401);
    assert.equal((await app.request("GET", "/charges/balance", { token: merchant.clientSecret })).status, 200);
  });

  test("merchant credentials calling an operator operation get FORBIDDEN", async () => {
    for (const query of [
      `mutation { createCompany(input: {name: "X"}) { clientSecret } }`,
      `query { companies { data { id } } }`,
      `mutation { createAdjustment(companyId: "${merchant.companyId}", amount: "10.00", description: "free money") { id } }`,
      `query { balanceAudit(companyId: "${merchant.companyId}") { consistent } }`,
    ]) {
      const res = await app.graphql(query, {}, merchant.clientSecret);
      assert.equal(res.errors?.[0].extensions.code, "FORBIDDEN", query);
      assert.equal(res.data, null);
    }
    const balance = await app.graphql(`{ balance { balance } }`, {}, merchant.clientSecret);
    assert.equal(balance.data.balance.balance, "0.00", "the attempted adjustment changed nothing");
  });

  test("GraphQL without a credential gets UNAUTHENTICATED", async () => {
    const res = await app.graphql(`{ balance { balance } }`, {}, null);
    assert.equal(res.errors?.[0].extensions.code, "UNAUTHENTICATED");
  });

  test("the operator token sees every account", async () => {
    const res = await app.graphql(
      `query($search: String) { companies(search: $search) { data { id } } }`,
      { search: merchant.companyId },
      TEST_ADMIN_TOKEN,
    );
    assert.ok(res.data.companies.data.some((c: { id: string }) => c.id === merchant.companyId));
  });
});

describe("createCompany", () => {
  test("returns the account, a client secret and a webhook secret, with the default fee plan", async () => {
    const res = await app.graphql(
      `mutation { createCompany(input: {name: "Padaria Pão Quente"}) { company { id name feePercent feeFixed autoApproveLimit balance } clientSecret webhookSecret } }`,
    );
    const payload = res.data.createCompany;
    assert.match(payload.company.id, /^comp_[A-Za-z0-9]+$/);
    assert.equal(payload.company.feePercent, "0.99");
    assert.equal(payload.company.feeFixed, "0.00");
    assert.equal(payload.company.autoApproveLimit, null);
    assert.equal(payload.company.balance, "0.00");
    assert.match(payload.clientSecret, /^sk_[A-Za-z0-9_-]{43}$/);
    assert.match(payload.webhookSecret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const fetched = await app.graphql(`query($id: ID!) { company(id: $id) { name } }`, { id: payload.company.id });
    assert.equal(fetched.data.company.name, "Padaria Pão Quente");
  });

  test("validates its input", async () => {
    for (const input of [
      `{name: ""}`,
      `{name: "X", feePercent: "101"}`,
      `{name: "X", feePercent: "0.999"}`,
      `{name: "X", feeFixed: "-1.00"}`,
      `{name: "X", webhookUrl: "ftp://example.com"}`,
      `{name: "X", webhookUrl: "not a url"}`,
    ]) {
      const res = await app.graphql(`mutation { createCompany(input: ${input}) { clientSecret } }`);
      assert.equal(res.errors?.[0].extensions.code, "VALIDATION_ERROR", input);
    }
  });

  test("a custom fee plan applies to the account's charges", async () => {
    const custom = await app.createMerchant({ feePercent: "2.50", feeFixed: "0.30" });
    const res = await app.request("POST", "/charges", { token: custom.clientSecret, body: { amount: 100 } });
    assert.equal(res.body.fee, 2.8);
    assert.equal(res.body.net_amount, 97.2);
  });
});
