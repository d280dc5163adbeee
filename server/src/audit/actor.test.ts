import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { describeActors } from "./actor";
import { actorsNamedIn } from "./audit.fields";

/**
 * actorInfo: the raw actor of a timeline or audit row in words (a console user's name and
 * e-mail, an API credential's hint), resolved for a whole request at once, and never an
 * operator's identity for a merchant.
 */
let app: TestApp;
let operator: ConsoleLogin;
let shop: Merchant;
let withdrawalId: string;

const ACTOR = "actorInfo { id kind displayName email credentialHint }";

before(async () => {
  app = await startTestApp();
  operator = await app.consoleUser({ role: "ADMIN", email: "otto.operador@pix.test" });
  await app.services.db.query("UPDATE console_users SET name = 'Otto Operador' WHERE id = $1", [operator.userId]);
  shop = await fundedMerchant(app, "500.00");
  withdrawalId = await createWithdrawal(app, shop);
  const approved = await app.gql(
    `mutation($id: ID!) { approveWithdrawal(id: $id) { status } }`,
    { id: withdrawalId },
    {
      cookie: operator.cookie,
    },
  );
  assert.equal(approved.body.errors, undefined, JSON.stringify(approved.body.errors));
});
after(() => app.close());

test("an operator reads the merchant's credential by its hint and the approving operator by name and e-mail", async () => {
  const res = await app.gql(
    `query($id: ID!) { withdrawalHistory(id: $id) { toStatus actor ${ACTOR} } }`,
    {
      id: withdrawalId,
    },
    { cookie: operator.cookie },
  );
  assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
  const [created, sent] = res.body.data.withdrawalHistory;
  assert.match(created.actor, /^merchant:cred_/);
  assert.deepEqual(created.actorInfo, {
    id: created.actor,
    kind: "MERCHANT",
    displayName: null,
    email: null,
    credentialHint: `${shop.clientSecret.slice(0, 8)}…`,
  });
  assert.deepEqual(sent.actorInfo, {
    id: `operator:${operator.userId}`,
    kind: "OPERATOR",
    displayName: "Otto Operador",
    email: "otto.operador@pix.test",
    credentialHint: null,
  });
});

test("the audit trail names its actors the same way", async () => {
  const res = await app.gql(
    `query($id: ID!) { auditTrail(objectType: "withdrawal", objectId: $id) { action ${ACTOR} } }`,
    { id: withdrawalId },
    { cookie: operator.cookie },
  );
  assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
  const approve = res.body.data.auditTrail.find((row: { action: string }) => row.action === "withdrawal.approve");
  assert.equal(approve.actorInfo.displayName, "Otto Operador");
  assert.equal(approve.actorInfo.email, "otto.operador@pix.test");
});

test("a merchant reads its own credential's hint but not who the operator was", async () => {
  const res = await app.graphql(
    `query($id: ID!) { withdrawalHistory(id: $id) { toStatus ${ACTOR} } }`,
    { id: withdrawalId },
    shop.clientSecret,
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  const [created, sent] = res.data.withdrawalHistory;
  assert.equal(created.actorInfo.credentialHint, `${shop.clientSecret.slice(0, 8)}…`);
  assert.deepEqual(sent.actorInfo, {
    id: `operator:${operator.userId}`,
    kind: "OPERATOR",
    displayName: null,
    email: null,
    credentialHint: null,
  });
});

test("a page of the audit log describes its actors in one batch, not one lookup per row", async () => {
  const audit = app.services.audit;
  const original = audit.describeActors.bind(audit);
  const calls: number[] = [];
  audit.describeActors = (actors, viewer) => {
    calls.push(actors.length);
    return original(actors, viewer);
  };
  try {
    const res = await app.gql(
      `query { auditLog(first: 50) { data { actor ${ACTOR} } } }`,
      {},
      {
        cookie: operator.cookie,
      },
    );
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    const rows: Array<{ actor: string }> = res.body.data.auditLog.data;
    assert.ok(rows.length > 2, `only ${rows.length} rows`);
    assert.equal(calls.length, 1);
    assert.equal(calls[0], new Set(rows.map((row) => row.actor)).size);
  } finally {
    audit.describeActors = original;
  }
});

test("actors without a row (the operator token, the system, the bank) keep their kind and no name", async () => {
  const found = await describeActors(
    app.services.db,
    ["operator:token", "system:auto-approve", "provider", "operator:usr_gone"],
    null,
  );
  assert.deepEqual(
    [...found.values()].map((actor) => [actor.id, actor.kind, actor.displayName]),
    [
      ["operator:token", "OPERATOR", null],
      ["system:auto-approve", "SYSTEM", null],
      ["provider", "PROVIDER", null],
      ["operator:usr_gone", "OPERATOR", null],
    ],
  );
});

test("actorsNamedIn: the console users' and credentials' ids a row's fields hold, at any depth, once each", () => {
  assert.deepEqual(
    actorsNamedIn(
      { requestedBy: "operator:usr_a1", confirmedBy: null, status: "POSTED", note: "operator:usr_a1 asked" },
      {
        approvals: ["operator:usr_b2", "operator:usr_a1"],
        nested: { by: "merchant:cred_c3" },
        actor: "operator:token",
      },
    ),
    ["operator:usr_a1", "operator:usr_b2", "merchant:cred_c3"],
  );
  assert.deepEqual(actorsNamedIn(null, undefined, "operator:usr_x", 42), ["operator:usr_x"]);
  const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, `operator:usr_${i}`]));
  assert.equal(actorsNamedIn(many).length, 20);
});

test("the audit log names the people its rows' fields name (requestedBy, confirmedBy), as it names the row's actor", async () => {
  const made = await app.gql(
    `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "1.00", description: "named actors") { id requestedBy } }`,
    { c: shop.companyId },
    { cookie: operator.cookie },
  );
  assert.equal(made.body.errors, undefined, JSON.stringify(made.body.errors));
  const { id, requestedBy } = made.body.data.createAdjustment;
  assert.equal(requestedBy, `operator:${operator.userId}`);
  // The people the rows' fields name join the batch of the rows' actors: one lookup.
  const audit = app.services.audit;
  const original = audit.describeActors.bind(audit);
  let lookups = 0;
  audit.describeActors = (actors, viewer) => {
    lookups += 1;
    return original(actors, viewer);
  };
  const res = await app.gql(
    `query($id: ID!) { auditLog(objectType: "adjustment", objectId: $id) { data { after ${ACTOR} namedActors { id kind displayName email credentialHint } } } }`,
    { id },
    { cookie: operator.cookie },
  );
  audit.describeActors = original;
  assert.equal(lookups, 1);
  assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
  const [row] = res.body.data.auditLog.data;
  assert.equal(row.after.requestedBy, `operator:${operator.userId}`);
  assert.deepEqual(row.namedActors, [
    {
      id: `operator:${operator.userId}`,
      kind: "OPERATOR",
      displayName: "Otto Operador",
      email: "otto.operador@pix.test",
      credentialHint: null,
    },
  ]);
});
