import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
import { createRefund, readRefund } from "../../../test/support/refund-steps";
import {
  approve,
  assertAuditConsistent,
  balanceCents,
  createWithdrawal,
  fundedMerchant,
  readWithdrawal,
  waitFor,
  waitForWithdrawalStatus,
} from "../../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../../test/support/test-app";
import { AdjustmentMode, InterestMode } from "../../billing/amount-due";
import { isoDate, saoPauloDay } from "../../billing/business-days";
import { ChargeStatus } from "../../charges/charge.entity";
import { parseBrl } from "../../core/money";
import { idEnvioOf } from "../../provider/efi/efi-provider";
import { registerEfiWebhook } from "../../provider/efi/efi-webhook-registration";
import { refundReturnRequestId } from "../../refunds/refund.entity";

/**
 * CONTRACT §10, "Nothing taken on a notification's word", over mutual TLS against the local
 * PSP: whoever learned the webhook URL (its `hmac`) posts notifications the bank never sent
 * (psp-sim's /control/forge/*). Each one is read back from the bank; what the bank does not
 * confirm moves no money and is kept for review with the caller's address. The bank's real
 * notifications, read back the same way, still credit, settle and return.
 */
const WEBHOOK_SECRET = "efi-webhook-secret-for-tests-0123";
const PAYER = { nome: "Maria Silva", cpf: "12345678909" };
let sim: PspSimProcess;
let app: TestApp;
let merchant: Merchant;

