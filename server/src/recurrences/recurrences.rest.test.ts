import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { outboxEvents } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { isoDate, saoPauloDay } from "../billing/business-days";
import { crc16Ccitt } from "../charges/br-code";

/**
 * CONTRACT §12, the recurrences themselves over REST and GraphQL: creation with the
 * authorisation's BR Code (journeys 2 and 3), Idempotency-Key as withdrawals', the statuses
 * and their transitions under the row lock, webhooks and audit rows in the change's
 * transaction, the sandbox's decisions and the expiry of those never authorised.
 */
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant({ name: "Academia Boa Forma", city: "São Paulo" });
  other = await app.createMerchant();
});
after(() => app?.close());

const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);
const post = (path: string, body: unknown, key: string | null = newUuid(), token = merchant.clientSecret) =>
  app.request("POST", path, { token, body, headers: key === null ? {} : { "Idempotency-Key": key } });
const get = (path: string, token = merchant.clientSecret) => app.request("GET", path, { token });
const codeOf = (result: { errors?: Array<{ extensions: { code: string } }> }) => result.errors?.[0]?.extensions.code;

const gym = (extra: Record<string, unknown> = {}) => ({
  payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
  contract: "CT-2026-0001",
  object: "Plano mensal",
  frequency: "MONTHLY",
  start_date: day(5),
  amount: 99.9,
  ...extra,
});

/** Top-level EMV fields of a BR Code (ID -> value), checking each length and the CRC. */
function emvFields(code: string): Map<string, string> {
  assert.equal(code.slice(-4), crc16Ccitt(code.slice(0, -4)), "CRC16 of the code");
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  assert.equal(at, code.length);
  return fields;
}

