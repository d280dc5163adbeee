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
    assert.match(payload.webhookSecret, /^whsec_[A-Za-z0-9_-]{43}$/);
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