before(async () => {
  sim = await startPspSim();
  const port = await freePort();
  app = await startTestApp(
    { ...sim.env, EFI_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    { port },
  );
  const registration = await registerEfiWebhook(app.services);
  assert.equal(registration?.ok, true, registration?.error ?? "");
  merchant = await fundedMerchant(app, "100.00", { feePercent: "1.00", feeFixed: "0.00" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

async function newCharge(amount: number) {
  const res = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; txid: string };
}

const chargeStatus = async (id: string) =>
  (await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret })).body.status;

/** A forged notification, POSTed by psp-sim to the registered webhook URL (the `hmac` is right). */
async function forge(path: string, body: Record<string, unknown>) {
  const res = await sim.control("POST", `/control/forge${path}`, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.delivered.status, 200, "answered 2xx, so that the bank does not send it forever");
  return res.body.notification;
}

/** The review records of the notifications the bank did not confirm, about this id. */
async function reviewOf(column: "end_to_end_id" | "withdrawal_id" | "return_request_id", value: string) {
  return app.services.db.query(
    `SELECT id, kind, status, problem, txid, amount_cents, claimed_status, company_id, caller_address, times_seen, bank_answer
       FROM unconfirmed_notifications WHERE ${column} = $1 ORDER BY created_at`,
    [value],
  );
}

async function paidByWebhook(amount: number) {
  const charge = await newCharge(amount);
  const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
  assert.equal(paid.status, 201, JSON.stringify(paid.body));
  await waitFor("charge paid", async () => ((await chargeStatus(charge.id)) === "PAID" ? true : null));
  return { ...charge, endToEndId: paid.body.endToEndId as string };
}

describe("a received Pix is applied only once the bank, read back, has it", () => {
  test("a Pix that never happened credits nothing; it is kept for review with the caller's address and an audit row", async () => {
    const charge = await newCharge(250);
    const before = await balanceCents(app, merchant);
    const [item] = (await forge("/pix", { txid: charge.txid, valor: "250.00", pagador: PAYER })).pix;
    assert.equal(await chargeStatus(charge.id), "PENDING");
    assert.equal(await balanceCents(app, merchant), before);
    const [review] = await reviewOf("end_to_end_id", item.endToEndId);
    assert.equal(review.kind, "RECEIVED_PIX");
    assert.equal(review.status, "OPEN");
    assert.equal(review.problem, `the bank has no received Pix ${item.endToEndId}`);
    assert.equal(review.txid, charge.txid);
    assert.equal(review.amount_cents, "25000");
    assert.equal(review.company_id, merchant.companyId);
    assert.equal(review.caller_address, "127.0.0.1");
    assert.equal(review.bank_answer, null);
    const audit = await app.services.db.query(
      "SELECT actor, actor_kind, address, company_id FROM audit_log WHERE action = 'provider_notification.unconfirmed' AND object_id = $1",
      [review.id],
    );
    assert.deepEqual(audit, [
      { actor: "provider:efi", actor_kind: "SYSTEM", address: "127.0.0.1", company_id: merchant.companyId },
    ]);
    // Nothing became a payment exception either: no money came, so there is nothing to return.
    const exceptions = await app.services.db.query("SELECT 1 FROM payment_exceptions WHERE end_to_end_id = $1", [
      item.endToEndId,
    ]);
    assert.equal(exceptions.length, 0);
    // The same forgery again is the same record, counted.
    await forge("", { body: { pix: [item] } });
    const [again] = await reviewOf("end_to_end_id", item.endToEndId);
    assert.equal(again.times_seen, 2);
    assert.equal(await chargeStatus(charge.id), "PENDING");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the answer to the caller says nothing of what the bank has", async () => {
    const charge = await newCharge(5);
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: `E99999999${"2".repeat(12)}abcdefghijk`,
          txid: charge.txid,
          valor: "5.00",
          horario: new Date().toISOString(),
        },
      ],
    });
    const res = await app.request("POST", `/provider/efi/pix?hmac=${WEBHOOK_SECRET}&ignorar=/pix`, { rawBody: body });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { received: 1, test: false });
    assert.equal(await chargeStatus(charge.id), "PENDING");
  });

  test("a batch naming one end-to-end id many times reads it back once", async () => {
    const charge = await newCharge(3);
    const [item] = (await forge("/pix", { txid: charge.txid, valor: "3.00" })).pix;
    const reads = async () =>
      (await sim.control("GET", "/control/requests")).body.filter(
        (entry: { path: string }) => entry.path === `/v2/pix/${item.endToEndId}`,
      ).length;
    const before = await reads();
    await forge("", {
      body: { pix: Array.from({ length: 50 }, (_, index) => ({ ...item, valor: `${index + 1}.00` })) },
    });
    assert.equal((await reads()) - before, 1);
    assert.equal(await chargeStatus(charge.id), "PENDING");
  });

  test("a real Pix's end-to-end id with another txid or amount changes nothing the bank did not do", async () => {
    const real = await paidByWebhook(10);
    const target = await newCharge(500);
    const before = await balanceCents(app, merchant);
    await forge("/pix", { endToEndId: real.endToEndId, txid: target.txid, valor: "500.00" });
    assert.equal(await chargeStatus(target.id), "PENDING");
    assert.equal(await balanceCents(app, merchant), before);
    const [review] = await reviewOf("end_to_end_id", real.endToEndId);
    assert.equal(review.kind, "RECEIVED_PIX");
    assert.equal(
      review.problem,
      `the bank has Pix ${real.endToEndId} for txid ${real.txid} and 10.00, not txid ${target.txid} and 500.00`,
    );
    assert.equal(review.bank_answer.txid, real.txid);

    // A real Pix whose own notification was lost, named with a made-up amount: what the bank has is credited.
    const lost = await newCharge(7);
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    const paid = await sim.control("POST", `/control/cobs/${lost.txid}/pay`, { pagador: PAYER });
    await forge("/pix", { endToEndId: paid.body.endToEndId, txid: lost.txid, valor: "700.00" });
    assert.equal(await chargeStatus(lost.id), "PAID");
    assert.equal(await balanceCents(app, merchant), before + 693n, "7.00 less the 1 % fee, not 700.00");
    const [amountReview] = await reviewOf("end_to_end_id", paid.body.endToEndId);
    assert.match(amountReview.problem, /for txid \w+ and 7\.00, not txid \w+ and 700\.00$/);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("an entry without an end-to-end id cannot be read back: nothing applied, kept for review", async () => {
    const charge = await newCharge(30);
    await forge("", { body: { pix: [{ txid: charge.txid, valor: "30.00", horario: new Date().toISOString() }] } });
    assert.equal(await chargeStatus(charge.id), "PENDING");
    const [review] = await app.services.db.query(
      "SELECT kind, problem, caller_address FROM unconfirmed_notifications WHERE txid = $1",
      [charge.txid],
    );
    assert.deepEqual(review, {
      kind: "RECEIVED_PIX",
      problem: "no endToEndId to read the Pix back by",
      caller_address: "127.0.0.1",
    });
  });

  test("a due-date charge: its Pix is read back and checked against the day's amount due", async () => {
    const today = isoDate(saoPauloDay(new Date()));
    const terms = {
      amountCents: parseBrl("150.00"),
      description: "Mensalidade",
      dueDate: today,
      payer: { name: "Maria da Silva", cpf: "52998224725" },
      fine: { mode: AdjustmentMode.PERCENT, value: parseBrl("2") },
      interest: { mode: InterestMode.PERCENT_PER_MONTH, value: parseBrl("1") },
    };
    const { charge } = await app.services.charges.createCharge(merchant.companyId, terms);
    const before = await balanceCents(app, merchant);
    await forge("/pix", { txid: charge.txid, valor: "150.00" });
    assert.equal((await app.services.charges.getCharge(merchant.companyId, charge.id)).status, ChargeStatus.PENDING);
    assert.equal(await balanceCents(app, merchant), before);
    // Paid at the bank, at today's amount due: the webhook, read back, credits it.
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    assert.equal(paid.body.valor, "150.00");
    const credited = await waitFor("due-date charge paid", async () => {
      const current = await app.services.charges.getCharge(merchant.companyId, charge.id);
      return current.status === ChargeStatus.PAID ? current : null;
    });
    assert.equal(credited.paidAmountCents, 15000n);
    // A real Pix of another amount for a due-date charge is money that came: a payment exception, not a credit.
    const { charge: second } = await app.services.charges.createCharge(merchant.companyId, terms);
    const wrong = await sim.control("POST", `/control/cobs/${second.txid}/pay`, { pagador: PAYER, valor: "149.99" });
    const [exception] = await waitFor("exception recorded", async () => {
      const rows = await app.services.db.query(
        "SELECT kind, expected_amount_cents FROM payment_exceptions WHERE end_to_end_id = $1",
        [wrong.body.endToEndId],
      );
      return rows.length === 1 ? rows : null;
    });
    assert.deepEqual(exception, { kind: "AMOUNT_MISMATCH", expected_amount_cents: "15000" });
    assert.equal((await app.services.charges.getCharge(merchant.companyId, second.id)).status, ChargeStatus.PENDING);
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("a send's outcome is applied only once the bank, read back, reports it", () => {
  async function heldWithdrawal(amount: number) {
    const id = await createWithdrawal(app, merchant, { amount, pix_key_type: "EMAIL", pix_key: "cliente@example.com" });
    const approved = await approve(app, id);
    assert.equal(approved.data?.approveWithdrawal.status, "PROCESSING", JSON.stringify(approved));
    await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });
    const held = await sim.control("POST", `/control/sends/${idEnvioOf(id)}/hold`);
    assert.equal(held.status, 200, JSON.stringify(held.body));
    return id;
  }

  test("a failure forged while the bank pays: not failed, nothing back to the balance; the bank's payment then settles it", async () => {
    const id = await heldWithdrawal(8);
    const reserved = await balanceCents(app, merchant);
    await forge(`/sends/${idEnvioOf(id)}`, { status: "NAO_REALIZADO", motivo: "Chave Pix não encontrada" });
    const still = await readWithdrawal(app, merchant, id);
    assert.equal(still.status, "PROCESSING");
    assert.equal(still.reason, null);
    assert.equal(await balanceCents(app, merchant), reserved, "nothing returned to the balance");
    const [review] = await reviewOf("withdrawal_id", id);
    assert.equal(review.kind, "TRANSFER_OUTCOME");
    assert.equal(review.claimed_status, "NAO_REALIZADO");
    assert.equal(review.problem, `the bank reports Pix Send ${idEnvioOf(id)} EM_PROCESSAMENTO, not NAO_REALIZADO`);
    assert.equal(review.company_id, merchant.companyId);
    assert.equal(review.caller_address, "127.0.0.1");
    // A forged payment does not settle it either.
    await forge(`/sends/${idEnvioOf(id)}`, { status: "REALIZADO" });
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
    assert.equal((await reviewOf("withdrawal_id", id)).length, 2);
    // The bank pays it: its own notification, read back, settles it.
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
    await waitForWithdrawalStatus(app, merchant, id, "PAID", 5000);
    assert.equal(await balanceCents(app, merchant), reserved);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a failure forged after the bank paid (its notification lost): the read-back settles it PAID", async () => {
    const id = await heldWithdrawal(3);
    const reserved = await balanceCents(app, merchant);
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
    await forge(`/sends/${idEnvioOf(id)}`, { status: "NAO_REALIZADO" });
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PAID");
    assert.equal(await balanceCents(app, merchant), reserved);
    const [review] = await reviewOf("withdrawal_id", id);
    assert.equal(review.problem, `the bank reports Pix Send ${idEnvioOf(id)} REALIZADO, not NAO_REALIZADO`);
    // Once PAID, the same forgery again is kept (counted), and the bank is asked what it did.
    await forge(`/sends/${idEnvioOf(id)}`, { status: "NAO_REALIZADO" });
    const records = await reviewOf("withdrawal_id", id);
    assert.equal(records.length, 2);
    assert.equal(
      records[1].problem,
      `withdrawal ${id} is PAID; the notification said NAO_REALIZADO, the bank reports REALIZADO`,
    );
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PAID");
  });

  test("the bank's own failure, read back, fails it with Efí's reason", async () => {
    const id = await heldWithdrawal(2);
    const before = await balanceCents(app, merchant);
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/refuse`, { motivo: "Conta do favorecido encerrada" });
    const failed = await waitForWithdrawalStatus(app, merchant, id, "FAILED", 5000);
    assert.equal(failed.reason, "Conta do favorecido encerrada");
    assert.equal(await balanceCents(app, merchant), before + 200n);
    assert.deepEqual(await reviewOf("withdrawal_id", id), []);
  });

  test("an idEnvio that is not a withdrawal of this service is kept for review", async () => {
    await forge("/sends/someoneElsesSend1", { status: "NAO_REALIZADO", valor: "50.00" });
    const [review] = await app.services.db.query(
      "SELECT kind, problem FROM unconfirmed_notifications WHERE problem LIKE 'idEnvio someoneElsesSend1%'",
    );
    assert.deepEqual(review, {
      kind: "TRANSFER_OUTCOME",
      problem: "idEnvio someoneElsesSend1 is not a withdrawal of this service",
    });
  });
});

describe("a devolução's outcome is applied only once the bank, read back, reports it", () => {
  test("a refusal forged while the bank returns it: the refund stays PROCESSING; the bank's return then settles it", async () => {
    const charge = await paidByWebhook(40);
    const refundId = await createRefund(app, merchant, charge.id, { amount: 15 });
    await app.services.returnProcessor.submitReturn({ subject: "refund", id: refundId, requestId: null });
    const reserved = await balanceCents(app, merchant);
    const devolucaoId = refundReturnRequestId(refundId);
    await forge(`/devolucoes/${devolucaoId}`, { status: "NAO_REALIZADO", motivo: "forjado" });
    const still = await readRefund(app, merchant, refundId);
    assert.equal(still.status, "PROCESSING");
    assert.equal(still.failure_reason, null);
    assert.equal(await balanceCents(app, merchant), reserved, "nothing returned to the balance");
    const [review] = await reviewOf("return_request_id", devolucaoId);
    assert.equal(review.kind, "RETURN_OUTCOME");
    assert.equal(review.claimed_status, "NAO_REALIZADO");
    assert.equal(
      review.problem,
      `the bank reports devolução ${devolucaoId} EM_PROCESSAMENTO for 15.00, not NAO_REALIZADO for 15.00`,
    );
    assert.equal(review.caller_address, "127.0.0.1");
    await sim.control("POST", `/control/devolucoes/${devolucaoId}/settle`);
    await waitFor("refund returned", async () =>
      (await readRefund(app, merchant, refundId)).status === "REFUNDED" ? true : null,
    );
    assert.equal(await balanceCents(app, merchant), reserved);
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("one path: notifications and reconciliation read the bank back through the same code", () => {
  test("both hand what the bank answered to the same read-back", async () => {
    const readBack = app.services.efi!.readBack;
    const seen: string[] = [];
    const applyReceived = readBack.applyReceived.bind(readBack);
    const readBackTransfer = readBack.readBackTransfer.bind(readBack);
    readBack.applyReceived = (pix, requestId) => {
      seen.push(...pix.map((item) => `pix ${item.endToEndId}`));
      return applyReceived(pix, requestId);
    };
    readBack.readBackTransfer = (row, requestId) => {
      seen.push(`send ${row.id}`);
      return readBackTransfer(row, requestId);
    };
    try {
      const byWebhook = await paidByWebhook(4);
      assert.ok(seen.includes(`pix ${byWebhook.endToEndId}`), "the notification's read-back");
      const lost = await newCharge(6);
      await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
      const paid = await sim.control("POST", `/control/cobs/${lost.txid}/pay`, { pagador: PAYER });
      const run = await app.services.efi!.reconciliation.run();
      assert.equal(run.credited, 1);
      assert.equal(await chargeStatus(lost.id), "PAID");
      assert.ok(seen.includes(`pix ${paid.body.endToEndId}`), "reconciliation's list");

      const id = await createWithdrawal(app, merchant, { amount: 1, pix_key_type: "EMAIL", pix_key: "c@example.com" });
      await approve(app, id);
      await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });
      await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
      await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
      await app.services.db.query("UPDATE withdrawals SET updated_at = now() - interval '10 minutes' WHERE id = $1", [
        id,
      ]);
      const second = await app.services.efi!.reconciliation.run();
      assert.equal(second.transfersDecided, 1);
      assert.ok(seen.includes(`send ${id}`), "reconciliation's read-back of the send");
      assert.equal((await readWithdrawal(app, merchant, id)).status, "PAID");
    } finally {
      readBack.applyReceived = applyReceived;
      readBack.readBackTransfer = readBackTransfer;
    }
  });
});

describe("the operators' review", () => {
  test("unconfirmedNotifications lists them for operators only; resolving one is audited and moves no money", async () => {
    const charge = await newCharge(12);
    const [item] = (await forge("/pix", { txid: charge.txid, valor: "12.00" })).pix;
    const list = await app.graphql(
      `query { unconfirmedNotifications(status: OPEN, limit: 100) {
        total data { id kind status problem endToEndId txid amount companyId callerAddress timesSeen } } }`,
    );
    assert.equal(list.errors, undefined, JSON.stringify(list.errors));
    const row = list.data.unconfirmedNotifications.data.find(
      (entry: { endToEndId: string }) => entry.endToEndId === item.endToEndId,
    );
    assert.deepEqual(
      { ...row, id: undefined },
      {
        id: undefined,
        kind: "RECEIVED_PIX",
        status: "OPEN",
        problem: `the bank has no received Pix ${item.endToEndId}`,
        endToEndId: item.endToEndId,
        txid: charge.txid,
        amount: "12.00",
        companyId: merchant.companyId,
        callerAddress: "127.0.0.1",
        timesSeen: 1,
      },
    );
    const merchantView = await app.graphql("query { unconfirmedNotifications { total } }", {}, merchant.clientSecret);
    assert.equal(merchantView.errors?.[0].extensions.code, "FORBIDDEN");

    const before = await balanceCents(app, merchant);
    const resolved = await app.graphql(
      "mutation($id: ID!, $r: String!) { resolveUnconfirmedNotification(id: $id, resolution: $r) { status resolution resolvedBy } }",
      { id: row.id, r: "Segredo do webhook trocado" },
    );
    assert.equal(resolved.errors, undefined, JSON.stringify(resolved.errors));
    assert.equal(resolved.data.resolveUnconfirmedNotification.status, "RESOLVED");
    assert.equal(resolved.data.resolveUnconfirmedNotification.resolution, "Segredo do webhook trocado");
    const again = await app.graphql(
      'mutation($id: ID!) { resolveUnconfirmedNotification(id: $id, resolution: "x") { status } }',
      { id: row.id },
    );
    assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
    const audit = await app.services.db.query(
      "SELECT actor_kind, reason FROM audit_log WHERE action = 'unconfirmed_notification.resolve' AND object_id = $1",
      [row.id],
    );
    assert.deepEqual(audit, [{ actor_kind: "OPERATOR", reason: "Segredo do webhook trocado" }]);
    assert.equal(await balanceCents(app, merchant), before);
  });
});
