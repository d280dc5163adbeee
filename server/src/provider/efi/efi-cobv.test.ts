import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
import { assertAuditConsistent, waitFor } from "../../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../../test/support/test-app";
import { AdjustmentMode, DiscountMode, InterestMode } from "../../billing/amount-due";
import { isoDate, saoPauloDay } from "../../billing/business-days";
import { ChargeStatus } from "../../charges/charge.entity";
import type { NewCharge } from "../../charges/new-charge";
import { createLogger } from "../../core/logger";
import { parseBrl } from "../../core/money";
import { registerEfiWebhook } from "./efi-webhook-registration";

/**
 * Due-date charges with PIX_PROVIDER=efi against the local PSP over mutual TLS: each is a
 * cobv (`PUT /v2/cobv/{txid}`, the modes as API Pix `modalidade` numbers, validated by the
 * PSP against the CobV schemas), paid at the PSP on time or late at that day's amount and
 * credited by webhook or reconciliation, removed by PATCH when cancelled or expired, and
 * made in batches as a lotecobv.
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
  merchant = await app.createMerchant({ feePercent: "1.00", feeFixed: "0.00" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);

function schoolFee(overrides: Partial<NewCharge> = {}): NewCharge {
  return {
    amountCents: parseBrl("150.00"),
    description: "Mensalidade",
    dueDate: day(10),
    payer: { name: "Maria da Silva", cpf: "52998224725" },
    fine: { mode: AdjustmentMode.PERCENT, value: parseBrl("2") },
    interest: { mode: InterestMode.PERCENT_PER_MONTH, value: parseBrl("1") },
    discount: { mode: DiscountMode.FIXED_UNTIL_DATES, dates: [{ date: day(7), value: parseBrl("5.00") }] },
    ...overrides,
  };
}

async function simCobv(txid: string) {
  const state = await sim.control("GET", "/control/state");
  return state.body.cobvs.find((cobv: { txid: string }) => cobv.txid === txid);
}

const readCharge = (id: string) => app.services.charges.getCharge(merchant.companyId, id);

/** The charge (and its cobv at the PSP) as if made `days` days earlier: today is later for both. */
async function age(charge: { id: string; txid: string }, days: number) {
  await app.services.db.query(
    `UPDATE charges SET created_at = created_at - make_interval(days => $2), due_date = due_date - $2::int,
            expires_at = expires_at - make_interval(days => $2) WHERE id = $1`,
    [charge.id, days],
  );
  const aged = await sim.control("POST", `/control/cobv/${charge.txid}/age`, { days });
  assert.equal(aged.status, 200, JSON.stringify(aged.body));
}

