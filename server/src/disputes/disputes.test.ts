import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { paidCharge, postRefund, readCharge, simulateRefundOutcome } from "../../test/support/refund-steps";
import { balanceCents, outboxEvents, postWithdrawal, VALID_CPF } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

/**
 * MED disputes against a real PostgreSQL (no worker: MED devoluções stay PROCESSING until
 * decided by simulateRefundOutcome). Every step checks the balance and balanceAudit.
 */
let app: TestApp;

before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const DISPUTE_FIELDS =
  "id chargeId reportId nature amount heldAmount status outcome description merchantStatement contestStatement refundId returnFailureReason openedBy decidedBy closedBy openedAt deadlineAt decidedAt closedAt";

const DISPUTE_EVENT_FIELDS = [
  "event",
  "event_id",
  "timestamp",
  "dispute_id",
  "charge_id",
  "company_id",
  "nature",
  "amount",
  "held_amount",
  "status",
  "outcome",
  "refund_id",
  "opened_at",
  "deadline_at",
  "closed_at",
  "signature",
];

function simulateDispute(
  chargeId: string,
  args: { amount?: string | null; nature?: string; reportId?: string | null } = {},
  token?: string,
) {
  return app.graphql(
    `mutation($c: ID!, $a: Money, $r: String) {
       simulateDispute(chargeId: $c, amount: $a, nature: ${args.nature ?? "MED_FRAUDE"}, reportId: $r,
                       description: "Golpe relatado pelo pagador") { ${DISPUTE_FIELDS} } }`,
    { c: chargeId, a: args.amount ?? null, r: args.reportId ?? null },
    token,
  );
}

async function openDispute(chargeId: string, amount: string | null = null, nature = "MED_FRAUDE") {
  const result = await simulateDispute(chargeId, { amount, nature });
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data.simulateDispute;
}

const accept = (id: string) =>
  app.graphql(`mutation($id: ID!) { acceptDispute(id: $id) { ${DISPUTE_FIELDS} } }`, { id });
const contest = (id: string, statement: string) =>
  app.graphql(`mutation($id: ID!, $s: String!) { contestDispute(id: $id, statement: $s) { ${DISPUTE_FIELDS} } }`, {
    id,
    s: statement,
  });
const close = (id: string, note?: string) =>
  app.graphql(`mutation($id: ID!, $s: String) { closeDispute(id: $id, note: $s) { ${DISPUTE_FIELDS} } }`, {
    id,
    s: note ?? null,
  });

/** The balance, asserting that balanceAudit recomputes it from the rows (with the disputes' holds). */
async function audited(merchant: Merchant): Promise<{ balance: bigint; disputesHeld: string; refundsHeld: string }> {
  const audit = await app.graphql(
    "query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance recomputedBalance disputesHeld refundsHeld } }",
    { c: merchant.companyId },
  );
  assert.equal(audit.data.balanceAudit.consistent, true, JSON.stringify(audit.data.balanceAudit));
  const balance = await balanceCents(app, merchant);
  return {
    balance,
    disputesHeld: audit.data.balanceAudit.disputesHeld,
    refundsHeld: audit.data.balanceAudit.refundsHeld,
  };
}

async function ledgerKinds(disputeId: string): Promise<Array<[string, string]>> {
  const rows: Array<{ kind: string; amount_cents: string }> = await app.services.db.query(
    "SELECT kind, amount_cents FROM ledger_entries WHERE dispute_id = $1 ORDER BY id",
    [disputeId],
  );
  return rows.map((row) => [row.kind, row.amount_cents]);
}

