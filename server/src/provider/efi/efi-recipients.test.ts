import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
import {
  approve,
  assertAuditConsistent,
  balanceCents,
  createWithdrawal,
  fundedMerchant,
  readWithdrawal,
  waitFor,
} from "../../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../../test/support/test-app";
import { idEnvioOf } from "./efi-provider";
import { registerEfiWebhook } from "./efi-webhook-registration";

/**
 * Recipient checks with PIX_PROVIDER=efi against the local Efí-compatible PSP over mutual TLS
 * (CONTRACT §15): the declared document travels as `favorecido.cpf|cnpj`, a key that is not
 * its is refused with `chave_nao_pertence_ao_documento` (FAILED, the amount back), and the
 * holder comes from the send's answer.
 */
const OWNER_CPF = "12345678909";
const OTHER_CPF = "11144477735";
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
  merchant = await fundedMerchant(app, "100.00");
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

/** Creates, approves and submits a withdrawal (the worker's job, run here). */
async function sentWithdrawal(body: Record<string, unknown>) {
  const id = await createWithdrawal(app, merchant, body);
  const created = await readWithdrawal(app, merchant, id);
  const approved = await approve(app, id);
  assert.equal(approved.data?.approveWithdrawal.status, "PROCESSING", JSON.stringify(approved));
  await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });
  return { id, created };
}

async function simSend(id: string) {
  const state = await sim.control("GET", "/control/state");
  return state.body.sends.find((send: { idEnvio: string }) => send.idEnvio === idEnvioOf(id));
}

async function lastSendRequest() {
  const requests = await sim.control("GET", "/control/requests");
  return requests.body.filter((request: { path: string }) => request.path.startsWith("/v3/gn/pix/")).at(-1);
}

