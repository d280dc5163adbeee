import assert from "node:assert/strict";
import crypto from "node:crypto";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents, createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

// Maker-checker on: above R$ 100.00 two different operators must agree.
let app: TestApp;
let shop: Merchant;
let ana: ConsoleLogin;
let bruno: ConsoleLogin;
let carla: ConsoleLogin;

before(async () => {
  app = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "100.00" });
  shop = await fundedMerchant(app, "5000.00");
  ana = await app.consoleUser({ role: "OPERATOR" });
  bruno = await app.consoleUser({ role: "OPERATOR" });
  carla = await app.consoleUser({ role: "ADMIN" });
});
after(() => app.close());

const APPROVE = `mutation($id: ID!) { approveWithdrawal(id: $id) {
  status approvalsRequired approvals { operator operatorEmail at } } }`;
const approveAs = (who: ConsoleLogin, id: string) => app.gql(APPROVE, { id }, { cookie: who.cookie });

async function transitionsTo(id: string, status: string): Promise<number> {
  const [{ n }] = await app.services.db.query(
    "SELECT count(*)::int AS n FROM withdrawal_transitions WHERE withdrawal_id = $1 AND to_status = $2",
    [id, status],
  );
  return n;
}

async function submissionJobs(id: string): Promise<number> {
  const [{ n }] = await app.services.db.query(
    `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'withdrawal_submit_transfer' AND j.payload->>'withdrawalId' = $1`,
    [id],
  );
  return n;
}

