import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, type PspSimProcess, startPspSim } from "../../test/support/psp-sim";
import { assertAuditConsistent, balanceCents, waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { registerEfiWebhook } from "../provider/efi/efi-webhook-registration";

/**
 * Static QR codes with PIX_PROVIDER=efi, against the local Efí-compatible PSP: the code names
 * EFI_PIX_KEY, a payer's app pays it at the PSP, and Efí's notification (its txid: the code's
 * identifier) becomes a PAID charge of the account; a wrong amount is kept for review.
 */
const PAYER = { nome: "Carla Dias", cpf: "52998224725" };
let sim: PspSimProcess;
let app: TestApp;
let merchant: Merchant;

before(async () => {
  sim = await startPspSim();
  const port = await freePort();
  app = await startTestApp(
    {
      ...sim.env,
      EFI_WEBHOOK_SECRET: "efi-webhook-secret-for-qrcodes-01",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
    { port },
  );
  const registration = await registerEfiWebhook(app.services);
  assert.equal(registration?.ok, true, registration?.error ?? "");
  merchant = await app.createMerchant({ feePercent: "0.00", feeFixed: "0.00" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

async function createQr(body: Record<string, unknown>) {
  const res = await app.request("POST", "/qrcodes", { token: merchant.clientSecret, body });
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; pix_code: string };
}

const readQr = async (id: string) =>
  (await app.request("GET", `/qrcodes/${id}`, { token: merchant.clientSecret })).body;

describe("static QR codes at Efí", () => {
  test("the code names EFI_PIX_KEY; a payer's app pays it at the PSP and the account is credited, once", async () => {
    const qr = await createQr({ description: "Sorvete", amount: 9.9 });
    assert.ok(qr.pix_code.includes(`01${String(sim.env.EFI_PIX_KEY.length).padStart(2, "0")}${sim.env.EFI_PIX_KEY}`));
    const before = await balanceCents(app, merchant);
    const paid = await sim.control("POST", "/control/brcode/pay", { pixCopiaECola: qr.pix_code, pagador: PAYER });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(paid.body.valor, "9.90");
    assert.match(paid.body.txid, /^[A-Z0-9]{25}$/);
    await waitFor("the QR code's payment", async () => ((await readQr(qr.id)).paid_count === 1 ? true : null));
    assert.equal(await balanceCents(app, merchant), before + 990n);
    const [charge] = await app.services.db.query(
      "SELECT status, type, amount_cents, e2e_id, payer_name FROM charges WHERE qrcode_id = $1",
      [qr.id],
    );
    assert.deepEqual(charge, {
      status: "PAID",
      type: "IMMEDIATE",
      amount_cents: "990",
      e2e_id: paid.body.endToEndId,
      payer_name: PAYER.nome,
    });
    // Reconciliation reads the same Pix again: nothing more.
    await app.services.efi?.reconciliation.run();
    assert.equal((await readQr(qr.id)).paid_count, 1);
    assert.equal(await balanceCents(app, merchant), before + 990n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a code without amount: the payer types it; a Pix with the wrong amount for a fixed code is kept for review", async () => {
    const typed = await createQr({ description: "Balcão" });
    const paid = await sim.control("POST", "/control/brcode/pay", { pixCopiaECola: typed.pix_code, valor: "33.30" });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    await waitFor("the typed payment", async () => ((await readQr(typed.id)).paid_total === 33.3 ? true : null));

    const fixed = await createQr({ description: "Fixo", amount: 5 });
    const [{ txid }] = await app.services.db.query("SELECT txid FROM qr_codes WHERE id = $1", [fixed.id]);
    const wrong = await sim.control("POST", "/control/pix", { txid, valor: "4.00" });
    assert.equal(wrong.status, 201, JSON.stringify(wrong.body));
    const kept = await waitFor("the exception", async () => {
      const rows = await app.services.db.query(
        "SELECT kind, company_id, expected_amount_cents FROM payment_exceptions WHERE txid = $1",
        [txid],
      );
      return rows.length > 0 ? rows : null;
    });
    assert.deepEqual(kept, [{ kind: "AMOUNT_MISMATCH", company_id: merchant.companyId, expected_amount_cents: "500" }]);
    assert.equal((await readQr(fixed.id)).paid_count, 0);
  });
});
