import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { hasError, parsePix } from "pix-utils";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { E2E_ID_PATTERN } from "../core/ids";

let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp({ PUBLIC_BASE_URL: "https://pix.example.test" });
  merchant = await app.createMerchant({ name: "Café São João", city: "Florianópolis" });
  other = await app.createMerchant({ name: "Outra Loja" });
});
after(() => app.close());

const CHARGE_FIELDS = [
  "id",
  "amount",
  "description",
  "status",
  "pix_code",
  "fee",
  "net_amount",
  "e2e_id",
  "payer_name",
  "payer_document",
  "paid_at",
  "expires_at",
  "created_at",
  "txid",
  "refunded_amount",
  // CONTRACT §11
  "type",
  "due_date",
  "days_after_due",
  "payer",
  "fine",
  "interest",
  "abatement",
  "discount",
  "amount_due",
  "paid_amount",
  "customer_id",
  "external_reference",
  "metadata",
  // CONTRACT §13
  "payment_url",
  "payment_link_id",
  "qrcode_id",
  // CONTRACT §12
  "recurrence_id",
  "debit_attempt",
  "failure_reason",
  "next_attempt_on",
];
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function createCharge(body: Record<string, unknown>, token = merchant.clientSecret) {
  return app.request("POST", "/charges", { token, body });
}

async function payCharge(id: string, payer: Record<string, string> = {}) {
  const res = await app.graphql(
    `mutation($id: ID!, $name: String, $doc: String) { simulateChargePayment(chargeId: $id, payerName: $name, payerDocument: $doc) { id status } }`,
    { id, name: payer.name, doc: payer.document },
  );
  return res;
}