async function created(extra: Record<string, unknown> = {}, token = merchant.clientSecret) {
  const res = await post("/recurrences", gym(extra), newUuid(), token);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

const decide = (id: string, decision: "APPROVED" | "REJECTED", token = merchant.clientSecret) =>
  app.graphql(
    `mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: ${decision}) { id status reason } }`,
    { id },
    token,
  );

describe("POST /recurrences", () => {
  test("201 CREATED with the fields as given and the authorisation's BR Code (journey 2)", async () => {
    const res = await post("/recurrences", gym({ end_date: day(400), retry_policy: "THREE_IN_SEVEN_DAYS" }));
    assert.equal(res.status, 201, res.text);
    const recurrence = res.body;
    assert.match(recurrence.id, /^rec_[A-Za-z0-9]{24}$/);
    assert.deepEqual(
      { ...recurrence, id: undefined, pix_code: undefined, created_at: undefined, updated_at: undefined },
      {
        id: undefined,
        status: "CREATED",
        pix_code: undefined,
        customer_id: null,
        payer: { name: "Maria da Silva", document: "52998224725" },
        contract: "CT-2026-0001",
        object: "Plano mensal",
        frequency: "MONTHLY",
        start_date: day(5),
        end_date: day(400),
        amount: 99.9,
        retry_policy: "THREE_IN_SEVEN_DAYS",
        first_payment: null,
        auto_charge: false,
        payer_bank_account: null,
        payer_bank_request: null,
        reason: null,
        authorisation_expires_at: recurrence.authorisation_expires_at,
        created_at: undefined,
        updated_at: undefined,
      },
    );
    assert.equal(Object.keys(recurrence)[0], "id");
    assert.equal(recurrence.updated_at, recurrence.created_at);
    // The payer may authorise until the end of the start date in São Paulo (03:00 UTC the next day).
    assert.equal(recurrence.authorisation_expires_at, `${day(6)}T03:00:00.000Z`);
    const fields = emvFields(recurrence.pix_code);
    assert.equal(fields.get("00"), "01");
    assert.equal(fields.get("01"), undefined);
    assert.equal(fields.get("26"), "0014br.gov.bcb.pix");
    assert.equal(fields.get("54"), undefined);
    assert.equal(fields.get("59"), "Academia Boa Forma");
    assert.equal(fields.get("60"), "Sao Paulo");
    assert.match(fields.get("80") ?? "", /^0014br\.gov\.bcb\.pix25\d\d[^/]+\/pix\/v2\/rec\/[a-z0-9]{32}$/);
    assert.deepEqual((await get(`/recurrences/${recurrence.id}`)).body, recurrence);
  });

  test("with first_payment the code also pays that amount now (journey 3); a customer names the payer", async () => {
    const customer = await app.request("POST", "/customers", {
      token: merchant.clientSecret,
      body: { name: "João Pereira", cpf: "111.444.777-35" },
    });
    assert.equal(customer.status, 201, customer.text);
    const recurrence = await created({
      payer: undefined,
      customer_id: customer.body.id,
      amount: undefined,
      first_payment: { amount: 49.9 },
    });
    assert.equal(recurrence.customer_id, customer.body.id);
    assert.deepEqual(recurrence.payer, { name: "João Pereira", document: "11144477735" });
    assert.equal(recurrence.amount, null);
    assert.deepEqual(recurrence.first_payment, { amount: 49.9 });
    const fields = emvFields(recurrence.pix_code);
    assert.equal(fields.get("01"), "12");
    assert.match(fields.get("26") ?? "", /^0014br\.gov\.bcb\.pix25\d\d[^/]+\/pix\/v2\/[a-z0-9]{32}$/);
    assert.equal(fields.get("54"), "49.90");
    assert.match(fields.get("80") ?? "", /\/pix\/v2\/rec\/[a-z0-9]{32}$/);
  });

  test("400 VALIDATION_ERROR names what is wrong", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [gym({ payer: undefined }), /^payer is required unless customer_id is given$/],
      [gym({ customer_id: "cus_x" }), /^payer and customer_id cannot both be given$/],
      [gym({ payer: undefined, customer_id: "cus_nobody" }), /^customer_id is not a customer of this account$/],
      [gym({ payer: { name: "Maria", cpf: "111.111.111-11" } }), /^payer.cpf is not a valid CPF$/],
      [gym({ contract: "x".repeat(36) }), /^contract must have 1 to 35 characters$/],
      [gym({ object: " " }), /^object must have 1 to 35 characters$/],
      [gym({ frequency: "DAILY" }), /frequency/],
      [gym({ start_date: day(-1) }), /^start_date must be today or later/],
      [gym({ start_date: "2026-02-30" }), /^start_date must be a date YYYY-MM-DD$/],
      [gym({ end_date: day(4) }), /^end_date must not be before start_date$/],
      [gym({ amount: undefined, auto_charge: true }), /^auto_charge needs a fixed amount$/],
      [gym({ amount: 0 }), /amount/],
      [gym({ first_payment: { amount: 0 } }), /amount/],
      [gym({ retry_policy: "FOREVER" }), /retry_policy/],
      [gym({ contract: undefined }), /contract/],
      // What an attacker may send: out-of-range, negative, fractional-centavo or mistyped amounts and days.
      [gym({ amount: 1e12 }), /amount/],
      [gym({ amount: -5 }), /amount/],
      [gym({ amount: 10.001 }), /amount/],
      [gym({ amount: "ten" }), /amount/],
      [gym({ first_payment: { amount: -0.01 } }), /amount/],
      [gym({ start_date: day(4000) }), /^start_date must be today or later, at most 3650 days ahead$/],
      [gym({ start_date: "2026-13-01" }), /start_date/],
      [gym({ start_date: 20260101 }), /start_date/],
      [gym({ end_date: "tomorrow" }), /end_date/],
      [gym({ payer: { name: "Maria", cpf: "1".repeat(5000) } }), /payer/],
    ];
    for (const [body, message] of cases) {
      const res = await post("/recurrences", body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.match(res.body.error, message, JSON.stringify(body));
    }
    const unkeyed = await post("/recurrences", gym(), null);
    assert.equal(unkeyed.status, 400);
    assert.equal(unkeyed.body.code, "VALIDATION_ERROR");
    assert.match(unkeyed.body.error, /Idempotency-Key/);
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM recurrences WHERE company_id = $1", [
      other.companyId,
    ]);
    assert.equal(n, 0);
  });

  test("Idempotency-Key: the same request answers the original (Idempotent-Replayed), another one 409", async () => {
    const key = newUuid();
    const first = await post("/recurrences", gym({ contract: "IDEM-1" }), key);
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get("idempotent-replayed"), null);
    const again = await post("/recurrences", gym({ contract: "IDEM-1" }), key);
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(again.body, first.body);
    const different = await post("/recurrences", gym({ contract: "IDEM-2" }), key);
    assert.equal(different.status, 409);
    assert.equal(different.body.code, "IDEMPOTENCY_KEY_REUSED");
    // Another account may use the same key.
    const elsewhere = await post("/recurrences", gym({ contract: "IDEM-2" }), key, other.clientSecret);
    assert.equal(elsewhere.status, 201, elsewhere.text);
  });

  test("the same key sent 5 times at once makes one recurrence", async () => {
    const key = newUuid();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post("/recurrences", gym({ contract: "RACE" }), key)),
    );
    assert.deepEqual(
      answers.map((res) => res.status),
      [201, 201, 201, 201, 201],
    );
    assert.equal(new Set(answers.map((res) => res.body.id)).size, 1);
    assert.equal(answers.filter((res) => res.headers.get("idempotent-replayed") === "true").length, 4);
    const [{ n }] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM recurrences WHERE company_id = $1 AND idempotency_key = $2",
      [merchant.companyId, key],
    );
    assert.equal(n, 1);
  });
});