describe("withdrawals above APPROVAL_SECOND_OPERATOR_ABOVE", () => {
  test("at or under the amount one approval is enough", async () => {
    const id = await createWithdrawal(app, shop, { amount: 100, pix_key_type: "CPF", pix_key: "52998224725" });
    const res = await approveAs(ana, id);
    assert.equal(res.body.data.approveWithdrawal.status, "PROCESSING");
    assert.equal(res.body.data.approveWithdrawal.approvalsRequired, 1);
    assert.equal(res.body.data.approveWithdrawal.approvals.length, 1);
  });

  test("one operator alone cannot approve; the same one twice is refused; a second one can", async () => {
    const id = await createWithdrawal(app, shop, { amount: 100.01, pix_key_type: "CPF", pix_key: "52998224725" });
    const first = await approveAs(ana, id);
    assert.equal(first.body.errors, undefined);
    assert.equal(first.body.data.approveWithdrawal.status, "PENDING");
    assert.equal(first.body.data.approveWithdrawal.approvalsRequired, 2);
    assert.deepEqual(
      first.body.data.approveWithdrawal.approvals.map((a: { operator: string; operatorEmail: string }) => [
        a.operator,
        a.operatorEmail,
      ]),
      [[`operator:${ana.userId}`, ana.email]],
    );
    assert.equal(await submissionJobs(id), 0);

    const again = await approveAs(ana, id);
    assert.equal(again.body.errors?.[0].extensions.code, "INVALID_STATE");
    assert.match(again.body.errors?.[0].message, /second, different operator/);
    const merchantView = await app.request("GET", `/withdrawals/${id}`, { token: shop.clientSecret });
    assert.equal(merchantView.body.status, "PENDING", "nothing changed");

    const second = await approveAs(bruno, id);
    assert.equal(second.body.data.approveWithdrawal.status, "PROCESSING");
    assert.equal(second.body.data.approveWithdrawal.approvals.length, 2);
    assert.equal(await transitionsTo(id, "PROCESSING"), 1);
    assert.equal(await submissionJobs(id), 1);
    const audit = await app.services.db.query(
      "SELECT actor, after FROM audit_log WHERE object_id = $1 AND action = 'withdrawal.approve' ORDER BY id",
      [id],
    );
    assert.deepEqual(audit, [
      { actor: `operator:${ana.userId}`, after: { status: "PENDING", approvals: 1, approvalsRequired: 2 } },
      { actor: `operator:${bruno.userId}`, after: { status: "PROCESSING", approvals: 2, approvalsRequired: 2 } },
    ]);
    await assertAuditConsistent(app, shop.companyId);
  });

  test("the operator token is one identity of its own", async () => {
    const id = await createWithdrawal(app, shop, { amount: 150, pix_key_type: "CPF", pix_key: "52998224725" });
    const byToken = await app.graphql(APPROVE, { id });
    assert.equal(byToken.data.approveWithdrawal.status, "PENDING");
    assert.equal((await app.graphql(APPROVE, { id })).errors?.[0].extensions.code, "INVALID_STATE");
    const byUser = await approveAs(carla, id);
    assert.deepEqual(
      byUser.body.data.approveWithdrawal.approvals.map((a: { operator: string }) => a.operator),
      ["operator:token", `operator:${carla.userId}`],
    );
    assert.equal(byUser.body.data.approveWithdrawal.status, "PROCESSING");
  });

  test("two operators approving at once: both recorded, exactly one PROCESSING transition and one submission", async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await createWithdrawal(app, shop, { amount: 200, pix_key_type: "CPF", pix_key: "52998224725" });
      const results = await Promise.all([approveAs(ana, id), approveAs(bruno, id)]);
      for (const res of results) assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
      assert.deepEqual(results.map((res) => res.body.data.approveWithdrawal.status).sort(), ["PENDING", "PROCESSING"]);
      assert.equal(await transitionsTo(id, "PROCESSING"), 1);
      assert.equal(await submissionJobs(id), 1);
    }
    // A third operator racing a second: one moves it on, the other finds it no longer PENDING.
    const id = await createWithdrawal(app, shop, { amount: 200, pix_key_type: "CPF", pix_key: "52998224725" });
    await approveAs(ana, id);
    const race = await Promise.all([approveAs(bruno, id), approveAs(carla, id)]);
    const codes = race
      .map((res) => res.body.errors?.[0].extensions.code ?? res.body.data.approveWithdrawal.status)
      .sort();
    assert.deepEqual(codes, ["INVALID_STATE", "PROCESSING"]);
    assert.equal(await transitionsTo(id, "PROCESSING"), 1);
    assert.equal(await submissionJobs(id), 1);
    await assertAuditConsistent(app, shop.companyId);
  });

  test("the account's auto-approve limit does not skip the second operator", async () => {
    const auto = await fundedMerchant(app, "1000.00", { autoApproveLimit: "500.00" });
    const small = await createWithdrawal(app, auto, { amount: 50, pix_key_type: "CPF", pix_key: "52998224725" });
    const big = await createWithdrawal(app, auto, { amount: 300, pix_key_type: "CPF", pix_key: "52998224725" });
    const read = async (id: string) =>
      (await app.request("GET", `/withdrawals/${id}`, { token: auto.clientSecret })).body.status;
    assert.equal(await read(small), "PROCESSING");
    assert.equal(await read(big), "PENDING");
  });

  test("auto-approvals count against the account's window as one lone approver's: many small ones cannot take out more than the threshold", async () => {
    const auto = await fundedMerchant(app, "1000.00", { autoApproveLimit: "100.00" });
    const create = (amount: number) =>
      createWithdrawal(app, auto, { amount, pix_key_type: "CPF", pix_key: "52998224725" });
    const read = async (id: string) =>
      (await app.request("GET", `/withdrawals/${id}`, { token: auto.clientSecret })).body.status;
    const statuses: string[] = [];
    // 60 + 30 pass (90); 20 would make 110, it waits; 10 makes 100, it passes; then nothing more.
    for (const amount of [60, 30, 20, 10, 100, 1]) statuses.push(await read(await create(amount)));
    assert.deepEqual(statuses, ["PROCESSING", "PROCESSING", "PENDING", "PROCESSING", "PENDING", "PENDING"]);
    // Five at once at the limit (the attack of #33): one goes, four wait for an operator.
    const other = await fundedMerchant(app, "1000.00", { autoApproveLimit: "100.00" });
    const ids = await Promise.all(
      Array.from({ length: 5 }, () =>
        createWithdrawal(app, other, { amount: 100, pix_key_type: "CPF", pix_key: "52998224725" }),
      ),
    );
    const sent = await Promise.all(
      ids.map(
        async (id) => (await app.request("GET", `/withdrawals/${id}`, { token: other.clientSecret })).body.status,
      ),
    );
    assert.deepEqual(sent.sort(), ["PENDING", "PENDING", "PENDING", "PENDING", "PROCESSING"]);
    await assertAuditConsistent(app, auto.companyId);
  });

  test("a rejection needs no second operator", async () => {
    const id = await createWithdrawal(app, shop, { amount: 250, pix_key_type: "CPF", pix_key: "52998224725" });
    await approveAs(ana, id);
    const rejected = await app.gql(
      `mutation { rejectWithdrawal(id: "${id}", reason: "key owner mismatch") { status } }`,
      {},
      {
        cookie: bruno.cookie,
      },
    );
    assert.equal(rejected.body.data.rejectWithdrawal.status, "CANCELLED");
    await assertAuditConsistent(app, shop.companyId);
  });
});