describe("POST /charges", () => {
  test("creates a PENDING charge with every field of the contract", async () => {
    const res = await createCharge({ amount: 150.5, description: "Pedido 42", expires_in: 600 });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), CHARGE_FIELDS);
    const charge = res.body;
    assert.match(charge.id, /^[A-Z0-9]{8}$/);
    assert.equal(charge.amount, 150.5);
    assert.equal(charge.description, "Pedido 42");
    assert.equal(charge.status, "PENDING");
    assert.equal(charge.fee, 1.49); // round_half_up(150.50 * 0.99 %) = 1.48995 -> 1.49
    assert.equal(charge.net_amount, 149.01);
    assert.equal(charge.e2e_id, null);
    assert.equal(charge.payer_name, null);
    assert.equal(charge.payer_document, null);
    assert.equal(charge.paid_at, null);
    assert.match(charge.created_at, ISO_MS);
    assert.match(charge.expires_at, ISO_MS);
    assert.equal(Date.parse(charge.expires_at) - Date.parse(charge.created_at), 600_000);
    assert.match(charge.txid, /^[a-zA-Z0-9]{26,35}$/);
  });

  test("expires_in defaults to one hour", async () => {
    const res = await createCharge({ amount: 1 });
    assert.equal(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at), 3_600_000);
  });

  test("pix_code is a dynamic BR Code a standard parser reads back, pointing at the charge's location", async () => {
    const { body: charge } = await createCharge({ amount: 10.5 });
    const parsed = parsePix(charge.pix_code);
    if (hasError(parsed)) assert.fail(parsed.message);
    assert.equal(parsed.type, "DYNAMIC");
    assert.equal(parsed.merchantName, "Cafe Sao Joao");
    assert.equal(parsed.merchantCity, "Florianopolis");
    assert.match(charge.pix_code, /^000201010212/);
    assert.match(charge.pix_code, /5204000053039865405\d*10\.505802BR/);
    assert.match(charge.pix_code, /62070503\*\*\*6304[0-9A-F]{4}$/);
    const url = (parsed as unknown as { url: string }).url;
    assert.match(
      url,
      /^pix\.example\.test\/pix\/v2\/[a-z0-9]{32}$/,
      "the location, without scheme, on PUBLIC_BASE_URL",
    );
    const locationPath = url.slice("pix.example.test".length);
    const cob = await app.request("GET", locationPath);
    assert.equal(cob.status, 200);
    assert.equal(cob.body.txid, charge.txid);
    assert.equal(cob.body.status, "ATIVA");
    assert.deepEqual(cob.body.valor, { original: "10.50" });
    assert.equal(cob.body.calendario.criacao, charge.created_at);
    assert.equal(cob.body.calendario.expiracao, 3600);
    assert.match(cob.body.chave, /^[0-9a-f-]{36}$/);
  });

  test("the location endpoint is public and answers 404 for unknown locations", async () => {
    const res = await app.request("GET", `/pix/v2/${"a".repeat(32)}`);
    assert.equal(res.status, 404);
    assert.equal(res.body.code, "NOT_FOUND");
  });

  test("refuses bad amounts, descriptions and expiries with 400, creating nothing", async () => {
    const before = await app.request("GET", "/charges", { token: merchant.clientSecret });
    const cases: Array<Record<string, unknown>> = [
      {},
      { amount: 0 },
      { amount: -1 },
      { amount: 0.001 },
      { amount: 10.555 },
      { amount: "10.00" },
      { amount: "NaN" },
      { amount: null },
      { amount: 100000000 },
      { amount: 99999999.991 },
      { amount: 1e21 },
      { amount: 10, description: "x".repeat(141) },
      { amount: 10, description: 42 },
      { amount: 10, expires_in: 59 },
      { amount: 10, expires_in: 2592001 },
      { amount: 10, expires_in: 60.5 },
      { amount: 10, expires_in: "600" },
      { amount: 10, unknown_field: true },
    ];
    for (const body of cases) {
      const res = await createCharge(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, "VALIDATION_ERROR", JSON.stringify(body));
      assert.equal(typeof res.body.error, "string");
    }
    const afterList = await app.request("GET", "/charges", { token: merchant.clientSecret });
    assert.equal(afterList.body.total, before.body.total);
  });

  test("accepts the bounds", async () => {
    assert.equal((await createCharge({ amount: 0.01 })).status, 201);
    assert.equal(
      (await createCharge({ amount: 99999999.99, description: "x".repeat(140), expires_in: 60 })).status,
      201,
    );
    assert.equal((await createCharge({ amount: 1, expires_in: 2592000 })).status, 201);
  });

  test("description length counts characters, not UTF-16 units", async () => {
    const emoji = "😀".repeat(140); // 280 UTF-16 units
    const ok = await createCharge({ amount: 1, description: emoji });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.description, emoji);
    const over = await createCharge({ amount: 1, description: `${emoji}😀` });
    assert.equal(over.status, 400);
    assert.equal(over.body.code, "VALIDATION_ERROR");
  });

  test("a body that is not JSON is 400 and one over 100 kB is 413", async () => {
    const notJson = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      rawBody: "{amount: 1",
      headers: { "content-type": "application/json" },
    });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.body.code, "INVALID_JSON");
    const array = await app.request("POST", "/charges", { token: merchant.clientSecret, body: [1, 2] });
    assert.equal(array.status, 400);
    const huge = await createCharge({ amount: 1, description: "x".repeat(110_000) });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.code, "PAYLOAD_TOO_LARGE");
  });

  test("an Idempotency-Key replays the original charge and refuses a different body", async () => {
    const key = newUuid();
    const first = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 20 },
      headers: { "idempotency-key": key },
    });
    assert.equal(first.status, 201);
    await payCharge(first.body.id);
    const replay = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 20 },
      headers: { "idempotency-key": key },
    });
    assert.equal(replay.status, 201);
    assert.equal(replay.text, first.text, "byte for byte the original response");
    assert.equal(replay.headers.get("idempotent-replayed"), "true");
    const different = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 21 },
      headers: { "idempotency-key": key },
    });
    assert.equal(different.status, 409);
    assert.equal(different.body.code, "IDEMPOTENCY_KEY_REUSED");
    const badKey = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 20 },
      headers: { "idempotency-key": "not-a-uuid" },
    });
    assert.equal(badKey.status, 400);
    // Keys belong to one account: another merchant may use the same key.
    const otherAccount = await app.request("POST", "/charges", {
      token: other.clientSecret,
      body: { amount: 20 },
      headers: { "idempotency-key": key },
    });
    assert.equal(otherAccount.status, 201);
    assert.notEqual(otherAccount.body.id, first.body.id);
  });

  test("the same key sent 10 times at once creates one charge; the others replay it or get 409", async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = newUuid();
      const send = (amount: number) =>
        app.request("POST", "/charges", {
          token: merchant.clientSecret,
          body: { amount },
          headers: { "idempotency-key": key },
        });
      const answers = await Promise.all([...Array.from({ length: 9 }, () => send(7)), send(8)]);
      const created = answers.filter((res) => res.status === 201 && !res.headers.get("idempotent-replayed"));
      const replayed = answers.filter((res) => res.headers.get("idempotent-replayed") === "true");
      const refused = answers.filter((res) => res.status === 409);
      assert.equal(created.length, 1, `round ${round}: ${answers.map((res) => res.status)}`);
      assert.equal(created.length + replayed.length + refused.length, 10);
      for (const res of replayed) assert.equal(res.text, created[0].text);
      for (const res of refused) assert.equal(res.body.code, "IDEMPOTENCY_KEY_REUSED");
      const rows = await app.services.db.query(
        "SELECT count(*)::int AS n FROM charges WHERE company_id = $1 AND idempotency_key = $2",
        [merchant.companyId, key],
      );
      assert.equal(rows[0].n, 1);
    }
  });
});

