import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hasError, isDynamicPix, parsePix } from "pix-utils";
import { assertAuditConsistent, outboxEvents, signProviderBody } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { AdjustmentMode, DiscountMode, InterestMode } from "../billing/amount-due";
import { isoDate, saoPauloDay, startOfSaoPauloDay } from "../billing/business-days";
import { AppError, ItemsRefusedError } from "../core/errors";
import { formatBrl, parseBrl } from "../core/money";
import { ChargeStatus, ChargeType } from "./charge.entity";
import type { NewCharge } from "./new-charge";

/**
 * Due-date charges (CONTRACT §11) through the service, against a real PostgreSQL: the
 * rules of creation with their exact codes, the amount due, payments on time, early and
 * late at exactly the day's amount (others recorded for review), the fee on the amount
 * paid, expiry, customers, references and batches.
 */
const PROVIDER_SECRET = "provider-secret-for-tests-0123456789";
const CPF = "52998224725";
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant({ feePercent: "1.00", feeFixed: "0.10" });
  other = await app.createMerchant();
});
after(() => app?.close());

const today = () => saoPauloDay(new Date());
const day = (offset: number) => isoDate(today() + offset);
const money = parseBrl;

/** The acceptance's charge: 150.00, 2 % fine, 1 % a month, 5.00 off until 3 days before the due date. */
function schoolFee(overrides: Partial<NewCharge> = {}): NewCharge {
  return {
    amountCents: money("150.00"),
    description: "Mensalidade",
    dueDate: day(10),
    payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
    fine: { mode: AdjustmentMode.PERCENT, value: money("2") },
    interest: { mode: InterestMode.PERCENT_PER_MONTH, value: money("1") },
    discount: { mode: DiscountMode.FIXED_UNTIL_DATES, dates: [{ date: day(7), value: money("5.00") }] },
    ...overrides,
  };
}

const create = (input: NewCharge, key?: string, companyId = merchant.companyId) =>
  app.services.charges.createCharge(companyId, input, key);

async function refusal(promise: Promise<unknown>, what = ""): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  assert.fail(`expected a refusal ${what}`);
}

/**
 * Moves a charge `days` days into the past (its creation, due date, discount dates and
 * expiry), so that today is that many days later for it: a late payment without waiting.
 */
async function ageCharge(id: string, days: number) {
  await app.services.db.query(
    `UPDATE charges SET created_at = created_at - make_interval(days => $2), due_date = due_date - $2::int,
            expires_at = expires_at - make_interval(days => $2),
            discount = CASE WHEN discount ? 'dates' THEN jsonb_set(discount, '{dates}', (
              SELECT jsonb_agg(jsonb_set(d, '{date}', to_jsonb(((d->>'date')::date - $2::int)::text)))
                FROM jsonb_array_elements(discount->'dates') AS d)) ELSE discount END
      WHERE id = $1`,
    [id, days],
  );
}