describe("due-date charges as cobvs", () => {
  test("a cobv with the API Pix modalidades: its pixCopiaECola is the charge's pix_code", async () => {
    const { charge } = await app.services.charges.createCharge(
      merchant.companyId,
      schoolFee({ abatement: { mode: AdjustmentMode.FIXED, value: 100n }, daysAfterDue: 15 }),
    );
    const cobv = await simCobv(charge.txid);
    assert.equal(cobv.status, "ATIVA");
    assert.deepEqual(cobv.calendario.dataDeVencimento, day(10));
    assert.equal(cobv.calendario.validadeAposVencimento, 15);
    assert.deepEqual(cobv.devedor, { cpf: "52998224725", nome: "Maria da Silva" });
    assert.deepEqual(cobv.valor, {
      original: "150.00",
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 3, valorPerc: "1.00" },
      abatimento: { modalidade: 1, valorPerc: "1.00" },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: day(7), valorPerc: "5.00" }] },
    });
    assert.equal(cobv.chave, sim.env.EFI_PIX_KEY);
    assert.equal(charge.pixCode, cobv.pixCopiaECola);
  });

  test("every interest and discount mode is its modalidade number", async () => {
    const interest = Object.values(InterestMode);
    const discount = Object.values(DiscountMode);
    for (let index = 0; index < 8; index += 1) {
      const mode = discount[index % 6];
      const { charge } = await app.services.charges.createCharge(
        merchant.companyId,
        schoolFee({
          interest: { mode: interest[index], value: 10n },
          discount: mode.endsWith("_EARLY") ? { mode, value: 10n } : { mode, dates: [{ date: day(3), value: 10n }] },
        } as Partial<NewCharge>),
      );
      const cobv = await simCobv(charge.txid);
      assert.equal(cobv.valor.juros.modalidade, index + 1);
      assert.equal(cobv.valor.desconto.modalidade, (index % 6) + 1);
    }
  });

  test("paid late at the PSP: the late amount is credited by its webhook, the fee on it", async () => {
    const { charge } = await app.services.charges.createCharge(
      merchant.companyId,
      schoolFee({ dueDate: day(0), discount: null }),
    );
    await age(charge, 10);
    const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    // 150.00 + 3.00 fine + 15000 * 1 % * 10 / 30 = 50 c.
    assert.equal(paid.body.valor, "153.50");
    const credited = await waitFor("charge paid", async () => {
      const current = await readCharge(charge.id);
      return current.status === ChargeStatus.PAID ? current : null;
    });
    assert.equal(credited.paidAmountCents, 15350n);
    assert.equal(credited.feeCents, 154n); // 1 % of 153.50, half up
    assert.equal(credited.payerName, "Maria Silva");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("another amount is kept for review; a lost webhook is credited by reconciliation", async () => {
    const { charge } = await app.services.charges.createCharge(merchant.companyId, schoolFee());
    const wrong = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER, valor: "150.00" });
    assert.equal(wrong.status, 201);
    await waitFor("exception recorded", async () => {
      const rows = await app.services.db.query(
        "SELECT kind, expected_amount_cents FROM payment_exceptions WHERE end_to_end_id = $1",
        [wrong.body.endToEndId],
      );
      return rows.length === 1 ? rows : null;
    }).then(([row]) => assert.deepEqual(row, { kind: "AMOUNT_MISMATCH", expected_amount_cents: "14500" }));
    assert.equal((await readCharge(charge.id)).status, ChargeStatus.PENDING);

    const { charge: second } = await app.services.charges.createCharge(merchant.companyId, schoolFee());
    await sim.control("POST", "/control/webhooks/drop-next", { count: 1 });
    await sim.control("POST", `/control/cobs/${second.txid}/pay`, { pagador: PAYER });
    const run = await app.services.efi!.reconciliation.run();
    assert.equal(run.credited, 1);
    const credited = await readCharge(second.id);
    assert.equal(credited.status, ChargeStatus.PAID);
    assert.equal(credited.paidAmountCents, 14500n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("cancelled or expired, the cobv is removed by PATCH and cannot be paid", async () => {
    const logger = createLogger("silent");
    const { charge } = await app.services.charges.createCharge(merchant.companyId, schoolFee());
    await app.services.charges.cancelCharge(merchant.companyId, charge.id);
    await app.services.charges.removeChargeAtBank(charge.id, logger);
    assert.equal((await simCobv(charge.txid)).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    assert.equal((await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER })).status, 409);

    const { charge: expiring } = await app.services.charges.createCharge(
      merchant.companyId,
      schoolFee({ dueDate: day(0), daysAfterDue: 0, discount: null }),
    );
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expiring.id,
    ]);
    assert.ok((await app.services.charges.expireOverdueCharges()) >= 1);
    const [job] = await app.services.db.query(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t
        ON t.id = j.task_id WHERE t.identifier = 'charge_remove_at_bank' AND j.payload->>'chargeId' = $1`,
      [expiring.id],
    );
    assert.equal(job.n, 1, "the sweep queued the removal at the bank");
    await app.services.charges.removeChargeAtBank(expiring.id, logger);
    assert.equal((await simCobv(expiring.txid)).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
  });

  test("a batch is one lotecobv: its cobvs are created at the PSP and their codes read back", async () => {
    const inputs = [1, 2, 3].map((n) =>
      schoolFee({ amountCents: BigInt(n * 1000), externalReference: `efi-lote-${n}` }),
    );
    const { charges } = await app.services.charges.createChargeBatch(merchant.companyId, inputs, newUuid());
    const state = await sim.control("GET", "/control/state");
    const lote = state.body.lotes.find((item: { id: number }) => BigInt(item.id) === charges[0].batchId);
    assert.deepEqual(
      lote.cobsv.map((item: { txid: string; status: string }) => [item.txid, item.status]),
      charges.map((charge) => [charge.txid, "CRIADA"]),
    );
    for (const charge of charges) assert.equal(charge.pixCode, (await simCobv(charge.txid)).pixCopiaECola);
  });

  test("the PSP found no body against the API Pix schemas wanting", async () => {
    const requests = await sim.control("GET", "/control/requests");
    const refused = requests.body.filter(
      (request: { path: string; status: number }) =>
        /\/v2\/(cobv|lotecobv)\//.test(request.path) && request.status === 400,
    );
    assert.deepEqual(refused, []);
    assert.ok(requests.body.some((request: { path: string }) => request.path.startsWith("/v2/lotecobv/")));
  });
});