describe("GET /charges/:id", () => {
  test("answers the charge by its id or its chg_ form", async () => {
    const { body: created } = await createCharge({ amount: 5 });
    const plain = await app.request("GET", `/charges/${created.id}`, { token: merchant.clientSecret });
    assert.equal(plain.status, 200);
    assert.deepEqual(plain.body, created);
    const prefixed = await app.request("GET", `/charges/chg_${created.id}`, { token: merchant.clientSecret });
    assert.deepEqual(prefixed.body, created);
  });

  test("another account's charge is 404, exactly like a missing one", async () => {
    const { body: created } = await createCharge({ amount: 5 });
    const foreign = await app.request("GET", `/charges/${created.id}`, { token: other.clientSecret });
    const missing = await app.request("GET", "/charges/ZZZZZZZZ", { token: other.clientSecret });
    const malformed = await app.request("GET", "/charges/not-an-id", { token: other.clientSecret });
    for (const res of [foreign, missing, malformed]) {
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { error: "Charge not found", code: "NOT_FOUND" });
    }
  });

  test("needs a credential", async () => {
    const res = await app.request("GET", "/charges/ZZZZZZZZ");
    assert.equal(res.status, 401);
  });

  test("a paid charge carries e2e_id, paid_at and the payer; PAID is final", async () => {
    const { body: created } = await createCharge({ amount: 100 });
    const paid = await payCharge(created.id, { name: "Maria Silva", document: "***.456.789-**" });
    assert.equal(paid.data.simulateChargePayment.status, "PAID");
    const res = await app.request("GET", `/charges/${created.id}`, { token: merchant.clientSecret });
    assert.equal(res.body.status, "PAID");
    assert.match(res.body.e2e_id, E2E_ID_PATTERN);
    assert.equal(res.body.e2e_id.length, 32);
    assert.match(res.body.paid_at, ISO_MS);
    assert.equal(res.body.payer_name, "Maria Silva");
    assert.equal(res.body.payer_document, "***.456.789-**");
    const again = await payCharge(created.id);
    assert.equal(again.errors?.[0].extensions.code, "INVALID_STATE");
    const cancel = await app.graphql(
      `mutation($id: ID!) { cancelCharge(id: $id) { status } }`,
      { id: created.id },
      merchant.clientSecret,
    );
    assert.equal(cancel.errors?.[0].extensions.code, "INVALID_STATE");
  });

  test("a PENDING charge past expires_at reads as EXPIRED and can no longer be paid", async () => {
    const { body: created } = await createCharge({ amount: 7, expires_in: 60 });
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      created.id,
    ]);
    const paid = await payCharge(created.id);
    assert.equal(paid.errors?.[0].extensions.code, "INVALID_STATE");
    const res = await app.request("GET", `/charges/${created.id}`, { token: merchant.clientSecret });
    assert.equal(res.body.status, "EXPIRED");
    const balance = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
    const audit = await app.graphql(`query($c: ID!) { balanceAudit(companyId: $c) { consistent paidChargesNet } }`, {
      c: merchant.companyId,
    });
    assert.equal(audit.data.balanceAudit.consistent, true);
    assert.equal(balance.status, 200);
  });

  test("the periodic sweep expires overdue charges", async () => {
    const { body: created } = await createCharge({ amount: 8, expires_in: 60 });
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      created.id,
    ]);
    const expired = await app.services.charges.expireOverdueCharges();
    assert.ok(expired >= 1);
    const rows = await app.services.db.query("SELECT status FROM charges WHERE id = $1", [created.id]);
    assert.equal(rows[0].status, "EXPIRED");
  });

  test("cancelCharge moves a PENDING charge to CANCELLED; another account cannot", async () => {
    const { body: created } = await createCharge({ amount: 9 });
    const foreign = await app.graphql(
      `mutation($id: ID!) { cancelCharge(id: $id) { status } }`,
      { id: created.id },
      other.clientSecret,
    );
    assert.equal(foreign.errors?.[0].extensions.code, "NOT_FOUND");
    const cancelled = await app.graphql(
      `mutation($id: ID!) { cancelCharge(id: $id) { status } }`,
      { id: created.id },
      merchant.clientSecret,
    );
    assert.equal(cancelled.data.cancelCharge.status, "CANCELLED");
    const paid = await payCharge(created.id);
    assert.equal(paid.errors?.[0].extensions.code, "INVALID_STATE");
    const cob = await app.services.db.query("SELECT location_id FROM charges WHERE id = $1", [created.id]);
    const location = await app.request("GET", `/pix/v2/${cob[0].location_id}`);
    assert.equal(location.body.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
  });
});

