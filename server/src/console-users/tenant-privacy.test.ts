import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

// What one tenant may learn about people of another: nothing from an invite, and no
// operator's client address from its audit log.
let app: TestApp;
let shop: Merchant;
let otherShop: Merchant;
let shopAdmin: ConsoleLogin;
let shopMember: ConsoleLogin;
let outsider: ConsoleLogin;
let operator: ConsoleLogin;

before(async () => {
  app = await startTestApp();
  shop = await fundedMerchant(app, "10.00");
  otherShop = await fundedMerchant(app, "10.00");
  shopAdmin = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: shop.companyId });
  shopMember = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: shop.companyId });
  outsider = await app.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: otherShop.companyId });
  operator = await app.consoleUser({ role: "OPERATOR", email: "olivia.ops@pix.example" });
});
after(() => app.close());

const INVITE = `mutation($e: String!) { inviteCompanyUser(email: $e, role: MEMBER, name: "Nina") {
  inviteToken inviteUrl user { id email name kind role companyId disabled invitePending lastSignInAt } } }`;
const ACCEPT = 'mutation($t: String!) { acceptInvite(token: $t, password: "tamarind quokka lighthouse") { id } }';

type Invite = {
  inviteToken: string;
  inviteUrl: string;
  user: { id: string; email: string; [field: string]: unknown };
};

/** The answer without what differs between any two invites (id, e-mail, token). */
function shapeOf(invite: Invite) {
  assert.match(invite.inviteToken, /^inv_[A-Za-z0-9_-]{43}$/);
  assert.equal(invite.inviteUrl, `${app.services.config.publicBaseUrl}/accept-invite?token=${invite.inviteToken}`);
  assert.match(invite.user.id, /^usr_/);
  return { ...invite.user, id: undefined, email: undefined };
}

async function rowsWithEmail(email: string) {
  return app.services.db.query(
    "SELECT id, kind, company_id, password_hash IS NOT NULL AS has_password, disabled FROM console_users WHERE lower(email) = $1",
    [email],
  );
}