let sequence = 0;
function notify(txid: string, valor: string, horario = new Date()) {
  sequence += 1;
  const endToEndId = `E99999999${isoDate(today()).replace(/-/g, "")}1200${String(sequence).padStart(5, "0")}abcdef`;
  const rawBody = JSON.stringify({ pix: [{ endToEndId, txid, chave: "key", valor, horario: horario.toISOString() }] });
  return app.request("POST", "/provider/pix", {
    rawBody,
    headers: { "content-type": "application/json", "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody) },
  });
}

describe("creating a due-date charge", () => {
  test("a DUE_DATE charge with its terms, payer, fee plan and the end of its last payable day as expiry", async () => {
    const { charge } = await create(schoolFee({ daysAfterDue: 5, externalReference: "aluno-1:2026-03" }));
    assert.equal(charge.type, ChargeType.DUE_DATE);
    assert.equal(charge.status, ChargeStatus.PENDING);
    assert.equal(charge.dueDate, day(10));
    assert.equal(charge.daysAfterDue, 5);
    assert.deepEqual(charge.payer, { name: "Maria da Silva", document: CPF });
    assert.deepEqual(charge.fine, { mode: "PERCENT", value: 200n });
    assert.equal(charge.externalReference, "aluno-1:2026-03");
    // Today is more than 3 days before the due date: the discount holds.
    assert.equal(charge.amountDue, money("145.00"));
    assert.equal(charge.paidAmount, null);
    // The last payable day is 5 days after the due date, or the moved due date if later.
    const stored = await app.services.charges.getCharge(merchant.companyId, charge.id);
    assert.equal(stored.dueDate, day(10));
    assert.deepEqual(stored.discount, { mode: "FIXED_UNTIL_DATES", dates: [{ date: day(7), value: 500n }] });
    assert.ok(stored.expiresAt.getTime() >= startOfSaoPauloDay(today() + 16).getTime());
    // The BR Code carries no amount (it depends on the day): a standard parser reads it.
    const pixCode = charge.pixCode ?? assert.fail("a due-date charge has a BR Code");
    const parsed = parsePix(pixCode);
    if (hasError(parsed) || !isDynamicPix(parsed)) assert.fail("not a dynamic BR Code");
    assert.doesNotMatch(pixCode, /5406150\.00/);
  });

  test("the payer can be one of the account's customers", async () => {
    const customer = await app.services.customers.createCustomer(merchant.companyId, {
      name: "Escola Modelo Ltda",
      cnpj: "11.222.333/0001-81",
    });
    const { charge } = await create(schoolFee({ payer: null, customerId: customer.id }));
    assert.equal(charge.customerId, customer.id);
    assert.deepEqual(charge.payer, { name: "Escola Modelo Ltda", document: "11222333000181" });
    const foreign = await app.services.customers.createCustomer(other.companyId, { name: "Outra", cpf: CPF });
    assert.deepEqual(await refusal(create(schoolFee({ payer: null, customerId: foreign.id }))), {
      code: "VALIDATION_ERROR",
      message: "customer_id is not a customer of this account",
    });
  });

  test("every rule of creation is a 400 VALIDATION_ERROR naming the field, and nothing is written", async () => {
    const [{ n: before }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges");
    const cases: Array<[string, Partial<NewCharge>, RegExp]> = [
      ["due_date with expires_in", { expiresInSeconds: 3600 }, /due_date and expires_in cannot be used together/],
      ["a due date in the past", { dueDate: day(-1), discount: null }, /due_date must be today/],
      ["not a date", { dueDate: "2026-02-30" }, /due_date must be a date/],
      ["more than 3650 days ahead", { dueDate: day(3651), discount: null }, /at most 3650 days ahead/],
      ["days_after_due above 365", { daysAfterDue: 366 }, /days_after_due must be an integer from 0 to 365/],
      ["days_after_due below 0", { daysAfterDue: -1 }, /days_after_due/],
      ["neither payer nor customer", { payer: null }, /payer \(name and cpf or cnpj\) or customer_id is required/],
      ["payer and customer", { customerId: "cus_x" }, /give payer or customer_id, not both/],
      [
        "a payer CPF with a wrong check digit",
        { payer: { name: "A", cpf: "52998224724" } },
        /payer.cpf is not a valid CPF/,
      ],
      ["a payer with cpf and cnpj", { payer: { name: "A", cpf: CPF, cnpj: "11222333000181" } }, /exactly one/],
      ["a payer without a name", { payer: { name: "  ", cpf: CPF } }, /payer.name must have 1 to 140/],
      [
        "a fine percent above 100",
        { fine: { mode: AdjustmentMode.PERCENT, value: 10001n } },
        /fine.value must be a percentage/,
      ],
      ["a fine of 0", { fine: { mode: AdjustmentMode.FIXED, value: 0n } }, /fine.value must be from 0.01/],
      ["an unknown interest mode", { interest: { mode: "PER_WEEK", value: 100n } }, /interest.mode must be one of/],
      [
        "an abatement leaving less than 0.01",
        { abatement: { mode: AdjustmentMode.FIXED, value: money("150.00") } },
        /abatement leaves 0.00 to pay/,
      ],
      [
        "a discount date after the due date",
        { discount: { mode: DiscountMode.FIXED_UNTIL_DATES, dates: [{ date: day(11), value: 100n }] } },
        /discount.dates\[0\].date must not be after the due date/,
      ],
      [
        "discount dates not increasing",
        {
          discount: {
            mode: DiscountMode.PERCENT_UNTIL_DATES,
            dates: [
              { date: day(5), value: 100n },
              { date: day(5), value: 50n },
            ],
          },
        },
        /strictly increasing/,
      ],
      [
        "four discount dates",
        {
          discount: {
            mode: DiscountMode.FIXED_UNTIL_DATES,
            dates: [1, 2, 3, 4].map((n) => ({ date: day(n), value: 100n })),
          },
        },
        /discount.dates must have 1 to 3 entries/,
      ],
      [
        "a value for a dates mode",
        { discount: { mode: DiscountMode.FIXED_UNTIL_DATES, value: 100n } },
        /discount.value is not taken by FIXED_UNTIL_DATES/,
      ],
      [
        "dates for a per-day mode",
        { discount: { mode: DiscountMode.AMOUNT_PER_DAY_EARLY, dates: [{ date: day(1), value: 1n }] } },
        /discount.dates is only for/,
      ],
      ["an external reference with a space", { externalReference: "pedido 1" }, /external_reference must have/],
      ["an external reference of 65", { externalReference: "x".repeat(65) }, /external_reference/],
      [
        "metadata of 21 keys",
        { metadata: Object.fromEntries([...Array(21).keys()].map((n) => [`k${n}`, "v"])) },
        /at most 20 keys/,
      ],
      ["a metadata key of 41", { metadata: { ["k".repeat(41)]: "v" } }, /keys must have 1 to 40/],
      ["a metadata value of 501", { metadata: { k: "v".repeat(501) } }, /at most 500 characters/],
    ];
    for (const [name, overrides, message] of cases) {
      const refused = await refusal(create(schoolFee(overrides)), name);
      assert.equal(refused.code, "VALIDATION_ERROR", name);
      assert.match(refused.message, message, name);
    }
    for (const field of ["daysAfterDue", "payer", "fine", "interest", "abatement", "discount"] as const) {
      const terms = schoolFee({ daysAfterDue: 3, abatement: { mode: AdjustmentMode.FIXED, value: 1n } });
      const input: NewCharge = { amountCents: 100n, [field]: terms[field] };
      const refused = await refusal(create(input), field);
      assert.equal(refused.code, "VALIDATION_ERROR", field);
      assert.match(refused.message, /is only for a due-date charge: give due_date/, field);
    }
    const [{ n: after }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges");
    assert.equal(after, before);
  });

  test("an external reference names one charge of the account: 409 EXTERNAL_REFERENCE_TAKEN; another account may use it", async () => {
    await create(schoolFee({ externalReference: "pedido-42" }));
    assert.deepEqual(await refusal(create({ amountCents: 100n, externalReference: "pedido-42" })), {
      code: "EXTERNAL_REFERENCE_TAKEN",
      message: "external_reference pedido-42 already names a charge of this account",
    });
    const { charge } = await create({ amountCents: 100n, externalReference: "pedido-42" }, undefined, other.companyId);
    assert.equal(charge.externalReference, "pedido-42");
    const found = await app.services.charges.findChargesBy(merchant.companyId, "external_reference", "pedido-42");
    assert.equal(found.length, 1);
  });

  test("an Idempotency-Key replays the same due-date charge, and refuses a different one", async () => {
    const key = newUuid();
    const first = await create(schoolFee({ metadata: { aluno: "42" } }), key);
    const again = await create(schoolFee({ metadata: { aluno: "42" } }), key);
    assert.equal(again.replayed, true);
    assert.equal(again.charge.id, first.charge.id);
    assert.equal((await refusal(create(schoolFee({ metadata: { aluno: "43" } }), key))).code, "IDEMPOTENCY_KEY_REUSED");
  });
});

describe("the amount due", () => {
  test("by day, with its parts; a day before creation or after the last payable one is a 400", async () => {
    const { charge } = await create(schoolFee({ daysAfterDue: 3 }));
    const on = (date?: string) => app.services.charges.getAmountDue(merchant.companyId, charge.id, date);
    const early = await on(day(7));
    assert.deepEqual([early.amountDueCents, early.discountCents], [money("145.00"), money("5.00")]);
    assert.equal((await on(day(8))).amountDueCents, money("150.00"));
    assert.equal((await on()).date, day(0));
    assert.equal((await refusal(on(day(-1)))).code, "VALIDATION_ERROR");
    assert.match((await refusal(on(day(-1)))).message, /before the day the charge was created/);
    assert.equal((await refusal(on("2026-13-01"))).code, "VALIDATION_ERROR");
    const last = isoDate(
      saoPauloDay(new Date((await app.services.charges.getCharge(null, charge.id)).expiresAt.getTime() - 1)),
    );
    await on(last);
    assert.match(
      (await refusal(on(isoDate(saoPauloDay(new Date(`${last}T12:00:00Z`)) + 1)))).message,
      /after the last day/,
    );
    assert.equal((await refusal(app.services.charges.getAmountDue(other.companyId, charge.id))).code, "NOT_FOUND");
  });

  test("an immediate charge's amount due is its amount", async () => {
    const { charge } = await create({ amountCents: 1234n });
    const due = await app.services.charges.getAmountDue(merchant.companyId, charge.id);
    assert.equal(due.amountDueCents, 1234n);
    assert.equal(charge.amountDue, 1234n);
    assert.equal(charge.type, ChargeType.IMMEDIATE);
  });
});

describe("paying a due-date charge", () => {
  test("simulated late: exactly that day's amount, the fee on it, the charge.paid amount, the audit consistent", async () => {
    const { charge } = await create(schoolFee({ dueDate: day(0), discount: null }));
    // Paid 10 days after the due date (the simulation may name a later moment, up to the last payable day).
    const paidAt = new Date(startOfSaoPauloDay(today() + 10).getTime() + 12 * 3_600_000);
    const paid = await app.services.charges.simulateChargePayment(charge.id, { payerName: "Maria", paidAt });
    // 150.00 + 2 % (3.00) + 1 % a month for 10 days (15000 * 1 % * 10 / 30 = 50 c).
    assert.equal(paid.paidAmountCents, money("153.50"));
    assert.equal(paid.paidAmount, money("153.50"));
    // The fee: 1 % of 153.50 (153.5 c -> 154 c) + 0.10 = 1.64.
    assert.equal(formatBrl(paid.feeCents), "1.64");
    assert.equal(formatBrl(paid.netAmountCents), "151.86");
    assert.equal(paid.amountCents, money("150.00"));
    const [event] = (await outboxEvents(app, charge.id)).filter((body) => body.event === "charge.paid");
    assert.equal(event.amount, 153.5);
    assert.equal(event.net_amount, 151.86);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("simulated early: the discount; paidAt outside the charge's days is a 400", async () => {
    const { charge } = await create(schoolFee());
    const tooEarly = new Date(charge.createdAt.getTime() - 60_000);
    assert.equal(
      (await refusal(app.services.charges.simulateChargePayment(charge.id, { paidAt: tooEarly }))).code,
      "VALIDATION_ERROR",
    );
    const tooLate = (await app.services.charges.getCharge(null, charge.id)).expiresAt;
    assert.equal(
      (await refusal(app.services.charges.simulateChargePayment(charge.id, { paidAt: tooLate }))).code,
      "VALIDATION_ERROR",
    );
    const paid = await app.services.charges.simulateChargePayment(charge.id, {});
    assert.equal(paid.paidAmountCents, money("145.00"));
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("the bank's notification: that day's amount is credited, another amount is kept for review", async () => {
    const { charge } = await create(schoolFee({ dueDate: day(0), discount: null }));
    await ageCharge(charge.id, 10);
    const wrong = await notify(charge.txid, "150.00");
    assert.equal(wrong.body.results[0].outcome, "EXCEPTION");
    assert.equal(wrong.body.results[0].exceptionKind, "AMOUNT_MISMATCH");
    const [exception] = await app.services.db.query(
      "SELECT expected_amount_cents FROM payment_exceptions WHERE txid = $1",
      [charge.txid],
    );
    assert.equal(exception.expected_amount_cents, "15350");
    const right = await notify(charge.txid, "153.50");
    assert.equal(right.body.results[0].outcome, "CREDITED");
    const paid = await app.services.charges.getCharge(merchant.companyId, charge.id);
    assert.equal(paid.status, ChargeStatus.PAID);
    assert.equal(paid.paidAmountCents, money("153.50"));
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("after its last payable day it is EXPIRED (the sweep) and a payment is kept as CHARGE_EXPIRED", async () => {
    const { charge } = await create(schoolFee({ dueDate: day(0), daysAfterDue: 2, discount: null }));
    await ageCharge(charge.id, 5);
    assert.equal((await app.services.charges.getCharge(null, charge.id)).status, ChargeStatus.EXPIRED);
    assert.ok((await app.services.charges.expireOverdueCharges()) >= 1);
    const late = await notify(charge.txid, "150.00");
    assert.equal(late.body.results[0].exceptionKind, "CHARGE_EXPIRED");
    assert.equal((await refusal(app.services.charges.simulateChargePayment(charge.id, {}))).code, "INVALID_STATE");
  });

  test("a late-paid charge can be refunded up to what it brought, not beyond", async () => {
    await app.fund(merchant.companyId, "500.00");
    const { charge } = await create(schoolFee({ dueDate: day(0), discount: null }));
    const paidAt = new Date(startOfSaoPauloDay(today() + 10).getTime() + 3_600_000);
    await app.services.charges.simulateChargePayment(charge.id, { paidAt });
    const over = await app.request("POST", `/charges/${charge.id}/refunds`, {
      token: merchant.clientSecret,
      body: { amount: 153.51 },
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(over.status, 400, over.text);
    assert.equal(over.body.code, "REFUND_EXCEEDS_CHARGE");
    const all = await app.request("POST", `/charges/${charge.id}/refunds`, {
      token: merchant.clientSecret,
      body: {},
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(all.status, 201, all.text);
    assert.equal(all.body.amount, 153.5);
    await assertAuditConsistent(app, merchant.companyId);
  });
});

describe("batches of due-date charges", () => {
  test("made in one transaction in the given order, and replayed by their key", async () => {
    const key = newUuid();
    const inputs = [1, 2, 3].map((n) => schoolFee({ externalReference: `lote-a-${n}`, amountCents: BigInt(n * 1000) }));
    const made = await app.services.charges.createChargeBatch(merchant.companyId, inputs, key);
    assert.deepEqual(
      made.charges.map((charge) => charge.externalReference),
      ["lote-a-1", "lote-a-2", "lote-a-3"],
    );
    assert.ok(made.charges.every((charge) => charge.type === ChargeType.DUE_DATE && charge.batchId !== null));
    const again = await app.services.charges.createChargeBatch(merchant.companyId, inputs, key);
    assert.equal(again.replayed, true);
    assert.deepEqual(
      again.charges.map((charge) => charge.id),
      made.charges.map((charge) => charge.id),
    );
    assert.equal(
      (await refusal(app.services.charges.createChargeBatch(merchant.companyId, inputs.slice(1), key))).code,
      "IDEMPOTENCY_KEY_REUSED",
    );
  });

  test("all or nothing: every refused item is listed with its index, message and code", async () => {
    await create(schoolFee({ externalReference: "lote-b-taken" }));
    const inputs = [
      schoolFee({ externalReference: "lote-b-1" }),
      schoolFee({ dueDate: day(-3), discount: null }),
      { amountCents: 100n },
      schoolFee({ externalReference: "lote-b-taken" }),
      schoolFee({ externalReference: "lote-b-1" }),
    ];
    const [{ n: before }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges");
    try {
      await app.services.charges.createChargeBatch(merchant.companyId, inputs, newUuid());
      assert.fail("expected a refusal");
    } catch (error) {
      assert.ok(error instanceof ItemsRefusedError);
      assert.equal(error.code, "VALIDATION_ERROR");
      assert.deepEqual(
        error.items.map((item) => [item.index, item.code]),
        [
          [1, "VALIDATION_ERROR"],
          [2, "VALIDATION_ERROR"],
          [3, "EXTERNAL_REFERENCE_TAKEN"],
          [4, "EXTERNAL_REFERENCE_TAKEN"],
        ],
      );
      assert.match(error.items[1].error, /due_date is required/);
    }
    const [{ n: after }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges");
    assert.equal(after, before);
    assert.match(
      (await refusal(app.services.charges.createChargeBatch(merchant.companyId, [], newUuid()))).message,
      /1 to 1000/,
    );
    assert.equal(
      (await refusal(app.services.charges.createChargeBatch(merchant.companyId, inputs, null))).code,
      "VALIDATION_ERROR",
    );
  });
});

describe("customers", () => {
  test("one per document in an account (409 CUSTOMER_EXISTS), another account's is 404, found by document", async () => {
    const customer = await app.services.customers.createCustomer(merchant.companyId, {
      name: "João Souza",
      cpf: "111.444.777-35",
      email: "Joao@Example.com",
      phone: "11987654321",
    });
    assert.match(customer.id, /^cus_[A-Za-z0-9]{24}$/);
    assert.equal(customer.document, "11144477735");
    assert.equal(customer.email, "joao@example.com");
    assert.equal(customer.phone, "+5511987654321");
    const again = await refusal(
      app.services.customers.createCustomer(merchant.companyId, { name: "J", cpf: "11144477735" }),
    );
    assert.equal(again.code, "CUSTOMER_EXISTS");
    const elsewhere = await app.services.customers.createCustomer(other.companyId, { name: "J", cpf: "11144477735" });
    assert.notEqual(elsewhere.id, customer.id);
    assert.equal((await refusal(app.services.customers.getCustomer(other.companyId, customer.id))).code, "NOT_FOUND");
    const page = await app.services.customers.listCustomers(merchant.companyId, { document: "111.444.777-35" });
    assert.deepEqual(
      page.data.map((row) => row.id),
      [customer.id],
    );
    assert.equal(page.total, 1);
    for (const [input, message] of [
      [{ name: "A", cpf: "11144477736" }, /cpf is not a valid CPF/],
      [{ name: "A", cpf: "11144477735", email: "not-an-address" }, /email is not a valid e-mail/],
      [{ name: "A", cnpj: "11222333000181", phone: "123" }, /phone must be \+55/],
      [{ name: "", cnpj: "11222333000181" }, /name must have 1 to 140/],
    ] as const) {
      const refused = await refusal(app.services.customers.createCustomer(merchant.companyId, input));
      assert.equal(refused.code, "VALIDATION_ERROR");
      assert.match(refused.message, message);
    }
  });
});