describe("opening a dispute (simulateDispute)", () => {
  test("holds the claimed amount: OPEN, 7-day deadline, balance and balanceAudit less the hold, dispute.opened in the outbox", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100); // net 99.01
    const dispute = await openDispute(`chg_${chargeId}`, "40.00");
    assert.match(dispute.id, /^dsp_[A-Za-z0-9]{24}$/);
    assert.equal(dispute.chargeId, chargeId);
    assert.equal(dispute.nature, "MED_FRAUDE");
    assert.equal(dispute.amount, "40.00");
    assert.equal(dispute.heldAmount, "40.00");
    assert.equal(dispute.status, "OPEN");
    assert.equal(dispute.outcome, null);
    assert.equal(dispute.description, "Golpe relatado pelo pagador");
    assert.equal(dispute.openedBy, "provider:sandbox (simulated by operator)");
    assert.equal(new Date(dispute.deadlineAt).getTime() - new Date(dispute.openedAt).getTime(), 7 * 24 * 3600 * 1000);

    const money = await audited(merchant);
    assert.equal(money.balance, 9901n - 4000n);
    assert.equal(money.disputesHeld, "40.00");
    assert.equal((await readCharge(app, merchant, chargeId)).status, "PAID");
    const charge = await app.graphql("query($id: ID!) { charge(id: $id) { disputedAmount refundedAmount } }", {
      id: chargeId,
    });
    assert.deepEqual(charge.data.charge, { disputedAmount: "40.00", refundedAmount: "0.00" });
    assert.deepEqual(await ledgerKinds(dispute.id), [["DISPUTE_HELD", "-4000"]]);

    const events = await outboxEvents(app, dispute.id);
    assert.equal(events.length, 1);
    assert.deepEqual(Object.keys(events[0]), DISPUTE_EVENT_FIELDS);
    assert.equal(events[0].event, "dispute.opened");
    assert.equal(events[0].charge_id, `chg_${chargeId}`);
    assert.equal(events[0].amount, 40);
    assert.equal(events[0].held_amount, 40);
    assert.equal(events[0].status, "OPEN");
    assert.equal(events[0].deadline_at, dispute.deadlineAt);

    const [auditRow] = await app.services.db.query(
      "SELECT action, actor_kind FROM audit_log WHERE object_id = $1 ORDER BY id",
      [dispute.id],
    );
    assert.deepEqual({ ...auditRow }, { action: "dispute.open", actor_kind: "OPERATOR" });
  });

  test("without an amount it claims all that is refundable; with a low balance it holds only the balance (never below zero)", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const withdrawal = await postWithdrawal(app, merchant, { amount: 90, pix_key_type: "CPF", pix_key: VALID_CPF });
    assert.equal(withdrawal.status, 201, withdrawal.text);
    const dispute = await openDispute(chargeId);
    assert.equal(dispute.amount, "100.00");
    assert.equal(dispute.heldAmount, "9.01");
    const money = await audited(merchant);
    assert.equal(money.balance, 0n);
    assert.equal(money.disputesHeld, "9.01");
  });

  test("the same notification (reportId) twice: one dispute, one hold, one dispute.opened", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const first = await simulateDispute(chargeId, { amount: "10.00", reportId: "med-report-1" });
    const again = await simulateDispute(chargeId, { amount: "10.00", reportId: "med-report-1" });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    assert.equal(again.data.simulateDispute.id, first.data.simulateDispute.id);
    assert.equal((await outboxEvents(app, first.data.simulateDispute.id)).length, 1);
    assert.deepEqual(await ledgerKinds(first.data.simulateDispute.id), [["DISPUTE_HELD", "-1000"]]);
    assert.equal((await audited(merchant)).balance, 9901n - 1000n);
    const other = await paidCharge(app, merchant, 50);
    const elsewhere = await simulateDispute(other, { reportId: "med-report-1" });
    assert.equal(elsewhere.errors?.[0].extensions.code, "CONFLICT");
  });

  test("refused: above what is refundable (refunds and other disputes count), a charge not PAID, merchants, a bad reportId", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const refund = await postRefund(app, merchant, chargeId, { amount: 30 });
    assert.equal(refund.status, 201, refund.text);
    await openDispute(chargeId, "50.00");
    const tooMuch = await simulateDispute(chargeId, { amount: "20.01" });
    assert.equal(tooMuch.errors?.[0].extensions.code, "REFUND_EXCEEDS_CHARGE");
    assert.match(tooMuch.errors?.[0].message ?? "", /20\.00/);
    // A refund cannot take what a dispute holds.
    const refundTooMuch = await postRefund(app, merchant, chargeId, { amount: 20.01 });
    assert.equal(refundTooMuch.status, 400);
    assert.equal(refundTooMuch.body.code, "REFUND_EXCEEDS_CHARGE");

    const pending = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 10 } });
    const notPaid = await simulateDispute(pending.body.id);
    assert.equal(notPaid.errors?.[0].extensions.code, "INVALID_STATE");
    const missing = await simulateDispute("ZZZZZZZZ");
    assert.equal(missing.errors?.[0].extensions.code, "NOT_FOUND");
    const byMerchant = await simulateDispute(chargeId, { amount: "1.00" }, merchant.clientSecret);
    assert.equal(byMerchant.errors?.[0].extensions.code, "FORBIDDEN");
    const badReport = await simulateDispute(chargeId, { amount: "1.00", reportId: "no spaces!" });
    assert.equal(badReport.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const zero = await simulateDispute(chargeId, { amount: "0.00" });
    assert.equal(zero.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.equal((await audited(merchant)).balance, 9901n - 3000n - 5000n);
  });
});

