import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { hasError, isDynamicPix, parsePix } from "pix-utils";
import { Agent, request } from "undici";
import { freePort, type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
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
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../../test/support/test-app";
import { ANSWER_INFRACTION_JOB } from "../../bank-events/efi/efi-infractions";
import { saoPauloDay } from "../../bank-events/efi/efi-reconciliation";
import { ProviderUnavailableError } from "../pix-provider";
import { EfiClient } from "./efi-client";
import { idEnvioOf } from "./efi-provider";
import { registerEfiWebhook } from "./efi-webhook-registration";

/**
 * The whole flow against the local Efí-compatible PSP over mutual TLS: charges as cobs,
 * payments by webhook and by reconciliation, withdrawals as Pix Send, devoluções, removal,
 * token reuse, retries, and what is refused (no certificate, a wrong hmac, wrong credentials).
 */
const WEBHOOK_SECRET = "efi-webhook-secret-for-tests-0123";
const PAYER = { nome: "Maria Silva", cpf: "12345678909" };
let sim: PspSimProcess;
let app: TestApp;
let merchant: Merchant;
let efiEnv: Record<string, string>;

before(async () => {
  sim = await startPspSim();
  const port = await freePort();
  efiEnv = { ...sim.env, EFI_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` };
  app = await startTestApp(efiEnv, { port });
  const registration = await registerEfiWebhook(app.services);
  assert.equal(registration?.ok, true, registration?.error ?? "");
  merchant = await fundedMerchant(app, "100.00", { feePercent: "1.00", feeFixed: "0.00" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

async function newCharge(amount: number, description?: string) {
  const res = await app.request("POST", "/charges", {
    token: merchant.clientSecret,
    body: description ? { amount, description } : { amount },
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

const readCharge = async (id: string) =>
  (await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret })).body;

async function simCob(txid: string) {
  const state = await sim.control("GET", "/control/state");
  return state.body.cobs.find((cob: { txid: string }) => cob.txid === txid);
}

describe("charges as cobs", () => {
  test("a charge is a cob at the PSP: its pixCopiaECola is the charge's pix_code, and the service serves no location", async () => {
    const charge = await newCharge(10.5, "Pedido 42");
    const cob = await simCob(charge.txid);
    assert.equal(cob.status, "ATIVA");
    assert.equal(cob.valor.original, "10.50");
    assert.equal(cob.solicitacaoPagador, "Pedido 42");
    assert.equal(cob.chave, sim.env.EFI_PIX_KEY);
    assert.equal(charge.pix_code, cob.pixCopiaECola);
    const parsed = parsePix(charge.pix_code);
    if (hasError(parsed) || !isDynamicPix(parsed)) assert.fail("the pix_code is not a dynamic BR Code");
    assert.equal(parsed.url, cob.location);
    assert.match(charge.pix_code, /540510\.50/);
    const location = await app.request("GET", `/pix/v2/${cob.location.split("/").pop()}`);
    assert.equal(location.status, 404);
  });

  test("paid at the PSP, credited by its webhook with the payer from gnExtras.pagador", async () => {
    const before = await balanceCents(app, merchant);
    const charge = await newCharge(20);
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const credited = await waitFor("charge paid", async () => {
      const current = await readCharge(charge.id);
      return current.status === "PAID" ? current : null;
    });
    assert.equal(credited.e2e_id, paid.body.endToEndId);
    assert.equal(credited.payer_name, "Maria Silva");
    assert.equal(credited.payer_document, "12345678909");
    assert.equal(await balanceCents(app, merchant), before + 1980n); // 20.00 less the 1 % fee
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a lost webhook: the payment is credited by reconciliation, once, and listed as a difference", async () => {
    const charge = await newCharge(7.25);
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await readCharge(charge.id)).status, "PENDING");
    const run = await app.services.efi!.reconciliation.run();
    assert.equal(run.credited, 1);
    assert.deepEqual(
      run.differences.filter((difference) => difference.outcome === "CREDITED").map((d) => d.endToEndId),
      [paid.body.endToEndId],
    );
    const credited = await readCharge(charge.id);
    assert.equal(credited.status, "PAID");
    assert.equal(credited.payer_name, "Maria Silva");
    const again = await app.services.efi!.reconciliation.run();
    assert.equal(again.credited, 0, "an overlapping window credits nothing twice");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a Pix the service does not know becomes a payment exception in reconciliation", async () => {
    const unknown = await sim.control("POST", "/control/pix", {
      valor: "3.00",
      txid: "UNKNOWNtxid00000000000000000001",
    });
    await waitFor("exception recorded", async () => {
      const rows = await app.services.db.query("SELECT kind FROM payment_exceptions WHERE end_to_end_id = $1", [
        unknown.body.endToEndId,
      ]);
      return rows.length === 1 ? rows : null;
    });
    const run = await app.services.efi!.reconciliation.run();
    assert.equal(run.exceptions, 0, "the webhook had brought it already: nothing new");
  });

  test("removing a charge: its cob is REMOVIDA_PELO_USUARIO_RECEBEDOR and cannot be paid; one paid is refused", async () => {
    const charge = await newCharge(5);
    const removal = await app.services.provider.removeCharge({ txid: charge.txid, locationId: "", dueDate: false });
    assert.deepEqual(removal, { outcome: "removed" });
    assert.equal((await simCob(charge.txid)).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    assert.deepEqual(await app.services.provider.removeCharge({ txid: charge.txid, locationId: "", dueDate: false }), {
      outcome: "removed",
    });
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    assert.equal(paid.status, 409, "a removed cob cannot be paid");
    const paidCharge = await newCharge(6);
    await sim.control("POST", `/control/cobs/${paidCharge.txid}/pay`, { pagador: PAYER });
    const refused = await app.services.provider.removeCharge({ txid: paidCharge.txid, locationId: "", dueDate: false });
    assert.deepEqual(refused, { outcome: "refused", reason: "the charge was already paid at the bank" });
  });
});

describe("withdrawals as Pix Send", () => {
  async function approvedWithdrawal(amount: number, key = "cliente@example.com") {
    const id = await createWithdrawal(app, merchant, { amount, pix_key_type: "EMAIL", pix_key: key });
    const approved = await approve(app, id);
    assert.equal(approved.data?.approveWithdrawal.status, "PROCESSING", JSON.stringify(approved));
    await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });
    return id;
  }

  test("approved, sent with an idEnvio derived from the withdrawal, and settled by the webhook", async () => {
    const id = await approvedWithdrawal(4);
    const state = await sim.control("GET", "/control/state");
    const sent = state.body.sends.find((send: { idEnvio: string }) => send.idEnvio === idEnvioOf(id));
    assert.equal(sent.valor, "4.00");
    assert.deepEqual(sent.favorecido, {
      chave: "cliente@example.com",
      identificacao: { nome: "Titular Sandbox 4725", cpf: "***.982.247-**" },
    });
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
    // Submitted again (a retried job): Efí answers 409 and the transfer is read back, never sent twice.
    await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });
    const after = await sim.control("GET", "/control/state");
    assert.equal(after.body.sends.filter((send: { idEnvio: string }) => send.idEnvio === idEnvioOf(id)).length, 1);
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
    const paid = await waitForWithdrawalStatus(app, merchant, id, "PAID", 5000);
    assert.equal(paid.reason, null);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("refused by the PSP: FAILED with Efí's reason (gnExtras.erro.motivo), the amount back in the balance", async () => {
    const before = await balanceCents(app, merchant);
    const id = await approvedWithdrawal(3);
    assert.equal(await balanceCents(app, merchant), before - 300n);
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/refuse`, { motivo: "Chave Pix não encontrada no DICT" });
    const failed = await waitForWithdrawalStatus(app, merchant, id, "FAILED", 5000);
    assert.equal(failed.reason, "Chave Pix não encontrada no DICT");
    assert.equal(await balanceCents(app, merchant), before);
  });

  test("submissions that met an outage and never reached the PSP: reconciliation fails the withdrawal", async () => {
    const id = await createWithdrawal(app, merchant, { amount: 1, pix_key_type: "EMAIL", pix_key: "x@example.com" });
    await approve(app, id);
    await app.services.db.query(
      "UPDATE withdrawals SET retry_count = 3, updated_at = now() - interval '10 minutes' WHERE id = $1",
      [id],
    );
    const run = await app.services.efi!.reconciliation.run();
    assert.ok(run.transfersDecided >= 1);
    const failed = await readWithdrawal(app, merchant, id);
    assert.equal(failed.status, "FAILED");
    assert.equal(failed.reason, "bank unavailable");
  });

  test("a lost outcome: reconciliation reads the send back and settles it", async () => {
    const id = await approvedWithdrawal(2);
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
    await app.services.db.query("UPDATE withdrawals SET updated_at = now() - interval '10 minutes' WHERE id = $1", [
      id,
    ]);
    const run = await app.services.efi!.reconciliation.run();
    assert.equal(run.transfersDecided, 1);
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PAID");
  });
});

