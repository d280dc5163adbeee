import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

let app: TestApp;
let shop: Merchant;
let otherShop: Merchant;
let viewer: ConsoleLogin;
let operator: ConsoleLogin;
let member: ConsoleLogin;
let merchantAdmin: ConsoleLogin;
let otherMember: ConsoleLogin;

before(async () => {
  app = await startTestApp();
  shop = await fundedMerchant(app, "500.00");
  otherShop = await fundedMerchant(app, "500.00");
  viewer = await app.consoleUser({ role: "VIEWER" });
  operator = await app.consoleUser({ role: "OPERATOR" });
  member = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: shop.companyId });
  merchantAdmin = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: shop.companyId });
  otherMember = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: otherShop.companyId });
});
after(() => app.close());

const codeOf = (res: { body: { errors?: Array<{ extensions: { code: string } }> } }) =>
  res.body.errors?.[0]?.extensions.code ?? "OK";

describe("operator roles", () => {
  test("a VIEWER reads everything and acts on nothing (FORBIDDEN)", async () => {
    const id = await createWithdrawal(app, shop);
    for (const query of [
      "{ companies { data { id } } }",
      `{ withdrawals(companyId: "${shop.companyId}") { total } }`,
      `{ balanceAudit(companyId: "${shop.companyId}") { consistent } }`,
      `{ clientCredentials(companyId: "${shop.companyId}") { id } }`,
      `{ companyUsers(companyId: "${shop.companyId}") { id } }`,
      "{ auditLog(first: 5) { data { id } } }",
      "{ paymentExceptions { total } }",
    ]) {
      assert.equal(codeOf(await app.gql(query, {}, { cookie: viewer.cookie })), "OK", query);
    }
    for (const mutation of [
      `mutation { approveWithdrawal(id: "${id}") { status } }`,
      `mutation { rejectWithdrawal(id: "${id}", reason: "no") { status } }`,
      `mutation { createAdjustment(companyId: "${shop.companyId}", amount: "1.00", description: "x") { id } }`,
      `mutation { createCompany(input: {name: "V"}) { clientSecret } }`,
      `mutation { issueClientSecret(companyId: "${shop.companyId}") { clientSecret } }`,
      `mutation { inviteOperator(email: "v@example.com", role: ADMIN) { inviteToken } }`,
      `mutation { createCharge(companyId: "${shop.companyId}", input: {amount: "1.00"}) { id } }`,
    ]) {
      assert.equal(codeOf(await app.gql(mutation, {}, { cookie: viewer.cookie })), "FORBIDDEN", mutation);
    }
    const read = await app.graphql(`{ withdrawal(id: "${id}") { status } }`);
    assert.equal(read.data.withdrawal.status, "PENDING", "the viewer's attempt changed nothing");
  });

  test("an OPERATOR approves, adjusts and reserves, but manages neither accounts nor operators", async () => {
    const id = await createWithdrawal(app, shop);
    const approved = await app.gql(
      `mutation { approveWithdrawal(id: "${id}") { status } }`,
      {},
      { cookie: operator.cookie },
    );
    assert.equal(approved.body.data.approveWithdrawal.status, "PROCESSING");
    const adjusted = await app.gql(
      `mutation { createAdjustment(companyId: "${shop.companyId}", amount: "2.00", description: "goodwill") { status createdBy } }`,
      {},
      { cookie: operator.cookie },
    );
    assert.deepEqual(adjusted.body.data.createAdjustment, {
      status: "POSTED",
      createdBy: `operator:${operator.userId}`,
    });
    for (const mutation of [
      `mutation { createCompany(input: {name: "O"}) { clientSecret } }`,
      `mutation { updateCompany(id: "${shop.companyId}", input: {feePercent: "0"}) { id } }`,
      `mutation { issueClientSecret(companyId: "${shop.companyId}") { clientSecret } }`,
      `mutation { inviteOperator(email: "o@example.com", role: ADMIN) { inviteToken } }`,
      `mutation { inviteCompanyUser(companyId: "${shop.companyId}", email: "o@example.com", role: ADMIN) { inviteToken } }`,
      `mutation { updateWebhookSettings(companyId: "${shop.companyId}", url: "http://127.0.0.1:1/x") { url } }`,
    ]) {
      assert.equal(codeOf(await app.gql(mutation, {}, { cookie: operator.cookie })), "FORBIDDEN", mutation);
    }
    assert.equal(codeOf(await app.gql("{ operators { id } }", {}, { cookie: operator.cookie })), "FORBIDDEN");
  });
});

