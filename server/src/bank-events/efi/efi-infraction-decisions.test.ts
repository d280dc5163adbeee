import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
import { assertAuditConsistent, balanceCents, fundedMerchant, waitFor } from "../../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../../test/support/test-app";
import { DisputesService } from "../../disputes/disputes.service";
import { registerEfiWebhook } from "../../provider/efi/efi-webhook-registration";
import { writeProviderState } from "../../provider/efi/provider-state";
import { SUBMIT_REFUND_JOB } from "../../refunds/refund-jobs";
import { ANSWER_INFRACTION_JOB } from "./efi-infractions";
import type { ReconciliationRunResult } from "./efi-reconciliation";

/**
 * Efí's decisions on MED infractions read back by reconciliation, against the local
 * Efí-compatible PSP over mutual TLS: each final status (ACEITA: the return Efí made is
 * recorded, never sent; REJEITADA and CANCELADA_EFI: the hold is released), a decision read
 * twice, and the races with an operator's decision (the first one wins).
 */
const PAYER = { nome: "Maria Silva", cpf: "12345678909" };
let sim: PspSimProcess;
let app: TestApp;
let merchant: Merchant;

before(async () => {
  sim = await startPspSim();
  const port = await freePort();
  app = await startTestApp(
    {
      ...sim.env,
      EFI_WEBHOOK_SECRET: "efi-webhook-secret-for-tests-0123",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
    { port },
  );
  const registration = await registerEfiWebhook(app.services);
  assert.equal(registration?.ok, true, registration?.error ?? "");
  merchant = await fundedMerchant(app, "100.00", { feePercent: "0.00", feeFixed: "0.00" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

const run = (): Promise<ReconciliationRunResult> => app.services.efi!.reconciliation.run();
const query = (sql: string, params: unknown[] = []) => app.services.db.query(sql, params);

/** A charge paid at the PSP, an infraction against it, and the dispute a run opened for it. */
async function disputedCharge(amount: number, valor: string) {
  const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
  assert.equal(created.status, 201, created.text);
  const charge = created.body;
  const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
  assert.equal(paid.status, 201, JSON.stringify(paid.body));
  await waitFor("charge paid", async () => {
    const res = await app.request("GET", `/charges/${charge.id}`, { token: merchant.clientSecret });
    return res.body.status === "PAID" ? true : null;
  });
  const balanceBefore = await balanceCents(app, merchant);
  const infraction = await sim.control("POST", "/control/infracoes", { endToEndId: paid.body.endToEndId, valor });
  assert.equal(infraction.status, 201, JSON.stringify(infraction.body));
  const opened = await run();
  assert.equal(opened.disputesOpened, 1);
  const [dispute] = await query("SELECT id FROM disputes WHERE report_id = $1", [infraction.body.idInfracao]);
  return {
    chargeId: charge.id as string,
    endToEndId: paid.body.endToEndId as string,
    idInfracao: infraction.body.idInfracao as string,
    disputeId: dispute.id as string,
    balanceBefore,
  };
}

const decide = async (idInfracao: string, status: string, justificativaAnalista?: string) => {
  const res = await sim.control("POST", `/control/infracoes/${idInfracao}/decide`, {
    status,
    ...(justificativaAnalista ? { justificativaAnalista } : {}),
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
};

const readDispute = async (id: string) => (await query("SELECT * FROM disputes WHERE id = $1", [id]))[0];
const readChargeRow = async (id: string) =>
  (await query("SELECT refunded_amount_cents, disputed_amount_cents FROM charges WHERE id = $1", [id]))[0];
const ledgerOf = async (disputeId: string) =>
  (
    await query("SELECT kind, amount_cents, refund_id FROM ledger_entries WHERE dispute_id = $1 ORDER BY id", [
      disputeId,
    ])
  ).map((row: { kind: string; amount_cents: string }) => [row.kind, row.amount_cents]);
const eventsOf = async (...subjects: string[]) =>
  (await query("SELECT event FROM webhook_events WHERE subject_id = ANY($1) ORDER BY sequence", [subjects])).map(
    (row: { event: string }) => row.event,
  );
const auditOf = async (disputeId: string) =>
  query(
    "SELECT action, actor, actor_kind, reason FROM audit_log WHERE object_type = 'dispute' AND object_id = $1 ORDER BY id",
    [disputeId],
  );
const decisionsOf = (result: ReconciliationRunResult, endToEndId: string) =>
  result.differences
    .filter((d) => d.endToEndId === endToEndId && d.outcome !== "DISPUTE_OPENED")
    .map((d) => [d.outcome, d.detail]);
const simPix = async (endToEndId: string) =>
  (await sim.control("GET", "/control/state")).body.received.find(
    (pix: { endToEndId: string }) => pix.endToEndId === endToEndId,
  );
const operator = (mutation: string, variables: Record<string, unknown>) => app.graphql(mutation, variables);
const closeByOperator = (id: string) =>
  operator('mutation($id: ID!) { closeDispute(id: $id, note: "Encerrada pelo operador") { status } }', { id });
const contestByOperator = (id: string) =>
  operator('mutation($id: ID!) { contestDispute(id: $id, statement: "Entregue, com nota fiscal") { status } }', { id });
const acceptByOperator = (id: string) =>
  operator("mutation($id: ID!) { acceptDispute(id: $id) { status outcome refundId heldAmount returnedByBank } }", {
    id,
  });
/** The answers to Efí queued for an infraction (the jobs do not run in the tests: they are run by hand). */
const queuedAnswers = async (reportId: string) =>
  (
    await query(
      `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = $1 AND j.payload->>'reportId' = $2`,
      [ANSWER_INFRACTION_JOB, reportId],
    )
  ).map((row: { payload: Record<string, unknown> }) => row.payload);
const simInfraction = async (idInfracao: string) =>
  (await sim.control("GET", "/control/state")).body.infracoes.find(
    (one: { idInfracao: string }) => one.idInfracao === idInfracao,
  );
/** No devolução of ours reached the PSP for this Pix: none listed, none requested. */
async function assertNoDevolucaoSent(endToEndId: string) {
  assert.equal((await simPix(endToEndId)).devolucoes, undefined);
  const requests = (await sim.control("GET", "/control/requests")).body.filter((entry: { path: string }) =>
    entry.path.includes(`/pix/${endToEndId}/devolucao`),
  );
  assert.deepEqual(requests, []);
}

/** Everything a decision writes, to show a second read wrote nothing. */
async function footprint(chargeId: string, disputeId: string) {
  return {
    dispute: await readDispute(disputeId),
    charge: await readChargeRow(chargeId),
    refunds: await query("SELECT id, status, amount_cents FROM refunds WHERE charge_id = $1 ORDER BY id", [chargeId]),
    ledger: await ledgerOf(disputeId),
    audit: await auditOf(disputeId),
    events: await eventsOf(disputeId),
    balance: await balanceCents(app, merchant),
  };
}

describe("Efí's final decisions", () => {
  test("ACEITA: the return Efí made is recorded as a REFUNDED MED devolução, never sent, and the dispute closes RETURNED; read twice, nothing more", async () => {
    const { chargeId, endToEndId, idInfracao, disputeId, balanceBefore } = await disputedCharge(30, "12.00");
    assert.equal(await balanceCents(app, merchant), balanceBefore - 1200n);
    await decide(idInfracao, "ACEITA", "Fraude confirmada pelo PSP do pagador");

    const decided = await run();
    assert.equal(decided.disputesDecided, 1);
    const dispute = await readDispute(disputeId);
    assert.equal(dispute.status, "ACCEPTED");
    assert.equal(dispute.outcome, "RETURNED");
    assert.equal(dispute.decided_by, "provider:efi");
    assert.equal(dispute.closed_by, "provider:efi");
    assert.ok(dispute.closed_at);
    assert.equal(dispute.held_amount_cents, "1200");
    const refunds = await query("SELECT * FROM refunds WHERE charge_id = $1", [chargeId]);
    assert.equal(refunds.length, 1);
    const [refund] = refunds;
    assert.equal(refund.id, dispute.refund_id);
    assert.equal(refund.status, "REFUNDED");
    assert.equal(refund.amount_cents, "1200");
    assert.equal(refund.nature, "MED_FRAUDE");
    assert.equal(refund.dispute_id, disputeId);
    assert.equal(refund.requested_by, "provider:efi");
    assert.equal(refund.return_id, null, "Efí's own devolução: its rtrId is not known here");
    assert.ok(refund.refunded_at);
    assert.deepEqual(decisionsOf(decided, endToEndId), [
      [
        "DISPUTE_DECIDED",
        `infraction ${idInfracao}, ACEITA: dispute ${disputeId} RETURNED: 12.00 returned by Efí, recorded as ${refund.id}`,
      ],
    ]);
    // The money left with Efí's devolução: the hold became the refund's reservation, the balance did not move.
    assert.equal(await balanceCents(app, merchant), balanceBefore - 1200n);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "1200", disputed_amount_cents: "0" });
    assert.deepEqual(await ledgerOf(disputeId), [
      ["DISPUTE_HELD", "-1200"],
      ["DISPUTE_RELEASED", "1200"],
      ["REFUND_RESERVED", "-1200"],
    ]);
    assert.deepEqual(await eventsOf(disputeId, refund.id), ["dispute.opened", "refund.refunded", "dispute.closed"]);
    assert.deepEqual(await auditOf(disputeId), [
      { action: "dispute.open", actor: "provider:efi", actor_kind: "SYSTEM", reason: "Pagador relata golpe" },
      {
        action: "dispute.bank_return",
        actor: "provider:efi",
        actor_kind: "SYSTEM",
        reason: "Efí: infração ACEITA: Fraude confirmada pelo PSP do pagador",
      },
    ]);
    // Nothing was sent: no devolução job, none at the PSP.
    const jobs = await query(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t
        ON t.id = j.task_id WHERE t.identifier = $1 AND j.payload->>'id' = $2`,
      [SUBMIT_REFUND_JOB, refund.id],
    );
    assert.equal(jobs[0].n, 0);
    assert.equal((await simPix(endToEndId)).devolucoes, undefined);

    const before = await footprint(chargeId, disputeId);
    const again = await run();
    assert.equal(again.disputesDecided, 0);
    assert.deepEqual(decisionsOf(again, endToEndId), []);
    assert.deepEqual(await footprint(chargeId, disputeId), before);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("REJEITADA after the operator's contest: the hold is released to the merchant (CLOSED, RELEASED); read twice, nothing more", async () => {
    const { chargeId, endToEndId, idInfracao, disputeId, balanceBefore } = await disputedCharge(9, "9.00");
    const ok = await operator("mutation($id: ID!, $s: String!) { contestDispute(id: $id, statement: $s) { status } }", {
      id: disputeId,
      s: "Produto entregue: nota fiscal e rastreio",
    });
    assert.equal(ok.errors, undefined, JSON.stringify(ok.errors));
    assert.equal((await readDispute(disputeId)).status, "REJECTED");
    await decide(idInfracao, "REJEITADA", "Não foi identificada a fraude");

    const decided = await run();
    assert.equal(decided.disputesDecided, 1);
    assert.deepEqual(decisionsOf(decided, endToEndId), [
      [
        "DISPUTE_DECIDED",
        `infraction ${idInfracao}, REJEITADA: dispute ${disputeId} RELEASED: 9.00 released to the merchant`,
      ],
    ]);
    const dispute = await readDispute(disputeId);
    assert.equal(dispute.status, "CLOSED");
    assert.equal(dispute.outcome, "RELEASED");
    assert.equal(dispute.closed_by, "provider:efi");
    assert.equal(dispute.refund_id, null);
    assert.equal(await balanceCents(app, merchant), balanceBefore);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "0", disputed_amount_cents: "0" });
    assert.deepEqual(await ledgerOf(disputeId), [
      ["DISPUTE_HELD", "-900"],
      ["DISPUTE_RELEASED", "900"],
    ]);
    assert.deepEqual(await eventsOf(disputeId), ["dispute.opened", "dispute.closed"]);
    const audit = await auditOf(disputeId);
    assert.deepEqual(
      audit.map((row: { action: string }) => row.action),
      ["dispute.open", "dispute.contest", "dispute.close"],
    );
    assert.equal(audit[0].actor, "provider:efi");
    assert.notEqual(audit[1].actor, "provider:efi");
    assert.equal(audit[2].actor, "provider:efi");
    assert.equal(audit[2].reason, "Efí: infração REJEITADA: Não foi identificada a fraude");
    assert.equal(audit[2].actor_kind, "SYSTEM");
    assert.equal(await query("SELECT 1 FROM refunds WHERE charge_id = $1", [chargeId]).then((r) => r.length), 0);

    const before = await footprint(chargeId, disputeId);
    const again = await run();
    assert.equal(again.disputesDecided, 0);
    assert.deepEqual(decisionsOf(again, endToEndId), []);
    assert.deepEqual(await footprint(chargeId, disputeId), before);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("CANCELADA_EFI on an open dispute: the hold is released (CLOSED, RELEASED), once", async () => {
    const { chargeId, endToEndId, idInfracao, disputeId, balanceBefore } = await disputedCharge(7, "3.50");
    await decide(idInfracao, "CANCELADA_EFI");
    const decided = await run();
    assert.equal(decided.disputesDecided, 1);
    assert.deepEqual(decisionsOf(decided, endToEndId), [
      [
        "DISPUTE_DECIDED",
        `infraction ${idInfracao}, CANCELADA_EFI: dispute ${disputeId} RELEASED: 3.50 released to the merchant`,
      ],
    ]);
    const dispute = await readDispute(disputeId);
    assert.equal(dispute.status, "CLOSED");
    assert.equal(dispute.outcome, "RELEASED");
    assert.equal(dispute.closed_by, "provider:efi");
    assert.equal(await balanceCents(app, merchant), balanceBefore);
    assert.deepEqual(await ledgerOf(disputeId), [
      ["DISPUTE_HELD", "-350"],
      ["DISPUTE_RELEASED", "350"],
    ]);
    assert.deepEqual(await eventsOf(disputeId), ["dispute.opened", "dispute.closed"]);
    const audit = await auditOf(disputeId);
    assert.deepEqual(audit[1], {
      action: "dispute.close",
      actor: "provider:efi",
      actor_kind: "SYSTEM",
      reason: "Efí: infração CANCELADA_EFI",
    });
    const before = await footprint(chargeId, disputeId);
    assert.equal((await run()).disputesDecided, 0);
    assert.deepEqual(await footprint(chargeId, disputeId), before);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a decision Efí made long after the notification is read back, beyond the run's own window", async () => {
    const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 4 } });
    const paid = await sim.control("POST", `/control/cobs/${created.body.txid}/pay`, { pagador: PAYER });
    await waitFor("charge paid", async () => {
      const res = await app.request("GET", `/charges/${created.body.id}`, { token: merchant.clientSecret });
      return res.body.status === "PAID" ? true : null;
    });
    // Notified two days ago, read by a run whose window reached back that far.
    const infraction = await sim.control("POST", "/control/infracoes", {
      endToEndId: paid.body.endToEndId,
      abertura: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    await writeProviderState(app.services.db, "reconciled_until", { at: new Date(Date.now() - 3 * 86_400_000) });
    assert.equal((await run()).disputesOpened, 1);
    const [dispute] = await query("SELECT id FROM disputes WHERE report_id = $1", [infraction.body.idInfracao]);
    await decide(infraction.body.idInfracao, "REJEITADA");
    const decided = await run();
    assert.ok(
      decided.windowFrom.getTime() > Date.now() - 86_400_000,
      "the run's window is long after the notification",
    );
    assert.equal(decided.disputesDecided, 1);
    assert.equal((await readDispute(dispute.id)).status, "CLOSED");
  });
});

describe("races with an operator's decision", () => {
  test("an operator cannot close a claim Efí decides, open or contested (409, nothing changes); Efí's ACEITA then records its return", async () => {
    const { chargeId, endToEndId, idInfracao, disputeId, balanceBefore } = await disputedCharge(5, "5.00");
    const open = await footprint(chargeId, disputeId);
    const refused = await closeByOperator(disputeId);
    assert.equal(refused.errors?.[0]?.extensions?.code, "INVALID_STATE", JSON.stringify(refused));
    assert.match(refused.errors[0].message, /the bank's decision closes it/);
    assert.deepEqual(await footprint(chargeId, disputeId), open);
    const contested = await contestByOperator(disputeId);
    assert.equal(contested.errors, undefined, JSON.stringify(contested.errors));
    const again = await closeByOperator(disputeId);
    assert.equal(again.errors?.[0]?.extensions?.code, "INVALID_STATE", JSON.stringify(again));
    assert.equal((await readDispute(disputeId)).status, "REJECTED");
    // Still held: the balance does not offer what Efí blocks.
    assert.equal(await balanceCents(app, merchant), balanceBefore - 500n);
    await decide(idInfracao, "ACEITA");
    const result = await run();
    assert.equal(result.disputesDecided, 1);
    assert.equal(decisionsOf(result, endToEndId)[0][0], "DISPUTE_DECIDED");
    const dispute = await readDispute(disputeId);
    assert.deepEqual([dispute.status, dispute.outcome, dispute.closed_by], ["ACCEPTED", "RETURNED", "provider:efi"]);
    assert.equal(await balanceCents(app, merchant), balanceBefore - 500n);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "500", disputed_amount_cents: "0" });
    await assertNoDevolucaoSent(endToEndId);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a dispute accepted with a devolução of our own (before Efí's own return was taken into account): its REJEITADA is a difference, its ACEITA agrees; nothing is recorded twice", async () => {
    // Such a dispute was accepted by a service that sent the devolução itself: played here by
    // the disputes service over a provider that does not return MED money itself.
    const before = new DisputesService(app.services.db, app.services.charges, { name: "efi", returnsMedItself: false });
    const rejected = await disputedCharge(6, "6.00");
    const refund = await before.acceptDispute(rejected.disputeId, {
      actor: "operator:legacy",
      audit: null,
      requestId: null,
    });
    const refundId = refund.refundId;
    assert.match(refundId ?? "", /^rf_/);
    await decide(rejected.idInfracao, "REJEITADA");
    const held = await footprint(rejected.chargeId, rejected.disputeId);
    const second = await run();
    assert.equal(second.disputesDecided, 0);
    assert.deepEqual(decisionsOf(second, rejected.endToEndId), [
      [
        "DECISION_NOT_APPLIED",
        `infraction ${rejected.idInfracao}, REJEITADA: dispute ${rejected.disputeId} was accepted here first; its devolução ${refundId} stands`,
      ],
    ]);
    assert.deepEqual(await footprint(rejected.chargeId, rejected.disputeId), held);
    assert.equal(held.dispute.status, "ACCEPTED");
    assert.deepEqual(held.refunds, [{ id: refundId, status: "PROCESSING", amount_cents: "600" }]);

    const agreed = await disputedCharge(4, "4.00");
    await before.acceptDispute(agreed.disputeId, { actor: "operator:legacy", audit: null, requestId: null });
    await decide(agreed.idInfracao, "ACEITA");
    const unchanged = await footprint(agreed.chargeId, agreed.disputeId);
    assert.deepEqual(decisionsOf(await run(), agreed.endToEndId), []);
    assert.deepEqual(await footprint(agreed.chargeId, agreed.disputeId), unchanged);
    assert.equal(unchanged.refunds.length, 1);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("Efí decided first: the operator's later accept or close is refused (409) and changes nothing", async () => {
    const { chargeId, idInfracao, disputeId } = await disputedCharge(8, "8.00");
    await decide(idInfracao, "ACEITA");
    assert.equal((await run()).disputesDecided, 1);
    const before = await footprint(chargeId, disputeId);
    for (const attempt of [await acceptByOperator(disputeId), await closeByOperator(disputeId)]) {
      assert.equal(attempt.errors?.[0]?.extensions?.code, "INVALID_STATE", JSON.stringify(attempt.errors));
    }
    assert.deepEqual(await footprint(chargeId, disputeId), before);
  });

  /**
   * Both at once, ordered by the row locks: the dispute's row is held by another transaction
   * while the run and the operator queue behind it, one after the other (each first takes
   * the charge's lock, so the one that came first also decides first).
   */
  async function race(first: "efi" | "operator", operatorAction: (id: string) => Promise<any>, status: string) {
    const ctx = await disputedCharge(10, "10.00");
    await decide(ctx.idInfracao, status);
    const blocker = app.services.db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query("SELECT id FROM disputes WHERE id = $1 FOR UPDATE", [ctx.disputeId]);
    const waiting = (n: number) =>
      waitFor(`${n} transaction(s) waiting for a lock`, async () => {
        const [row] = await query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return row.n >= n ? true : null;
      });
    let reconciliation: Promise<ReconciliationRunResult>;
    let byOperator: Promise<any>;
    try {
      if (first === "efi") {
        reconciliation = run();
        await waiting(1);
        byOperator = operatorAction(ctx.disputeId);
      } else {
        byOperator = operatorAction(ctx.disputeId);
        await waiting(1);
        reconciliation = run();
      }
      await waiting(2);
    } finally {
      await blocker.commitTransaction();
      await blocker.release();
    }
    return { ...ctx, result: await reconciliation!, operator: await byOperator! };
  }

  test("at once, Efí's REJEITADA first: the dispute is closed by provider:efi and the operator's contest is refused", async () => {
    const {
      chargeId,
      endToEndId,
      disputeId,
      balanceBefore,
      result,
      operator: op,
    } = await race("efi", contestByOperator, "REJEITADA");
    assert.equal(result.disputesDecided, 1);
    assert.equal(decisionsOf(result, endToEndId)[0][0], "DISPUTE_DECIDED");
    assert.equal(op.errors?.[0]?.extensions?.code, "INVALID_STATE", JSON.stringify(op));
    const dispute = await readDispute(disputeId);
    assert.equal(dispute.status, "CLOSED");
    assert.equal(dispute.closed_by, "provider:efi");
    assert.equal(await balanceCents(app, merchant), balanceBefore);
    assert.deepEqual(await ledgerOf(disputeId), [
      ["DISPUTE_HELD", "-1000"],
      ["DISPUTE_RELEASED", "1000"],
    ]);
    assert.deepEqual(await eventsOf(disputeId), ["dispute.opened", "dispute.closed"]);
    assert.deepEqual(
      (await auditOf(disputeId)).map((row: { action: string; actor: string }) => [row.action, row.actor]),
      [
        ["dispute.open", "provider:efi"],
        ["dispute.close", "provider:efi"],
      ],
    );
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "0", disputed_amount_cents: "0" });
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("at once, the operator's contest first: answered to Efí, then Efí's ACEITA records the return once", async () => {
    const {
      chargeId,
      endToEndId,
      disputeId,
      balanceBefore,
      result,
      operator: op,
    } = await race("operator", contestByOperator, "ACEITA");
    assert.equal(op.errors, undefined, JSON.stringify(op.errors));
    assert.equal(result.disputesDecided, 1);
    assert.equal(decisionsOf(result, endToEndId)[0][0], "DISPUTE_DECIDED");
    const dispute = await readDispute(disputeId);
    assert.deepEqual([dispute.status, dispute.outcome, dispute.closed_by], ["ACCEPTED", "RETURNED", "provider:efi"]);
    assert.equal(dispute.contest_statement, "Entregue, com nota fiscal");
    assert.deepEqual(
      (await auditOf(disputeId)).map((row: { action: string; actor: string }) => [
        row.action,
        row.actor.startsWith("operator:") ? "operator" : row.actor,
      ]),
      [
        ["dispute.open", "provider:efi"],
        ["dispute.contest", "operator"],
        ["dispute.bank_return", "provider:efi"],
      ],
    );
    assert.equal(await balanceCents(app, merchant), balanceBefore - 1000n);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "1000", disputed_amount_cents: "0" });
    await assertNoDevolucaoSent(endToEndId);
    // Read again: closed, Efí's decision is not looked at any more.
    assert.deepEqual(decisionsOf(await run(), endToEndId), []);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("at once, the operator's accept first: answered to Efí, nothing sent, then Efí's ACEITA records the return once", async () => {
    const {
      chargeId,
      endToEndId,
      disputeId,
      balanceBefore,
      result,
      operator: op,
    } = await race("operator", acceptByOperator, "ACEITA");
    assert.equal(op.errors, undefined, JSON.stringify(op.errors));
    assert.deepEqual(op.data.acceptDispute, {
      status: "ACCEPTED",
      outcome: null,
      refundId: null,
      heldAmount: "10.00",
      returnedByBank: true,
    });
    assert.equal(result.disputesDecided, 1);
    assert.equal(decisionsOf(result, endToEndId)[0][0], "DISPUTE_DECIDED");
    const refunds = await query("SELECT status, amount_cents, requested_by FROM refunds WHERE charge_id = $1", [
      chargeId,
    ]);
    assert.deepEqual(refunds, [{ status: "REFUNDED", amount_cents: "1000", requested_by: "provider:efi" }]);
    const dispute = await readDispute(disputeId);
    assert.deepEqual([dispute.status, dispute.outcome, dispute.closed_by], ["ACCEPTED", "RETURNED", "provider:efi"]);
    assert.match(dispute.decided_by, /^operator:/);
    assert.deepEqual(
      (await auditOf(disputeId)).map((row: { action: string; actor: string }) => [
        row.action,
        row.actor.startsWith("operator:") ? "operator" : row.actor,
      ]),
      [
        ["dispute.open", "provider:efi"],
        ["dispute.accept", "operator"],
        ["dispute.bank_return", "provider:efi"],
      ],
    );
    assert.equal(await balanceCents(app, merchant), balanceBefore - 1000n);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "1000", disputed_amount_cents: "0" });
    await assertNoDevolucaoSent(endToEndId);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("at once, the operator's accept first, then Efí's REJEITADA: the hold is released", async () => {
    const {
      chargeId,
      disputeId,
      balanceBefore,
      result,
      operator: op,
    } = await race("operator", acceptByOperator, "REJEITADA");
    assert.equal(op.errors, undefined, JSON.stringify(op.errors));
    assert.equal(op.data.acceptDispute.refundId, null);
    assert.equal(result.disputesDecided, 1);
    const dispute = await readDispute(disputeId);
    assert.deepEqual([dispute.status, dispute.outcome, dispute.closed_by], ["CLOSED", "RELEASED", "provider:efi"]);
    assert.equal(await balanceCents(app, merchant), balanceBefore);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "0", disputed_amount_cents: "0" });
    assert.equal((await query("SELECT 1 FROM refunds WHERE charge_id = $1", [chargeId])).length, 0);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("at once, Efí's ACEITA first: the return is recorded and the operator's accept is refused, so nothing is sent", async () => {
    const { chargeId, disputeId, balanceBefore, result, operator: op } = await race("efi", acceptByOperator, "ACEITA");
    assert.equal(result.disputesDecided, 1);
    assert.equal(op.errors?.[0]?.extensions?.code, "INVALID_STATE", JSON.stringify(op));
    const refunds = await query("SELECT status, amount_cents, requested_by FROM refunds WHERE charge_id = $1", [
      chargeId,
    ]);
    assert.deepEqual(refunds, [{ status: "REFUNDED", amount_cents: "1000", requested_by: "provider:efi" }]);
    const dispute = await readDispute(disputeId);
    assert.deepEqual([dispute.status, dispute.outcome, dispute.closed_by], ["ACCEPTED", "RETURNED", "provider:efi"]);
    assert.deepEqual(await eventsOf(disputeId, dispute.refund_id), [
      "dispute.opened",
      "refund.refunded",
      "dispute.closed",
    ]);
    assert.equal(await balanceCents(app, merchant), balanceBefore - 1000n);
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "1000", disputed_amount_cents: "0" });
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("an operator's accept: Efí returns the money itself", () => {
  test("accept answers aceito and sends nothing; the amount stays held (ACCEPTED, no refund) until Efí's ACEITA, whose return is recorded once", async () => {
    const { chargeId, endToEndId, idInfracao, disputeId, balanceBefore } = await disputedCharge(20, "15.37");
    const held = balanceBefore - 1537n;
    assert.equal(await balanceCents(app, merchant), held);
    const devolucoesQueued = async () =>
      (
        await query(
          `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t
            ON t.id = j.task_id WHERE t.identifier = $1`,
          [SUBMIT_REFUND_JOB],
        )
      )[0].n;
    const queuedBefore = await devolucoesQueued();

    const accepted = await acceptByOperator(disputeId);
    assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
    assert.deepEqual(accepted.data.acceptDispute, {
      status: "ACCEPTED",
      outcome: null,
      refundId: null,
      heldAmount: "15.37",
      returnedByBank: true,
    });
    // Between the accept and Efí's decision: ACCEPTED, decided by the operator, not closed,
    // still held (DISPUTE_HELD stands, the charge's disputedAmount too); nothing sent.
    const waiting = await footprint(chargeId, disputeId);
    assert.equal(waiting.dispute.status, "ACCEPTED");
    assert.equal(waiting.dispute.refund_id, null);
    assert.equal(waiting.dispute.outcome, null);
    assert.equal(waiting.dispute.closed_at, null);
    assert.equal(waiting.dispute.held_amount_cents, "1537");
    assert.match(waiting.dispute.decided_by, /^operator:/);
    assert.deepEqual(waiting.charge, { refunded_amount_cents: "0", disputed_amount_cents: "1537" });
    assert.deepEqual(waiting.refunds, []);
    assert.deepEqual(waiting.ledger, [["DISPUTE_HELD", "-1537"]]);
    assert.deepEqual(waiting.events, ["dispute.opened"]);
    assert.deepEqual(
      waiting.audit.map((row: { action: string }) => row.action),
      ["dispute.open", "dispute.accept"],
    );
    assert.equal(waiting.balance, held);
    await assertAuditConsistent(app, merchant.companyId);
    assert.equal(await devolucoesQueued(), queuedBefore, "no devolução queued");

    // The answer: aceito, once; Efí's infraction is then in defence, and nothing reached the PSP as a devolução.
    const answers = await queuedAnswers(idInfracao);
    assert.equal(answers.length, 1);
    assert.equal(answers[0].accepted, true);
    await app.services.efi!.infractions.answerInfraction(answers[0]);
    const atEfi = await simInfraction(idInfracao);
    assert.deepEqual([atEfi.status, atEfi.analise], ["EM_DEFESA", "aceito"]);
    await assertNoDevolucaoSent(endToEndId);

    // Read before Efí decides: nothing changes, nothing is listed.
    const early = await run();
    assert.equal(early.disputesDecided, 0);
    assert.deepEqual(decisionsOf(early, endToEndId), []);
    assert.deepEqual(await footprint(chargeId, disputeId), waiting);

    // Accepted already: neither accepted again nor closed by an operator (the bank was told aceito).
    for (const attempt of [await acceptByOperator(disputeId), await closeByOperator(disputeId)]) {
      assert.equal(attempt.errors?.[0]?.extensions?.code, "INVALID_STATE", JSON.stringify(attempt.errors));
    }
    assert.deepEqual(await footprint(chargeId, disputeId), waiting);

    await decide(idInfracao, "ACEITA", "Fraude confirmada");
    const decided = await run();
    assert.equal(decided.disputesDecided, 1);
    const dispute = await readDispute(disputeId);
    const [refund] = await query("SELECT * FROM refunds WHERE charge_id = $1", [chargeId]);
    assert.deepEqual(decisionsOf(decided, endToEndId), [
      [
        "DISPUTE_DECIDED",
        `infraction ${idInfracao}, ACEITA: dispute ${disputeId} RETURNED: 15.37 returned by Efí, recorded as ${refund.id}`,
      ],
    ]);
    assert.deepEqual(
      [dispute.status, dispute.outcome, dispute.refund_id, dispute.closed_by],
      ["ACCEPTED", "RETURNED", refund.id, "provider:efi"],
    );
    assert.equal(dispute.decided_by, waiting.dispute.decided_by, "the operator's accept stays the decision");
    assert.ok(dispute.closed_at);
    assert.deepEqual(
      [refund.status, refund.amount_cents, refund.nature, refund.dispute_id, refund.requested_by, refund.return_id],
      ["REFUNDED", "1537", "MED_FRAUDE", disputeId, "provider:efi", null],
    );
    assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "1537", disputed_amount_cents: "0" });
    assert.deepEqual(await ledgerOf(disputeId), [
      ["DISPUTE_HELD", "-1537"],
      ["DISPUTE_RELEASED", "1537"],
      ["REFUND_RESERVED", "-1537"],
    ]);
    assert.deepEqual(await eventsOf(disputeId, refund.id), ["dispute.opened", "refund.refunded", "dispute.closed"]);
    const rows = await auditOf(disputeId);
    assert.deepEqual(
      rows.map((row: { action: string; actor: string }) => [row.action, row.actor === "provider:efi"]),
      [
        ["dispute.open", true],
        ["dispute.accept", false],
        ["dispute.bank_return", true],
      ],
    );
    assert.equal(rows[2].reason, "Efí: infração ACEITA: Fraude confirmada");
    // The money left with Efí's own return: the balance is where the hold put it, once.
    assert.equal(await balanceCents(app, merchant), held);
    await assertNoDevolucaoSent(endToEndId);
    await assertAuditConsistent(app, merchant.companyId);

    const after = await footprint(chargeId, disputeId);
    const again = await run();
    assert.equal(again.disputesDecided, 0);
    assert.deepEqual(decisionsOf(again, endToEndId), []);
    assert.deepEqual(await footprint(chargeId, disputeId), after);
  });

  for (const status of ["REJEITADA", "CANCELADA_EFI"]) {
    test(`accept, then Efí's ${status}: the hold is released to the merchant (CLOSED, RELEASED), nothing was sent`, async () => {
      const { chargeId, endToEndId, idInfracao, disputeId, balanceBefore } = await disputedCharge(12, "12.00");
      const accepted = await acceptByOperator(disputeId);
      assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
      await assertAuditConsistent(app, merchant.companyId);
      await app.services.efi!.infractions.answerInfraction((await queuedAnswers(idInfracao))[0]);
      await decide(idInfracao, status, "Análise concluída");

      const decided = await run();
      assert.equal(decided.disputesDecided, 1);
      assert.deepEqual(decisionsOf(decided, endToEndId), [
        [
          "DISPUTE_DECIDED",
          `infraction ${idInfracao}, ${status}: dispute ${disputeId} RELEASED: 12.00 released to the merchant`,
        ],
      ]);
      const dispute = await readDispute(disputeId);
      assert.deepEqual(
        [dispute.status, dispute.outcome, dispute.refund_id, dispute.closed_by],
        ["CLOSED", "RELEASED", null, "provider:efi"],
      );
      assert.match(dispute.decided_by, /^operator:/);
      assert.equal(await balanceCents(app, merchant), balanceBefore);
      assert.deepEqual(await readChargeRow(chargeId), { refunded_amount_cents: "0", disputed_amount_cents: "0" });
      assert.deepEqual(await ledgerOf(disputeId), [
        ["DISPUTE_HELD", "-1200"],
        ["DISPUTE_RELEASED", "1200"],
      ]);
      assert.deepEqual(await eventsOf(disputeId), ["dispute.opened", "dispute.closed"]);
      const rows = await auditOf(disputeId);
      assert.deepEqual(
        rows.map((row: { action: string }) => row.action),
        ["dispute.open", "dispute.accept", "dispute.close"],
      );
      assert.deepEqual(
        [rows[2].actor, rows[2].actor_kind, rows[2].reason],
        ["provider:efi", "SYSTEM", `Efí: infração ${status}: Análise concluída`],
      );
      assert.equal((await query("SELECT 1 FROM refunds WHERE charge_id = $1", [chargeId])).length, 0);
      await assertNoDevolucaoSent(endToEndId);
      await assertAuditConsistent(app, merchant.companyId);

      const after = await footprint(chargeId, disputeId);
      assert.equal((await run()).disputesDecided, 0);
      assert.deepEqual(await footprint(chargeId, disputeId), after);
    });
  }
});

describe("the local PSP", () => {
  test("decides only an open infraction, and only with a final status", async () => {
    const { idInfracao } = await disputedCharge(3, "3.00");
    const bad = await sim.control("POST", `/control/infracoes/${idInfracao}/decide`, { status: "ABERTA" });
    assert.equal(bad.status, 400);
    await decide(idInfracao, "ACEITA");
    const twice = await sim.control("POST", `/control/infracoes/${idInfracao}/decide`, { status: "REJEITADA" });
    assert.equal(twice.status, 409);
    const listed = (await sim.control("GET", "/control/state")).body.infracoes.find(
      (one: { idInfracao: string }) => one.idInfracao === idInfracao,
    );
    assert.equal(listed.status, "ACEITA");
    assert.ok(listed.dadosAnalise.finalizacao);
  });
});
