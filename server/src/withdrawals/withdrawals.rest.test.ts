import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";

let app: TestApp;

before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const CREATED_FIELDS = [
  "id",
  "amount",
  "status",
  "pix_key",
  "pix_key_type",
  "queue_position",
  "idempotency_key",
  "created_at",
  "withdrawal_reference",
  "scheduled_for",
  "sends_on",
];
const READ_FIELDS = [
  ...CREATED_FIELDS,
  "reason",
  "retry_count",
  "updated_at",
  "e2e_id",
  "bank_account",
  "recipient_document",
  "recipient_name",
  "recipient",
];
const VALID_CPF = "529.982.247-25";

async function fundedMerchant(amount = "100.00"): Promise<Merchant> {
  const merchant = await app.createMerchant();
  await app.fund(merchant.companyId, amount);
  return merchant;
}

function withdraw(merchant: Merchant, body: unknown, key: string | null = newUuid()) {
  return app.request("POST", "/withdrawals", {
    token: merchant.clientSecret,
    body,
    headers: key === null ? {} : { "idempotency-key": key },
  });
}

async function balanceOf(merchant: Merchant): Promise<number> {
  return (await app.request("GET", "/charges/balance", { token: merchant.clientSecret })).body.balance;
}

async function assertAuditConsistent(companyId: string) {
  const audit = await app.graphql(
    `query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance recomputedBalance } }`,
    {
      c: companyId,
    },
  );
  assert.equal(audit.data.balanceAudit.consistent, true, JSON.stringify(audit.data.balanceAudit));
}