describe("merchant users", () => {
  test("never reach operator operations (FORBIDDEN)", async () => {
    const id = await createWithdrawal(app, shop);
    for (const who of [member, merchantAdmin]) {
      for (const query of [
        "{ companies { data { id } } }",
        `{ company(id: "${shop.companyId}") { id } }`,
        `{ balanceAudit(companyId: "${shop.companyId}") { consistent } }`,
        `{ adjustments { data { id } } }`,
        "{ operators { id } }",
        "{ paymentExceptions { total } }",
        `mutation { approveWithdrawal(id: "${id}") { status } }`,
        `mutation { createAdjustment(companyId: "${shop.companyId}", amount: "1000.00", description: "free") { id } }`,
        `mutation { createCompany(input: {name: "M"}) { clientSecret } }`,
        `mutation { inviteOperator(email: "m@example.com", role: ADMIN) { inviteToken } }`,
        `mutation { updateCompany(id: "${shop.companyId}", input: {feePercent: "0"}) { id } }`,
      ]) {
        const res = await app.gql(query, {}, { cookie: who.cookie });
        assert.equal(codeOf(res), "FORBIDDEN", `${who.email}: ${query}`);
        assert.equal(res.body.data, null);
      }
    }
  });

  test("never reach another company's data (404 for its objects, FORBIDDEN for naming it)", async () => {
    const theirs = await createWithdrawal(app, otherShop);
    const charge = await app.request("POST", "/charges", { token: otherShop.clientSecret, body: { amount: 5 } });
    for (const query of [
      `{ withdrawal(id: "${theirs}") { id } }`,
      `{ charge(id: "${charge.body.id}") { id } }`,
      `mutation { cancelWithdrawal(id: "${theirs}") { status } }`,
    ]) {
      assert.equal(codeOf(await app.gql(query, {}, { cookie: member.cookie })), "NOT_FOUND", query);
    }
    for (const query of [
      `{ withdrawals(companyId: "${otherShop.companyId}") { total } }`,
      `{ balance(companyId: "${otherShop.companyId}") { balance } }`,
      `{ charges(companyId: "${otherShop.companyId}") { total } }`,
    ]) {
      assert.equal(codeOf(await app.gql(query, {}, { cookie: member.cookie })), "FORBIDDEN", query);
    }
    const admin = { cookie: merchantAdmin.cookie };
    for (const query of [
      `{ companyUsers(companyId: "${otherShop.companyId}") { id } }`,
      `{ clientCredentials(companyId: "${otherShop.companyId}") { id } }`,
      `mutation { issueClientSecret(companyId: "${otherShop.companyId}") { clientSecret } }`,
      `mutation { inviteCompanyUser(companyId: "${otherShop.companyId}", email: "x@example.com", role: ADMIN) { inviteToken } }`,
      `{ auditLog(companyId: "${otherShop.companyId}") { data { id } } }`,
    ]) {
      assert.equal(codeOf(await app.gql(query, {}, admin)), "FORBIDDEN", query);
    }
    const removal = await app.gql(`mutation { removeCompanyUser(id: "${otherMember.userId}") { id } }`, {}, admin);
    assert.equal(codeOf(removal), "NOT_FOUND");
    const [credential] = (await app.graphql(`{ clientCredentials(companyId: "${otherShop.companyId}") { id } }`)).data
      .clientCredentials;
    const revoke = await app.gql(`mutation { revokeClientSecret(credentialId: "${credential.id}") { id } }`, {}, admin);
    assert.equal(codeOf(revoke), "NOT_FOUND");
    assert.equal((await app.request("GET", "/charges/balance", { token: otherShop.clientSecret })).status, 200);
  });

  test("a MEMBER works with charges and withdrawals; team, credentials and webhooks need a merchant ADMIN", async () => {
    const mine = { cookie: member.cookie };
    const charge = await app.gql(`mutation { createCharge(input: {amount: "12.34"}) { id amount } }`, {}, mine);
    assert.equal(charge.body.data.createCharge.amount, "12.34");
    const withdrawal = await app.gql(
      `mutation($k: String!) { createWithdrawal(input: {amount: "5.00", pixKeyType: CPF, pixKey: "52998224725"}, idempotencyKey: $k) { id status } }`,
      { k: crypto.randomUUID() },
      mine,
    );
    assert.equal(withdrawal.body.data.createWithdrawal.status, "PENDING");
    assert.equal(codeOf(await app.gql("{ balance { balance } webhookSettings { url } }", {}, mine)), "OK");
    for (const mutation of [
      `mutation { issueClientSecret { clientSecret } }`,
      `mutation { updateWebhookSettings(url: "http://127.0.0.1:1/hook") { url } }`,
      `mutation { rotateWebhookSecret { webhookSecret } }`,
      `mutation { inviteCompanyUser(email: "friend@example.com", role: MEMBER) { inviteToken } }`,
      `mutation { removeCompanyUser(id: "${merchantAdmin.userId}") { id } }`,
    ]) {
      assert.equal(codeOf(await app.gql(mutation, {}, mine)), "FORBIDDEN", mutation);
    }
    assert.equal(codeOf(await app.gql("{ companyUsers { id } }", {}, mine)), "FORBIDDEN");
    assert.equal(codeOf(await app.gql("{ auditLog { data { id } } }", {}, mine)), "FORBIDDEN");
  });

  test("a merchant ADMIN manages its team and credentials", async () => {
    const admin = { cookie: merchantAdmin.cookie };
    const issued = await app.gql(
      `mutation { issueClientSecret { clientSecret credential { id companyId } } }`,
      {},
      admin,
    );
    assert.equal(issued.body.data.issueClientSecret.credential.companyId, shop.companyId);
    const secret = issued.body.data.issueClientSecret.clientSecret;
    assert.equal((await app.request("GET", "/charges/balance", { token: secret })).status, 200);
    const revoked = await app.gql(
      `mutation($id: ID!) { revokeClientSecret(credentialId: $id) { revokedAt } }`,
      { id: issued.body.data.issueClientSecret.credential.id },
      admin,
    );
    assert.ok(revoked.body.data.revokeClientSecret.revokedAt);
    assert.equal((await app.request("GET", "/charges/balance", { token: secret })).status, 401);

    const invite = await app.gql(
      `mutation { inviteCompanyUser(email: "caixa@example.com", role: MEMBER, name: "Caixa") { inviteToken user { id companyId role kind } } }`,
      {},
      admin,
    );
    const invited = invite.body.data.inviteCompanyUser.user;
    assert.deepEqual(
      { ...invited, id: undefined },
      { id: undefined, companyId: shop.companyId, role: "MEMBER", kind: "MERCHANT" },
    );
    const team = await app.gql("{ companyUsers { id email } }", {}, admin);
    assert.ok(team.body.data.companyUsers.some((user: { id: string }) => user.id === invited.id));
    const self = await app.gql(`mutation { removeCompanyUser(id: "${merchantAdmin.userId}") { id } }`, {}, admin);
    assert.equal(codeOf(self), "INVALID_STATE");

    const removed = await app.gql(`mutation { removeCompanyUser(id: "${member.userId}") { id disabled } }`, {}, admin);
    assert.equal(removed.body.data.removeCompanyUser.disabled, true);
    const afterRemoval = await app.gql("{ viewer { id } }", {}, { cookie: member.cookie });
    assert.equal(afterRemoval.body.data.viewer, null, "the removed user's sessions ended");
    const [audit] = await app.services.db.query(
      "SELECT actor, action, company_id FROM audit_log WHERE object_id = $1 AND action = 'company_user.remove'",
      [member.userId],
    );
    assert.deepEqual(audit, {
      actor: `merchant:${merchantAdmin.userId}`,
      action: "company_user.remove",
      company_id: shop.companyId,
    });
    member = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: shop.companyId });
  });

  test("createCompany with ownerEmail invites the first merchant ADMIN, who signs in to its own account", async () => {
    const created = await app.graphql(
      `mutation { createCompany(input: {name: "Dona da Loja", ownerEmail: "dona@example.com"}) {
         company { id } ownerInvite { inviteToken user { email role kind companyId } } } }`,
    );
    const { company, ownerInvite } = created.data.createCompany;
    assert.deepEqual(ownerInvite.user, {
      email: "dona@example.com",
      role: "ADMIN",
      kind: "MERCHANT",
      companyId: company.id,
    });
    const accepted = await app.gql(
      'mutation($t: String!) { acceptInvite(token: $t, password: "a good long password") { companyId companyName role } }',
      {
        t: ownerInvite.inviteToken,
      },
    );
    assert.deepEqual(accepted.body.data.acceptInvite, {
      companyId: company.id,
      companyName: "Dona da Loja",
      role: "ADMIN",
    });
    const cookie = /pix_session=[^;]*/.exec(accepted.headers.get("set-cookie") ?? "")?.[0] ?? "";
    const balance = await app.gql("{ balance { balance } }", {}, { cookie });
    assert.equal(balance.body.data.balance.balance, "0.00");
    const without = await app.graphql(
      `mutation { createCompany(input: {name: "Sem dono"}) { ownerInvite { inviteToken } } }`,
    );
    assert.equal(without.data.createCompany.ownerInvite, null);
    const taken = await app.graphql(
      `mutation { createCompany(input: {name: "Repetida", ownerEmail: "DONA@example.com"}) { company { id } } }`,
    );
    assert.equal(taken.errors?.[0].extensions.code, "CONFLICT");
    const orphan = await app.services.db.query("SELECT 1 FROM companies WHERE name = 'Repetida'");
    assert.equal(orphan.length, 0, "the account and its owner's invite commit together or not at all");
  });

  test("a merchant ADMIN reads only its own company's audit rows", async () => {
    await app.gql(`mutation { rotateWebhookSecret { webhookSecret } }`, {}, { cookie: merchantAdmin.cookie });
    await app.graphql(`mutation { updateCompany(id: "${otherShop.companyId}", input: {name: "Outra"}) { id } }`);
    const page = await app.gql(
      "{ auditLog(first: 200) { data { companyId action } } }",
      {},
      { cookie: merchantAdmin.cookie },
    );
    const rows = page.body.data.auditLog.data;
    assert.ok(rows.some((row: { action: string }) => row.action === "webhook.rotate_secret"));
    assert.ok(rows.every((row: { companyId: string }) => row.companyId === shop.companyId));
  });
});