describe("GET /charges", () => {
  test("pages newest first with the contract's shape and defaults", async () => {
    const lister = await app.createMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) ids.push((await createCharge({ amount: i + 1 }, lister.clientSecret)).body.id);
    const first = await app.request("GET", "/charges", { token: lister.clientSecret });
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.body), ["data", "total", "limit", "offset"]);
    assert.equal(first.body.total, 25);
    assert.equal(first.body.limit, 20);
    assert.equal(first.body.offset, 0);
    assert.equal(first.body.data.length, 20);
    assert.deepEqual(Object.keys(first.body.data[0]), CHARGE_FIELDS);
    const second = await app.request("GET", "/charges?limit=20&offset=20", { token: lister.clientSecret });
    assert.equal(second.body.data.length, 5);
    const listed = [...first.body.data, ...second.body.data];
    // created_at desc, then id desc
    const sorted = [...listed].sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
    );
    assert.deepEqual(
      listed.map((c) => c.id),
      sorted.map((c) => c.id),
    );
    assert.deepEqual(new Set(listed.map((c) => c.id)), new Set(ids));
  });

  test("filters by status", async () => {
    const lister = await app.createMerchant();
    const a = (await createCharge({ amount: 1 }, lister.clientSecret)).body;
    await createCharge({ amount: 2 }, lister.clientSecret);
    await payCharge(a.id);
    const paid = await app.request("GET", "/charges?status=PAID", { token: lister.clientSecret });
    assert.deepEqual(
      paid.body.data.map((c: { id: string }) => c.id),
      [a.id],
    );
    assert.equal(paid.body.total, 1);
    const pending = await app.request("GET", "/charges?status=PENDING", { token: lister.clientSecret });
    assert.equal(pending.body.total, 1);
  });

  test("sees only the caller's charges", async () => {
    const lonely = await app.createMerchant();
    const res = await app.request("GET", "/charges", { token: lonely.clientSecret });
    assert.deepEqual(res.body, { data: [], total: 0, limit: 20, offset: 0 });
  });

  test("refuses bad query parameters with 400", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=1.5",
      "offset=-1",
      "offset=x",
      "status=DONE",
      "status=paid",
      "page=2",
    ]) {
      const res = await app.request("GET", `/charges?${query}`, { token: merchant.clientSecret });
      assert.equal(res.status, 400, query);
      assert.equal(res.body.code, "VALIDATION_ERROR", query);
    }
    const max = await app.request("GET", "/charges?limit=100", { token: merchant.clientSecret });
    assert.equal(max.status, 200);
    const twice = await app.request("GET", "/charges?limit=5&limit=6", { token: merchant.clientSecret });
    assert.equal(twice.status, 400);
    assert.match(twice.body.error, /limit is given twice/);
  });
});

