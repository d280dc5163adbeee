import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { paidCharge } from "../../test/support/refund-steps";
import { type ConsoleLogin, type HttpResult, startTestApp, type TestApp } from "../../test/support/test-app";
import { hashSecret } from "../core/secrets";
import { totpCodeAt } from "../two-factor/totp";

// Accepting a MED dispute returns the held money: the refunds' step-up and second-operator
// rules (#33 item 5), with maker-checker above R$ 100.00.
let app: TestApp;

before(async () => {
  app = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "100.00" });
});
after(() => app.close());

const FIELDS = "id status refundId acceptRequestedBy decidedBy";
const ACCEPT = `mutation($id: ID!) { acceptDispute(id: $id) { ${FIELDS} } }`;
const accept = (who: ConsoleLogin, id: string) => app.gql(ACCEPT, { id }, { cookie: who.cookie });
const errorOf = (res: HttpResult) => {
  const error = res.body.errors?.[0];
  return error ? [error.extensions.code, error.message] : ["OK"];
};

async function openDispute(chargeId: string, amount: string) {
  const result = await app.graphql(
    `mutation($c: ID!, $a: Money) { simulateDispute(chargeId: $c, amount: $a, nature: MED_FRAUDE, description: "Golpe") { id heldAmount } }`,
    { c: chargeId, a: amount },
  );
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  assert.equal(result.data.simulateDispute.heldAmount, amount);
  return result.data.simulateDispute.id as string;
}

const medRefunds = async (disputeId: string) =>
  (await app.services.db.query("SELECT count(*)::int AS n FROM refunds WHERE dispute_id = $1", [disputeId]))[0].n;

describe("accepting a MED dispute", () => {
  test("above the threshold the first operator's acceptance waits; the same one again is refused; a second operator returns the money", async () => {
    const merchant = await app.createMerchant();
    const disputeId = await openDispute(await paidCharge(app, merchant, 500), "300.00");
    const ana = await app.consoleUser({ role: "OPERATOR" });
    const bruno = await app.consoleUser({ role: "OPERATOR" });

    const first = await accept(ana, disputeId);
    assert.deepEqual(errorOf(first), ["OK"]);
    assert.deepEqual(first.body.data.acceptDispute, {
      id: disputeId,
      status: "OPEN",
      refundId: null,
      acceptRequestedBy: `operator:${ana.userId}`,
      decidedBy: null,
    });
    assert.equal(await medRefunds(disputeId), 0, "nothing returned by one operator");
    const [requested] = await app.services.db.query(
      "SELECT actor, after FROM audit_log WHERE action = 'dispute.accept_requested' AND object_id = $1",
      [disputeId],
    );
    assert.equal(requested.actor, `operator:${ana.userId}`);
    assert.equal(requested.after.acceptRequestedBy, `operator:${ana.userId}`);
    assert.equal(requested.after.status, "OPEN");

    const again = await accept(ana, disputeId);
    assert.deepEqual(errorOf(again), [
      "INVALID_STATE",
      "You already accepted this dispute: a second, different operator must accept it",
    ]);

    const second = await accept(bruno, disputeId);
    assert.deepEqual(errorOf(second), ["OK"]);
    assert.equal(second.body.data.acceptDispute.status, "ACCEPTED");
    assert.equal(second.body.data.acceptDispute.decidedBy, `operator:${bruno.userId}`);
    assert.match(second.body.data.acceptDispute.refundId, /^rf_/);
    assert.equal(await medRefunds(disputeId), 1);
  });

  test("what one operator returns alone counts in their window: two of R$ 60,00 on one account, the second waits", async () => {
    const merchant = await app.createMerchant();
    const carla = await app.consoleUser({ role: "OPERATOR" });
    const one = await openDispute(await paidCharge(app, merchant, 100), "60.00");
    const two = await openDispute(await paidCharge(app, merchant, 100), "60.00");
    const alone = await accept(carla, one);
    assert.equal(alone.body.data.acceptDispute.status, "ACCEPTED", alone.text);
    const waits = await accept(carla, two);
    assert.deepEqual(
      [waits.body.data.acceptDispute.status, waits.body.data.acceptDispute.acceptRequestedBy],
      ["OPEN", `operator:${carla.userId}`],
    );
    assert.equal(await medRefunds(two), 0);
  });

  test("above the threshold an operator with a second factor steps up first; below it no code is asked", async () => {
    const merchant = await app.createMerchant();
    const login = await app.consoleUser({ role: "OPERATOR" });
    const started = await app.gql("mutation { startTwoFactorEnrolment { secret } }", {}, { cookie: login.cookie });
    const { secret } = started.body.data.startTwoFactorEnrolment;
    const enrolled = await app.gql(
      "mutation($c: String!) { confirmTwoFactorEnrolment(code: $c) { recoveryCodes } }",
      { c: totpCodeAt(secret, Date.now()) },
      { cookie: login.cookie },
    );
    assert.deepEqual(errorOf(enrolled), ["OK"]);
    await app.services.db.query(
      "UPDATE console_sessions SET second_factor_at = now() - interval '11 minutes' WHERE id_hash = $1",
      [hashSecret(login.cookie.split("=")[1])],
    );
    const large = await openDispute(await paidCharge(app, merchant, 500), "300.00");
    const small = await openDispute(await paidCharge(app, merchant, 100), "50.00");
    const refused = await accept(login, large);
    assert.equal(errorOf(refused)[0], "STEP_UP_REQUIRED");
    const [untouched] = await app.services.db.query("SELECT status, accept_requested_by FROM disputes WHERE id = $1", [
      large,
    ]);
    assert.deepEqual(untouched, { status: "OPEN", accept_requested_by: null });
    assert.equal((await accept(login, small)).body.data.acceptDispute.status, "ACCEPTED");
  });
});