describe("adjustments above APPROVAL_SECOND_OPERATOR_ABOVE", () => {
  const CREATE = `mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "manual correction") {
    id status requestedBy confirmedBy } }`;

  test("wait as REQUESTED without moving the balance until a different operator confirms", async () => {
    const company = await fundedMerchant(app, "50.00");
    const startBalance = await balanceCents(app, company);
    const requested = await app.gql(CREATE, { c: company.companyId, a: "250.00" }, { cookie: ana.cookie });
    const adjustment = requested.body.data.createAdjustment;
    assert.deepEqual(
      { ...adjustment, id: undefined },
      { id: undefined, status: "REQUESTED", requestedBy: `operator:${ana.userId}`, confirmedBy: null },
    );
    assert.equal(await balanceCents(app, company), startBalance);
    const [{ n }] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE adjustment_id = $1",
      [adjustment.id],
    );
    assert.equal(n, 0, "no ledger entry while requested");
    const audit = await assertAuditConsistent(app, company.companyId);
    assert.equal(audit.recomputedBalance, "50.00");

    const confirm = `mutation($id: ID!) { confirmAdjustment(id: $id) { status confirmedBy } }`;
    const self = await app.gql(confirm, { id: adjustment.id }, { cookie: ana.cookie });
    assert.equal(self.body.errors?.[0].extensions.code, "INVALID_STATE");
    assert.match(self.body.errors?.[0].message, /second, different operator/);
    assert.equal(await balanceCents(app, company), startBalance);

    const confirmed = await app.gql(confirm, { id: adjustment.id }, { cookie: bruno.cookie });
    assert.deepEqual(confirmed.body.data.confirmAdjustment, {
      status: "POSTED",
      confirmedBy: `operator:${bruno.userId}`,
    });
    assert.equal(await balanceCents(app, company), startBalance + 25_000n);
    const twice = await app.gql(confirm, { id: adjustment.id }, { cookie: carla.cookie });
    assert.equal(twice.body.errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal(await balanceCents(app, company), startBalance + 25_000n);
    assert.equal((await assertAuditConsistent(app, company.companyId)).recomputedBalance, "300.00");
  });

  test("a large debit counts by its absolute value; a rejected request never touches the balance", async () => {
    const company = await fundedMerchant(app, "80.00");
    const debit = await app.gql(CREATE, { c: company.companyId, a: "-100.01" }, { cookie: ana.cookie });
    assert.equal(debit.body.data.createAdjustment.status, "REQUESTED");
    const small = await app.gql(CREATE, { c: company.companyId, a: "-100.00" }, { cookie: ana.cookie });
    assert.equal(small.body.data.createAdjustment.status, "POSTED");
    const reject = `mutation($id: ID!, $r: String!) { rejectAdjustment(id: $id, reason: $r) { status rejectedBy rejectionReason } }`;
    const noReason = await app.gql(
      reject,
      { id: debit.body.data.createAdjustment.id, r: " " },
      { cookie: bruno.cookie },
    );
    assert.equal(noReason.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
    const rejected = await app.gql(
      reject,
      { id: debit.body.data.createAdjustment.id, r: "duplicate" },
      { cookie: bruno.cookie },
    );
    assert.deepEqual(rejected.body.data.rejectAdjustment, {
      status: "REJECTED",
      rejectedBy: `operator:${bruno.userId}`,
      rejectionReason: "duplicate",
    });
    const audit = await assertAuditConsistent(app, company.companyId);
    assert.equal(audit.recomputedBalance, "-20.00");
    const listed = await app.graphql(
      `{ adjustments(companyId: "${company.companyId}", status: REJECTED) { data { id } } }`,
    );
    assert.deepEqual(listed.data.adjustments.data, [{ id: debit.body.data.createAdjustment.id }]);
    const confirmRejected = await app.gql(
      `mutation { confirmAdjustment(id: "${debit.body.data.createAdjustment.id}") { status } }`,
      {},
      { cookie: carla.cookie },
    );
    assert.equal(confirmRejected.body.errors?.[0].extensions.code, "INVALID_STATE");
  });

  test("a VIEWER can neither confirm nor reject", async () => {
    const viewer = await app.consoleUser({ role: "VIEWER" });
    const requested = await app.gql(CREATE, { c: shop.companyId, a: "500.00" }, { cookie: ana.cookie });
    const id = requested.body.data.createAdjustment.id;
    for (const mutation of [
      `mutation { confirmAdjustment(id: "${id}") { status } }`,
      `mutation { rejectAdjustment(id: "${id}", reason: "no") { status } }`,
    ]) {
      assert.equal(
        (await app.gql(mutation, {}, { cookie: viewer.cookie })).body.errors?.[0].extensions.code,
        "FORBIDDEN",
      );
    }
  });
});

describe("the threshold counts per operator and account over APPROVAL_SECOND_OPERATOR_WINDOW_H (24 h)", () => {
  const CREATE = `mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "split") {
    id status } }`;
  const adjust = async (who: ConsoleLogin, companyId: string, amount: string) => {
    const res = await app.gql(CREATE, { c: companyId, a: amount }, { cookie: who.cookie });
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    return res.body.data.createAdjustment as { id: string; status: string };
  };

  test("three credits of 40.00 by one operator: the third needs a second operator; another operator has their own window", async () => {
    const company = await fundedMerchant(app, "10.00");
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await adjust(ana, company.companyId, "40.00")).status);
    assert.deepEqual(statuses, ["POSTED", "POSTED", "REQUESTED"]);
    // A debit counts by its absolute value too.
    assert.equal((await adjust(ana, company.companyId, "-30.00")).status, "REQUESTED");
    assert.equal(await balanceCents(app, company), 9_000n);
    assert.equal((await adjust(bruno, company.companyId, "40.00")).status, "POSTED");
    // Another account is another window.
    const other = await fundedMerchant(app, "10.00");
    assert.equal((await adjust(ana, other.companyId, "100.00")).status, "POSTED");
    assert.equal((await assertAuditConsistent(app, company.companyId)).recomputedBalance, "130.00");
  });

  test("what fell out of the window no longer counts", async () => {
    const company = await fundedMerchant(app, "10.00");
    assert.equal((await adjust(ana, company.companyId, "90.00")).status, "POSTED");
    assert.equal((await adjust(ana, company.companyId, "20.00")).status, "REQUESTED");
    await app.services.db.query(
      "UPDATE adjustments SET created_at = created_at - interval '24 hours 1 minute' WHERE company_id = $1 AND status = 'POSTED' AND created_by = $2",
      [company.companyId, `operator:${ana.userId}`],
    );
    assert.equal((await adjust(ana, company.companyId, "20.00")).status, "POSTED");
  });

  test("withdrawals approved alone add up with adjustments posted alone", async () => {
    const company = await fundedMerchant(app, "500.00");
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(await createWithdrawal(app, company, { amount: 40, pix_key_type: "CPF", pix_key: "52998224725" }));
    const results = [];
    for (const id of ids) results.push((await approveAs(ana, id)).body.data.approveWithdrawal);
    assert.deepEqual(
      results.map((w: { status: string; approvalsRequired: number; approvals: unknown[] }) => [
        w.status,
        w.approvals.length,
        w.approvalsRequired,
      ]),
      [
        ["PROCESSING", 1, 1],
        ["PROCESSING", 1, 1],
        ["PENDING", 1, 2],
      ],
    );
    const again = await approveAs(ana, ids[2]);
    assert.equal(again.body.errors?.[0].extensions.code, "INVALID_STATE");
    assert.match(again.body.errors?.[0].message, /second, different operator/);
    const second = await approveAs(bruno, ids[2]);
    assert.deepEqual(
      [second.body.data.approveWithdrawal.status, second.body.data.approveWithdrawal.approvalsRequired],
      ["PROCESSING", 2],
    );
    // The third, approved by two, is not ana's alone: 80.00 + 30.00 goes over, 80.00 + 20.00 does not.
    assert.equal((await adjust(ana, company.companyId, "30.00")).status, "REQUESTED");
    assert.equal((await adjust(ana, company.companyId, "20.00")).status, "POSTED");
    const audit = await app.services.db.query(
      "SELECT after FROM audit_log WHERE object_id = $1 AND action = 'withdrawal.approve' ORDER BY id",
      [ids[2]],
    );
    assert.deepEqual(
      audit.map((row: { after: unknown }) => row.after),
      [
        { status: "PENDING", approvals: 1, approvalsRequired: 2 },
        { status: "PROCESSING", approvals: 2, approvalsRequired: 2 },
      ],
    );
    await assertAuditConsistent(app, company.companyId);
  });

  test("the operator who created a withdrawal on the merchant's behalf is never its only approver", async () => {
    const company = await fundedMerchant(app, "500.00", { autoApproveLimit: "500.00" });
    const create = await app.gql(
      `mutation($c: ID!, $k: String!) { createWithdrawal(companyId: $c, idempotencyKey: $k,
         input: { amount: "50.00", pixKeyType: CPF, pixKey: "52998224725" }) { id status approvalsRequired } }`,
      { c: company.companyId, k: crypto.randomUUID() },
      { cookie: ana.cookie },
    );
    assert.equal(create.body.errors, undefined, JSON.stringify(create.body.errors));
    // The account's auto-approve limit does not send it: nobody but its creator checked it.
    assert.equal(create.body.data.createWithdrawal.status, "PENDING");
    const id = create.body.data.createWithdrawal.id;
    const own = await approveAs(ana, id);
    assert.deepEqual(
      [own.body.data.approveWithdrawal.status, own.body.data.approveWithdrawal.approvalsRequired],
      ["PENDING", 2],
    );
    assert.equal(await submissionJobs(id), 0);
    const again = await approveAs(ana, id);
    assert.equal(again.body.errors?.[0].extensions.code, "INVALID_STATE");
    const other = await approveAs(bruno, id);
    assert.equal(other.body.data.approveWithdrawal.status, "PROCESSING");
    assert.equal(await submissionJobs(id), 1);

    // Approved first by someone else, it goes with that one approval.
    const second = await app.gql(
      `mutation($c: ID!, $k: String!) { createWithdrawal(companyId: $c, idempotencyKey: $k,
         input: { amount: "50.00", pixKeyType: CPF, pixKey: "52998224725" }) { id } }`,
      { c: company.companyId, k: crypto.randomUUID() },
      { cookie: ana.cookie },
    );
    const byBruno = await approveAs(bruno, second.body.data.createWithdrawal.id);
    assert.equal(byBruno.body.data.approveWithdrawal.status, "PROCESSING");
    await assertAuditConsistent(app, company.companyId);
  });

  test("two posts by one operator at once cannot both slip under the threshold", async () => {
    for (let round = 0; round < 4; round += 1) {
      const company = await fundedMerchant(app, "500.00");
      const adjustments = await Promise.all([
        adjust(ana, company.companyId, "60.00"),
        adjust(ana, company.companyId, "60.00"),
      ]);
      assert.deepEqual(adjustments.map((a) => a.status).sort(), ["POSTED", "REQUESTED"]);
      const ids = [
        await createWithdrawal(app, company, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" }),
        await createWithdrawal(app, company, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" }),
      ];
      // 60.00 already alone: one more 30.00 fits (90.00), not both (120.00).
      const approvals = await Promise.all(ids.map((id) => approveAs(bruno, id)));
      assert.deepEqual(
        approvals.map((res) => res.body.data.approveWithdrawal.status),
        ["PROCESSING", "PROCESSING"],
        "bruno's own window is empty",
      );
      const more = [
        await createWithdrawal(app, company, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" }),
        await createWithdrawal(app, company, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" }),
      ];
      const raced = await Promise.all(more.map((id) => approveAs(ana, id)));
      assert.deepEqual(raced.map((res) => res.body.data.approveWithdrawal.status).sort(), ["PENDING", "PROCESSING"]);
      await assertAuditConsistent(app, company.companyId);
    }
  });
});

describe("maker-checker off (the default)", () => {
  test("one approval and one adjustment are enough, whatever the amount", async () => {
    const plain = await startTestApp();
    try {
      const merchant = await fundedMerchant(plain, "100000.00");
      const id = await createWithdrawal(plain, merchant, {
        amount: 90000,
        pix_key_type: "CPF",
        pix_key: "52998224725",
      });
      const approved = await plain.graphql(APPROVE, { id });
      assert.equal(approved.data.approveWithdrawal.status, "PROCESSING");
      assert.equal(approved.data.approveWithdrawal.approvalsRequired, 1);
      const adjustment = await plain.graphql(
        `mutation { createAdjustment(companyId: "${merchant.companyId}", amount: "99999.00", description: "big") { status } }`,
      );
      assert.equal(adjustment.data.createAdjustment.status, "POSTED");
    } finally {
      await plain.close();
    }
  });
});
