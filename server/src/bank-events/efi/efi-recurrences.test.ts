import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
import { assertAuditConsistent, balanceCents, outboxEvents, waitFor } from "../../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../../test/support/test-app";
import { isoDate, nextBusinessDay, saoPauloDay } from "../../billing/business-days";
import { registerEfiWebhook } from "../../provider/efi/efi-webhook-registration";

/**
 * Pix Automático with PIX_PROVIDER=efi against the local PSP over mutual TLS (CONTRACT §10,
 * §12): a recurrence is a locrec and a rec at Efí (its pix_code Efí's BR Code), the payer's
 * approval arrives by the webhookrec and is read back before it is applied, a recurring charge
 * is a cobr debited by the payer's bank (PAID with ledger, fee and charge.paid; a refused debit
 * charge.payment_failed and the retry asked of Efí), a lost notification is found by
 * reconciliation (`GET /v2/rec`, `GET /v2/cobr`), forged ones change nothing, and the PSP
 * counts no body against the API Pix schemas wanting.
 */
const WEBHOOK_SECRET = "efi-webhook-secret-for-tests-0123";
let sim: PspSimProcess;
let app: TestApp;
let merchant: Merchant;
let port: number;

before(async () => {
  sim = await startPspSim();
  port = await freePort();
  app = await startTestApp(
    { ...sim.env, EFI_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    { port },
  );
  const registration = await registerEfiWebhook(app.services);
  assert.equal(registration?.ok, true, registration?.error ?? "");
  merchant = await app.createMerchant({ feePercent: "2.00", feeFixed: "0.50" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);

async function simState() {
  return (await sim.control("GET", "/control/state")).body;
}

async function recurrence(extra: Record<string, unknown> = {}) {
  const res = await app.request("POST", "/recurrences", {
    token: merchant.clientSecret,
    headers: { "Idempotency-Key": newUuid() },
    body: {
      payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
      contract: "CT-EFI-1",
      object: "Plano mensal",
      frequency: "MONTHLY",
      start_date: day(1),
      amount: 100,
      ...extra,
    },
  });
  assert.equal(res.status, 201, res.text);
  const [row] = await app.services.db.query("SELECT bank_recurrence_id FROM recurrences WHERE id = $1", [res.body.id]);
  return { ...(res.body as { id: string; pix_code: string; status: string }), idRec: row.bank_recurrence_id as string };
}

const readRecurrence = async (id: string) =>
  (await app.request("GET", `/recurrences/${id}`, { token: merchant.clientSecret })).body;
const readCharge = async (id: string) =>
  (await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret })).body;

async function approved(extra: Record<string, unknown> = {}) {
  const made = await recurrence(extra);
  const decided = await sim.control("POST", `/control/recs/${made.idRec}/decide`, { status: "APROVADA" });
  assert.equal(decided.status, 200, JSON.stringify(decided.body));
  await waitFor("recurrence approved", async () => (await readRecurrence(made.id)).status === "APPROVED");
  return made;
}

async function recurringCharge(recurrenceId: string, dueIn = 5) {
  const res = await app.request("POST", `/recurrences/${recurrenceId}/charges`, {
    token: merchant.clientSecret,
    body: { due_date: day(dueIn) },
  });
  assert.equal(res.status, 201, res.text);
  const [row] = await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [
    res.body.id.replace(/^chg_/, ""),
  ]);
  return { ...(res.body as { id: string }), txid: row.txid as string };
}

const simCobr = async (txid: string) =>
  (await simState()).cobsr.find((cobr: { txid: string }) => cobr.txid === txid) as Record<string, any>;

describe("Pix Automático through Efí", () => {
  test("the webhookrec and webhookcobr are registered beside the Pix one, with the hmac", async () => {
    const state = await simState();
    const base = `http://127.0.0.1:${port}/provider/efi`;
    const hmac = `hmac=${WEBHOOK_SECRET}&ignorar=`;
    assert.equal(state.webhooks[0].webhookUrl, `${base}/pix?${hmac}`);
    assert.equal(state.webhooksPixAutomatico.rec.webhookUrl, `${base}/rec?${hmac}`);
    assert.equal(state.webhooksPixAutomatico.cobr.webhookUrl, `${base}/cobr?${hmac}`);
  });

  test("a recurrence is a locrec and a rec at Efí; its pix_code is Efí's BR Code", async () => {
    const made = await recurrence({ end_date: day(370), retry_policy: "THREE_IN_SEVEN_DAYS" });
    assert.equal(made.status, "CREATED");
    assert.match(made.idRec, /^RR09089356/);
    const rec = (await simState()).recs.find((item: { idRec: string }) => item.idRec === made.idRec);
    assert.deepEqual(rec.vinculo, {
      contrato: "CT-EFI-1",
      objeto: "Plano mensal",
      devedor: { cpf: "52998224725", nome: "Maria da Silva" },
    });
    assert.deepEqual(rec.calendario, { dataInicial: day(1), dataFinal: day(370), periodicidade: "MENSAL" });
    assert.deepEqual(rec.valor, { valorRec: "100.00" });
    assert.equal(rec.politicaRetentativa, "PERMITE_3R_7D");
    assert.equal(made.pix_code, rec.dadosQR.pixCopiaECola);
    assert.ok(made.pix_code.includes(rec.loc.location));
  });

  test("a first payment now (journey 3): its cob at Efí, the composite code paying it", async () => {
    const made = await recurrence({ first_payment: { amount: 30 }, amount: null });
    const state = await simState();
    const rec = state.recs.find((item: { idRec: string }) => item.idRec === made.idRec);
    const [row] = await app.services.db.query("SELECT first_payment_txid FROM recurrences WHERE id = $1", [made.id]);
    assert.equal(rec.ativacao.dadosJornada.txid, row.first_payment_txid);
    assert.equal(rec.valor, undefined, "a variable amount");
    const cob = state.cobs.find((item: { txid: string }) => item.txid === row.first_payment_txid);
    assert.equal(cob.valor.original, "30.00");
    assert.ok(made.pix_code.includes(cob.loc.location) && made.pix_code.includes(rec.loc.location));
  });

  test("approved by the payer: read back from Efí, recurrence.approved written", async () => {
    const made = await approved();
    const events = await outboxEvents(app, made.id);
    assert.deepEqual(
      events.map((event) => [event.event, event.status]),
      [["recurrence.approved", "APPROVED"]],
    );
    const [audit] = await app.services.db.query(
      "SELECT actor FROM audit_log WHERE object_id = $1 AND action = 'recurrence.approve'",
      [made.id],
    );
    assert.equal(audit.actor, "provider:efi");
  });

  test("a recurring charge is a cobr; debited by the payer's bank it is PAID with ledger, fee and charge.paid", async () => {
    const made = await approved();
    const balanceBefore = await balanceCents(app, merchant);
    const charge = await recurringCharge(made.id);
    const cobr = await simCobr(charge.txid);
    assert.equal(cobr.idRec, made.idRec);
    assert.equal(cobr.status, "ATIVA");
    assert.deepEqual(cobr.valor, { original: "100.00" });
    assert.deepEqual(cobr.calendario.dataDeVencimento, day(5));
    assert.equal(cobr.ajusteDiaUtil, false);
    assert.deepEqual(cobr.recebedor, { conta: sim.env.EFI_ACCOUNT_NUMBER, tipoConta: "PAGAMENTO", agencia: "0001" });

    const debited = await sim.control("POST", `/control/cobr/${charge.txid}/debit`, { status: "PAGA" });
    assert.equal(debited.status, 200, JSON.stringify(debited.body));
    const paid = await waitFor("charge paid", async () => {
      const current = await readCharge(charge.id);
      return current.status === "PAID" ? current : null;
    });
    assert.equal(paid.paid_amount, 100);
    assert.equal(paid.fee, 2.5);
    assert.equal(paid.net_amount, 97.5);
    assert.equal(paid.e2e_id, debited.body.tentativas[0].endToEndId);
    assert.equal((await balanceCents(app, merchant)) - balanceBefore, 9750n);
    const [ledger] = await app.services.db.query("SELECT kind, amount_cents FROM ledger_entries WHERE charge_id = $1", [
      charge.id.replace(/^chg_/, ""),
    ]);
    assert.deepEqual(ledger, { kind: "CHARGE_PAID", amount_cents: "9750" });
    const [attempt] = await app.services.db.query(
      "SELECT attempt, outcome FROM recurring_debit_attempts WHERE charge_id = $1",
      [charge.id.replace(/^chg_/, "")],
    );
    assert.deepEqual(attempt, { attempt: 1, outcome: "PAID" });
    const paidEvents = (await outboxEvents(app, charge.id.replace(/^chg_/, ""))).filter(
      (event) => event.event === "charge.paid",
    );
    assert.equal(paidEvents.length, 1);
    // The same notification again (Efí retries, reconciliation reads it too) credits nothing more.
    await app.services.efi!.recurrences.applyCobr(
      (await app.services.efi!.provider.readRecurringCharge(charge.txid)) as never,
    );
    assert.equal((await balanceCents(app, merchant)) - balanceBefore, 9750n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a refused debit: charge.payment_failed, the retry asked of Efí for the next day, then paid", async () => {
    const made = await approved({ retry_policy: "THREE_IN_SEVEN_DAYS" });
    const charge = await recurringCharge(made.id);
    const chargeId = charge.id.replace(/^chg_/, "");
    await sim.control("POST", `/control/cobr/${charge.txid}/debit`, { status: "REJEITADA" });
    const retryDay = isoDate(nextBusinessDay(saoPauloDay(new Date()) + 6));
    const failed = await waitFor("debit refused", async () => {
      const current = await readCharge(charge.id);
      return current.debit_attempt === 2 ? current : null;
    });
    assert.equal(failed.status, "PENDING");
    assert.equal(failed.failure_reason, "Saldo insuficiente");
    assert.equal(failed.next_attempt_on, retryDay);
    const [event] = (await outboxEvents(app, chargeId)).filter((item) => item.event === "charge.payment_failed");
    assert.equal(event.attempt, 1);
    assert.equal(event.failure_reason, "Saldo insuficiente");
    assert.equal(event.next_attempt_on, retryDay);
    const cobr = await waitFor("retry asked", async () => {
      const current = await simCobr(charge.txid);
      return current.tentativas.length === 2 ? current : null;
    });
    assert.deepEqual(
      cobr.tentativas.map((item: { tipo: string; status: string; dataLiquidacao: string }) => [
        item.tipo,
        item.status,
        item.dataLiquidacao,
      ]),
      [
        ["AGND", "REJEITADA", day(5)],
        ["NTAG", "AGENDADA", retryDay],
      ],
    );
    await sim.control("POST", `/control/cobr/${charge.txid}/debit`, { status: "PAGA" });
    const paid = await waitFor("retry paid", async () => {
      const current = await readCharge(charge.id);
      return current.status === "PAID" ? current : null;
    });
    assert.equal(paid.e2e_id, cobr.tentativas[1].endToEndId);
    const attempts = await app.services.db.query(
      "SELECT attempt, outcome FROM recurring_debit_attempts WHERE charge_id = $1 ORDER BY attempt",
      [chargeId],
    );
    assert.deepEqual(attempts, [
      { attempt: 1, outcome: "FAILED" },
      { attempt: 2, outcome: "PAID" },
    ]);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("without retries a refused debit expires the charge", async () => {
    const made = await approved();
    const charge = await recurringCharge(made.id);
    await sim.control("POST", `/control/cobr/${charge.txid}/debit`, {
      status: "REJEITADA",
      descricao: "Conta encerrada",
    });
    const expired = await waitFor("charge expired", async () => {
      const current = await readCharge(charge.id);
      return current.status === "EXPIRED" ? current : null;
    });
    assert.equal(expired.failure_reason, "Conta encerrada");
    const events = (await outboxEvents(app, charge.id.replace(/^chg_/, ""))).map((event) => event.event);
    assert.deepEqual(events.slice(-2), ["charge.payment_failed", "charge.expired"]);
  });

  test("lost notifications: reconciliation reads GET /v2/rec and GET /v2/cobr and applies what they missed", async () => {
    const made = await recurrence();
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    await sim.control("POST", `/control/recs/${made.idRec}/decide`, { status: "APROVADA" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await readRecurrence(made.id)).status, "CREATED", "the notification was lost");
    const first = await app.services.efi!.reconciliation.run();
    assert.ok(
      first.differences.some((item) => item.outcome === "RECURRENCE_MOVED" && item.detail?.includes(made.id)),
      JSON.stringify(first.differences),
    );
    assert.equal((await readRecurrence(made.id)).status, "APPROVED");

    const charge = await recurringCharge(made.id);
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    await sim.control("POST", `/control/cobr/${charge.txid}/debit`, { status: "PAGA" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await readCharge(charge.id)).status, "PENDING", "the notification was lost");
    const second = await app.services.efi!.reconciliation.run();
    assert.equal(second.recurringChargesSeen >= 1, true);
    assert.ok(second.differences.some((item) => item.outcome === "DEBIT_PAID" && item.txid === charge.txid));
    const paid = await readCharge(charge.id);
    assert.equal(paid.status, "PAID");
    assert.equal(paid.net_amount, 97.5);
    // The next run's window overlaps: it reads the same cobr again and changes nothing.
    const third = await app.services.efi!.reconciliation.run();
    assert.equal(third.differences.filter((item) => item.txid === charge.txid).length, 0);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a retry Efí could not be asked for is asked by a later reconciliation run", async () => {
    const made = await approved({ retry_policy: "THREE_IN_SEVEN_DAYS" });
    const charge = await recurringCharge(made.id, 4);
    const armed = await sim.control("POST", "/control/faults", {
      status: 503,
      count: 3,
      pathPrefix: `/v2/cobr/${charge.txid}/retentativa`,
    });
    assert.equal(armed.status, 200, JSON.stringify(armed.body));
    await sim.control("POST", `/control/cobr/${charge.txid}/debit`, { status: "REJEITADA" });
    const failed = await waitFor("debit refused", async () => {
      const current = await readCharge(charge.id);
      return current.debit_attempt === 2 ? current : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await simCobr(charge.txid)).tentativas.length, 1, "the bank was down: no retry yet");
    // A window that lists nothing: the charge awaiting its retry is read back by itself.
    const past = new Date(Date.now() - 3_600_000);
    const run = await app.services.efi!.recurrences.reconcile(past, past);
    assert.deepEqual(
      run.differences.filter((item) => item.txid === charge.txid).map((item) => item.outcome),
      ["RETRY_ASKED"],
    );
    const cobr = await simCobr(charge.txid);
    assert.deepEqual(
      cobr.tentativas.map((item: { tipo: string; dataLiquidacao: string }) => [item.tipo, item.dataLiquidacao]),
      [
        ["AGND", day(4)],
        ["NTAG", failed.next_attempt_on],
      ],
    );
    await sim.control("DELETE", "/control/faults");
  });

  test("a debit of a cobr the service does not have is kept as a payment exception", async () => {
    const made = await approved();
    const txid = "orphan".padEnd(32, "0");
    const put = await app.services.efi!.provider.client.call("PUT", `/v2/cobr/${txid}`, {
      idRec: made.idRec,
      calendario: { dataDeVencimento: day(3) },
      valor: { original: "100.00" },
      ajusteDiaUtil: false,
      recebedor: { conta: sim.env.EFI_ACCOUNT_NUMBER, tipoConta: "PAGAMENTO", agencia: "0001" },
    });
    assert.equal(put.status, 201);
    const debited = await sim.control("POST", `/control/cobr/${txid}/debit`, { status: "PAGA" });
    const [exception] = await waitFor("exception recorded", async () => {
      const rows = await app.services.db.query(
        "SELECT kind, amount_cents FROM payment_exceptions WHERE end_to_end_id = $1",
        [debited.body.pix[0].endToEndId],
      );
      return rows.length === 1 ? rows : null;
    });
    assert.deepEqual(exception, { kind: "UNKNOWN_TXID", amount_cents: "10000" });
  });

  test("forged notifications change nothing and are kept for review; a wrong hmac is 401", async () => {
    const made = await recurrence();
    const forgedRec = await sim.control("POST", `/control/forge/recs/${made.idRec}`, { status: "APROVADA" });
    assert.equal(forgedRec.body.delivered.status, 200);
    assert.equal((await readRecurrence(made.id)).status, "CREATED");

    const live = await approved();
    const charge = await recurringCharge(live.id);
    const forgedCobr = await sim.control("POST", `/control/forge/cobsr/${charge.txid}`, {});
    assert.equal(forgedCobr.body.delivered.status, 200);
    assert.equal((await readCharge(charge.id)).status, "PENDING");
    const kept = await app.services.db.query(
      "SELECT kind, claimed_status, txid FROM unconfirmed_notifications WHERE kind IN ('RECURRENCE_STATUS', 'RECURRING_DEBIT') ORDER BY created_at",
    );
    assert.deepEqual(kept, [
      { kind: "RECURRENCE_STATUS", claimed_status: "APROVADA", txid: null },
      { kind: "RECURRING_DEBIT", claimed_status: "CONCLUIDA", txid: charge.txid },
    ]);
    for (const path of ["/provider/efi/rec", "/provider/efi/cobr"]) {
      const refused = await app.request("POST", `${path}?hmac=wrong-secret-wrong-secret&ignorar=/rec`, {
        body: { recs: [], cobsr: [] },
      });
      assert.equal(refused.status, 401, path);
    }
  });

  test("the merchant's cancel cancels the rec at Efí, and its pending charge's cobr", async () => {
    const made = await approved();
    const charge = await recurringCharge(made.id);
    const cancelled = await app.request("POST", `/recurrences/${made.id}/cancel`, {
      token: merchant.clientSecret,
      body: { reason: "cliente pediu" },
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    const jobs = await app.services.db.query(
      `SELECT t.identifier FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE (t.identifier = 'recurrence_cancel_at_bank' AND j.payload->>'recurrenceId' = $1)
           OR (t.identifier = 'charge_remove_at_bank' AND j.payload->>'chargeId' = $2) ORDER BY t.identifier`,
      [made.id, charge.id.replace(/^chg_/, "")],
    );
    // The worker may already have run them; run them here (they are idempotent) and look at the bank.
    assert.ok(jobs.length <= 2);
    await app.services.recurrences.cancelAtBank(made.id);
    await app.services.charges.removeChargeAtBank(charge.id.replace(/^chg_/, ""), app.services.logger);
    const rec = (await simState()).recs.find((item: { idRec: string }) => item.idRec === made.idRec);
    assert.equal(rec.status, "CANCELADA");
    assert.equal(rec.encerramento.cancelamento.solicitante, "USUARIO_RECEBEDOR");
    assert.equal((await simCobr(charge.txid)).status, "CANCELADA");
    // Efí's notification of that cancel finds the recurrence already CANCELLED: one event only.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = (await outboxEvents(app, made.id)).map((event) => event.event);
    assert.deepEqual(events, ["recurrence.approved", "recurrence.cancelled"]);
  });

  test("the payer cancels at their bank: CANCELLED with the bank's reason, cancel_by_payer", async () => {
    const made = await approved();
    await sim.control("POST", `/control/recs/${made.idRec}/cancel`, { descricao: "Não reconheço" });
    const cancelled = await waitFor("cancelled", async () => {
      const current = await readRecurrence(made.id);
      return current.status === "CANCELLED" ? current : null;
    });
    assert.equal(cancelled.reason, "Não reconheço");
    const [audit] = await app.services.db.query(
      "SELECT action FROM audit_log WHERE object_id = $1 AND action LIKE 'recurrence.cancel%'",
      [made.id],
    );
    assert.equal(audit.action, "recurrence.cancel_by_payer");
  });

  test("expired here, the authorisation is cancelled at Efí too: the payer can no longer approve it", async () => {
    const made = await recurrence();
    // The sweep, after the end of the start date (the authorisation's last day).
    const later = new Date(Date.now() + 3 * 86_400_000);
    assert.ok((await app.services.recurrences.expireUnauthorised(later)) >= 1);
    assert.equal((await readRecurrence(made.id)).status, "EXPIRED");
    const jobs = await app.services.db.query(
      `SELECT j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'recurrence_cancel_at_bank' AND j.payload->>'recurrenceId' = $1`,
      [made.id],
    );
    assert.deepEqual(
      jobs.map((job: { key: string }) => job.key),
      [`recurrence_cancel_at_bank:${made.id}`],
    );
    await app.services.recurrences.cancelAtBank(made.id);
    const rec = (await simState()).recs.find((item: { idRec: string }) => item.idRec === made.idRec);
    assert.equal(rec.status, "CANCELADA");
    assert.equal(rec.encerramento.cancelamento.solicitante, "USUARIO_RECEBEDOR");
    const refused = await sim.control("POST", `/control/recs/${made.idRec}/decide`, { status: "APROVADA" });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    // Efí's notification of that cancel finds the recurrence final: recurrence.expired only.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(
      (await outboxEvents(app, made.id)).map((event) => event.event),
      ["recurrence.expired"],
    );
  });

  /** The bank's cancel jobs queued for a recurrence. */
  async function cancelJobs(id: string): Promise<number> {
    const [row] = await app.services.db.query(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'recurrence_cancel_at_bank' AND j.payload->>'recurrenceId' = $1`,
      [id],
    );
    return row.n as number;
  }

  test("the expiry reads Efí first: an approval or a refusal whose notification was lost is applied, not expired", async () => {
    const approvedThere = await recurrence();
    const rejectedThere = await recurrence();
    await sim.control("POST", "/control/webhooks/drop-next", { count: 2 });
    const approval = await sim.control("POST", `/control/recs/${approvedThere.idRec}/decide`, { status: "APROVADA" });
    assert.equal(approval.status, 200, JSON.stringify(approval.body));
    const refusal = await sim.control("POST", `/control/recs/${rejectedThere.idRec}/decide`, {
      status: "REJEITADA",
      descricao: "Não reconheço esta cobrança",
    });
    assert.equal(refusal.status, 200, JSON.stringify(refusal.body));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await readRecurrence(approvedThere.id)).status, "CREATED", "the notification was lost");
    assert.equal((await readRecurrence(rejectedThere.id)).status, "CREATED", "the notification was lost");
    const reads = async (idRec: string) =>
      ((await sim.control("GET", "/control/requests")).body as { method: string; path: string }[]).filter(
        (request) => request.method === "GET" && request.path.startsWith(`/v2/rec/${idRec}`),
      ).length;
    const readsBefore = [await reads(approvedThere.idRec), await reads(rejectedThere.idRec)];

    // The sweep, after the end of the start date: it reads GET /v2/rec/{idRec} of each before expiring it.
    const run = await app.services.recurrences.expireReadingBank(new Date(Date.now() + 3 * 86_400_000));
    assert.ok(run.decidedAtBank >= 2, JSON.stringify(run));
    assert.equal(run.unread, 0);
    assert.deepEqual(
      [await reads(approvedThere.idRec), await reads(rejectedThere.idRec)],
      readsBefore.map((n) => n + 1),
      "GET /v2/rec/{idRec} of each, once",
    );
    const approved = await readRecurrence(approvedThere.id);
    assert.equal(approved.status, "APPROVED");
    assert.equal(approved.reason, null);
    assert.deepEqual(
      (await outboxEvents(app, approvedThere.id)).map((event) => [event.event, event.status]),
      [["recurrence.approved", "APPROVED"]],
    );
    const audit = await app.services.db.query(
      "SELECT action, actor FROM audit_log WHERE object_id = $1 AND action LIKE 'recurrence.%' ORDER BY id",
      [approvedThere.id],
    );
    assert.deepEqual(
      audit.map((row: { action: string; actor: string }) => [row.action, row.actor]),
      [
        ["recurrence.create", audit[0].actor],
        ["recurrence.approve", "provider:efi"],
      ],
    );
    // Authorised: nothing to cancel at Efí, and it is charged as any approved recurrence.
    assert.equal(await cancelJobs(approvedThere.id), 0);
    const rec = (await simState()).recs.find((item: { idRec: string }) => item.idRec === approvedThere.idRec);
    assert.equal(rec.status, "APROVADA");
    await recurringCharge(approvedThere.id);

    const rejected = await readRecurrence(rejectedThere.id);
    assert.equal(rejected.status, "REJECTED");
    assert.equal(rejected.reason, "Não reconheço esta cobrança");
    assert.deepEqual(
      (await outboxEvents(app, rejectedThere.id)).map((event) => [event.event, event.reason]),
      [["recurrence.rejected", "Não reconheço esta cobrança"]],
    );
    assert.equal(await cancelJobs(rejectedThere.id), 0);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the expiry cannot read Efí: the recurrence stays CREATED, and the next sweep reads it and expires it", async () => {
    const made = await recurrence();
    // Every attempt of the client's (3) at this rec answers 503: the bank is down for it.
    const armed = await sim.control("POST", "/control/faults", {
      status: 503,
      count: 3,
      pathPrefix: `/v2/rec/${made.idRec}`,
    });
    assert.equal(armed.status, 200, JSON.stringify(armed.body));
    const later = new Date(Date.now() + 3 * 86_400_000);
    const first = await app.services.recurrences.expireReadingBank(later);
    assert.equal(first.unread, 1, JSON.stringify(first));
    assert.equal((await readRecurrence(made.id)).status, "CREATED", "not expired blind");
    assert.deepEqual(await outboxEvents(app, made.id), []);
    assert.equal(await cancelJobs(made.id), 0);

    await sim.control("DELETE", "/control/faults");
    const second = await app.services.recurrences.expireReadingBank(later);
    assert.deepEqual(second, { expired: 1, decidedAtBank: 0, unread: 0 });
    const expired = await readRecurrence(made.id);
    assert.equal(expired.status, "EXPIRED");
    assert.equal(expired.reason, "not authorised in time");
    assert.deepEqual(
      (await outboxEvents(app, made.id)).map((event) => event.event),
      ["recurrence.expired"],
    );
    assert.equal(await cancelJobs(made.id), 1);
    // A third sweep finds nothing left to read.
    assert.deepEqual(await app.services.recurrences.expireReadingBank(later), {
      expired: 0,
      decidedAtBank: 0,
      unread: 0,
    });
  });

  test("a late approval (given after the expiry read the bank, its notification lost) stays EXPIRED and is cancelled at Efí", async () => {
    const made = await recurrence();
    // The sweep reads CRIADA at Efí and expires it; the payer approves before the cancel job runs.
    await app.services.recurrences.expireUnauthorised(new Date(Date.now() + 3 * 86_400_000));
    assert.equal((await readRecurrence(made.id)).status, "EXPIRED");
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    const decided = await sim.control("POST", `/control/recs/${made.idRec}/decide`, { status: "APROVADA" });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Reconciliation reads the bank's APROVADA before the cancel job ran: nothing revives it.
    const run = await app.services.efi!.reconciliation.run();
    assert.equal(
      run.differences.filter((item) => item.outcome === "RECURRENCE_MOVED" && item.detail?.includes(made.id)).length,
      0,
    );
    const current = await readRecurrence(made.id);
    assert.equal(current.status, "EXPIRED");
    assert.equal(current.reason, "not authorised in time");
    const audit = await app.services.db.query(
      "SELECT action, reason, actor FROM audit_log WHERE object_id = $1 AND action LIKE 'recurrence.%' ORDER BY id",
      [made.id],
    );
    assert.deepEqual(
      audit.map((row: { action: string }) => row.action),
      ["recurrence.create", "recurrence.expire", "recurrence.late_approval"],
    );
    assert.equal(audit[2].reason, "approved at the bank after it expired here: cancelled at the bank");
    assert.equal(audit[2].actor, "provider:efi");
    // One cancel job for the expiry and the late approval (the same key), and the bank agrees once it ran.
    const jobs = await app.services.db.query(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'recurrence_cancel_at_bank' AND j.payload->>'recurrenceId' = $1`,
      [made.id],
    );
    assert.equal(jobs[0].n, 1);
    await app.services.recurrences.cancelAtBank(made.id);
    const rec = (await simState()).recs.find((item: { idRec: string }) => item.idRec === made.idRec);
    assert.equal(rec.status, "CANCELADA");
    // The bank's cancel, read back by the next run, finds it final: recurrence.expired only.
    await app.services.efi!.reconciliation.run();
    assert.deepEqual(
      (await outboxEvents(app, made.id)).map((event) => event.event),
      ["recurrence.expired"],
    );
    await assertAuditConsistent(app, merchant.companyId);
  });

  const PAYER_ACCOUNT = { ispb: "60701190", branch: "0001", account: "123456" };
  /** The recurrence's request at the payer's bank, once the service's job has sent it. */
  async function sentRequest(id: string) {
    assert.equal((await readRecurrence(id)).payer_bank_request.status, "PENDING");
    // The job the recurrence's transaction queued (keyed: one per recurrence), run here as the worker would.
    const jobs = await app.services.db.query(
      `SELECT j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'recurrence_payer_bank_request' AND j.payload->>'recurrenceId' = $1`,
      [id],
    );
    assert.deepEqual(
      jobs.map((job: { key: string }) => job.key),
      [`recurrence_payer_bank_request:${id}`],
    );
    await app.services.recurrences.sendPayerBankRequest(id);
    const current = await readRecurrence(id);
    assert.equal(current.payer_bank_request.status, "SENT");
    const [row] = await app.services.db.query("SELECT payer_bank_request_id FROM recurrences WHERE id = $1", [id]);
    const solicrec = (await simState()).solicrecs.find(
      (item: { idSolicRec: string }) => item.idSolicRec === row.payer_bank_request_id,
    );
    return { current, idSolicRec: row.payer_bank_request_id as string, solicrec };
  }

  test("journey 1 (solicrec): the payer's account given, the request sent after the recurrence, approved there", async () => {
    const made = await recurrence({ payer_bank_account: PAYER_ACCOUNT });
    const { current, idSolicRec, solicrec } = await sentRequest(made.id);
    assert.match(idSolicRec, /^SC09089356\d{8}[A-Za-z0-9]{11}$/);
    assert.deepEqual(current.payer_bank_account, PAYER_ACCOUNT);
    assert.equal(current.payer_bank_request.failure_reason, null);
    assert.ok(Date.parse(current.payer_bank_request.sent_at) <= Date.now());
    assert.deepEqual(solicrec.destinatario, {
      conta: "123456",
      ispbParticipante: "60701190",
      agencia: "0001",
      cpf: "52998224725",
    });
    assert.equal(solicrec.idRec, made.idRec);
    assert.equal(solicrec.status, "ENVIADA");
    // Valid until the authorisation's end: the end of the start date in São Paulo.
    assert.equal(
      Date.parse(solicrec.calendario.dataExpiracaoSolicitacao),
      Date.parse(current.authorisation_expires_at),
    );
    // The payer approves in their bank's app, with no code scanned: the rec's notification, read back, applies it.
    await sim.control("POST", `/control/recs/${made.idRec}/decide`, { status: "APROVADA" });
    await waitFor("approved", async () => (await readRecurrence(made.id)).status === "APPROVED");
    assert.equal((await readRecurrence(made.id)).payer_bank_request.status, "ACCEPTED");
    const state = await simState();
    assert.equal(
      state.recs.find((item: { idRec: string }) => item.idRec === made.idRec).ativacao.tipoJornada,
      "JORNADA_1",
    );
    assert.equal(
      state.solicrecs.find((item: { idSolicRec: string }) => item.idSolicRec === idSolicRec).status,
      "ACEITA",
    );
    assert.deepEqual(
      (await outboxEvents(app, made.id)).map((event) => event.event),
      ["recurrence.approved"],
    );
    const audit = await app.services.db.query(
      "SELECT action FROM audit_log WHERE object_id = $1 AND action LIKE 'recurrence.%' ORDER BY id",
      [made.id],
    );
    assert.deepEqual(
      audit.map((row: { action: string }) => row.action),
      ["recurrence.create", "recurrence.payer_bank_request_sent", "recurrence.approve"],
    );
    // The job run again (a retry, a second worker) sends nothing more.
    await app.services.recurrences.sendPayerBankRequest(made.id);
    assert.equal((await simState()).solicrecs.filter((item: { idRec: string }) => item.idRec === made.idRec).length, 1);
    // Asked again once decided: the bank refuses, and the adapter says so (503, the bank's reason).
    const expiresAt = new Date(Date.now() + 86_400_000);
    await assert.rejects(
      app.services.efi!.provider.requestAuthorisationAtPayerBank({
        bankRecurrenceId: made.idRec,
        account: { ...PAYER_ACCOUNT, document: "52998224725" },
        expiresAt,
      }),
      (error: { code?: string; message: string }) =>
        error.code === "SERVICE_UNAVAILABLE" && error.message.startsWith("The bank refused the recurrence"),
    );
  });

  test("journey 1 refused by the bank: the request FAILED with Efí's reason, the recurrence still CREATED", async () => {
    // A recurrence whose rec the payer has cancelled at Efí: a request for it is refused there.
    const other = await recurrence({ payer_bank_account: { ispb: "60701190", account: "99" } });
    await sentRequest(other.id);
    await sim.control("POST", `/control/recs/${other.idRec}/cancel`, { descricao: "teste" });
    await waitFor("cancelled", async () => (await readRecurrence(other.id)).status === "CANCELLED");
    assert.equal((await readRecurrence(other.id)).payer_bank_request.status, "CANCELLED");
    // Marked PENDING again by hand, the job meets the bank's refusal and records it.
    await app.services.db.query(
      "UPDATE recurrences SET status = 'CREATED', payer_bank_request_status = 'PENDING' WHERE id = $1",
      [other.id],
    );
    await app.services.recurrences.sendPayerBankRequest(other.id);
    const failed = (await readRecurrence(other.id)).payer_bank_request;
    assert.equal(failed.status, "FAILED");
    assert.equal(failed.sent_at, null);
    assert.match(failed.failure_reason, /^The bank refused the recurrence: /);
    await app.services.db.query("UPDATE recurrences SET status = 'CANCELLED' WHERE id = $1", [other.id]);
  });

  test("an open solicrec is cancelled at Efí when its recurrence is cancelled, or expires", async () => {
    const cancelled = await recurrence({ payer_bank_account: PAYER_ACCOUNT });
    const first = await sentRequest(cancelled.id);
    const res = await app.request("POST", `/recurrences/${cancelled.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.payer_bank_request.status, "CANCELLED");
    const expired = await recurrence({ payer_bank_account: PAYER_ACCOUNT });
    const second = await sentRequest(expired.id);
    assert.ok((await app.services.recurrences.expireUnauthorised(new Date(Date.now() + 3 * 86_400_000))) >= 1);
    assert.equal((await readRecurrence(expired.id)).payer_bank_request.status, "CANCELLED");
    const jobs = await app.services.db.query(
      `SELECT j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'recurrence_payer_bank_request_cancel' AND j.payload->>'recurrenceId' = ANY($1) ORDER BY 1`,
      [[cancelled.id, expired.id]],
    );
    // The worker may already have run them; run them here (they are idempotent) and look at the bank.
    assert.ok(jobs.length <= 2);
    await app.services.recurrences.cancelPayerBankRequest(first.idSolicRec);
    await app.services.recurrences.cancelPayerBankRequest(second.idSolicRec);
    await app.services.recurrences.cancelPayerBankRequest(second.idSolicRec);
    const state = await simState();
    for (const idSolicRec of [first.idSolicRec, second.idSolicRec]) {
      assert.equal(
        state.solicrecs.find((item: { idSolicRec: string }) => item.idSolicRec === idSolicRec).status,
        "CANCELADA",
      );
    }
  });

  test("a variable recurrence: a debit above the payer's own limit is refused by their bank, with its reason", async () => {
    const made = await recurrence({ amount: undefined, retry_policy: "NONE" });
    const decided = await sim.control("POST", `/control/recs/${made.idRec}/decide`, {
      status: "APROVADA",
      valorMaximo: "50.00",
    });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    assert.equal(JSON.stringify(decided.body).includes("50.00"), false, "the receiver never sees the payer's limit");
    await waitFor("approved", async () => (await readRecurrence(made.id)).status === "APPROVED");
    const charged = async (amount: number, dueIn: number) => {
      const res = await app.request("POST", `/recurrences/${made.id}/charges`, {
        token: merchant.clientSecret,
        body: { due_date: day(dueIn), amount },
      });
      assert.equal(res.status, 201, res.text);
      const [row] = await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [res.body.id]);
      return { id: res.body.id as string, txid: row.txid as string };
    };
    const above = await charged(80, 4);
    await sim.control("POST", `/control/cobr/${above.txid}/debit`, { status: "PAGA" });
    const refused = await waitFor("refused", async () => {
      const current = await readCharge(above.id);
      return current.status === "EXPIRED" ? current : null;
    });
    assert.equal(refused.failure_reason, "Valor acima do limite definido pelo pagador");
    assert.deepEqual((await simCobr(above.txid)).tentativas[0].rejeicao, {
      codigo: "AM02",
      descricao: "Valor acima do limite definido pelo pagador",
    });
    const [failed] = (await outboxEvents(app, above.id)).filter((event) => event.event === "charge.payment_failed");
    assert.equal(failed.failure_reason, "Valor acima do limite definido pelo pagador");
    assert.equal(failed.next_attempt_on, null);
    const within = await charged(50, 5);
    await sim.control("POST", `/control/cobr/${within.txid}/debit`, { status: "PAGA" });
    await waitFor("paid", async () => (await readCharge(within.id)).status === "PAID");
  });

  test("rejected by the payer: REJECTED with recurrence.rejected", async () => {
    const made = await recurrence();
    await sim.control("POST", `/control/recs/${made.idRec}/decide`, { status: "REJEITADA" });
    await waitFor("rejected", async () => (await readRecurrence(made.id)).status === "REJECTED");
    const [event] = await outboxEvents(app, made.id);
    assert.equal(event.event, "recurrence.rejected");
  });

  test("the PSP counted no request body against the API Pix schemas wanting", async () => {
    const state = await simState();
    assert.equal(state.stats.schemaViolations, 0, JSON.stringify(state.stats.schemaViolationsBy));
    const requests = (await sim.control("GET", "/control/requests")).body as { path: string; status: number }[];
    for (const prefix of ["/v2/locrec", "/v2/rec", "/v2/cobr", "/v2/webhookrec", "/v2/webhookcobr"]) {
      assert.ok(
        requests.some((request) => request.path.startsWith(prefix) && request.status < 300),
        `${prefix} was used`,
      );
    }
  });
});
