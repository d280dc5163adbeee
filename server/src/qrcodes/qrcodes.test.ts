import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { assertAuditConsistent, balanceCents, outboxEvents, signProviderBody } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { crc16Ccitt } from "../charges/br-code";
import { SANDBOX_PIX_KEY } from "../provider/pix-provider";

/**
 * Static QR codes (CONTRACT §13) against a real PostgreSQL: the REST and GraphQL operations,
 * the static BR Code, the image, and every Pix received with a code's identifier: a PAID
 * charge of the account at most once per endToEndId, or an exception kept for review.
 */
const PROVIDER_SECRET = "provider-secret-for-qrcodes-0123456789";
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant({ name: "Padaria Pão Quente", feePercent: "1.00", feeFixed: "0.10" });
  other = await app.createMerchant();
});
after(() => app?.close());

const post = (path: string, body: unknown, token = merchant.clientSecret) => app.request("POST", path, { token, body });
const get = (path: string, token = merchant.clientSecret) => app.request("GET", path, { token });

let sequence = 0;
function e2e(): string {
  sequence += 1;
  return `E99999999202612011000${String(sequence).padStart(5, "0")}${newUuid().replace(/-/g, "").slice(0, 6)}`;
}

function notify(items: unknown[]) {
  const rawBody = JSON.stringify({ pix: items });
  return app.request("POST", "/provider/pix", {
    rawBody,
    headers: { "content-type": "application/json", "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody) },
  });
}

const pix = (txid: string, valor: string, extra: Record<string, unknown> = {}) => ({
  endToEndId: e2e(),
  txid,
  chave: SANDBOX_PIX_KEY,
  valor,
  horario: new Date().toISOString(),
  ...extra,
});

/** The EMV fields of a BR Code, top level, by id. */
function emvFields(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length; ) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

async function createQr(body: Record<string, unknown>, token = merchant.clientSecret) {
  const res = await post("/qrcodes", body, token);
  assert.equal(res.status, 201, res.text);
  const [{ txid }] = await app.services.db.query("SELECT txid FROM qr_codes WHERE id = $1", [res.body.id]);
  return { ...res.body, txid: txid as string };
}

async function qrCharges(qrcodeId: string) {
  return app.services.db.query(
    "SELECT id, type, status, amount_cents, fee_cents, net_amount_cents, e2e_id, qrcode_id, description FROM charges WHERE qrcode_id = $1 ORDER BY created_at",
    [qrcodeId],
  );
}

async function exceptionsOf(txid: string) {
  return app.services.db.query(
    "SELECT kind, company_id, charge_id, amount_cents, expected_amount_cents, status FROM payment_exceptions WHERE txid = $1 ORDER BY created_at",
    [txid],
  );
}

describe("POST /qrcodes", () => {
  test("201 in the contract's fields and order; a static BR Code with the service's key, 54 only with an amount, 62-05 its identifier", async () => {
    const fixed = await post("/qrcodes", { description: "Café e pão", amount: 12.5 });
    assert.equal(fixed.status, 201, fixed.text);
    assert.deepEqual(Object.keys(fixed.body), [
      "id",
      "pix_code",
      "description",
      "amount",
      "active",
      "paid_count",
      "paid_total",
      "created_at",
    ]);
    assert.match(fixed.body.id, /^qr_[A-Za-z0-9]{22}$/);
    assert.equal(fixed.body.description, "Café e pão");
    assert.equal(fixed.body.amount, 12.5);
    assert.equal(fixed.body.active, true);
    assert.equal(fixed.body.paid_count, 0);
    assert.equal(fixed.body.paid_total, 0);
    assert.match(fixed.body.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const code: string = fixed.body.pix_code;
    assert.equal(code.slice(-4), crc16Ccitt(code.slice(0, -4)));
    const fields = emvFields(code);
    assert.equal(fields.get("00"), "01");
    assert.equal(fields.get("01"), "11"); // static: paid any number of times
    assert.deepEqual(
      emvFields(fields.get("26") as string),
      new Map([
        ["00", "br.gov.bcb.pix"],
        ["01", SANDBOX_PIX_KEY],
      ]),
    );
    assert.equal(fields.get("53"), "986");
    assert.equal(fields.get("54"), "12.50");
    assert.equal(fields.get("59"), "Padaria Pao Quente");
    const identifier = emvFields(fields.get("62") as string).get("05") as string;
    assert.match(identifier, /^[A-Za-z0-9]{1,25}$/);
    const [{ txid }] = await app.services.db.query("SELECT txid FROM qr_codes WHERE id = $1", [fixed.body.id]);
    assert.equal(identifier, txid);
    // As another library reads it (a payer's bank would).
    const parsed = parsePix(code);
    if (hasError(parsed) || !isStaticPix(parsed)) assert.fail("the pix_code is not a static BR Code");
    assert.equal(parsed.pixKey, SANDBOX_PIX_KEY);
    assert.equal(parsed.transactionAmount, 12.5);
    assert.equal(parsed.txid, txid);

    const typed = await post("/qrcodes", { description: "Balcão" });
    assert.equal(typed.status, 201, typed.text);
    assert.equal(typed.body.amount, null);
    const typedFields = emvFields(typed.body.pix_code);
    assert.equal(typedFields.has("54"), false);
    assert.notEqual(emvFields(typedFields.get("62") as string).get("05"), identifier);
  });

  test("400 VALIDATION_ERROR for a bad description or amount, and nothing is made", async () => {
    const [{ n: before }] = await app.services.db.query("SELECT count(*)::int AS n FROM qr_codes");
    for (const [body, message] of [
      [{ description: "" }, /description must have 1 to 140/],
      [{ description: "   " }, /description must have 1 to 140/],
      [{ description: "x".repeat(141) }, /description must have 1 to 140/],
      [{ description: "Ok", amount: 0 }, /amount/],
      [{ description: "Ok", amount: -1 }, /amount/],
      [{ description: "Ok", amount: 1.005 }, /amount/],
      [{ description: "Ok", amount: "10.00" }, /amount/],
      [{ description: "Ok", amount: 100000000 }, /amount/],
      [{}, /description/],
    ] as const) {
      const res = await post("/qrcodes", body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR", JSON.stringify(body));
      assert.match(res.body.error, message, JSON.stringify(body));
    }
    const [{ n: afterwards }] = await app.services.db.query("SELECT count(*)::int AS n FROM qr_codes");
    assert.equal(afterwards, before);
  });

  test("an operator naming an account that does not exist gets NOT_FOUND (a QR code or a payment link), not a 5xx", async () => {
    for (const c of ["", "comp_doesNotExist"]) {
      const qr = await app.graphql(
        `mutation($c: ID) { createQrCode(input: { description: "X" }, companyId: $c) { id } }`,
        { c },
      );
      assert.equal(qr.errors?.[0].extensions.code, "NOT_FOUND", `${JSON.stringify(c)}: ${JSON.stringify(qr)}`);
      const link = await app.graphql(
        `mutation($c: ID) { createPaymentLink(input: { description: "X", amount: "1.00" }, companyId: $c) { id } }`,
        { c },
      );
      assert.equal(link.errors?.[0].extensions.code, "NOT_FOUND", `${JSON.stringify(c)}: ${JSON.stringify(link)}`);
    }
  });

  test("401 without a credential", async () => {
    const res = await app.request("POST", "/qrcodes", { body: { description: "x" } });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, "UNAUTHENTICATED");
  });
});

describe("GET /qrcodes, /qrcodes/:id, /qrcodes/:id/image, POST /qrcodes/:id/deactivate", () => {
  test("the account's codes newest first with the total; another account's is 404 everywhere", async () => {
    const owner = await app.createMerchant();
    const first = await createQr({ description: "Primeiro" }, owner.clientSecret);
    const second = await createQr({ description: "Segundo", amount: 5 }, owner.clientSecret);
    const list = await get("/qrcodes?limit=10", owner.clientSecret);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 2);
    assert.deepEqual(
      list.body.data.map((row: { id: string }) => row.id),
      [second.id, first.id],
    );
    const one = await get(`/qrcodes/${first.id}`, owner.clientSecret);
    assert.equal(one.status, 200);
    assert.equal(one.body.description, "Primeiro");
    for (const path of [
      `/qrcodes/${first.id}`,
      `/qrcodes/${first.id}/image`,
      "/qrcodes/qr_doesNotExist",
      "/qrcodes/not-an-id",
    ]) {
      const res = await get(path, other.clientSecret);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.code, "NOT_FOUND", path);
    }
    const foreignDeactivate = await post(`/qrcodes/${first.id}/deactivate`, {}, other.clientSecret);
    assert.equal(foreignDeactivate.status, 404);
    assert.equal((await get(`/qrcodes/${first.id}`, owner.clientSecret)).body.active, true);
    assert.equal((await get("/qrcodes", other.clientSecret)).body.data.length, 0);
  });

  test("the image is a PNG (SVG with format=svg); another format is 400", async () => {
    const qr = await createQr({ description: "Imagem" });
    const png = await app.request("GET", `/qrcodes/${qr.id}/image`, { token: merchant.clientSecret });
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("content-type"), "image/png");
    const svg = await get(`/qrcodes/${qr.id}/image?format=svg`);
    assert.equal(svg.status, 200);
    assert.match(String(svg.headers.get("content-type")), /^image\/svg\+xml/);
    assert.match(svg.text, /<svg/);
    const bad = await get(`/qrcodes/${qr.id}/image?format=gif`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, "VALIDATION_ERROR");
    const unknown = await get(`/qrcodes/${qr.id}/image?size=10`);
    assert.equal(unknown.status, 400);
  });

  test("deactivate: active false once; again is 409 INVALID_STATE", async () => {
    const qr = await createQr({ description: "Desativar" });
    const done = await post(`/qrcodes/${qr.id}/deactivate`, {});
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.active, false);
    const again = await post(`/qrcodes/${qr.id}/deactivate`, {});
    assert.equal(again.status, 409);
    assert.equal(again.body.code, "INVALID_STATE");
  });

  test("an operator's create and deactivate are in the audit log", async () => {
    const made = await app.graphql(
      `mutation($c: ID) { createQrCode(input: { description: "Do operador" }, companyId: $c) { id companyId } }`,
      { c: merchant.companyId },
    );
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const { id, companyId } = made.data.createQrCode;
    assert.equal(companyId, merchant.companyId);
    const off = await app.graphql(`mutation($id: ID!) { deactivateQrCode(id: $id) { active } }`, { id });
    assert.deepEqual(off.data.deactivateQrCode, { active: false });
    const rows = await app.services.db.query(
      "SELECT action, actor_kind, company_id, before, after FROM audit_log WHERE object_id = $1 ORDER BY id",
      [id],
    );
    assert.deepEqual(
      rows.map((row: { action: string; actor_kind: string; company_id: string }) => [
        row.action,
        row.actor_kind,
        row.company_id,
      ]),
      [
        ["qrcode.create", "OPERATOR", merchant.companyId],
        ["qrcode.deactivate", "OPERATOR", merchant.companyId],
      ],
    );
    assert.deepEqual(rows[1].before, { active: true, description: "Do operador", amount: null });
    assert.equal(rows[1].after.active, false);
  });
});