describe("a merchant admin's invite of an e-mail taken outside its tenant", () => {
  test("answers like a new invite, links and creates nothing, and its token opens nothing", async () => {
    const asAdmin = { cookie: shopAdmin.cookie };
    const fresh = await app.gql(INVITE, { e: "nina.new@example.com" }, asAdmin);
    assert.equal(fresh.body.errors, undefined, JSON.stringify(fresh.body.errors));
    const expected = shapeOf(fresh.body.data.inviteCompanyUser);
    assert.deepEqual(expected, {
      id: undefined,
      email: undefined,
      name: "Nina",
      kind: "MERCHANT",
      role: "MEMBER",
      companyId: shop.companyId,
      disabled: false,
      invitePending: true,
      lastSignInAt: null,
    });

    for (const taken of [operator, outsider]) {
      const before = await rowsWithEmail(taken.email);
      const res = await app.gql(INVITE, { e: taken.email.toUpperCase() }, asAdmin);
      assert.equal(res.status, fresh.status);
      assert.equal(res.body.errors, undefined, `${taken.email}: ${JSON.stringify(res.body.errors)}`);
      const invite: Invite = res.body.data.inviteCompanyUser;
      assert.deepEqual(shapeOf(invite), expected, taken.email);
      assert.equal(invite.user.email, taken.email);
      assert.notEqual(invite.user.id, taken.userId);
      // The existing person is untouched; nobody new exists with that e-mail.
      assert.deepEqual(await rowsWithEmail(taken.email), before);
      const accepted = await app.gql(ACCEPT, { t: invite.inviteToken });
      assert.equal(accepted.body.errors?.[0].extensions.code, "NOT_FOUND");
      assert.equal(accepted.headers.get("set-cookie"), null);
      // Operators are told, in a row without a company (merchants never read it).
      const [alert] = await app.services.db.query(
        "SELECT company_id, object_id, after FROM audit_log WHERE action = 'company_user.invite_email_taken' AND object_id = $1",
        [taken.userId],
      );
      assert.deepEqual(alert, {
        company_id: null,
        object_id: taken.userId,
        after: { email: taken.email, invitedTo: shop.companyId, role: "MEMBER" },
      });
    }

    // The merchant's own audit log reads the same for all three invites.
    const log = await app.gql(
      `{ auditLog(action: "company_user.invite") { data { actor action objectType after } } }`,
      {},
      asAdmin,
    );
    const rows = log.body.data.auditLog.data.slice(0, 3);
    assert.deepEqual(
      rows.map((row: { after: { email: string } }) => row.after.email).sort(),
      [outsider.email, operator.email, "nina.new@example.com"].sort(),
    );
    for (const row of rows) {
      assert.deepEqual(
        { ...row, after: { ...row.after, email: undefined } },
        {
          actor: `merchant:${shopAdmin.userId}`,
          action: "company_user.invite",
          objectType: "console_user",
          after: { email: undefined, name: "Nina", kind: "MERCHANT", role: "MEMBER", disabled: false },
        },
      );
    }
    const merchantReadsAlert = await app.gql(
      `{ auditLog(action: "company_user.invite_email_taken") { data { id } } }`,
      {},
      asAdmin,
    );
    assert.deepEqual(merchantReadsAlert.body.data.auditLog.data, []);
  });

  test("an active member of its own team is still a CONFLICT; an operator ADMIN is told the truth", async () => {
    const own = await app.gql(INVITE, { e: shopMember.email }, { cookie: shopAdmin.cookie });
    assert.equal(own.body.errors?.[0].extensions.code, "CONFLICT");
    const byOperator = await app.graphql(
      `mutation($c: ID!, $e: String!) { inviteCompanyUser(companyId: $c, email: $e, role: MEMBER) { inviteToken } }`,
      { c: shop.companyId, e: outsider.email },
    );
    assert.equal(byOperator.errors?.[0].extensions.code, "CONFLICT");
  });
});

describe("client addresses in a merchant's audit log", () => {
  test("a merchant sees its own people's addresses, never an operator's; operators see all", async () => {
    const credit = await app.gql(
      `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "1.00", description: "goodwill") { id } }`,
      { c: shop.companyId },
      { cookie: operator.cookie },
    );
    assert.equal(credit.body.errors, undefined, JSON.stringify(credit.body.errors));
    await app.gql(INVITE, { e: "addr.check@example.com" }, { cookie: shopAdmin.cookie });
    const QUERY = `query($c: ID) { auditLog(companyId: $c, first: 200) { data { actorKind action objectId address } } }`;
    const asMerchant = (await app.gql(QUERY, {}, { cookie: shopAdmin.cookie })).body.data.auditLog.data;
    const asOperator = (await app.gql(QUERY, { c: shop.companyId }, { cookie: operator.cookie })).body.data.auditLog
      .data;
    const find = (rows: Array<Record<string, string>>, action: string) => rows.find((row) => row.action === action);
    const adjustmentId = credit.body.data.createAdjustment.id;
    assert.deepEqual(find(asMerchant, "adjustment.create"), {
      actorKind: "OPERATOR",
      action: "adjustment.create",
      objectId: adjustmentId,
      address: null,
    });
    assert.match(find(asOperator, "adjustment.create")?.address ?? "", /127\.0\.0\.1/);
    assert.match(find(asMerchant, "company_user.invite")?.address ?? "", /127\.0\.0\.1/);
    assert.ok(asMerchant.every((row: Record<string, string>) => row.actorKind === "MERCHANT" || row.address === null));

    const trail = await app.gql(
      `query($id: ID!) { auditTrail(objectType: "adjustment", objectId: $id) { actorKind address } }`,
      { id: adjustmentId },
      { cookie: shopAdmin.cookie },
    );
    assert.deepEqual(trail.body.data.auditTrail, [{ actorKind: "OPERATOR", address: null }]);
  });
});