describe("the REST transport", () => {
  test("answers JSON with its length; a trailing slash names the same route", async () => {
    const res = await app.request("GET", "/charges/balance/", { token: merchant.clientSecret });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(Number(res.headers.get("content-length")), Buffer.byteLength(res.text));
    assert.equal(res.headers.get("x-powered-by"), null);
  });

  test("a compressed or non-UTF-8 body is refused with 400 and creates nothing", async () => {
    const before = (await app.request("GET", "/charges", { token: merchant.clientSecret })).body.total;
    const gzip = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      rawBody: '{"amount": 1}',
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    assert.equal(gzip.status, 400);
    assert.deepEqual(gzip.body, { error: "Unsupported body encoding", code: "VALIDATION_ERROR" });
    const latin1 = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      rawBody: '{"amount": 1}',
      headers: { "content-type": "application/json; charset=latin1" },
    });
    assert.equal(latin1.status, 400);
    assert.equal((await app.request("GET", "/charges", { token: merchant.clientSecret })).body.total, before);
  });

  test("a client that hangs up in the middle of its body changes nothing", async () => {
    const before = (await app.request("GET", "/charges", { token: merchant.clientSecret })).body.total;
    const { port } = new URL(app.baseUrl);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /charges HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${merchant.clientSecret}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"amount": 1',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await app.request("GET", "/charges", { token: merchant.clientSecret });
    assert.equal(after.status, 200);
    assert.equal(after.body.total, before);
  });

  test("a credential is checked before the body is read", async () => {
    const res = await app.request("POST", "/charges", {
      token: "sk_not-a-real-secret",
      rawBody: "x".repeat(200_000),
      headers: { "content-type": "application/json" },
    });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, "UNAUTHENTICATED");
  });
});

describe("payment credits the balance", () => {
  test("net amount counts once paid; pending, expired and cancelled do not", async () => {
    const acct = await app.createMerchant();
    const a = (await createCharge({ amount: 100 }, acct.clientSecret)).body; // net 99.01
    await createCharge({ amount: 50 }, acct.clientSecret); // stays pending
    const before = await app.request("GET", "/charges/balance", { token: acct.clientSecret });
    assert.equal(before.body.balance, 0);
    await payCharge(a.id);
    const after = await app.request("GET", "/charges/balance", { token: acct.clientSecret });
    assert.deepEqual(Object.keys(after.body), ["balance", "currency", "timestamp"]);
    assert.equal(after.body.balance, 99.01);
    assert.equal(after.body.currency, "BRL");
    assert.match(after.body.timestamp, ISO_MS);
  });
});

describe("unknown API routes", () => {
  test("answer 404 with the JSON error body", async () => {
    for (const path of ["/charges/ABC/x", "/withdrawals/a/b/c", "/provider/nothing"]) {
      const res = await app.request("GET", path, { token: merchant.clientSecret });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.code, "NOT_FOUND");
    }
  });
});