describe("a Pix received with a code's identifier", () => {
  test("becomes a PAID IMMEDIATE charge of the account with qrcode_id, credited once per endToEndId, with charge.paid", async () => {
    const qr = await createQr({ description: "Café", amount: 12.5 });
    const before = await balanceCents(app, merchant);
    const first = pix(qr.txid, "12.50", { pagador: { nome: "Ana Souza", cpf: "52998224725" } });
    const res = await notify([first]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.results, [{ endToEndId: first.endToEndId, txid: qr.txid, outcome: "CREDITED" }]);
    const [charge] = await qrCharges(qr.id);
    assert.equal(charge.type, "IMMEDIATE");
    assert.equal(charge.status, "PAID");
    assert.equal(charge.amount_cents, "1250");
    // 1 % of 12.50 (0.125 → 0.13) + 0.10 fixed.
    assert.equal(charge.fee_cents, "23");
    assert.equal(charge.net_amount_cents, "1227");
    assert.equal(charge.e2e_id, first.endToEndId);
    assert.equal(charge.description, "Café");
    assert.equal(await balanceCents(app, merchant), before + 1227n);

    const read = await get(`/charges/${charge.id}`);
    assert.equal(read.body.qrcode_id, qr.id);
    assert.equal(read.body.status, "PAID");
    assert.equal(read.body.payer_name, "Ana Souza");
    const events = await outboxEvents(app, charge.id);
    assert.deepEqual(
      events.map((event) => [event.event, event.charge_id, event.amount]),
      [["charge.paid", `chg_${charge.id}`, 12.5]],
    );

    // The same Pix again, or twice at once: nothing more.
    const replays = await Promise.all([notify([first]), notify([first]), notify([first])]);
    for (const replay of replays) assert.equal(replay.body.results[0].outcome, "DUPLICATE", replay.text);
    assert.equal((await qrCharges(qr.id)).length, 1);
    assert.equal(await balanceCents(app, merchant), before + 1227n);

    // Another Pix with the same code: another charge.
    const second = await notify([pix(qr.txid, "12.50")]);
    assert.equal(second.body.results[0].outcome, "CREDITED");
    assert.equal((await qrCharges(qr.id)).length, 2);
    const counted = await get(`/qrcodes/${qr.id}`);
    assert.equal(counted.body.paid_count, 2);
    assert.equal(counted.body.paid_total, 25);
    assert.equal(await balanceCents(app, merchant), before + 2n * 1227n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a code without amount takes what the payer typed", async () => {
    const qr = await createQr({ description: "Balcão" });
    const res = await notify([pix(qr.txid, "3.00"), pix(qr.txid, "150.75")]);
    assert.deepEqual(
      res.body.results.map((row: { outcome: string }) => row.outcome),
      ["CREDITED", "CREDITED"],
    );
    assert.deepEqual(
      (await qrCharges(qr.id)).map((row: { amount_cents: string }) => row.amount_cents),
      ["300", "15075"],
    );
    const counted = await get(`/qrcodes/${qr.id}`);
    assert.equal(counted.body.paid_count, 2);
    assert.equal(counted.body.paid_total, 153.75);
  });

  test("a fixed code's amount wrong: AMOUNT_MISMATCH kept for the account's review, nothing credited", async () => {
    const qr = await createQr({ description: "Fixo", amount: 20 });
    const before = await balanceCents(app, merchant);
    const res = await notify([pix(qr.txid, "19.99")]);
    assert.deepEqual(
      [res.body.results[0].outcome, res.body.results[0].exceptionKind],
      ["EXCEPTION", "AMOUNT_MISMATCH"],
    );
    assert.deepEqual(await exceptionsOf(qr.txid), [
      {
        kind: "AMOUNT_MISMATCH",
        company_id: merchant.companyId,
        charge_id: null,
        amount_cents: "1999",
        expected_amount_cents: "2000",
        status: "OPEN",
      },
    ]);
    assert.equal((await qrCharges(qr.id)).length, 0);
    assert.equal((await get(`/qrcodes/${qr.id}`)).body.paid_count, 0);
    assert.equal(await balanceCents(app, merchant), before);
  });

  test("a deactivated code: QRCODE_INACTIVE kept for review, nothing credited", async () => {
    const qr = await createQr({ description: "Antigo" });
    assert.equal((await post(`/qrcodes/${qr.id}/deactivate`, {})).status, 200);
    const before = await balanceCents(app, merchant);
    const res = await notify([pix(qr.txid, "10.00")]);
    assert.deepEqual(
      [res.body.results[0].outcome, res.body.results[0].exceptionKind],
      ["EXCEPTION", "QRCODE_INACTIVE"],
    );
    const [kept] = await exceptionsOf(qr.txid);
    assert.equal(kept.kind, "QRCODE_INACTIVE");
    assert.equal(kept.company_id, merchant.companyId);
    assert.equal((await qrCharges(qr.id)).length, 0);
    assert.equal(await balanceCents(app, merchant), before);
    const listed = await app.graphql("query { paymentExceptions(limit: 100) { data { kind txid companyId } } }");
    assert.ok(
      listed.data.paymentExceptions.data.some(
        (row: { kind: string; txid: string }) => row.kind === "QRCODE_INACTIVE" && row.txid === qr.txid,
      ),
    );
  });

  test("an account that returns exceptions itself returns a deactivated code's Pix at once", async () => {
    const made = await app.graphql(
      `mutation { createCompany(input: { name: "Loja Devolve QR", autoReturnExceptions: true }) { clientSecret } }`,
    );
    const token = made.data.createCompany.clientSecret;
    const qr = await createQr({ description: "Devolve" }, token);
    assert.equal((await post(`/qrcodes/${qr.id}/deactivate`, {}, token)).status, 200);
    const res = await notify([pix(qr.txid, "7.00")]);
    assert.equal(res.body.results[0].exceptionKind, "QRCODE_INACTIVE");
    const [row] = await app.services.db.query("SELECT return_status FROM payment_exceptions WHERE txid = $1", [
      qr.txid,
    ]);
    assert.equal(row.return_status, "PROCESSING");
  });

  test("an identifier no code has (25 characters or fewer) is UNKNOWN_TXID, not malformed", async () => {
    const res = await notify([pix("ZZZZZZZZZZZZZZZZZZZZZZZZZ", "10.00"), pix("A1", "1.00")]);
    assert.deepEqual(
      res.body.results.map((row: { exceptionKind: string }) => row.exceptionKind),
      ["UNKNOWN_TXID", "UNKNOWN_TXID"],
    );
    const [kept] = await exceptionsOf("A1");
    assert.equal(kept.company_id, null);
  });

  test("ten Pix at once, each sent twice: ten charges, counters and balance exact", async () => {
    const qr = await createQr({ description: "Fila", amount: 1 });
    const before = await balanceCents(app, merchant);
    const items = Array.from({ length: 10 }, () => pix(qr.txid, "1.00"));
    const answers = await Promise.all([...items, ...items].map((item) => notify([item])));
    const outcomes = answers.map((answer) => answer.body.results[0].outcome).sort();
    assert.deepEqual(outcomes, [...Array(10).fill("CREDITED"), ...Array(10).fill("DUPLICATE")]);
    assert.equal((await qrCharges(qr.id)).length, 10);
    const counted = await get(`/qrcodes/${qr.id}`);
    assert.equal(counted.body.paid_count, 10);
    assert.equal(counted.body.paid_total, 10);
    // 1 % of 1.00 (0.01) + 0.10 fixed = 0.11 each.
    assert.equal(await balanceCents(app, merchant), before + 10n * 89n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("a deactivation racing payments: each Pix is credited before it or kept after it, never both", async () => {
    const qr = await createQr({ description: "Corrida", amount: 2 });
    const items = Array.from({ length: 6 }, () => pix(qr.txid, "2.00"));
    const [deactivated, ...answers] = await Promise.all([
      post(`/qrcodes/${qr.id}/deactivate`, {}),
      ...items.map((item) => notify([item])),
    ]);
    assert.equal(deactivated.status, 200);
    const credited = answers.filter((answer) => answer.body.results[0].outcome === "CREDITED").length;
    const kept = answers.filter((answer) => answer.body.results[0].exceptionKind === "QRCODE_INACTIVE").length;
    assert.equal(credited + kept, 6);
    assert.equal((await qrCharges(qr.id)).length, credited);
    assert.equal((await exceptionsOf(qr.txid)).length, kept);
    assert.equal((await get(`/qrcodes/${qr.id}`)).body.paid_count, credited);
  });
});

describe("GraphQL", () => {
  test("createQrCode, qrCodes, qrCode, deactivateQrCode; another account's code is NOT_FOUND", async () => {
    const created = await app.graphql(
      `mutation { createQrCode(input: { description: "Feira", amount: "8.00" }) { id pixCode amount active paidCount paidTotal } }`,
      {},
      merchant.clientSecret,
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const qr = created.data.createQrCode;
    assert.equal(qr.amount, "8.00");
    assert.equal(qr.paidTotal, "0.00");
    const listed = await app.graphql(`query { qrCodes(limit: 1) { total data { id } } }`, {}, merchant.clientSecret);
    assert.equal(listed.data.qrCodes.data[0].id, qr.id);
    const foreign = await app.graphql(`query($id: ID!) { qrCode(id: $id) { id } }`, { id: qr.id }, other.clientSecret);
    assert.equal(foreign.errors?.[0].extensions.code, "NOT_FOUND");
    const off = await app.graphql(
      `mutation($id: ID!) { deactivateQrCode(id: $id) { active } }`,
      { id: qr.id },
      merchant.clientSecret,
    );
    assert.deepEqual(off.data.deactivateQrCode, { active: false });
  });

  test("simulateQrCodePayment: the operator's sandbox payment, through the bank's path; merchants FORBIDDEN", async () => {
    const qr = await createQr({ description: "Simulado", amount: 4.5 });
    const mutation = `mutation($id: ID!, $amount: Money) {
      simulateQrCodePayment(qrCodeId: $id, amount: $amount, payerName: "João", payerDocument: "52998224725") {
        outcome exceptionKind charge { id status amount qrcodeId payerName }
      }
    }`;
    const forbidden = await app.graphql(mutation, { id: qr.id }, merchant.clientSecret);
    assert.equal(forbidden.errors?.[0].extensions.code, "FORBIDDEN");
    assert.equal((await qrCharges(qr.id)).length, 0);
    const paid = await app.graphql(mutation, { id: qr.id });
    assert.equal(paid.errors, undefined, JSON.stringify(paid.errors));
    const result = paid.data.simulateQrCodePayment;
    assert.equal(result.outcome, "CREDITED");
    assert.equal(result.exceptionKind, null);
    assert.deepEqual(
      { ...result.charge, id: undefined },
      { id: undefined, status: "PAID", amount: "4.50", qrcodeId: qr.id, payerName: "João" },
    );
    const wrong = await app.graphql(mutation, { id: qr.id, amount: "4.00" });
    assert.deepEqual(wrong.data.simulateQrCodePayment, {
      outcome: "EXCEPTION",
      exceptionKind: "AMOUNT_MISMATCH",
      charge: null,
    });
    const typed = await createQr({ description: "Sem valor" });
    const missing = await app.graphql(mutation, { id: typed.id });
    assert.equal(missing.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.match(missing.errors?.[0].message ?? "", /amount is required/);
    const unknown = await app.graphql(mutation, { id: "qr_unknown" });
    assert.equal(unknown.errors?.[0].extensions.code, "NOT_FOUND");
  });
});
