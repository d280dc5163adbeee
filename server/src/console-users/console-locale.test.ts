import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type ConsoleLogin, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";

let app: TestApp;
let operator: ConsoleLogin;
let merchantUser: ConsoleLogin;

const SET_LOCALE = "mutation($l: ConsoleLocale!) { setConsoleLocale(locale: $l) { id locale } }";
const VIEWER = "{ viewer { id locale } }";

before(async () => {
  app = await startTestApp();
  operator = await app.consoleUser({ role: "OPERATOR", email: "locale-operator@example.com" });
  const merchant = await app.createMerchant();
  merchantUser = await app.consoleUser({
    kind: "MERCHANT",
    role: "MEMBER",
    companyId: merchant.companyId,
    email: "locale-member@example.com",
  });
});
after(() => app.close());

const storedLocale = async (userId: string) =>
  (await app.services.db.query("SELECT locale FROM console_users WHERE id = $1", [userId]))[0].locale;

describe("console language", () => {
  test("not chosen: the viewer's locale is null", async () => {
    const res = await app.gql(VIEWER, {}, { cookie: operator.cookie });
    assert.deepEqual(res.body.data.viewer, { id: operator.userId, locale: null });
  });

  test("a user's choice is kept on the user and read back by the viewer, per user", async () => {
    const set = await app.gql(SET_LOCALE, { l: "EN" }, { cookie: operator.cookie });
    assert.equal(set.body.errors, undefined, JSON.stringify(set.body.errors));
    assert.deepEqual(set.body.data.setConsoleLocale, { id: operator.userId, locale: "EN" });
    assert.equal(await storedLocale(operator.userId), "en");
    assert.deepEqual((await app.gql(VIEWER, {}, { cookie: operator.cookie })).body.data.viewer, {
      id: operator.userId,
      locale: "EN",
    });
    // Another user's choice is their own.
    assert.equal(await storedLocale(merchantUser.userId), null);
    const merchantSet = await app.gql(SET_LOCALE, { l: "PT_BR" }, { cookie: merchantUser.cookie });
    assert.deepEqual(merchantSet.body.data.setConsoleLocale, { id: merchantUser.userId, locale: "PT_BR" });
    assert.equal(await storedLocale(merchantUser.userId), "pt-BR");
    assert.equal(await storedLocale(operator.userId), "en");
  });

  test("a language the console does not speak is refused by the schema and changes nothing", async () => {
    const res = await app.gql(SET_LOCALE, { l: "FR" }, { cookie: operator.cookie });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].extensions.code, "BAD_USER_INPUT");
    assert.equal(await storedLocale(operator.userId), "en");
  });

  test("the database refuses an unknown language written past the service", async () => {
    await assert.rejects(
      app.services.db.query("UPDATE console_users SET locale = 'fr' WHERE id = $1", [operator.userId]),
      /console_users_locale_known/,
    );
  });

  test("signed out: UNAUTHENTICATED; a bearer caller has no console user: FORBIDDEN", async () => {
    const anonymous = await app.gql(SET_LOCALE, { l: "EN" }, {});
    assert.equal(anonymous.body.errors[0].extensions.code, "UNAUTHENTICATED");
    const bearer = await app.gql(SET_LOCALE, { l: "EN" }, { token: TEST_ADMIN_TOKEN });
    assert.equal(bearer.body.errors[0].extensions.code, "FORBIDDEN");
    assert.equal(bearer.body.data, null);
  });
});