describe("POST /withdrawals", () => {
  test("reserves the amount and answers 201 with the contract's body", async () => {
    const merchant = await fundedMerchant();
    const key = newUuid();
    const res = await withdraw(merchant, { amount: 10.5, pix_key_type: "CPF", pix_key: VALID_CPF }, key);
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), CREATED_FIELDS);
    assert.match(res.body.id, /^wd_[A-Za-z0-9]+$/);
    assert.equal(res.body.amount, 10.5);
    assert.equal(res.body.status, "PENDING");
    assert.equal(res.body.pix_key, "52998224725", "canonical: no punctuation");
    assert.equal(res.body.pix_key_type, "CPF");
    assert.equal(res.body.queue_position, 1);
    assert.equal(res.body.idempotency_key, key);
    assert.match(res.body.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(await balanceOf(merchant), 89.5);
    await assertAuditConsistent(merchant.companyId);
  });

  test("stores keys in canonical form", async () => {
    const merchant = await fundedMerchant();
    const cases: Array<[string, string, string]> = [
      ["CNPJ", "12.abc.345/01de-35", "12ABC34501DE35"],
      ["EMAIL", "Fulano@Example.COM", "fulano@example.com"],
      ["TELEFONE", "+5511987654321", "+5511987654321"],
      ["ALEATORIA", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
    ];
    for (const [type, key, canonical] of cases) {
      const res = await withdraw(merchant, { amount: 1, pix_key_type: type, pix_key: key });
      assert.equal(res.status, 201, `${type} ${key}: ${res.text}`);
      assert.equal(res.body.pix_key, canonical);
    }
  });

  test("refuses bad bodies with 400, changing nothing and not consuming the key", async () => {
    const merchant = await fundedMerchant();
    const key = newUuid();
    const cases: unknown[] = [
      {},
      { amount: 0.99, pix_key_type: "CPF", pix_key: VALID_CPF },
      { amount: -5, pix_key_type: "CPF", pix_key: VALID_CPF },
      { amount: 1.001, pix_key_type: "CPF", pix_key: VALID_CPF },
      { amount: "10", pix_key_type: "CPF", pix_key: VALID_CPF },
      { amount: 100000000, pix_key_type: "CPF", pix_key: VALID_CPF },
      { amount: 10, pix_key_type: "CPF" },
      { amount: 10, pix_key_type: "CPF", pix_key: "" },
      { amount: 10, pix_key_type: "PIX", pix_key: VALID_CPF },
      { amount: 10, pix_key_type: "CPF", pix_key: "529.982.247-26" },
      { amount: 10, pix_key_type: "CPF", pix_key: "111.111.111-11" },
      { amount: 10, pix_key_type: "CNPJ", pix_key: VALID_CPF },
      { amount: 10, pix_key_type: "EMAIL", pix_key: "not-an-email" },
      { amount: 10, pix_key_type: "TELEFONE", pix_key: "11987654321" },
      { amount: 10, pix_key_type: "ALEATORIA", pix_key: "123e4567e89b12d3a456426614174000" },
      { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF, extra: 1 },
    ];
    for (const body of cases) {
      const res = await withdraw(merchant, body, key);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, "VALIDATION_ERROR", JSON.stringify(body));
      assert.equal(typeof res.body.error, "string");
    }
    assert.equal(await balanceOf(merchant), 100);
    const ok = await withdraw(merchant, { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF }, key);
    assert.equal(ok.status, 201, "a key whose requests were all rejected with 400 is still free");
  });

  test("refuses an amount over the balance with INSUFFICIENT_BALANCE", async () => {
    const merchant = await fundedMerchant("50.00");
    const res = await withdraw(merchant, { amount: 50.01, pix_key_type: "CPF", pix_key: VALID_CPF });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, "INSUFFICIENT_BALANCE");
    assert.equal(await balanceOf(merchant), 50);
    const exact = await withdraw(merchant, { amount: 50, pix_key_type: "CPF", pix_key: VALID_CPF });
    assert.equal(exact.status, 201);
    assert.equal(await balanceOf(merchant), 0);
  });

  test("checks run in the contract's order: auth, Idempotency-Key, body, key reuse, balance", async () => {
    const merchant = await fundedMerchant("5.00");
    const bad = { amount: 0.5, pix_key_type: "CPF", pix_key: "x" };
    const noAuth = await app.request("POST", "/withdrawals", { body: bad });
    assert.equal(noAuth.status, 401);
    const noKey = await withdraw(merchant, bad, null);
    assert.equal(noKey.status, 400);
    assert.match(noKey.body.error, /Idempotency-Key/);
    const badKey = await withdraw(merchant, bad, "1234");
    assert.match(badKey.body.error, /Idempotency-Key/);
    const key = newUuid();
    assert.equal((await withdraw(merchant, { amount: 1, pix_key_type: "CPF", pix_key: VALID_CPF }, key)).status, 201);
    const badBodyReusedKey = await withdraw(merchant, bad, key);
    assert.equal(badBodyReusedKey.status, 400, "the body is checked before the key's reuse");
    const reusedOverBalance = await withdraw(merchant, { amount: 999, pix_key_type: "CPF", pix_key: VALID_CPF }, key);
    assert.equal(reusedOverBalance.status, 409, "reuse is checked before the balance");
    assert.equal(reusedOverBalance.body.code, "IDEMPOTENCY_KEY_REUSED");
  });
});