describe("the statuses", () => {
  test("APPROVED by the payer, then cancelled by the merchant: each change's webhook, audit row and 409 once final", async () => {
    const recurrence = await created();
    const approved = await decide(recurrence.id, "APPROVED");
    assert.equal(approved.errors, undefined, JSON.stringify(approved.errors));
    assert.deepEqual(approved.data.simulateRecurrenceDecision, { id: recurrence.id, status: "APPROVED", reason: null });
    assert.equal(codeOf(await decide(recurrence.id, "REJECTED")), "INVALID_STATE");

    const cancelled = await app.request("POST", `/recurrences/${recurrence.id}/cancel`, {
      token: merchant.clientSecret,
      body: { reason: "plano encerrado" },
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.status, "CANCELLED");
    assert.equal(cancelled.body.reason, "plano encerrado");
    const again = await app.request("POST", `/recurrences/${recurrence.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: "Recurrence is CANCELLED; cannot cancel", code: "INVALID_STATE" });

    const events = await outboxEvents(app, recurrence.id);
    assert.deepEqual(
      events.map((event) => Object.keys(event)),
      [
        ["event", "event_id", "timestamp", "recurrence_id", "company_id", "status", "reason", "signature"],
        ["event", "event_id", "timestamp", "recurrence_id", "company_id", "status", "reason", "signature"],
      ],
    );
    assert.deepEqual(
      events.map(({ event, recurrence_id, company_id, status, reason }) => ({
        event,
        recurrence_id,
        company_id,
        status,
        reason,
      })),
      [
        {
          event: "recurrence.approved",
          recurrence_id: recurrence.id,
          company_id: merchant.companyId,
          status: "APPROVED",
          reason: null,
        },
        {
          event: "recurrence.cancelled",
          recurrence_id: recurrence.id,
          company_id: merchant.companyId,
          status: "CANCELLED",
          reason: "plano encerrado",
        },
      ],
    );
    const audit = await app.services.db.query(
      "SELECT action, actor_kind, before, after, reason FROM audit_log WHERE object_id = $1 ORDER BY id",
      [recurrence.id],
    );
    assert.deepEqual(
      audit.map((row: Record<string, unknown>) => [row.action, row.actor_kind, row.before, row.after, row.reason]),
      [
        ["recurrence.create", "MERCHANT", null, audit[0].after, null],
        ["recurrence.approve", "MERCHANT", { status: "CREATED" }, { status: "APPROVED" }, null],
        ["recurrence.cancel", "MERCHANT", { status: "APPROVED" }, { status: "CANCELLED" }, "plano encerrado"],
      ],
    );
    assert.equal(audit[0].after.contract, "CT-2026-0001");
    // Money as every audit row writes it (charges', withdrawals'): reais with two decimals, not centavos.
    assert.equal(audit[0].after.amount, "99.90");
    assert.equal(audit[0].after.first_payment, null);
    const withFirst = await created({ amount: 89.9, first_payment: { amount: 0.05 } });
    const [createdRow] = await app.services.db.query(
      "SELECT after FROM audit_log WHERE object_id = $1 AND action = 'recurrence.create'",
      [withFirst.id],
    );
    assert.equal(createdRow.after.amount, "89.90");
    assert.equal(createdRow.after.first_payment, "0.05");
  });

  test("REJECTED is final: no cancel, no second decision", async () => {
    const recurrence = await created();
    const rejected = await decide(recurrence.id, "REJECTED");
    assert.deepEqual(rejected.data.simulateRecurrenceDecision, {
      id: recurrence.id,
      status: "REJECTED",
      reason: "rejected by the payer",
    });
    assert.equal(codeOf(await decide(recurrence.id, "APPROVED")), "INVALID_STATE");
    const cancel = await app.request("POST", `/recurrences/${recurrence.id}/cancel`, {
      token: merchant.clientSecret,
      body: {},
    });
    assert.equal(cancel.status, 409);
    assert.equal(cancel.body.code, "INVALID_STATE");
    assert.deepEqual(
      (await outboxEvents(app, recurrence.id)).map((event) => [event.event, event.status, event.reason]),
      [["recurrence.rejected", "REJECTED", "rejected by the payer"]],
    );
  });

  test("the payer cancels at their bank, CREATED or APPROVED; a CANCELLED one is 409", async () => {
    for (const approveFirst of [false, true]) {
      const recurrence = await created();
      if (approveFirst) assert.equal((await decide(recurrence.id, "APPROVED")).errors, undefined);
      const mutation = `mutation($id: ID!) { simulateRecurrenceCancelledByPayer(id: $id, reason: "não reconheço") { status reason } }`;
      const cancelled = await app.graphql(mutation, { id: recurrence.id }, merchant.clientSecret);
      assert.deepEqual(cancelled.data.simulateRecurrenceCancelledByPayer, {
        status: "CANCELLED",
        reason: "não reconheço",
      });
      assert.equal(codeOf(await app.graphql(mutation, { id: recurrence.id }, merchant.clientSecret)), "INVALID_STATE");
      const events = await outboxEvents(app, recurrence.id);
      assert.deepEqual(events.at(-1)?.event, "recurrence.cancelled");
      assert.equal(events.at(-1)?.reason, "não reconheço");
    }
  });

  test("never authorised: EXPIRED by the sweep after the start date's last moment, with its webhook", async () => {
    const recurrence = await created({ start_date: day(0) });
    const expiresAt = new Date(recurrence.authorisation_expires_at);
    assert.equal(await app.services.recurrences.expireUnauthorised(new Date(expiresAt.getTime() - 1)), 0);
    assert.equal((await get(`/recurrences/${recurrence.id}`)).body.status, "CREATED");
    assert.ok((await app.services.recurrences.expireUnauthorised(expiresAt)) >= 1);
    const read = (await get(`/recurrences/${recurrence.id}`)).body;
    assert.equal(read.status, "EXPIRED");
    assert.equal(read.reason, "not authorised in time");
    assert.equal(codeOf(await decide(recurrence.id, "APPROVED")), "INVALID_STATE");
    assert.deepEqual(
      (await outboxEvents(app, recurrence.id)).map((event) => [event.event, event.status]),
      [["recurrence.expired", "EXPIRED"]],
    );
  });

  test("a cancel racing the payer's approval: one order wins, CANCELLED in the end, one event each", async () => {
    for (let round = 0; round < 5; round += 1) {
      const recurrence = await created();
      const [approval, cancel] = await Promise.all([
        decide(recurrence.id, "APPROVED"),
        app.request("POST", `/recurrences/${recurrence.id}/cancel`, { token: merchant.clientSecret, body: {} }),
      ]);
      assert.equal(cancel.status, 200, cancel.text);
      assert.equal((await get(`/recurrences/${recurrence.id}`)).body.status, "CANCELLED");
      const events = (await outboxEvents(app, recurrence.id)).map((event) => event.event);
      if (approval.errors) {
        assert.equal(codeOf(approval), "INVALID_STATE");
        assert.deepEqual(events, ["recurrence.cancelled"]);
      } else {
        assert.deepEqual(events, ["recurrence.approved", "recurrence.cancelled"]);
      }
    }
  });

  test("another account's recurrence is 404 to reads, cancel and the simulations", async () => {
    const recurrence = await created();
    const read = await get(`/recurrences/${recurrence.id}`, other.clientSecret);
    assert.equal(read.status, 404);
    assert.deepEqual(read.body, { error: "Recurrence not found", code: "NOT_FOUND" });
    const cancel = await app.request("POST", `/recurrences/${recurrence.id}/cancel`, {
      token: other.clientSecret,
      body: {},
    });
    assert.equal(cancel.status, 404);
    // Its existence is checked before its body, as a refund's charge is: 404, not 400.
    const longReason = await app.request("POST", `/recurrences/${recurrence.id}/cancel`, {
      token: other.clientSecret,
      body: { reason: "x".repeat(141) },
    });
    assert.deepEqual([longReason.status, longReason.body], [404, { error: "Recurrence not found", code: "NOT_FOUND" }]);
    const mine = await app.request("POST", `/recurrences/${recurrence.id}/cancel`, {
      token: merchant.clientSecret,
      body: { reason: "x".repeat(141) },
    });
    assert.deepEqual([mine.status, mine.body.code], [400, "VALIDATION_ERROR"]);
    assert.equal(codeOf(await decide(recurrence.id, "APPROVED", other.clientSecret)), "NOT_FOUND");
    assert.equal((await get("/recurrences/rec_nothing", merchant.clientSecret)).status, 404);
    assert.equal((await get(`/recurrences/${recurrence.id}`)).body.status, "CREATED");
  });
});

describe("payer_bank_account: the authorisation sent to the payer's bank (journey 4)", () => {
  const ACCOUNT = { ispb: "60701190", branch: "0001", account: "1234567" };
  const requestState = async (id: string, token = merchant.clientSecret) =>
    (await get(`/recurrences/${id}`, token)).body;

  test("in the sandbox: PENDING at creation, SENT by its job (once), ACCEPTED with the payer's approval", async () => {
    const fresh = await app.createMerchant();
    const key = newUuid();
    const res = await post("/recurrences", gym({ payer_bank_account: ACCOUNT }), key, fresh.clientSecret);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.payer_bank_account, ACCOUNT);
    assert.deepEqual(res.body.payer_bank_request, { status: "PENDING", sent_at: null, failure_reason: null });
    // The job its transaction queued, keyed by the recurrence; run here as the worker would, twice.
    const [job] = await app.services.db.query(
      `SELECT j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'recurrence_payer_bank_request' AND j.payload->>'recurrenceId' = $1`,
      [res.body.id],
    );
    assert.equal(job.key, `recurrence_payer_bank_request:${res.body.id}`);
    const before = Date.now();
    await app.services.recurrences.sendPayerBankRequest(res.body.id);
    await app.services.recurrences.sendPayerBankRequest(res.body.id);
    const sent = await requestState(res.body.id, fresh.clientSecret);
    assert.equal(sent.payer_bank_request.status, "SENT");
    assert.equal(sent.payer_bank_request.failure_reason, null);
    assert.ok(Date.parse(sent.payer_bank_request.sent_at) >= before - 1000);
    const audit = await app.services.db.query(
      "SELECT action, actor FROM audit_log WHERE object_id = $1 AND action LIKE 'recurrence.payer_bank%'",
      [res.body.id],
    );
    assert.deepEqual(audit, [{ action: "recurrence.payer_bank_request_sent", actor: "system" }]);
    // A replay answers the recurrence as first created (the request PENDING), sending nothing more.
    const replay = await post("/recurrences", gym({ payer_bank_account: ACCOUNT }), key, fresh.clientSecret);
    assert.deepEqual([replay.status, replay.headers.get("idempotent-replayed")], [201, "true"]);
    assert.equal(replay.body.payer_bank_request.status, "PENDING");
    const otherAccount = await post(
      "/recurrences",
      gym({ payer_bank_account: { ...ACCOUNT, account: "7654321" } }),
      key,
      fresh.clientSecret,
    );
    assert.deepEqual([otherAccount.status, otherAccount.body.code], [409, "IDEMPOTENCY_KEY_REUSED"]);
    // Another account sees nothing of it, and cannot decide it.
    assert.equal((await get(`/recurrences/${res.body.id}`, other.clientSecret)).status, 404);
    assert.equal(codeOf(await decide(res.body.id, "APPROVED", other.clientSecret)), "NOT_FOUND");
    assert.equal(codeOf(await decide(res.body.id, "APPROVED", fresh.clientSecret)), undefined);
    const read = `query($id: ID!) { recurrence(id: $id) { status payerBankAccount { ispb branch account } payerBankRequest { status } } }`;
    assert.deepEqual((await app.graphql(read, { id: res.body.id }, fresh.clientSecret)).data.recurrence, {
      status: "APPROVED",
      payerBankAccount: ACCOUNT,
      payerBankRequest: { status: "ACCEPTED" },
    });
  });

  test("a branch is optional; cancelled or rejected before it is sent, it is never sent", async () => {
    const noBranch = await created({ payer_bank_account: { ispb: "60701190", account: "42" } });
    assert.deepEqual(noBranch.payer_bank_account, { ispb: "60701190", branch: null, account: "42" });
    const cancelled = await post(`/recurrences/${noBranch.id}/cancel`, {}, null);
    assert.equal(cancelled.body.payer_bank_request.status, "CANCELLED");
    await app.services.recurrences.sendPayerBankRequest(noBranch.id);
    assert.equal((await requestState(noBranch.id)).payer_bank_request.status, "CANCELLED");
    const rejected = await created({ payer_bank_account: ACCOUNT });
    await decide(rejected.id, "REJECTED");
    assert.equal((await requestState(rejected.id)).payer_bank_request.status, "REJECTED");
  });

  test("bad account digits are 400 VALIDATION_ERROR naming the field, before anything is written", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ACCOUNT, ispb: "6070119" }, "payer_bank_account.ispb must be the payer's bank's ISPB: 8 digits"],
      [{ ...ACCOUNT, ispb: "6070119X" }, "payer_bank_account.ispb must be the payer's bank's ISPB: 8 digits"],
      [{ ...ACCOUNT, ispb: "12345678" }, "payer_bank_account.ispb is not the ISPB of a Pix participant"],
      [{ ...ACCOUNT, branch: "12345" }, "payer_bank_account.branch must have 1 to 4 digits"],
      [{ ...ACCOUNT, branch: "00-1" }, "payer_bank_account.branch must have 1 to 4 digits"],
      [{ ...ACCOUNT, account: "" }, "payer_bank_account.account must have 1 to 20 digits, the check digit included"],
      [
        { ...ACCOUNT, account: "1".repeat(21) },
        "payer_bank_account.account must have 1 to 20 digits, the check digit included",
      ],
      [
        { ...ACCOUNT, account: "12345-6" },
        "payer_bank_account.account must have 1 to 20 digits, the check digit included",
      ],
    ];
    const fresh = await app.createMerchant();
    for (const [account, error] of cases) {
      const res = await post("/recurrences", gym({ payer_bank_account: account }), newUuid(), fresh.clientSecret);
      assert.deepEqual([res.status, res.body], [400, { error, code: "VALIDATION_ERROR" }], JSON.stringify(account));
    }
    assert.equal((await get("/recurrences", fresh.clientSecret)).body.total, 0);
  });

  test("a bank without requests to the payer's bank: 400 VALIDATION_ERROR saying so", async () => {
    const provider = app.services.provider as { requestAuthorisationAtPayerBank?: unknown };
    Object.defineProperty(provider, "requestAuthorisationAtPayerBank", { value: undefined, configurable: true });
    try {
      const res = await post("/recurrences", gym({ payer_bank_account: ACCOUNT }));
      assert.deepEqual(
        [res.status, res.body],
        [
          400,
          {
            error:
              "payer_bank_account cannot be used with this bank (sandbox): it sends no request to the payer's bank; give the payer the pix_code",
            code: "VALIDATION_ERROR",
          },
        ],
      );
    } finally {
      delete (provider as Record<string, unknown>).requestAuthorisationAtPayerBank;
    }
    assert.equal((await post("/recurrences", gym({ payer_bank_account: ACCOUNT }))).status, 201);
  });
});

describe("reads and GraphQL", () => {
  test("GET /recurrences pages the account's own, newest first, by status", async () => {
    const fresh = await app.createMerchant();
    const first = await created({ contract: "L-1" }, fresh.clientSecret);
    const second = await created({ contract: "L-2" }, fresh.clientSecret);
    await decide(second.id, "APPROVED", fresh.clientSecret);
    const list = await get("/recurrences?limit=10", fresh.clientSecret);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 2);
    assert.deepEqual(
      list.body.data.map((recurrence: { id: string }) => recurrence.id),
      [second.id, first.id],
    );
    const approved = await get("/recurrences?status=APPROVED", fresh.clientSecret);
    assert.deepEqual(
      approved.body.data.map((recurrence: { id: string }) => recurrence.id),
      [second.id],
    );
    const wrong = await get("/recurrences?status=SOMETIMES", fresh.clientSecret);
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.code, "VALIDATION_ERROR");
  });

  test("the list's total is counted as every list's: exact up to 10,000, then capped (totalCapped)", async () => {
    const fresh = await app.createMerchant();
    const template = await created({ contract: "CAP" }, fresh.clientSecret);
    await decide(template.id, "APPROVED", fresh.clientSecret);
    // 10,001 more of the account's, written in SQL (the API would take minutes): the cap and one more.
    // One statement, without the statement timeout (10,001 rows with their indexes took over 5 s under load once).
    await app.services.db.transaction(async (em) => {
      await em.query("SET LOCAL statement_timeout = 0");
      await em.query(
        `INSERT INTO recurrences
       SELECT (jsonb_populate_record(r, jsonb_build_object(
                 'id', 'rec_CAP' || lpad(g::text, 21, '0'), 'location_id', 'capped-' || g,
                 'idempotency_key', 'capped-' || g, 'status', 'CREATED',
                 'created_at', r.created_at - g * interval '1 second'))).*
         FROM recurrences r, generate_series(1, 10001) AS g WHERE r.id = $1`,
        [template.id],
      );
    });
    const list = await get("/recurrences?limit=1", fresh.clientSecret);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 10_000);
    assert.deepEqual(
      list.body.data.map((recurrence: { id: string }) => recurrence.id),
      [template.id],
    );
    const read = `query($status: RecurrenceStatus) { recurrences(status: $status, limit: 1) { total totalCapped } }`;
    assert.deepEqual((await app.graphql(read, {}, fresh.clientSecret)).data.recurrences, {
      total: 10_000,
      totalCapped: true,
    });
    // A filter that matches fewer is exact.
    assert.deepEqual((await app.graphql(read, { status: "APPROVED" }, fresh.clientSecret)).data.recurrences, {
      total: 1,
      totalCapped: false,
    });
    assert.deepEqual((await app.graphql(read, { status: "CANCELLED" }, fresh.clientSecret)).data.recurrences, {
      total: 0,
      totalCapped: false,
    });
    await app.services.db.transaction(async (em) => {
      await em.query("SET LOCAL statement_timeout = 0");
      await em.query("DELETE FROM recurrences WHERE id LIKE 'rec_CAP%'");
    });
  });

  test("GET /recurrences/:id/charges counts its total exactly (a page of 1 of 3), newest first", async () => {
    const fresh = await app.createMerchant();
    const recurrence = await created({ first_payment: { amount: 10 } }, fresh.clientSecret);
    await decide(recurrence.id, "APPROVED", fresh.clientSecret);
    const third = await post(`/recurrences/${recurrence.id}/charges`, { due_date: day(5) }, null, fresh.clientSecret);
    assert.equal(third.status, 201, third.text);
    const fourth = await post(`/recurrences/${recurrence.id}/charges`, { due_date: day(6) }, null, fresh.clientSecret);
    assert.equal(fourth.status, 201, fourth.text);
    const page = await get(`/recurrences/${recurrence.id}/charges?limit=1&offset=1`, fresh.clientSecret);
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(
      [page.body.total, page.body.limit, page.body.offset, page.body.data.map((charge: { id: string }) => charge.id)],
      [3, 1, 1, [third.body.id]],
    );
    const read = `query($id: ID!) { recurrenceCharges(recurrenceId: $id, limit: 2) { total totalCapped } }`;
    assert.deepEqual((await app.graphql(read, { id: recurrence.id }, fresh.clientSecret)).data.recurrenceCharges, {
      total: 3,
      totalCapped: false,
    });
    // Another account's recurrence is not there to count.
    const foreign = await get(`/recurrences/${recurrence.id}/charges`, other.clientSecret);
    assert.deepEqual([foreign.status, foreign.body.code], [404, "NOT_FOUND"]);
  });

  test("createRecurrence, recurrence, recurrences and cancelRecurrence", async () => {
    const fresh = await app.createMerchant();
    const key = newUuid();
    const create = `mutation($input: CreateRecurrenceInput!, $key: String!) {
      createRecurrence(input: $input, idempotencyKey: $key) { id status amount frequency retryPolicy autoCharge firstPayment { amount } payer { name document } pixCode }
    }`;
    const input = {
      payer: { name: "Ana Souza", cnpj: "11.222.333/0001-81" },
      contract: "G-1",
      object: "Mensalidade escolar",
      frequency: "ANNUAL",
      startDate: day(3),
      amount: "1200.00",
      autoCharge: true,
    };
    const made = await app.graphql(create, { input, key }, fresh.clientSecret);
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const recurrence = made.data.createRecurrence;
    assert.deepEqual(
      { ...recurrence, id: undefined, pixCode: undefined },
      {
        id: undefined,
        status: "CREATED",
        amount: "1200.00",
        frequency: "ANNUAL",
        retryPolicy: "NONE",
        autoCharge: true,
        firstPayment: null,
        payer: { name: "Ana Souza", document: "11222333000181" },
        pixCode: undefined,
      },
    );
    const replay = await app.graphql(create, { input, key }, fresh.clientSecret);
    assert.equal(replay.data.createRecurrence.id, recurrence.id);
    assert.equal(
      codeOf(await app.graphql(create, { input: { ...input, contract: "G-2" }, key }, fresh.clientSecret)),
      "IDEMPOTENCY_KEY_REUSED",
    );

    const read = await app.graphql(
      "query($id: ID!) { recurrence(id: $id) { id status } recurrences(limit: 5) { total data { id } } }",
      { id: recurrence.id },
      fresh.clientSecret,
    );
    assert.deepEqual(read.data, {
      recurrence: { id: recurrence.id, status: "CREATED" },
      recurrences: { total: 1, data: [{ id: recurrence.id }] },
    });
    const cancel = 'mutation($id: ID!) { cancelRecurrence(id: $id, reason: "fim") { status reason } }';
    const cancelled = await app.graphql(cancel, { id: recurrence.id }, fresh.clientSecret);
    assert.deepEqual(cancelled.data.cancelRecurrence, { status: "CANCELLED", reason: "fim" });
    assert.equal(codeOf(await app.graphql(cancel, { id: recurrence.id }, fresh.clientSecret)), "INVALID_STATE");
    // The operator acts for any account.
    const operatorRead = await app.graphql("query($id: ID!) { recurrence(id: $id) { status } }", { id: recurrence.id });
    assert.equal(operatorRead.data.recurrence.status, "CANCELLED");
  });
});
