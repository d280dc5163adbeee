import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  approve,
  assertAuditConsistent,
  balanceOf,
  createWithdrawal,
  fundedMerchant,
  postWithdrawal,
  readWithdrawal,
  waitFor,
  waitForWithdrawalStatus,
} from "../../test/support/scenarios";
import { newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { startBackgroundWork } from "../worker";

/**
 * Payouts that know who they pay, in the sandbox (CONTRACT §15): the declared recipient's
 * checks, the sandbox's directory at creation, the bank's refusal of a key that is not the
 * document's, and what the merchant and the operators read.
 */
let app: TestApp;
let work: { stop(): Promise<void> };

before(async () => {
  app = await startTestApp();
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
});

const OWNER_CPF = "12345678909";
const OTHER_CPF = "11144477735";

describe("POST /withdrawals with recipient_document", () => {
  test("keeps the declared document (canonical) and name; reads show the sandbox's holder from the start", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, {
      amount: 10,
      pix_key_type: "EMAIL",
      pix_key: `${OWNER_CPF}@example.com`,
      recipient_document: "123.456.789-09",
      recipient_name: "  Titular Sandbox  ",
    });
    const read = await readWithdrawal(app, merchant, id);
    assert.equal(read.recipient_document, OWNER_CPF);
    assert.equal(read.recipient_name, "Titular Sandbox");
    assert.deepEqual(read.recipient, {
      name: "Titular Sandbox 8909",
      document: "***.456.789-**",
      institution: "Banco Sandbox",
    });
    const keys = Object.keys(read);
    assert.deepEqual(keys.slice(-3), ["recipient_document", "recipient_name", "recipient"]);
  });

  test("the 201 body stays the contract's (and the reference); without a declared recipient the reads say null", async () => {
    const merchant = await fundedMerchant(app);
    const res = await postWithdrawal(app, merchant, {
      amount: 10,
      pix_key_type: "TELEFONE",
      pix_key: "+5511987654321",
      recipient_document: "52998224725",
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body), [
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
    ]);
    const plain = await createWithdrawal(app, merchant, { amount: 1, pix_key_type: "CPF", pix_key: OWNER_CPF });
    const read = await readWithdrawal(app, merchant, plain);
    assert.equal(read.recipient_document, null);
    assert.equal(read.recipient_name, null);
    assert.deepEqual(read.recipient, {
      name: "Titular Sandbox 8909",
      document: "***.456.789-**",
      institution: "Banco Sandbox",
    });
  });

  test("a malformed document or name is 400 VALIDATION_ERROR and reserves nothing", async () => {
    const merchant = await fundedMerchant(app);
    const base = { amount: 10, pix_key_type: "CPF", pix_key: OWNER_CPF };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ recipient_document: "12345678900" }, /recipient_document/],
      [{ recipient_document: "111.111.111-11" }, /recipient_document/],
      [{ recipient_document: "11222333000182" }, /recipient_document/],
      [{ recipient_document: "***.456.789-**" }, /recipient_document/],
      [{ recipient_document: "" }, /recipient_document/],
      [{ recipient_document: 12345678909 }, /recipient_document/],
      [{ recipient_name: "   " }, /recipient_name/],
      [{ recipient_name: "x".repeat(141) }, /recipient_name/],
      [{ recipient_name: "Fulano\u0000" }, /recipient_name/],
    ];
    for (const [extra, message] of cases) {
      const key = newUuid();
      const res = await postWithdrawal(app, merchant, { ...base, ...extra }, key);
      assert.equal(res.status, 400, `${JSON.stringify(extra)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.match(res.body.error, message);
      // A refused request does not consume its key.
      const retry = await postWithdrawal(app, merchant, base, key);
      assert.equal(retry.status, 201, retry.text);
    }
    assert.equal(await balanceOf(app, merchant), 100 - 10 * cases.length);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the declared recipient is part of the request: the same key with another document is 409", async () => {
    const merchant = await fundedMerchant(app);
    const key = newUuid();
    const body = { amount: 5, pix_key_type: "CPF", pix_key: OWNER_CPF, recipient_document: OWNER_CPF };
    const first = await postWithdrawal(app, merchant, body, key);
    assert.equal(first.status, 201);
    const replay = await postWithdrawal(app, merchant, { ...body, recipient_document: "123.456.789-09" }, key);
    assert.equal(replay.status, 201, "the same document, formatted: the same request");
    assert.equal(replay.headers.get("idempotent-replayed"), "true");
    assert.equal(replay.text, first.text);
    for (const other of [
      { ...body, recipient_document: OTHER_CPF },
      { ...body, recipient_name: "Outro" },
      { amount: 5, pix_key_type: "CPF", pix_key: OWNER_CPF },
    ]) {
      const conflict = await postWithdrawal(app, merchant, other, key);
      assert.equal(conflict.status, 409, JSON.stringify(other));
      assert.equal(conflict.body.code, "IDEMPOTENCY_KEY_REUSED");
    }
  });
});

describe("the bank's check of the key against the document (sandbox)", () => {
  test("a key that is not the document's: FAILED with the contract's reason, the amount returned", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, {
      amount: 40,
      pix_key_type: "CPF",
      pix_key: OWNER_CPF,
      recipient_document: OTHER_CPF,
    });
    assert.equal(await balanceOf(app, merchant), 60);
    await approve(app, id);
    const failed = await waitForWithdrawalStatus(app, merchant, id, "FAILED");
    assert.equal(failed.reason, "PIX key does not belong to the recipient's document");
    assert.equal(await balanceOf(app, merchant), 100);
    const events = await app.services.db.query(
      "SELECT body FROM webhook_events WHERE subject_id = $1 AND event = 'withdrawal.failed'",
      [id],
    );
    assert.equal(events.length, 1);
    assert.equal(JSON.parse(events[0].body).reason, "PIX key does not belong to the recipient's document");
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the directory's owner of every kind of key passes: EMAIL of digits, TELEFONE, ALEATORIA, CNPJ", async () => {
    const merchant = await fundedMerchant(app);
    const cases = [
      { pix_key_type: "EMAIL", pix_key: `${OWNER_CPF}@example.com`, recipient_document: OWNER_CPF },
      { pix_key_type: "TELEFONE", pix_key: "+5511987654321", recipient_document: "52998224725" },
      { pix_key_type: "ALEATORIA", pix_key: newUuid(), recipient_document: "529.982.247-25" },
      { pix_key_type: "CNPJ", pix_key: "11222333000181", recipient_document: "11.222.333/0001-81" },
    ];
    for (const destination of cases) {
      const id = await createWithdrawal(app, merchant, { amount: 1, ...destination });
      await approve(app, id);
      // Accepted by the bank: named by its end-to-end id, and PROCESSING (SANDBOX_SETTLE_MS=0).
      const accepted = await waitFor(`${destination.pix_key_type} accepted`, async () => {
        const read = await readWithdrawal(app, merchant, id);
        return read.e2e_id !== null || read.status !== "PROCESSING" ? read : null;
      });
      assert.equal(accepted.status, "PROCESSING", JSON.stringify(accepted));
      assert.equal(accepted.reason, null);
    }
  });

  test("an EMAIL key of another document's digits is refused for that document", async () => {
    const merchant = await fundedMerchant(app);
    const id = await createWithdrawal(app, merchant, {
      amount: 3,
      pix_key_type: "EMAIL",
      pix_key: `${OWNER_CPF}@example.com`,
      recipient_document: "52998224725",
    });
    await approve(app, id);
    const failed = await waitForWithdrawalStatus(app, merchant, id, "FAILED");
    assert.equal(failed.reason, "PIX key does not belong to the recipient's document");
  });
});

describe("GraphQL", () => {
  const FIELDS = "id status recipientDocument recipientName recipient { name document institution } recipientWarnings";

  test("createWithdrawal takes the declared recipient; the operators' queue shows the holder and the warnings", async () => {
    const merchant = await fundedMerchant(app);
    const created = await app.graphql(
      `mutation($input: CreateWithdrawalInput!, $key: String!) { createWithdrawal(input: $input, idempotencyKey: $key) { ${FIELDS} } }`,
      {
        input: {
          amount: "12.00",
          pixKeyType: "TELEFONE",
          pixKey: "+5511912345678",
          recipientDocument: OTHER_CPF,
          recipientName: "Fornecedor ABC Ltda",
        },
        key: newUuid(),
      },
      merchant.clientSecret,
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const withdrawal = created.data.createWithdrawal;
    assert.equal(withdrawal.recipientDocument, OTHER_CPF);
    assert.deepEqual(withdrawal.recipient, {
      name: "Titular Sandbox 4725",
      document: "***.982.247-**",
      institution: "Banco Sandbox",
    });
    assert.deepEqual(withdrawal.recipientWarnings, ["NAME_MISMATCH", "DOCUMENT_MISMATCH"]);

    const queue = await app.graphql(
      `query($c: ID!) { withdrawals(status: PENDING, order: OLDEST_FIRST, companyId: $c) { data { ${FIELDS} } } }`,
      { c: merchant.companyId },
    );
    assert.equal(queue.errors, undefined, JSON.stringify(queue.errors));
    const row = queue.data.withdrawals.data.find((w: { id: string }) => w.id === withdrawal.id);
    assert.deepEqual(row, withdrawal);
  });

  test("a matching declared recipient has no warning", async () => {
    const merchant = await fundedMerchant(app);
    const created = await app.graphql(
      `mutation($input: CreateWithdrawalInput!, $key: String!) { createWithdrawal(input: $input, idempotencyKey: $key) { ${FIELDS} } }`,
      {
        input: {
          amount: "2.00",
          pixKeyType: "CPF",
          pixKey: OWNER_CPF,
          recipientDocument: OWNER_CPF,
          recipientName: "titular sandbox",
        },
        key: newUuid(),
      },
      merchant.clientSecret,
    );
    assert.deepEqual(created.data.createWithdrawal.recipientWarnings, []);
  });

  test("another account's withdrawal and its recipient stay hidden (404 NOT_FOUND)", async () => {
    const owner = await fundedMerchant(app);
    const stranger = await fundedMerchant(app);
    const id = await createWithdrawal(app, owner, {
      amount: 1,
      pix_key_type: "CPF",
      pix_key: OWNER_CPF,
      recipient_document: OWNER_CPF,
      recipient_name: "Segredo",
    });
    const rest = await app.request("GET", `/withdrawals/${id}`, { token: stranger.clientSecret });
    assert.equal(rest.status, 404);
    assert.equal(rest.body.code, "NOT_FOUND");
    assert.doesNotMatch(rest.text, /Segredo|Titular/);
    const gql = await app.graphql(
      `query($id: ID!) { withdrawal(id: $id) { ${FIELDS} } }`,
      { id },
      stranger.clientSecret,
    );
    assert.equal(gql.data, null);
    assert.equal(gql.errors?.[0].extensions?.code, "NOT_FOUND");
    const list = await app.request("GET", "/withdrawals", { token: stranger.clientSecret });
    assert.equal(
      list.body.data.some((w: { id: string }) => w.id === id),
      false,
    );
  });
});

describe("POST /withdrawals with bank_account", () => {
  const ACCOUNT = {
    ispb: "00000000",
    branch: "1234",
    account: "000123456789",
    account_type: "CHECKING",
    holder_name: "  Fornecedor Exemplo Ltda ",
    holder_document: "11.222.333/0001-81",
  };

  test("reserves the amount, keeps the account (canonical), names the holder at the ISPB's institution; settles", async () => {
    const merchant = await fundedMerchant(app);
    const res = await postWithdrawal(app, merchant, { amount: 25, bank_account: ACCOUNT });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.pix_key, null);
    assert.equal(res.body.pix_key_type, null);
    assert.equal(await balanceOf(app, merchant), 75);
    const read = await readWithdrawal(app, merchant, res.body.id);
    assert.deepEqual(read.bank_account, {
      ispb: "00000000",
      branch: "1234",
      account: "000123456789",
      account_type: "CHECKING",
      holder_name: "Fornecedor Exemplo Ltda",
      holder_document: "11222333000181",
    });
    assert.deepEqual(read.recipient, {
      name: "Fornecedor Exemplo Ltda",
      document: "11.222.333/0001-81",
      institution: "Banco do Brasil S.A.",
    });
    await approve(app, res.body.id);
    const accepted = await waitFor("account transfer accepted", async () => {
      const current = await readWithdrawal(app, merchant, res.body.id);
      return current.e2e_id !== null ? current : null;
    });
    assert.equal(accepted.status, "PROCESSING");
    const paid = await app.graphql(
      `mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: PAID) { status bankAccount { ispb holderDocument } } }`,
      { id: res.body.id },
    );
    assert.deepEqual(paid.data.simulateWithdrawalOutcome, {
      status: "PAID",
      bankAccount: { ispb: "00000000", holderDocument: "11222333000181" },
    });
    assert.equal(await balanceOf(app, merchant), 75);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("each field is checked with its own message: 400 VALIDATION_ERROR, nothing reserved", async () => {
    const merchant = await fundedMerchant(app);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ispb: "0000000" }, /bank_account\.ispb must be/],
      [{ ispb: "0000000A" }, /bank_account\.ispb must be/],
      [{ ispb: "12345678" }, /not the ISPB of a Pix participant/],
      [{ branch: "" }, /bank_account\.branch/],
      [{ branch: "12345" }, /bank_account\.branch/],
      [{ branch: "12-3" }, /bank_account\.branch/],
      [{ account: "" }, /bank_account\.account must/],
      [{ account: "1".repeat(21) }, /bank_account\.account must/],
      [{ account: "12345-6" }, /bank_account\.account must/],
      [{ account_type: "SALARY" }, /account_type/],
      [{ holder_name: "  " }, /bank_account\.holder_name/],
      [{ holder_name: "x".repeat(141) }, /bank_account\.holder_name/],
      [{ holder_document: "11222333000182" }, /bank_account\.holder_document/],
      [{ holder_document: "***.456.789-**" }, /bank_account\.holder_document/],
    ];
    for (const [change, message] of cases) {
      const res = await postWithdrawal(app, merchant, { amount: 10, bank_account: { ...ACCOUNT, ...change } });
      assert.equal(res.status, 400, `${JSON.stringify(change)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.match(res.body.error, message, JSON.stringify(change));
    }
    for (const field of Object.keys(ACCOUNT)) {
      const { [field]: _left, ...missing } = ACCOUNT as Record<string, string>;
      const res = await postWithdrawal(app, merchant, { amount: 10, bank_account: missing });
      assert.equal(res.status, 400, `without ${field}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
    }
    assert.equal(await balanceOf(app, merchant), 100);
  });

  test("a key and an account together, or an account with a declared recipient, are refused", async () => {
    const merchant = await fundedMerchant(app);
    const both = await postWithdrawal(app, merchant, {
      amount: 10,
      pix_key_type: "CPF",
      pix_key: OWNER_CPF,
      bank_account: ACCOUNT,
    });
    assert.equal(both.status, 400);
    assert.equal(both.body.code, "VALIDATION_ERROR");
    assert.match(both.body.error, /not both/);
    const declared = await postWithdrawal(app, merchant, {
      amount: 10,
      bank_account: ACCOUNT,
      recipient_document: OWNER_CPF,
    });
    assert.equal(declared.status, 400);
    assert.match(declared.body.error, /recipient_document and recipient_name go with a key/);
    const neither = await postWithdrawal(app, merchant, { amount: 10 });
    assert.equal(neither.status, 400);
    assert.equal(neither.body.code, "VALIDATION_ERROR");
    assert.match(neither.body.error, /pix_key_type/);
    assert.equal(await balanceOf(app, merchant), 100);
  });

  test("idempotency covers the account: the same body replays, another account is 409", async () => {
    const merchant = await fundedMerchant(app);
    const key = newUuid();
    const first = await postWithdrawal(app, merchant, { amount: 5, bank_account: ACCOUNT }, key);
    assert.equal(first.status, 201);
    const replay = await postWithdrawal(
      app,
      merchant,
      { amount: 5, bank_account: { ...ACCOUNT, holder_document: "11222333000181" } },
      key,
    );
    assert.equal(replay.status, 201);
    assert.equal(replay.text, first.text);
    const other = await postWithdrawal(app, merchant, { amount: 5, bank_account: { ...ACCOUNT, account: "999" } }, key);
    assert.equal(other.status, 409);
    assert.equal(other.body.code, "IDEMPOTENCY_KEY_REUSED");
    assert.equal(await balanceOf(app, merchant), 95);
  });

  test("pixParticipants lists the institutions by name with their ISPB, for merchants and operators", async () => {
    const merchant = await fundedMerchant(app);
    const query = "query { pixParticipants { ispb name code } }";
    const asMerchant = await app.graphql(query, {}, merchant.clientSecret);
    assert.equal(asMerchant.errors, undefined, JSON.stringify(asMerchant.errors));
    const list: Array<{ ispb: string; name: string; code: string | null }> = asMerchant.data.pixParticipants;
    assert.ok(list.length > 200, `${list.length} participants`);
    assert.deepEqual(
      list.find((p) => p.ispb === "00000000"),
      { ispb: "00000000", name: "Banco do Brasil S.A.", code: "001" },
    );
    assert.equal(list.find((p) => p.ispb === "09089356")?.name, "EFÍ S.A. - INSTITUIÇÃO DE PAGAMENTO");
    const names = list.map((p) => p.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, "pt-BR")),
    );
    assert.equal(new Set(list.map((p) => p.ispb)).size, list.length);
    const asOperator = await app.graphql(query);
    assert.equal(asOperator.data.pixParticipants.length, list.length);
    const anonymous = await app.gql(query, {}, { token: null });
    assert.equal(anonymous.body.errors?.[0].extensions?.code, "UNAUTHENTICATED", anonymous.text);
  });
});