describe("devoluções", () => {
  test("a devolução of a received Pix: taken, idempotent by its id, then returned", async () => {
    const charge = await newCharge(9);
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    const order = {
      endToEndId: paid.body.endToEndId,
      returnRequestId: "rfTest0001",
      amountCents: 400n,
      description: "Troca",
    };
    const taken = await app.services.provider.sendRefund(order);
    assert.equal(taken.status, "PROCESSING");
    assert.match(String(taken.returnId), /^D09089356\d{12}[a-zA-Z0-9]{11}$/);
    const again = await app.services.provider.sendRefund(order);
    assert.deepEqual(again, taken, "the same id answers the same devolução");
    await sim.control("POST", "/control/devolucoes/rfTest0001/settle");
    const returned = await app.services.provider.readRefund(order);
    assert.equal(returned?.status, "RETURNED");
    const tooMuch = await app.services.provider.sendRefund({
      ...order,
      returnRequestId: "rfTest0002",
      amountCents: 600n,
    });
    assert.equal(tooMuch.status, "REFUSED");
    assert.match((tooMuch as { reason: string }).reason, /excede/);
  });
});

describe("MED infractions", () => {
  /** graphile-worker's queued answers to Efí (its public view leaves the payload out). */
  const queuedAnswers = async (reportId: string) =>
    (
      await app.services.db.query(
        `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE t.identifier = $1 AND j.payload->>'reportId' = $2`,
        [ANSWER_INFRACTION_JOB, reportId],
      )
    ).map((row: { payload: unknown }) => row.payload);

  async function paidCharge(amount: number) {
    const charge = await newCharge(amount);
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    await waitFor("charge paid", async () => ((await readCharge(charge.id)).status === "PAID" ? true : null));
    return { chargeId: charge.id as string, endToEndId: paid.body.endToEndId as string };
  }

  test("an infraction Efí lists opens a dispute holding its amount, once, with Efí's id and deadline", async () => {
    const { chargeId, endToEndId } = await paidCharge(30);
    const before = await balanceCents(app, merchant);
    const infraction = await sim.control("POST", "/control/infracoes", {
      endToEndId,
      valor: "12.00",
      razao: "Pagador relata golpe do falso vendedor",
    });
    assert.equal(infraction.status, 201, JSON.stringify(infraction.body));

    const run = await app.services.efi!.reconciliation.run();
    assert.equal(run.disputesOpened, 1);
    assert.deepEqual(
      run.differences.filter((d) => d.outcome === "DISPUTE_OPENED").map((d) => [d.endToEndId, d.valor]),
      [[endToEndId, "12.00"]],
    );
    const [dispute] = await app.services.db.query("SELECT * FROM disputes WHERE charge_id = $1", [chargeId]);
    assert.equal(dispute.report_id, infraction.body.idInfracao);
    assert.equal(dispute.status, "OPEN");
    assert.equal(dispute.nature, "MED_FRAUDE");
    assert.equal(dispute.amount_cents, "1200");
    assert.equal(dispute.held_amount_cents, "1200");
    assert.equal(dispute.description, "Pagador relata golpe do falso vendedor");
    assert.equal(dispute.opened_by, "provider:efi");
    assert.equal(dispute.deadline_at.toISOString(), infraction.body.dadosAnalise.prazoFinalizacao);
    assert.equal(await balanceCents(app, merchant), before - 1200n);
    const audit = await app.services.db.query(
      "SELECT actor, actor_kind FROM audit_log WHERE action = 'dispute.open' AND object_id = $1",
      [dispute.id],
    );
    assert.deepEqual(audit, [{ actor: "provider:efi", actor_kind: "SYSTEM" }]);
    const events = await app.services.db.query(
      "SELECT count(*)::int AS n FROM webhook_events WHERE event = 'dispute.opened' AND subject_id = $1",
      [dispute.id],
    );
    assert.equal(events[0].n, 1);

    const again = await app.services.efi!.reconciliation.run();
    assert.equal(again.disputesOpened, 0, "the window read again opens nothing twice");
    assert.equal((await app.services.db.query("SELECT id FROM disputes WHERE charge_id = $1", [chargeId])).length, 1);
    assert.equal(await balanceCents(app, merchant), before - 1200n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("an infraction on a Pix no charge was paid by, or above what is refundable, opens nothing and says why", async () => {
    const unknown = await sim.control("POST", "/control/pix", { valor: "4.00" });
    await sim.control("POST", "/control/infracoes", { endToEndId: unknown.body.endToEndId });
    const { endToEndId } = await paidCharge(5);
    await sim.control("POST", "/control/infracoes", { endToEndId, valor: "5.01" });

    const run = await app.services.efi!.reconciliation.run();
    const notOpened = run.differences.filter((d) => d.outcome === "INFRACTION_NOT_OPENED");
    assert.match(
      notOpened.find((d) => d.endToEndId === unknown.body.endToEndId)?.detail ?? "",
      /: no charge of the service was paid by this Pix$/,
    );
    assert.match(notOpened.find((d) => d.endToEndId === endToEndId)?.detail ?? "", /REFUND_EXCEEDS_CHARGE/);
    assert.equal(run.disputesOpened, 0);
  });

  test("an operator's contest is answered to Efí as a defence (rejeitado, with the statement), once", async () => {
    const { chargeId, endToEndId } = await paidCharge(8);
    const infraction = await sim.control("POST", "/control/infracoes", { endToEndId });
    await app.services.efi!.reconciliation.run();
    const [dispute] = await app.services.db.query("SELECT id FROM disputes WHERE charge_id = $1", [chargeId]);
    const statement = "Entregamos o produto: nota fiscal e rastreio anexados";
    const contested = await app.graphql(
      "mutation($id: ID!, $s: String!) { contestDispute(id: $id, statement: $s) { status } }",
      { id: dispute.id, s: statement },
    );
    assert.equal(contested.errors, undefined, JSON.stringify(contested.errors));
    const queued = await queuedAnswers(infraction.body.idInfracao);
    assert.deepEqual(queued, [{ reportId: infraction.body.idInfracao, accepted: false, statement }]);

    await app.services.efi!.infractions.answerInfraction(queued[0]);
    const state = await sim.control("GET", "/control/state");
    const atEfi = state.body.infracoes.find(
      (one: { idInfracao: string }) => one.idInfracao === infraction.body.idInfracao,
    );
    assert.equal(atEfi.status, "EM_DEFESA");
    assert.equal(atEfi.defesa, statement);
    // Answered twice (a job retried after Efí took it): Efí refuses, the job ends without retrying.
    await app.services.efi!.infractions.answerInfraction(queued[0]);
  });

  test("an operator's acceptance is answered to Efí as aceito and sends no devolução: Efí returns the money itself", async () => {
    const { chargeId, endToEndId } = await paidCharge(6);
    const infraction = await sim.control("POST", "/control/infracoes", { endToEndId });
    await app.services.efi!.reconciliation.run();
    const [dispute] = await app.services.db.query("SELECT id FROM disputes WHERE charge_id = $1", [chargeId]);
    const held = await balanceCents(app, merchant);
    const accepted = await app.graphql(
      "mutation($id: ID!) { acceptDispute(id: $id) { status outcome refundId heldAmount returnedByBank } }",
      { id: dispute.id },
    );
    assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
    assert.deepEqual(accepted.data.acceptDispute, {
      status: "ACCEPTED",
      outcome: null,
      refundId: null,
      heldAmount: "6.00",
      returnedByBank: true,
    });
    const queued = await queuedAnswers(infraction.body.idInfracao);
    assert.equal(queued.length, 1);
    assert.equal(queued[0].accepted, true);
    await app.services.efi!.infractions.answerInfraction(queued[0]);
    const state = await sim.control("GET", "/control/state");
    const atEfi = state.body.infracoes.find(
      (one: { idInfracao: string }) => one.idInfracao === infraction.body.idInfracao,
    );
    assert.equal(atEfi.status, "EM_DEFESA");
    assert.equal(atEfi.analise, "aceito");
    // No devolução of ours: none at the PSP, no refund here, the amount still held.
    const pix = state.body.received.find((one: { endToEndId: string }) => one.endToEndId === endToEndId);
    assert.equal(pix.devolucoes, undefined);
    assert.equal((await app.services.db.query("SELECT 1 FROM refunds WHERE charge_id = $1", [chargeId])).length, 0);
    assert.equal(await balanceCents(app, merchant), held);
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("the connection", () => {
  test("429 and 5xx are retried (Retry-After honoured) and the call succeeds", async () => {
    await sim.control("POST", "/control/faults", {
      status: 429,
      count: 1,
      retryAfterSeconds: 0,
      pathPrefix: "/v2/cob",
    });
    await sim.control("POST", "/control/faults", { status: 503, count: 1, pathPrefix: "/v2/cob" });
    const charge = await newCharge(1.5);
    const requests = (await sim.control("GET", "/control/requests")).body.filter(
      (entry: { path: string }) => entry.path === `/v2/cob/${charge.txid}`,
    );
    assert.deepEqual(
      requests.map((entry: { status: number }) => entry.status),
      [429, 503, 201],
    );
  });

  test("an outage opens the circuit: calls then fail at once, and it closes again", async () => {
    const client = new EfiClient({
      baseUrl: sim.apiUrl,
      clientId: sim.env.EFI_CLIENT_ID,
      clientSecret: sim.env.EFI_CLIENT_SECRET,
      certFile: sim.files.clientPem,
      caFile: sim.files.ca,
      maxAttempts: 1,
      breakerThreshold: 2,
      breakerOpenMs: 300,
    });
    try {
      await client.verify();
      await sim.control("POST", "/control/faults", { status: 500, count: 2, pathPrefix: "/v2/cob/" });
      for (let i = 0; i < 2; i++) await assert.rejects(client.call("GET", "/v2/cob/x"), ProviderUnavailableError);
      assert.equal(client.circuitState, "open");
      const count = (await sim.control("GET", "/control/requests")).body.length;
      await assert.rejects(client.call("GET", "/v2/cob/x"), /too many failures/);
      assert.equal((await sim.control("GET", "/control/requests")).body.length, count, "no request while open");
      await new Promise((resolve) => setTimeout(resolve, 350));
      await assert.rejects(client.call("GET", `/v2/cob/${"a".repeat(30)}`), /404|cobranca_nao_encontrada/);
      assert.equal(client.circuitState, "closed");
    } finally {
      await client.close();
    }
  });

  test("a 401 renews the token once; the token is otherwise reused across the whole flow", async () => {
    const before = app.services.efi!.provider.client.tokenRequests;
    await sim.control("POST", "/control/tokens/expire");
    await newCharge(2);
    assert.equal(app.services.efi!.provider.client.tokenRequests, before + 1);
    const stats = (await sim.control("GET", "/control/state")).body.stats;
    assert.ok(stats.tokenRequests <= 6, `token requests for the whole file: ${stats.tokenRequests}`);
  });

  test("a client without a certificate is refused by the PSP", async () => {
    const agent = new Agent({ connect: { ca: readFileSync(sim.files.ca, "utf8") } });
    try {
      await assert.rejects(
        request(`${sim.apiUrl}/oauth/token`, { method: "POST", dispatcher: agent, body: "{}" }).then((r) =>
          r.body.text(),
        ),
        /certificate required|other side closed|ECONNRESET|socket/i,
      );
    } finally {
      await agent.close();
    }
  });

  test("the PEM form of the certificate works as well as the PKCS#12", async () => {
    const client = new EfiClient({
      baseUrl: sim.apiUrl,
      clientId: sim.env.EFI_CLIENT_ID,
      clientSecret: sim.env.EFI_CLIENT_SECRET,
      certFile: sim.files.clientPem,
      caFile: sim.files.ca,
    });
    try {
      await client.verify();
      assert.equal(client.certificate.subject, sim.env.EFI_CLIENT_ID);
      assert.ok(client.certificate.validTo.getTime() > Date.now() + 300 * 86_400_000);
    } finally {
      await client.close();
    }
  });

  test("wrong credentials, files or certificates stop the start with the variable's name", async () => {
    await assert.rejects(startTestApp({ ...efiEnv, EFI_CLIENT_SECRET: "wrong" }), /EFI_CLIENT_ID\/EFI_CLIENT_SECRET/);
    await assert.rejects(
      startTestApp({ ...efiEnv, EFI_CERT_FILE: join(tmpdir(), "missing.p12") }),
      /EFI_CERT_FILE: cannot read/,
    );
    await assert.rejects(startTestApp({ ...efiEnv, EFI_PIX_KEY: "" }), /EFI_PIX_KEY: required when PIX_PROVIDER=efi/);
    // Without the local PSP's authority its server certificate is not trusted.
    await assert.rejects(
      startTestApp({ ...efiEnv, EFI_CA_FILE: "" }),
      /EFI_CA_FILE: the bank's certificate is not trusted/,
    );
    // The PSP's own server certificate: made by the right authority, but not for a client.
    const dir = join(tmpdir(), `efi-wrong-${newUuid()}`);
    const serverCert = readFileSync(join(sim.files.ca, "..", "server-cert.pem"), "utf8");
    const serverKey = readFileSync(join(sim.files.ca, "..", "server-key.pem"), "utf8");
    writeFileSync(`${dir}.pem`, serverCert + serverKey);
    await assert.rejects(startTestApp({ ...efiEnv, EFI_CERT_FILE: `${dir}.pem` }), /EFI_CERT_FILE: the bank refused/);
  });
});

describe("the provider page", () => {
  test("providerStatus and reconciliationReports tell the operator how the connection is doing", async () => {
    // Today's report is refreshed at most every 10 minutes by the runs: made again now.
    await app.services.efi!.reconciliation.reportDay(saoPauloDay(new Date()));
    const result = await app.graphql(`query {
      providerStatus {
        name
        efi { pixKey certificateSubject certificateValidTo certificateDaysLeft tokenValid tokenRequests circuit }
        webhook { ok webhookUrl error }
        lastNotification { receivedAt test }
        lastReconciliation { credited exceptions pixSeen differences { kind endToEndId } }
        reconcileEverySeconds
      }
      reconciliationReports { day pspCount pspSum serviceCount serviceSum differences { kind endToEndId } }
    }`);
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const status = result.data.providerStatus;
    assert.equal(status.name, "efi");
    assert.equal(status.efi.pixKey, sim.env.EFI_PIX_KEY);
    assert.equal(status.efi.certificateSubject, sim.env.EFI_CLIENT_ID);
    assert.ok(status.efi.certificateDaysLeft >= 363);
    assert.equal(status.efi.tokenValid, true);
    assert.equal(status.webhook.ok, true);
    assert.match(status.webhook.webhookUrl, /\/provider\/efi\/pix\?hmac=\*\*\*&ignorar=$/);
    assert.ok(!JSON.stringify(status).includes(WEBHOOK_SECRET), "the secret never leaves");
    assert.equal(status.reconcileEverySeconds, 60);
    assert.ok(status.lastReconciliation.pixSeen >= 1);
    const [today] = result.data.reconciliationReports;
    assert.ok(today.pspCount >= 1);
    // What the PSP received today and the service did not credit is listed (the unknown txid, the Pix of a removed charge).
    assert.ok(today.differences.some((difference: { kind: string }) => difference.kind === "PSP_ONLY"));
    const merchantView = await app.graphql("query { providerStatus { name } }", {}, merchant.clientSecret);
    assert.equal(merchantView.errors?.[0].extensions.code, "FORBIDDEN");
  });
});

describe("notifications in", () => {
  test("a notification without the right hmac is refused with 401 and changes nothing", async () => {
    const body = JSON.stringify({ pix: [] });
    for (const query of [
      "",
      "?hmac=wrong",
      `?hmac=${WEBHOOK_SECRET}x`,
      `?hmac=${WEBHOOK_SECRET}&hmac=${WEBHOOK_SECRET}`,
    ]) {
      const res = await app.request("POST", `/provider/efi/pix${query}`, { rawBody: body });
      assert.equal(res.status, 401, query);
      assert.equal(res.body.code, "UNAUTHENTICATED");
    }
    const ok = await app.request("POST", `/provider/efi/pix?hmac=${WEBHOOK_SECRET}&ignorar=/pix`, { rawBody: body });
    assert.equal(ok.status, 200, ok.text);
    const test = await app.request("POST", `/provider/efi/pix?hmac=${WEBHOOK_SECRET}&ignorar=/pix`, {
      rawBody: JSON.stringify({ evento: "teste_webhook", data_criacao: new Date().toISOString() }),
    });
    assert.equal(test.status, 200);
    assert.equal(test.body.test, true);
    const generic = await app.request("POST", "/provider/pix", {
      rawBody: body,
      headers: { "x-provider-signature": "x" },
    });
    assert.equal(generic.status, 403, "the sandbox's signed route is closed with PIX_PROVIDER=efi");
    assert.equal(generic.body.code, "SANDBOX_ONLY");
  });
});