describe("deciding a dispute", () => {
  test("accept hands the hold to the devolução even when an operator's hold took the balance below zero", async () => {
    // Found by the model-based test's long run: the MED reservation was refused by the ledger's CHECK (500).
    const merchant = await app.createMerchant();
    const disputed = await paidCharge(app, merchant, 100); // net 99.01
    const held = await paidCharge(app, merchant, 100); // net 99.01; balance 198.02
    const dispute = await openDispute(disputed, "100.00");
    assert.equal(dispute.heldAmount, "100.00");
    const withdrawal = await postWithdrawal(app, merchant, { amount: 98.02, pix_key_type: "CPF", pix_key: VALID_CPF });
    assert.equal(withdrawal.status, 201, withdrawal.text);
    const reserved = await app.graphql(
      'mutation($id: ID!) { reserveCharge(id: $id, reason: "análise") { reserved } }',
      {
        id: held,
      },
    );
    assert.equal(reserved.data.reserveCharge.reserved, true);
    assert.equal((await audited(merchant)).balance, -9901n);

    const accepted = await accept(dispute.id);
    assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
    assert.equal(accepted.data.acceptDispute.status, "ACCEPTED");
    const after_ = await audited(merchant);
    assert.deepEqual(after_, { balance: -9901n, disputesHeld: "0.00", refundsHeld: "100.00" });
    assert.deepEqual(await ledgerKinds(dispute.id), [
      ["DISPUTE_HELD", "-10000"],
      ["DISPUTE_RELEASED", "10000"],
      ["REFUND_RESERVED", "-10000"],
    ]);
    // The claim took all of the charge: nothing is left to refund.
    const refund = await postRefund(app, merchant, disputed, {});
    assert.deepEqual([refund.status, refund.body.code], [400, "REFUND_EXCEEDS_CHARGE"]);
  });

  test("accept: the hold becomes a MED devolução (balance unchanged); REFUNDED closes it RETURNED with dispute.closed", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const dispute = await openDispute(chargeId, "40.00", "MED_OPERACIONAL");
    const accepted = await accept(dispute.id);
    assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
    const { acceptDispute } = accepted.data;
    assert.equal(acceptDispute.status, "ACCEPTED");
    assert.equal(acceptDispute.outcome, null);
    assert.match(acceptDispute.decidedBy, /^operator:/);
    assert.match(acceptDispute.refundId, /^rf_/);
    // The sandbox's payer's bank is returned by the service's own devolução.
    const read = await app.graphql("query($id: ID!) { dispute(id: $id) { returnedByBank } }", { id: dispute.id });
    assert.equal(read.data.dispute.returnedByBank, false);
    const refund = await app.graphql("query($id: ID!) { refund(id: $id) { amount status nature disputeId reason } }", {
      id: acceptDispute.refundId,
    });
    assert.deepEqual(refund.data.refund, {
      amount: "40.00",
      status: "PROCESSING",
      nature: "MED_OPERACIONAL",
      disputeId: dispute.id,
      reason: "Devolução MED: falha operacional",
    });
    let money = await audited(merchant);
    assert.equal(money.balance, 9901n - 4000n);
    assert.equal(money.disputesHeld, "0.00");
    assert.equal(money.refundsHeld, "40.00");
    assert.deepEqual(await ledgerKinds(dispute.id), [
      ["DISPUTE_HELD", "-4000"],
      ["DISPUTE_RELEASED", "4000"],
      ["REFUND_RESERVED", "-4000"],
    ]);
    const charge = await app.graphql("query($id: ID!) { charge(id: $id) { disputedAmount refundedAmount } }", {
      id: chargeId,
    });
    assert.deepEqual(charge.data.charge, { disputedAmount: "0.00", refundedAmount: "40.00" });
    assert.equal((await accept(dispute.id)).errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal((await close(dispute.id)).errors?.[0].extensions.code, "INVALID_STATE");

    const settled = await simulateRefundOutcome(app, acceptDispute.refundId, "REFUNDED");
    assert.equal(settled.errors, undefined, JSON.stringify(settled.errors));
    const done = await app.graphql(`query($id: ID!) { dispute(id: $id) { ${DISPUTE_FIELDS} } }`, { id: dispute.id });
    assert.equal(done.data.dispute.status, "ACCEPTED");
    assert.equal(done.data.dispute.outcome, "RETURNED");
    assert.notEqual(done.data.dispute.closedAt, null);
    money = await audited(merchant);
    assert.equal(money.balance, 9901n - 4000n);
    const events = await outboxEvents(app, dispute.id);
    assert.deepEqual(
      events.map((event) => [event.event, event.status, event.outcome, event.refund_id]),
      [
        ["dispute.opened", "OPEN", null, null],
        ["dispute.closed", "ACCEPTED", "RETURNED", acceptDispute.refundId],
      ],
    );
    const refundEvents = await outboxEvents(app, acceptDispute.refundId);
    assert.deepEqual(
      refundEvents.map((event) => event.event),
      ["refund.processing", "refund.refunded"],
    );
    const actions = await app.services.db.query("SELECT action FROM audit_log WHERE object_id = $1 ORDER BY id", [
      dispute.id,
    ]);
    assert.deepEqual(
      actions.map((row: { action: string }) => row.action),
      ["dispute.open", "dispute.accept"],
    );
  });

  test("accept, then the MED devolução FAILS: the amount is held again and the dispute is OPEN; close releases it", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const dispute = await openDispute(chargeId, "25.00");
    const { acceptDispute } = (await accept(dispute.id)).data;
    const failed = await simulateRefundOutcome(app, acceptDispute.refundId, "FAILED", "conta do pagador encerrada");
    assert.equal(failed.errors, undefined, JSON.stringify(failed.errors));
    const reopened = (
      await app.graphql(`query($id: ID!) { dispute(id: $id) { ${DISPUTE_FIELDS} } }`, { id: dispute.id })
    ).data.dispute;
    assert.equal(reopened.status, "OPEN");
    assert.equal(reopened.heldAmount, "25.00");
    assert.equal(reopened.returnFailureReason, "conta do pagador encerrada");
    assert.equal(reopened.decidedAt, null);
    let money = await audited(merchant);
    assert.equal(money.balance, 9901n - 2500n);
    assert.equal(money.disputesHeld, "25.00");
    assert.equal(money.refundsHeld, "0.00");

    const closed = await close(dispute.id, "Pagador desistiu");
    assert.equal(closed.errors, undefined, JSON.stringify(closed.errors));
    assert.equal(closed.data.closeDispute.status, "CLOSED");
    assert.equal(closed.data.closeDispute.outcome, "RELEASED");
    money = await audited(merchant);
    assert.equal(money.balance, 9901n);
    assert.equal(money.disputesHeld, "0.00");
    assert.deepEqual(await ledgerKinds(dispute.id), [
      ["DISPUTE_HELD", "-2500"],
      ["DISPUTE_RELEASED", "2500"],
      ["REFUND_RESERVED", "-2500"],
      ["REFUND_FAILED", "2500"],
      ["DISPUTE_HELD", "-2500"],
      ["DISPUTE_RELEASED", "2500"],
    ]);
    const charge = await app.graphql("query($id: ID!) { charge(id: $id) { disputedAmount refundedAmount } }", {
      id: chargeId,
    });
    assert.deepEqual(charge.data.charge, { disputedAmount: "0.00", refundedAmount: "0.00" });
  });

  test("contest keeps the statement and the hold (REJECTED); close releases it with dispute.closed", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const dispute = await openDispute(chargeId, "60.00");
    assert.equal((await contest(dispute.id, "  ")).errors?.[0].extensions.code, "VALIDATION_ERROR");
    const contested = await contest(dispute.id, "Entrega comprovada:\nnota fiscal 123");
    assert.equal(contested.errors, undefined, JSON.stringify(contested.errors));
    assert.equal(contested.data.contestDispute.status, "REJECTED");
    assert.equal(contested.data.contestDispute.contestStatement, "Entrega comprovada:\nnota fiscal 123");
    assert.equal((await audited(merchant)).balance, 9901n - 6000n);
    assert.equal((await accept(dispute.id)).errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal((await contest(dispute.id, "again")).errors?.[0].extensions.code, "INVALID_STATE");

    const closed = await close(dispute.id);
    assert.equal(closed.data.closeDispute.status, "CLOSED");
    assert.equal(closed.data.closeDispute.outcome, "RELEASED");
    assert.equal((await audited(merchant)).balance, 9901n);
    assert.equal((await close(dispute.id)).errors?.[0].extensions.code, "INVALID_STATE");
    const events = await outboxEvents(app, dispute.id);
    assert.deepEqual(
      events.map((event) => [event.event, event.status, event.outcome, event.held_amount]),
      [
        ["dispute.opened", "OPEN", null, 60],
        ["dispute.closed", "CLOSED", "RELEASED", 60],
      ],
    );
    // The whole charge is refundable again (as far as the balance goes: the fee stays with the service).
    const refund = await postRefund(app, merchant, chargeId, { amount: 99.01 });
    assert.equal(refund.status, 201, refund.text);
  });

  test("nothing held (empty balance): accept is refused, close works", async () => {
    const merchant = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 10);
    const drained = await postWithdrawal(app, merchant, { amount: 9.9, pix_key_type: "CPF", pix_key: VALID_CPF });
    assert.equal(drained.status, 201, drained.text);
    const dispute = await openDispute(chargeId, "5.00");
    assert.equal(dispute.heldAmount, "0.00");
    assert.deepEqual(await ledgerKinds(dispute.id), []);
    assert.equal((await accept(dispute.id)).errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal((await close(dispute.id)).data.closeDispute.status, "CLOSED");
    assert.equal((await audited(merchant)).balance, 0n);
  });

  test("roles: a viewer operator and merchants cannot decide; merchants read only their own and may add a statement", async () => {
    const merchant = await app.createMerchant();
    const stranger = await app.createMerchant();
    const chargeId = await paidCharge(app, merchant, 100);
    const dispute = await openDispute(chargeId, "10.00");
    const viewer = await app.consoleUser({ role: "VIEWER" });
    const viewed = await app.gql("mutation($id: ID!) { acceptDispute(id: $id) { id } }", { id: dispute.id }, viewer);
    assert.equal(viewed.body.errors?.[0].extensions.code, "FORBIDDEN");
    const byMerchant = await app.graphql(
      "mutation($id: ID!) { closeDispute(id: $id) { id } }",
      { id: dispute.id },
      merchant.clientSecret,
    );
    assert.equal(byMerchant.errors?.[0].extensions.code, "FORBIDDEN");

    const own = await app.request("GET", `/disputes/${dispute.id}`, { token: merchant.clientSecret });
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(Object.keys(own.body), [
      "id",
      "charge_id",
      "nature",
      "amount",
      "held_amount",
      "status",
      "outcome",
      "description",
      "merchant_statement",
      "contest_statement",
      "refund_id",
      "return_failure_reason",
      "opened_at",
      "deadline_at",
      "decided_at",
      "closed_at",
      "updated_at",
    ]);
    assert.equal(own.body.amount, 10);
    assert.equal(own.body.held_amount, 10);
    const other = await app.request("GET", `/disputes/${dispute.id}`, { token: stranger.clientSecret });
    assert.equal(other.status, 404);
    assert.equal(other.body.code, "NOT_FOUND");
    const list = await app.request("GET", "/disputes?status=OPEN", { token: merchant.clientSecret });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.data.map((row: { id: string }) => row.id),
      [dispute.id],
    );
    assert.equal(list.body.total, 1);
    assert.equal((await app.request("GET", "/disputes", { token: stranger.clientSecret })).body.total, 0);
    const badStatus = await app.request("GET", "/disputes?status=NOPE", { token: merchant.clientSecret });
    assert.equal(badStatus.status, 400);

    const statement = "Cliente recebeu o produto";
    const mutation =
      "mutation($id: ID!, $s: String!) { submitDisputeStatement(id: $id, statement: $s) { merchantStatement } }";
    const foreign = await app.graphql(mutation, { id: dispute.id, s: statement }, stranger.clientSecret);
    assert.equal(foreign.errors?.[0].extensions.code, "NOT_FOUND");
    const said = await app.graphql(mutation, { id: dispute.id, s: statement }, merchant.clientSecret);
    assert.equal(said.data.submitDisputeStatement.merchantStatement, statement);
    const queue = await app.graphql(
      "query($c: ID) { disputes(status: OPEN, companyId: $c) { total data { id merchantStatement } } }",
      { c: merchant.companyId },
    );
    assert.deepEqual(queue.data.disputes, { total: 1, data: [{ id: dispute.id, merchantStatement: statement }] });
  });
});