describe("idempotency", () => {
  test("the same key and body replays the original response byte for byte, without a new withdrawal", async () => {
    const merchant = await fundedMerchant();
    const key = newUuid();
    const body = { amount: 10, pix_key_type: "EMAIL", pix_key: "loja@example.com" };
    const first = await withdraw(merchant, body, key);
    assert.equal(first.headers.get("idempotent-replayed"), null);
    // A later state change must not show in the replay.
    const cancelled = await app.request("POST", `/withdrawals/${first.body.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(cancelled.body.status, "CANCELLED");
    const replay = await withdraw(merchant, body, key);
    assert.equal(replay.status, 201);
    assert.equal(replay.text, first.text);
    assert.equal(replay.headers.get("idempotent-replayed"), "true");
    const sameKeyFormatted = await withdraw(merchant, { ...body, pix_key: "LOJA@example.com" }, key.toUpperCase());
    assert.equal(
      sameKeyFormatted.text,
      first.text,
      "the same canonical request under the same key (any case) is a replay",
    );
    const list = await app.request("GET", "/withdrawals", { token: merchant.clientSecret });
    assert.equal(list.body.total, 1);
    assert.equal(await balanceOf(merchant), 100);
  });

  test("the same key with anything different is 409 IDEMPOTENCY_KEY_REUSED", async () => {
    const merchant = await fundedMerchant();
    const key = newUuid();
    await withdraw(merchant, { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF }, key);
    for (const body of [
      { amount: 11, pix_key_type: "CPF", pix_key: VALID_CPF },
      { amount: 10, pix_key_type: "EMAIL", pix_key: "a@example.com" },
      { amount: 10, pix_key_type: "CPF", pix_key: "39053344705" },
    ]) {
      const res = await withdraw(merchant, body, key);
      assert.equal(res.status, 409, JSON.stringify(body));
      assert.deepEqual(Object.keys(res.body), ["error", "code"]);
      assert.equal(res.body.code, "IDEMPOTENCY_KEY_REUSED");
    }
    assert.equal(await balanceOf(merchant), 90);
  });

  test("20 simultaneous requests with one key create exactly one withdrawal", async () => {
    const merchant = await fundedMerchant();
    const key = newUuid();
    const body = { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF };
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(merchant, body, key)));
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([201]));
    assert.equal(new Set(results.map((r) => r.text)).size, 1, "every answer is the same body");
    assert.equal(results.filter((r) => r.headers.get("idempotent-replayed") === "true").length, 19);
    const rows = await app.services.db.query("SELECT count(*)::int AS n FROM withdrawals WHERE company_id = $1", [
      merchant.companyId,
    ]);
    assert.equal(rows[0].n, 1);
    assert.equal(await balanceOf(merchant), 90);
  });

  test("same-key requests that spend the whole balance replay the first; none is refused for balance", async () => {
    const merchant = await fundedMerchant("10.00");
    const key = newUuid();
    const body = { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF };
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(merchant, body, key)));
    assert.deepEqual(
      results.map((r) => r.status),
      Array(20).fill(201),
    );
    assert.equal(new Set(results.map((r) => r.text)).size, 1);
    assert.equal(await balanceOf(merchant), 0);
    const later = await withdraw(merchant, body, key);
    assert.equal(later.status, 201, "a replay is answered even with no balance left");
    assert.equal(later.text, results[0].text);
    const different = await withdraw(merchant, { ...body, amount: 5 }, key);
    assert.equal(different.status, 409, "a different request on a used key is 409, not 400 for balance");
  });

  test("simultaneous same-key requests with different bodies: one wins, the other is 409", async () => {
    const merchant = await fundedMerchant();
    const key = newUuid();
    const [a, b] = await Promise.all([
      withdraw(merchant, { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF }, key),
      withdraw(merchant, { amount: 20, pix_key_type: "CPF", pix_key: VALID_CPF }, key),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const rows = await app.services.db.query("SELECT count(*)::int AS n FROM withdrawals WHERE company_id = $1", [
      merchant.companyId,
    ]);
    assert.equal(rows[0].n, 1);
  });

  test("keys are scoped to the account", async () => {
    const a = await fundedMerchant();
    const b = await fundedMerchant();
    const key = newUuid();
    const body = { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF };
    const first = await withdraw(a, body, key);
    const second = await withdraw(b, body, key);
    assert.equal(second.status, 201);
    assert.notEqual(second.body.id, first.body.id);
  });
});

describe("concurrent withdrawals", () => {
  test("30 simultaneous withdrawals of 10.00 on 100.00: exactly 10 succeed and the balance ends at 0.00", async () => {
    const merchant = await fundedMerchant("100.00");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => withdraw(merchant, { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF })),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    const answers = results.map((r) => `${r.status} ${r.body.code ?? ""}`).join(", ");
    assert.equal(created.length, 10, answers);
    assert.equal(refused.length, 20, answers);
    for (const r of refused) assert.equal(r.body.code, "INSUFFICIENT_BALANCE");
    assert.equal(await balanceOf(merchant), 0);
    const positions = created.map((r) => r.body.queue_position).sort((x, y) => x - y);
    assert.deepEqual(positions, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await assertAuditConsistent(merchant.companyId);
  });
});

describe("reading and cancelling withdrawals", () => {
  test("GET /withdrawals/:id adds reference, reason, retry_count, updated_at and e2e_id; queue_position follows the queue", async () => {
    const merchant = await fundedMerchant();
    const first = (await withdraw(merchant, { amount: 1, pix_key_type: "CPF", pix_key: VALID_CPF })).body;
    const second = (await withdraw(merchant, { amount: 2, pix_key_type: "CPF", pix_key: VALID_CPF })).body;
    const read = await app.request("GET", `/withdrawals/${second.id}`, { token: merchant.clientSecret });
    assert.equal(read.status, 200);
    assert.deepEqual(Object.keys(read.body), READ_FIELDS);
    assert.match(read.body.withdrawal_reference, /^WDR_[A-Z0-9]+$/);
    assert.equal(read.body.reason, null);
    assert.equal(read.body.retry_count, 0);
    assert.equal(read.body.e2e_id, null); // named by the bank when it accepts the transfer
    assert.equal(read.body.queue_position, 2);
    await app.request("POST", `/withdrawals/${first.id}/cancel`, {
      token: merchant.clientSecret,
      body: { reason: "changed my mind" },
    });
    const moved = await app.request("GET", `/withdrawals/${second.id}`, { token: merchant.clientSecret });
    assert.equal(moved.body.queue_position, 1);
    const cancelled = await app.request("GET", `/withdrawals/${first.id}`, { token: merchant.clientSecret });
    assert.equal(cancelled.body.status, "CANCELLED");
    assert.equal(cancelled.body.reason, "changed my mind");
    assert.equal(cancelled.body.queue_position, null);
  });

  test("another account's withdrawal is 404, like a missing one", async () => {
    const owner = await fundedMerchant();
    const stranger = await app.createMerchant();
    const { body: created } = await withdraw(owner, { amount: 1, pix_key_type: "CPF", pix_key: VALID_CPF });
    for (const [method, path] of [
      ["GET", `/withdrawals/${created.id}`],
      ["POST", `/withdrawals/${created.id}/cancel`],
      ["GET", "/withdrawals/wd_missing"],
    ]) {
      const res = await app.request(method, path, {
        token: stranger.clientSecret,
        body: method === "POST" ? {} : undefined,
      });
      assert.equal(res.status, 404, path);
      assert.deepEqual(res.body, { error: "Withdrawal not found", code: "NOT_FOUND" });
    }
    const list = await app.request("GET", "/withdrawals", { token: stranger.clientSecret });
    assert.equal(list.body.total, 0);
    const still = await app.request("GET", `/withdrawals/${created.id}`, { token: owner.clientSecret });
    assert.equal(still.body.status, "PENDING");
  });

  test("cancel returns the amount; a second cancel is 409 INVALID_STATE", async () => {
    const merchant = await fundedMerchant();
    const { body: created } = await withdraw(merchant, { amount: 30, pix_key_type: "CPF", pix_key: VALID_CPF });
    assert.equal(await balanceOf(merchant), 70);
    const res = await app.request("POST", `/withdrawals/${created.id}/cancel`, { token: merchant.clientSecret });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, "CANCELLED");
    assert.equal(await balanceOf(merchant), 100);
    const again = await app.request("POST", `/withdrawals/${created.id}/cancel`, { token: merchant.clientSecret });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, "INVALID_STATE");
    assert.equal(await balanceOf(merchant), 100);
    await assertAuditConsistent(merchant.companyId);
  });

  test("GET /withdrawals pages newest first and filters by status", async () => {
    const merchant = await fundedMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await withdraw(merchant, { amount: 1, pix_key_type: "CPF", pix_key: VALID_CPF })).body.id);
    await app.request("POST", `/withdrawals/${ids[0]}/cancel`, { token: merchant.clientSecret });
    const all = await app.request("GET", "/withdrawals?limit=2", { token: merchant.clientSecret });
    assert.deepEqual(Object.keys(all.body), ["data", "total", "limit", "offset"]);
    assert.equal(all.body.total, 3);
    assert.deepEqual(
      all.body.data.map((w: { id: string }) => w.id),
      [ids[2], ids[1]],
    );
    assert.deepEqual(Object.keys(all.body.data[0]), READ_FIELDS);
    const pending = await app.request("GET", "/withdrawals?status=PENDING", { token: merchant.clientSecret });
    assert.equal(pending.body.total, 2);
    for (const query of ["status=APPROVED", "limit=0", "offset=-1", "foo=bar"]) {
      const bad = await app.request("GET", `/withdrawals?${query}`, { token: merchant.clientSecret });
      assert.equal(bad.status, 400, query);
    }
  });
});
