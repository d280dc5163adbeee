import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type ConsoleLogin, type HttpResult, startTestApp, type TestApp } from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { totpCodeAt } from "./totp";

// #33 item 3: a lone ADMIN, signed in by a trusted browser (no code in this session), set an
// account's auto-approve limit, issued it a client secret and sent its money out. What lets
// money out without an operator, or redirects it, now asks for a fresh code.
let app: TestApp;

before(async () => {
  app = await startTestApp({ REQUIRE_OPERATOR_2FA: "true", APPROVAL_SECOND_OPERATOR_ABOVE: "1000.00" });
});
after(() => app.close());

const codeOf = (res: HttpResult) => res.body.errors?.[0]?.extensions.code ?? "OK";

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

interface Enrolled extends ConsoleLogin {
  recoveryCodes: string[];
}

async function enrolled(login: ConsoleLogin): Promise<Enrolled> {
  const started = await app.gql("mutation { startTwoFactorEnrolment { secret } }", {}, { cookie: login.cookie });
  const { secret } = started.body.data.startTwoFactorEnrolment;
  const done = await app.gql(
    "mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) { recoveryCodes } }",
    { code: await nextCode(login.userId, secret) },
    { cookie: login.cookie },
  );
  assert.equal(codeOf(done), "OK");
  return { ...login, recoveryCodes: done.body.data.confirmTwoFactorEnrolment.recoveryCodes };
}

/** As a session opened by a trusted browser: no code given in the last 10 minutes. */
const stale = (login: ConsoleLogin) =>
  app.services.db.query(
    "UPDATE console_sessions SET second_factor_at = now() - interval '11 minutes' WHERE id_hash = $1",
    [hashSecret(login.cookie.split("=")[1])],
  );

const stepUp = async (login: Enrolled) => {
  const res = await app.gql(
    "mutation($code: String!) { verifyStepUp(code: $code) }",
    {
      code: login.recoveryCodes.shift(),
    },
    { cookie: login.cookie },
  );
  assert.equal(codeOf(res), "OK");
};

const ISSUE = "mutation($c: ID) { issueClientSecret(companyId: $c) { clientSecret credential { id } } }";
const REVOKE = "mutation($id: ID!) { revokeClientSecret(credentialId: $id) { id revokedAt } }";
const UPDATE =
  "mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { id name autoApproveLimit feePercent } }";
const WEBHOOK_URL = "mutation($c: ID, $u: String) { updateWebhookSettings(companyId: $c, url: $u) { url } }";
const ROTATE = "mutation($c: ID) { rotateWebhookSecret(companyId: $c) { webhookSecret } }";
const CREATE =
  'mutation { createCompany(input: { name: "Nova Conta", autoApproveLimit: "1000.00" }) { company { id } clientSecret } }';

describe("an operator ADMIN steps up before what lets money out", () => {
  test("client secrets, the auto-approve limit, fees, the webhook URL and secret, a new account: STEP_UP_REQUIRED and nothing changed; then each passes", async () => {
    const company = await app.createMerchant({ autoApproveLimit: "10.00" });
    const admin = await enrolled(await app.consoleUser({ role: "ADMIN" }));
    await stale(admin);
    const as = (query: string, variables: Record<string, unknown> = {}) =>
      app.gql(query, variables, { cookie: admin.cookie });
    const [credential] = await app.services.db.query("SELECT id FROM client_credentials WHERE company_id = $1", [
      company.companyId,
    ]);
    const before = await app.services.db.query(
      "SELECT auto_approve_limit_cents, fee_percent_centi, webhook_url, webhook_secret FROM companies WHERE id = $1",
      [company.companyId],
    );
    const countCredentials = async () =>
      (await app.services.db.query("SELECT count(*)::int AS n FROM client_credentials WHERE revoked_at IS NULL"))[0].n;
    const credentialsBefore = await countCredentials();

    const refused = {
      issue: codeOf(await as(ISSUE, { c: company.companyId })),
      revoke: codeOf(await as(REVOKE, { id: credential.id })),
      limit: codeOf(await as(UPDATE, { id: company.companyId, input: { autoApproveLimit: "1000.00" } })),
      noLimit: codeOf(await as(UPDATE, { id: company.companyId, input: { autoApproveLimit: null } })),
      feePercent: codeOf(await as(UPDATE, { id: company.companyId, input: { feePercent: "0.00" } })),
      feeFixed: codeOf(await as(UPDATE, { id: company.companyId, input: { feeFixed: "0.00" } })),
      webhookUrl: codeOf(await as(WEBHOOK_URL, { c: company.companyId, u: "https://atacante.example/ganchos" })),
      rotate: codeOf(await as(ROTATE, { c: company.companyId })),
      create: codeOf(await as(CREATE)),
    };
    assert.deepEqual(refused, {
      issue: "STEP_UP_REQUIRED",
      revoke: "STEP_UP_REQUIRED",
      limit: "STEP_UP_REQUIRED",
      noLimit: "STEP_UP_REQUIRED",
      feePercent: "STEP_UP_REQUIRED",
      feeFixed: "STEP_UP_REQUIRED",
      webhookUrl: "STEP_UP_REQUIRED",
      rotate: "STEP_UP_REQUIRED",
      create: "STEP_UP_REQUIRED",
    });
    assert.deepEqual(
      await app.services.db.query(
        "SELECT auto_approve_limit_cents, fee_percent_centi, webhook_url, webhook_secret FROM companies WHERE id = $1",
        [company.companyId],
      ),
      before,
    );
    assert.equal(await countCredentials(), credentialsBefore);
    // The name and the city move no money: no code asked.
    const renamed = await as(UPDATE, { id: company.companyId, input: { name: "Loja Renomeada" } });
    assert.equal(codeOf(renamed), "OK");

    await stepUp(admin);
    const passed = {
      issue: codeOf(await as(ISSUE, { c: company.companyId })),
      revoke: codeOf(await as(REVOKE, { id: credential.id })),
      limit: codeOf(await as(UPDATE, { id: company.companyId, input: { autoApproveLimit: "500.00" } })),
      webhookUrl: codeOf(await as(WEBHOOK_URL, { c: company.companyId, u: "https://loja.example/ganchos" })),
      rotate: codeOf(await as(ROTATE, { c: company.companyId })),
      create: codeOf(await as(CREATE)),
    };
    assert.deepEqual(passed, {
      issue: "OK",
      revoke: "OK",
      limit: "OK",
      webhookUrl: "OK",
      rotate: "OK",
      create: "OK",
    });
  });

  test("a merchant ADMIN steps up before issuing or revoking its client secrets and changing its webhook URL", async () => {
    const company = await app.createMerchant();
    const owner = await enrolled(
      await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId }),
    );
    await stale(owner);
    const as = (query: string, variables: Record<string, unknown> = {}) =>
      app.gql(query, variables, { cookie: owner.cookie });
    const [credential] = await app.services.db.query("SELECT id FROM client_credentials WHERE company_id = $1", [
      company.companyId,
    ]);
    assert.equal(codeOf(await as(ISSUE)), "STEP_UP_REQUIRED");
    assert.equal(codeOf(await as(REVOKE, { id: credential.id })), "STEP_UP_REQUIRED");
    assert.equal(codeOf(await as(WEBHOOK_URL, { u: "https://atacante.example/ganchos" })), "STEP_UP_REQUIRED");
    await stepUp(owner);
    assert.equal(codeOf(await as(ISSUE)), "OK");
    assert.equal(codeOf(await as(WEBHOOK_URL, { u: "https://loja.example/ganchos" })), "OK");
  });
});