describe("recipient_document with Efí", () => {
  test("sent as favorecido.cpf; the holder comes from the send's answer, unknown before it", async () => {
    const { id, created } = await sentWithdrawal({
      amount: 2,
      pix_key_type: "EMAIL",
      pix_key: `${OWNER_CPF}@example.com`,
      recipient_document: OWNER_CPF,
      recipient_name: "Titular Sandbox",
    });
    assert.equal(created.recipient, null, "Efí tells the holder only when it answers the send");
    const send = await simSend(id);
    assert.deepEqual(send.favorecido, {
      chave: `${OWNER_CPF}@example.com`,
      cpf: OWNER_CPF,
      identificacao: { nome: "Titular Sandbox 8909", cpf: "***.456.789-**" },
    });
    const read = await readWithdrawal(app, merchant, id);
    assert.equal(read.status, "PROCESSING");
    assert.equal(read.e2e_id, send.endToEndId);
    assert.deepEqual(read.recipient, { name: "Titular Sandbox 8909", document: "***.456.789-**", institution: null });
    const gql = await app.graphql("query($id: ID!) { withdrawal(id: $id) { recipientWarnings } }", { id });
    assert.deepEqual(gql.data.withdrawal.recipientWarnings, []);
  });

  test("a CNPJ goes as favorecido.cnpj", async () => {
    const { id } = await sentWithdrawal({
      amount: 1,
      pix_key_type: "CNPJ",
      pix_key: "11222333000181",
      recipient_document: "11.222.333/0001-81",
    });
    assert.deepEqual((await simSend(id)).favorecido, {
      chave: "11222333000181",
      cnpj: "11222333000181",
      identificacao: { nome: "Titular Sandbox 0181", cnpj: "11.222.333/0001-81" },
    });
    assert.deepEqual((await readWithdrawal(app, merchant, id)).recipient, {
      name: "Titular Sandbox 0181",
      document: "11.222.333/0001-81",
      institution: null,
    });
  });

  test("without a declared document the send names none, and the holder is still told", async () => {
    const { id } = await sentWithdrawal({ amount: 1, pix_key_type: "TELEFONE", pix_key: "+5511987654321" });
    assert.deepEqual((await simSend(id)).favorecido, {
      chave: "+5511987654321",
      identificacao: { nome: "Titular Sandbox 4725", cpf: "***.982.247-**" },
    });
    assert.deepEqual((await readWithdrawal(app, merchant, id)).recipient, {
      name: "Titular Sandbox 4725",
      document: "***.982.247-**",
      institution: null,
    });
  });

  test("a key that is not the document's: Efí refuses it (chave_nao_pertence_ao_documento), FAILED, amount back", async () => {
    const before = await balanceCents(app, merchant);
    const { id } = await sentWithdrawal({
      amount: 7,
      pix_key_type: "CPF",
      pix_key: OWNER_CPF,
      recipient_document: OTHER_CPF,
    });
    const request = await lastSendRequest();
    assert.equal(request.path, `/v3/gn/pix/${idEnvioOf(id)}`);
    assert.equal(request.status, 400);
    assert.equal(await simSend(id), undefined, "the bank kept no send");
    const failed = await readWithdrawal(app, merchant, id);
    assert.equal(failed.status, "FAILED");
    assert.equal(failed.reason, "PIX key does not belong to the recipient's document");
    assert.equal(failed.recipient, null);
    assert.equal(await balanceCents(app, merchant), before);
    const events = await app.services.db.query(
      "SELECT body FROM webhook_events WHERE subject_id = $1 AND event = 'withdrawal.failed'",
      [id],
    );
    assert.equal(JSON.parse(events[0].body).reason, "PIX key does not belong to the recipient's document");
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("bank_account with Efí", () => {
  test("sent as favorecido.contaBanco with codigoBanco; the holder from the answer, at the ISPB's institution; settles", async () => {
    const before = await balanceCents(app, merchant);
    const { id, created } = await sentWithdrawal({
      amount: 9.5,
      bank_account: {
        ispb: "60701190",
        branch: "0001",
        account: "123456",
        account_type: "SAVINGS",
        holder_name: "Maria da Silva",
        holder_document: "123.456.789-09",
      },
    });
    assert.equal(created.recipient, null);
    const send = await simSend(id);
    assert.deepEqual(send.favorecido, {
      contaBanco: {
        nome: "Maria da Silva",
        cpf: OWNER_CPF,
        codigoBanco: "60701190",
        agencia: "0001",
        conta: "123456",
        tipoConta: "svgs",
      },
      identificacao: { nome: "Maria da Silva", cpf: "***.456.789-**" },
    });
    assert.equal(send.valor, "9.50");
    const read = await readWithdrawal(app, merchant, id);
    assert.deepEqual(read.recipient, {
      name: "Maria da Silva",
      document: "***.456.789-**",
      institution: "ITAÚ UNIBANCO S.A.",
    });
    const warnings = await app.graphql("query($id: ID!) { withdrawal(id: $id) { recipientWarnings } }", { id });
    assert.deepEqual(warnings.data.withdrawal.recipientWarnings, []);
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
    const paid = await waitFor("account payout paid", async () => {
      const current = await readWithdrawal(app, merchant, id);
      return current.status === "PAID" ? current : null;
    });
    assert.equal(paid.e2e_id, send.endToEndId);
    assert.equal(await balanceCents(app, merchant), before - 950n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a CNPJ holder and a payment account: contaBanco.cnpj and tipoConta tran", async () => {
    const { id } = await sentWithdrawal({
      amount: 1,
      bank_account: {
        ispb: "09089356",
        branch: "1",
        account: "98765",
        account_type: "PAYMENT",
        holder_name: "Fornecedor Exemplo Ltda",
        holder_document: "11222333000181",
      },
    });
    const send = await simSend(id);
    assert.equal(send.favorecido.contaBanco.cnpj, "11222333000181");
    assert.equal(send.favorecido.contaBanco.tipoConta, "tran");
    assert.equal(
      (await readWithdrawal(app, merchant, id)).recipient.institution,
      "EFÍ S.A. - INSTITUIÇÃO DE PAGAMENTO",
    );
  });
});

describe("a scheduled bank-account payout with Efí", () => {
  test("nothing reaches Efí before its day (moved off the weekend); on it, one send, which settles", async () => {
    const realClock = app.services.clock.now;
    // Friday 11 Dec 2026 in São Paulo; the payout is asked for Saturday, so it goes on Monday the 14th.
    app.services.clock.now = () => new Date("2026-12-11T15:00:00.000Z");
    try {
      const before = await balanceCents(app, merchant);
      const id = await createWithdrawal(app, merchant, {
        amount: 4.25,
        bank_account: {
          ispb: "60701190",
          branch: "0001",
          account: "123456",
          account_type: "CHECKING",
          holder_name: "Maria da Silva",
          holder_document: OWNER_CPF,
        },
        scheduled_for: "2026-12-12",
      });
      assert.equal(await balanceCents(app, merchant), before - 425n, "reserved at creation");
      assert.equal((await approve(app, id)).data?.approveWithdrawal.status, "PROCESSING");
      const processor = app.services.withdrawalProcessor;
      await processor.submitTransfer({ withdrawalId: id, requestId: null });
      app.services.clock.now = () => new Date("2026-12-13T23:00:00.000Z"); // Sunday evening
      await processor.releaseScheduledPayout({ withdrawalId: id, requestId: null });
      await processor.submitTransfer({ withdrawalId: id, requestId: null });
      assert.equal(await simSend(id), undefined, "Efí has no send before the day");

      app.services.clock.now = () => new Date("2026-12-14T03:00:00.000Z"); // Monday, midnight in São Paulo
      await Promise.all([
        processor.releaseScheduledPayout({ withdrawalId: id, requestId: null }),
        processor.releaseScheduledPayout({ withdrawalId: id, requestId: null }),
      ]);
      await processor.submitTransfer({ withdrawalId: id, requestId: null });
      const send = await simSend(id);
      assert.equal(send.valor, "4.25");
      assert.equal(send.favorecido.contaBanco.tipoConta, "cacc");
      const state = await sim.control("GET", "/control/state");
      assert.equal(
        state.body.sends.filter((s: { idEnvio: string }) => s.idEnvio === idEnvioOf(id)).length,
        1,
        "one send",
      );
      await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
      const paid = await waitFor("scheduled payout paid", async () => {
        const current = await readWithdrawal(app, merchant, id);
        return current.status === "PAID" ? current : null;
      });
      assert.equal(paid.scheduled_for, "2026-12-12");
      assert.equal(paid.sends_on, "2026-12-14");
      assert.equal(await balanceCents(app, merchant), before - 425n);
      await assertAuditConsistent(app, merchant.companyId);
    } finally {
      app.services.clock.now = realClock;
    }
  });
});