describe("concurrency", () => {
  test("a dispute and a refund racing for one charge: refunds plus holds never exceed it", async () => {
    const merchant = await app.createMerchant();
    await app.fund(merchant.companyId, "1000.00");
    for (let round = 0; round < 4; round += 1) {
      const chargeId = await paidCharge(app, merchant, 100);
      const [dispute, refund] = await Promise.all([
        simulateDispute(chargeId, { amount: "60.00" }),
        postRefund(app, merchant, chargeId, { amount: 60 }),
      ]);
      const disputeOk = dispute.errors === undefined;
      const refundOk = refund.status === 201;
      assert.equal(Number(disputeOk) + Number(refundOk), 1, `${JSON.stringify(dispute.errors)} ${refund.text}`);
      if (!disputeOk) assert.equal(dispute.errors?.[0].extensions.code, "REFUND_EXCEEDS_CHARGE");
      else assert.equal(refund.body.code, "REFUND_EXCEEDS_CHARGE");
      const charge = await app.graphql("query($id: ID!) { charge(id: $id) { disputedAmount refundedAmount } }", {
        id: chargeId,
      });
      assert.deepEqual(
        charge.data.charge,
        disputeOk
          ? { disputedAmount: "60.00", refundedAmount: "0.00" }
          : { disputedAmount: "0.00", refundedAmount: "60.00" },
      );
    }
    assert.equal((await audited(merchant)).balance, 100000n + 4n * 9901n - 4n * 6000n);
  });

  test("disputes and withdrawals racing for one balance: the balance never goes below zero, holds take what is left", async () => {
    const merchant = await app.createMerchant();
    const charges = await Promise.all(Array.from({ length: 3 }, () => paidCharge(app, merchant, 50))); // 3 × 49.50
    const results = await Promise.all([
      ...charges.map((chargeId) => simulateDispute(chargeId, { amount: "50.00" })),
      ...Array.from({ length: 4 }, () =>
        postWithdrawal(app, merchant, { amount: 40, pix_key_type: "CPF", pix_key: VALID_CPF }),
      ),
    ]);
    const disputes = results.slice(0, 3) as Array<{ data: { simulateDispute: { heldAmount: string } } }>;
    const withdrawals = results.slice(3) as Array<{ status: number; body: { code?: string } }>;
    for (const result of disputes) assert.ok(result.data.simulateDispute, JSON.stringify(result));
    const withdrawn = withdrawals.filter((res) => res.status === 201).length;
    for (const res of withdrawals.filter((r) => r.status !== 201)) assert.equal(res.body.code, "INSUFFICIENT_BALANCE");
    const held = disputes.reduce(
      (sum, result) => sum + BigInt(result.data.simulateDispute.heldAmount.replace(".", "")),
      0n,
    );
    const money = await audited(merchant);
    assert.equal(money.balance, 14850n - held - BigInt(withdrawn) * 4000n);
    assert.ok(money.balance >= 0n);
    const [lowest] = await app.services.db.query(
      "SELECT min(balance_after_cents) AS min FROM ledger_entries WHERE company_id = $1",
      [merchant.companyId],
    );
    assert.ok(BigInt(lowest.min) >= 0n, `the balance went to ${lowest.min}`);
  });
});
