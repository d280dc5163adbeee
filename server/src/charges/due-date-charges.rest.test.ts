import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAuditConsistent, balanceCents } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { isoDate, saoPauloDay, startOfSaoPauloDay } from "../billing/business-days";

/**
 * CONTRACT §11 over REST and GraphQL: a due-date charge's body (nested objects in snake_case),
 * its answer, the amount due by day, references, batches, customers, the sandbox's cobv
 * location, and a late payment simulated today.
 */
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant({ feePercent: "1.00", feeFixed: "0.00" });
  other = await app.createMerchant();
});
after(() => app?.close());

const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);
const post = (path: string, body: unknown, headers: Record<string, string> = {}, token = merchant.clientSecret) =>
  app.request("POST", path, { token, body, headers });
const get = (path: string, token = merchant.clientSecret) => app.request("GET", path, { token });

const schoolFee = (extra: Record<string, unknown> = {}) => ({
  amount: 150,
  description: "Mensalidade",
  due_date: day(10),
  payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
  fine: { mode: "PERCENT", value: 2 },
  interest: { mode: "PERCENT_PER_MONTH", value: 1 },
  discount: { mode: "FIXED_UNTIL_DATES", dates: [{ date: day(7), value: 5 }] },
  ...extra,
});

describe("POST /charges with due_date", () => {
  test("201 with the due-date fields, nested in snake_case", async () => {
    const res = await post("/charges", schoolFee({ external_reference: "rest-1", metadata: { aluno: "42" } }));
    assert.equal(res.status, 201, res.text);
    const charge = res.body;
    assert.equal(charge.type, "DUE_DATE");
    assert.equal(charge.due_date, day(10));
    assert.equal(charge.days_after_due, 30);
    assert.deepEqual(charge.payer, { name: "Maria da Silva", document: "52998224725" });
    assert.deepEqual(charge.fine, { mode: "PERCENT", value: 2 });
    assert.deepEqual(charge.interest, { mode: "PERCENT_PER_MONTH", value: 1 });
    assert.equal(charge.abatement, null);
    assert.deepEqual(charge.discount, { mode: "FIXED_UNTIL_DATES", value: null, dates: [{ date: day(7), value: 5 }] });
    assert.equal(charge.amount_due, 145);
    assert.equal(charge.paid_amount, null);
    assert.equal(charge.customer_id, null);
    assert.equal(charge.external_reference, "rest-1");
    assert.deepEqual(charge.metadata, { aluno: "42" });
    const read = await get(`/charges/${charge.id}`);
    assert.deepEqual(read.body, charge);
  });

  test("an immediate charge shows the new fields empty", async () => {
    const res = await post("/charges", { amount: 10.5 });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.type, "IMMEDIATE");
    assert.equal(res.body.amount_due, 10.5);
    assert.equal(res.body.payer, null);
    assert.equal(res.body.due_date, null);
  });

  test("400 names the nested field; 409 EXTERNAL_REFERENCE_TAKEN", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [schoolFee({ payer: { name: "A", cpf: "52998224725", rg: "1" } }), /^Unknown body field: payer.rg$/],
      [schoolFee({ fine: { mode: "SOMETIMES", value: 2 } }), /^fine.mode must be one of FIXED, PERCENT$/],
      [schoolFee({ fine: { value: 2 } }), /^fine.mode is required$/],
      [
        schoolFee({ discount: { mode: "FIXED_UNTIL_DATES", dates: [{ date: day(1), value: "x" }] } }),
        /^discount.dates\[0\].value/,
      ],
      [schoolFee({ payer: "Maria" }), /^payer must be an object$/],
      [schoolFee({ metadata: { n: 1 } }), /metadata/],
      [schoolFee({ expires_in: 600 }), /due_date and expires_in cannot be used together/],
      [{ amount: 10, fine: { mode: "FIXED", value: 1 } }, /fine is only for a due-date charge/],
      [schoolFee({ due_date: day(-1), discount: null }), /due_date must be today/],
    ];
    for (const [body, message] of cases) {
      const res = await post("/charges", body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.match(res.body.error, message);
    }
    await post("/charges", { amount: 1, external_reference: "rest-taken" });
    const taken = await post("/charges", { amount: 1, external_reference: "rest-taken" });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, "EXTERNAL_REFERENCE_TAKEN");
    const found = await get("/charges?external_reference=rest-taken");
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.total, 1);
    assert.equal(found.body.data[0].external_reference, "rest-taken");
  });
});

describe("GET /charges/:id/amount-due", () => {
  test("the day's amount and parts; 400 outside its days; 404 for another account", async () => {
    const { body: charge } = await post("/charges", schoolFee());
    const early = await get(`/charges/${charge.id}/amount-due?date=${day(7)}`);
    assert.equal(early.status, 200, early.text);
    assert.deepEqual(early.body, { date: day(7), amount_due: 145, abatement: 0, discount: 5, fine: 0, interest: 0 });
    // 20 days late: 150.00 + 3.00 + 15000 * 1 % * 20 / 30 = 100 c.
    const late = await get(`/charges/${charge.id}/amount-due?date=${day(30)}`);
    assert.deepEqual(late.body, { date: day(30), amount_due: 154, abatement: 0, discount: 0, fine: 3, interest: 1 });
    const today = await get(`/charges/${charge.id}/amount-due`);
    assert.equal(today.body.date, day(0));
    for (const date of [day(-1), day(41), "2026-02-30"]) {
      const res = await get(`/charges/${charge.id}/amount-due?date=${date}`);
      assert.equal(res.status, 400, date);
      assert.equal(res.body.code, "VALIDATION_ERROR");
    }
    assert.equal((await get(`/charges/${charge.id}/amount-due`, other.clientSecret)).status, 404);
  });
});

describe("the sandbox's location of a due-date charge", () => {
  test("the API Pix cobv, and valor.final for ?DPP=", async () => {
    const { body: charge } = await post("/charges", schoolFee({ abatement: { mode: "FIXED", value: 1 } }));
    const [{ location_id: locationId }] = await app.services.db.query("SELECT location_id FROM charges WHERE id = $1", [
      charge.id,
    ]);
    const cobv = await app.request("GET", `/pix/v2/${locationId}`);
    assert.equal(cobv.status, 200, cobv.text);
    assert.deepEqual(cobv.body.calendario.dataDeVencimento, day(10));
    assert.equal(cobv.body.calendario.validadeAposVencimento, 30);
    assert.deepEqual(cobv.body.devedor, { cpf: "52998224725", nome: "Maria da Silva" });
    assert.deepEqual(cobv.body.valor, {
      original: "150.00",
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 3, valorPerc: "1.00" },
      abatimento: { modalidade: 1, valorPerc: "1.00" },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: day(7), valorPerc: "5.00" }] },
    });
    const paidEarly = await app.request("GET", `/pix/v2/${locationId}?DPP=${day(2)}`);
    assert.equal(paidEarly.body.valor.final, "144.00");
    assert.equal((await app.request("GET", `/pix/v2/${locationId}?DPP=${day(-2)}`)).status, 400);
  });
});

describe("POST /charges/batch", () => {
  test("201 in order; a refusal lists every item; the Idempotency-Key is required", async () => {
    const key = newUuid();
    const body = { charges: [schoolFee({ external_reference: "b-1" }), schoolFee({ external_reference: "b-2" })] };
    const made = await post("/charges/batch", body, { "idempotency-key": key });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(
      made.body.data.map((charge: { external_reference: string }) => charge.external_reference),
      ["b-1", "b-2"],
    );
    const again = await post("/charges/batch", body, { "idempotency-key": key });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    const refused = await post(
      "/charges/batch",
      { charges: [schoolFee(), { amount: 1 }, schoolFee({ external_reference: "b-1" })] },
      { "idempotency-key": newUuid() },
    );
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.code, "VALIDATION_ERROR");
    assert.deepEqual(
      refused.body.items.map((item: { index: number; code: string }) => [item.index, item.code]),
      [
        [1, "VALIDATION_ERROR"],
        [2, "EXTERNAL_REFERENCE_TAKEN"],
      ],
    );
    const keyless = await post("/charges/batch", body);
    assert.equal(keyless.status, 400);
    assert.match(keyless.body.error, /Idempotency-Key/);
  });
});

describe("customers", () => {
  test("POST /customers, one per document, GET by id and by document, 404 across accounts", async () => {
    const res = await post("/customers", {
      name: "Escola Modelo",
      cnpj: "11.222.333/0001-81",
      email: "fin@escola.example",
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body), ["id", "name", "document", "email", "phone", "created_at"]);
    assert.equal(res.body.document, "11222333000181");
    const twice = await post("/customers", { name: "Outra", cnpj: "11222333000181" });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.code, "CUSTOMER_EXISTS");
    assert.deepEqual((await get(`/customers/${res.body.id}`)).body, res.body);
    assert.equal((await get(`/customers/${res.body.id}`, other.clientSecret)).status, 404);
    const listed = await get("/customers?document=11.222.333/0001-81");
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.data, [res.body]);
    assert.equal(listed.body.total, 1);
    const charge = await post("/charges", schoolFee({ payer: undefined, customer_id: res.body.id }));
    assert.equal(charge.status, 201, charge.text);
    assert.deepEqual(charge.body.payer, { name: "Escola Modelo", document: "11222333000181" });
    assert.equal(charge.body.customer_id, res.body.id);
  });
});

describe("the rest of CONTRACT §11's rules, each with its code", () => {
  test("values: two decimals at most, percentages to 100, days_after_due an integer, the payer's name to 140", async () => {
    const cases: Array<[Record<string, unknown>, RegExp | null]> = [
      [schoolFee({ fine: { mode: "PERCENT", value: 2.005 } }), /^fine.value/],
      [schoolFee({ interest: { mode: "PERCENT_PER_MONTH", value: 100.01 } }), /^interest.value must be a percentage/],
      [schoolFee({ discount: { mode: "PERCENT_PER_DAY_EARLY", value: 101 } }), /^discount.value must be a percentage/],
      [schoolFee({ abatement: { mode: "PERCENT", value: 100 } }), /^abatement leaves 0.00 to pay/],
      [schoolFee({ abatement: { mode: "FIXED", value: 149.99 }, discount: null }), null],
      [schoolFee({ days_after_due: 1.5 }), /^days_after_due/],
      [schoolFee({ payer: { name: "M".repeat(141), cpf: "52998224725" } }), /^payer.name must have 1 to 140/],
      [schoolFee({ payer: { name: "Maria" } }), /^payer.cpf or payer.cnpj \(exactly one\) is required/],
      [schoolFee({ discount: { mode: "FIXED_UNTIL_DATES", dates: [] } }), /^discount.dates must have 1 to 3 entries/],
      [schoolFee({ metadata: { "": "x" } }), /metadata/],
      [schoolFee({ external_reference: "" }), /^external_reference/],
    ];
    for (const [body, message] of cases) {
      const res = await post("/charges", body);
      if (message === null) {
        // The abatement leaves 0.01 exactly: made, and asks 0.01 every day up to the due date.
        assert.equal(res.status, 201, res.text);
        assert.equal(res.body.amount_due, 0.01);
        continue;
      }
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR", JSON.stringify(body));
      assert.match(res.body.error, message, JSON.stringify(body));
    }
  });

  test("a batch holds 1 to 1000 due-date charges: 1000 are made in order, 1001 is a 400, above 2 MB a 413", async () => {
    const { body: before } = await get("/charges?limit=1");
    // About 250 bytes each: 1000 of them are past the API's 100 kB, which refused the batch the contract allows.
    const charges = Array.from({ length: 1001 }, (_, index) =>
      schoolFee({ discount: null, external_reference: `lote-1000-${index}` }),
    );
    const over = await post("/charges/batch", { charges }, { "idempotency-key": newUuid() });
    assert.equal(over.status, 400, over.text.slice(0, 300));
    assert.equal(over.body.code, "VALIDATION_ERROR");
    assert.match(over.body.error, /1 to 1000/);
    assert.equal((await get("/charges?limit=1")).body.total, before.total);
    const made = await post("/charges/batch", { charges: charges.slice(0, 1000) }, { "idempotency-key": newUuid() });
    assert.equal(made.status, 201, made.text.slice(0, 300));
    assert.equal(made.body.data.length, 1000);
    assert.equal(made.body.data[999].external_reference, "lote-1000-999");
    assert.equal((await get("/charges?limit=1")).body.total, before.total + 1000);
    const huge = await post(
      "/charges/batch",
      { charges: [schoolFee({ description: "x".repeat(2 * 1024 * 1024) })] },
      { "idempotency-key": newUuid() },
    );
    assert.equal(huge.status, 413);
    assert.equal(huge.body.code, "PAYLOAD_TOO_LARGE");
  });

  test("customers: both documents, a name of 141, paging with its total; GraphQL's customer across accounts is NOT_FOUND", async () => {
    for (const [body, message] of [
      [{ name: "Ana", cpf: "52998224725", cnpj: "11222333000181" }, /exactly one/],
      [{ name: "A".repeat(141), cpf: "11144477735" }, /^name must have 1 to 140/],
      [{ name: "Ana" }, /exactly one/],
    ] as const) {
      const res = await post("/customers", body);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.match(res.body.error, message);
    }
    const payer = await app.createMerchant();
    const token = payer.clientSecret;
    const made: string[] = [];
    for (const cpf of ["52998224725", "11144477735", "39053344705"]) {
      const res = await post("/customers", { name: `Cliente ${cpf.slice(0, 3)}`, cpf }, {}, token);
      assert.equal(res.status, 201, res.text);
      made.push(res.body.id);
    }
    const page = await get("/customers?limit=2&offset=1", token);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.total, 3);
    assert.equal(page.body.limit, 2);
    assert.equal(page.body.offset, 1);
    // Newest first: the second and the first made.
    assert.deepEqual(
      page.body.data.map((c: { id: string }) => c.id),
      [made[1], made[0]],
    );
    assert.equal((await get("/customers?limit=101", token)).status, 400);
    const foreign = await app.graphql(
      `query($id: ID!) { customer(id: $id) { id } }`,
      { id: made[0] },
      merchant.clientSecret,
    );
    assert.equal(foreign.errors?.[0].extensions.code, "NOT_FOUND");
    const own = await app.graphql(
      `query($d: String) { customers(document: $d) { total data { id document } } }`,
      { d: "111.444.777-35" },
      token,
    );
    assert.deepEqual(own.data.customers, { total: 1, data: [{ id: made[1], document: "11144477735" }] });
    const charges = await app.graphql(`query($id: ID) { charges(customerId: $id) { total } }`, { id: made[1] }, token);
    assert.equal(charges.data.charges.total, 0);
  });
});

describe("GraphQL", () => {
  test("createChargeBatch takes the 1000 charges REST takes (about 250 kB, past /graphql's usual 100 kB)", async () => {
    const charges = Array.from({ length: 1000 }, (_, index) => ({
      amount: "150.00",
      description: "Mensalidade",
      dueDate: day(10),
      payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
      fine: { mode: "PERCENT", value: "2" },
      interest: { mode: "PERCENT_PER_MONTH", value: "1" },
      externalReference: `gql-lote-${index}`,
    }));
    const mutation = `mutation($input: CreateChargeBatchInput!, $key: String!) {
      createChargeBatch(input: $input, idempotencyKey: $key) { data { id externalReference amountDue } }
    }`;
    const body = JSON.stringify({ query: mutation, variables: { input: { charges }, key: newUuid() } });
    assert.ok(body.length > 200 * 1024, `${body.length} bytes`);
    const { body: before } = await get("/charges?limit=1");
    const made = await app.gql(mutation, { input: { charges }, key: newUuid() }, { token: merchant.clientSecret });
    assert.equal(made.status, 200, made.text.slice(0, 300));
    assert.equal(made.body.errors, undefined, JSON.stringify(made.body.errors)?.slice(0, 300));
    const data = made.body.data.createChargeBatch.data;
    assert.equal(data.length, 1000);
    assert.equal(data[0].externalReference, "gql-lote-0");
    assert.equal(data[999].externalReference, "gql-lote-999");
    assert.equal(data[999].amountDue, "150.00");
    assert.equal((await get("/charges?limit=1")).body.total, before.total + 1000);
    // 1001 is the contract's refusal, not a size limit's.
    const over = await app.gql(
      mutation,
      { input: { charges: [...charges, charges[0]] }, key: newUuid() },
      { token: merchant.clientSecret },
    );
    assert.equal(over.body.errors?.[0]?.extensions.code, "VALIDATION_ERROR", over.text.slice(0, 300));
    assert.match(over.body.errors[0].message, /1 to 1000/);
    // Past the batch's 2 MB, /graphql refuses as REST does.
    const huge = await app.gql(
      mutation,
      { input: { charges: [{ ...charges[0], description: "x".repeat(2 * 1024 * 1024) }] }, key: newUuid() },
      { token: merchant.clientSecret },
    );
    assert.equal(huge.status, 413);
    assert.equal(huge.body.errors[0].extensions.code, "PAYLOAD_TOO_LARGE");
  });

  test("/graphql without a credential still takes no more than 16 kB", async () => {
    const big = await app.gql(`query { __typename }`, { padding: "x".repeat(20 * 1024) });
    assert.equal(big.status, 401, big.text.slice(0, 300));
    // Sent in chunks, with no length announced: refused once read past the limit.
    const chunk = new TextEncoder().encode(JSON.stringify({ query: "{ __typename }", padding: "x".repeat(20 * 1024) }));
    const chunked = await fetch(`${app.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    assert.equal(chunked.status, 401, await chunked.text());
  });

  test("createCharge with the terms, chargeAmountDue, and a late payment simulated today", async () => {
    const created = await app.graphql(
      `mutation($input: CreateChargeInput!) { createCharge(input: $input) { id type dueDate amountDue payer { document } } }`,
      {
        input: {
          amount: "150.00",
          dueDate: day(0),
          payer: { name: "Maria", cpf: "52998224725" },
          fine: { mode: "PERCENT", value: "2.00" },
          interest: { mode: "PERCENT_PER_MONTH", value: "1" },
        },
      },
      merchant.clientSecret,
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const { id } = created.data.createCharge;
    const due = await app.graphql(
      `query($id: ID!, $date: String) { chargeAmountDue(id: $id, date: $date) { date amountDue fine interest } }`,
      { id, date: day(10) },
      merchant.clientSecret,
    );
    assert.deepEqual(due.data.chargeAmountDue, { date: day(10), amountDue: "153.50", fine: "3.00", interest: "0.50" });
    const before = await balanceCents(app, merchant);
    const paidAt = new Date(startOfSaoPauloDay(saoPauloDay(new Date()) + 10).getTime() + 3_600_000).toISOString();
    const paid = await app.graphql(
      `mutation($id: ID!, $at: DateTimeISO) { simulateChargePayment(chargeId: $id, paidAt: $at) { status paidAmount fee netAmount } }`,
      { id, at: paidAt },
    );
    assert.deepEqual(paid.data.simulateChargePayment, {
      status: "PAID",
      paidAmount: "153.50",
      fee: "1.54",
      netAmount: "151.96",
    });
    assert.equal(await balanceCents(app, merchant), before + 15196n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  const PREVIEW = `query($input: ChargeTermsPreviewInput!, $dates: [String!]) {
    previewChargeAmountDue(input: $input, dates: $dates) {
      dueDate paymentDueDate lastPayableDate days { date amountDue abatement discount fine interest }
    }
  }`;
  const terms = (extra: Record<string, unknown> = {}) => ({
    amount: "150.00",
    dueDate: day(10),
    daysAfterDue: 40,
    fine: { mode: "PERCENT", value: "2" },
    interest: { mode: "PERCENT_PER_MONTH", value: "1" },
    discount: { mode: "FIXED_UNTIL_DATES", dates: [{ date: day(7), value: "5" }] },
    ...extra,
  });

  test("previewChargeAmountDue: the days asked for, by the rules the charge is paid by, and nothing made", async () => {
    const before = await app.runtime.db.query(`SELECT count(*)::int AS n FROM charges WHERE company_id = $1`, [
      merchant.companyId,
    ]);
    const res = await app.graphql(
      PREVIEW,
      { input: terms(), dates: [day(0), day(7), day(8), day(40)] },
      merchant.clientSecret,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const preview = res.data.previewChargeAmountDue;
    assert.equal(preview.dueDate, day(10));
    assert.equal(preview.lastPayableDate, day(50));
    // 150 - 5 until day 7; 150 from day 8 to the due date; 30 days late: 3.00 fine + 150 × 1 % × 30/30 = 1.50.
    assert.deepEqual(
      preview.days.map((d: { date: string; amountDue: string }) => [d.date, d.amountDue]),
      [
        [day(0), "145.00"],
        [day(7), "145.00"],
        [day(8), "150.00"],
        [day(40), "154.50"],
      ],
    );
    assert.deepEqual(preview.days[3], {
      date: day(40),
      amountDue: "154.50",
      abatement: "0.00",
      discount: "0.00",
      fine: "3.00",
      interest: "1.50",
    });
    const after = await app.runtime.db.query(`SELECT count(*)::int AS n FROM charges WHERE company_id = $1`, [
      merchant.companyId,
    ]);
    assert.equal(after[0].n, before[0].n);
  });

  test("previewChargeAmountDue without dates: today, the discount date, the due date, late, a month late, the last day", async () => {
    const res = await app.graphql(PREVIEW, { input: terms() }, merchant.clientSecret);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const days = res.data.previewChargeAmountDue.days.map((d: { date: string }) => d.date);
    const moved = res.data.previewChargeAmountDue.paymentDueDate;
    assert.ok(days.includes(day(0)) && days.includes(day(7)) && days.includes(day(10)) && days.includes(day(40)));
    assert.ok(days.includes(moved));
    assert.equal(days.at(-1), day(50));
    assert.deepEqual([...days].sort(), days);
    assert.equal(new Set(days).size, days.length);
  });

  test("previewChargeAmountDue refuses what createCharge refuses, and days it cannot be paid on", async () => {
    const refused = async (input: unknown, dates?: string[]) => {
      const res = await app.graphql(PREVIEW, { input, dates }, merchant.clientSecret);
      assert.equal(res.data, null);
      return { code: res.errors?.[0].extensions.code, message: res.errors?.[0].message };
    };
    assert.deepEqual(await refused(terms({ dueDate: day(-1) })), {
      code: "VALIDATION_ERROR",
      message: `due_date must be today (${day(0)}) or later`,
    });
    assert.equal((await refused(terms({ abatement: { mode: "PERCENT", value: "100" } }))).code, "VALIDATION_ERROR");
    assert.equal((await refused(terms({ fine: { mode: "PERCENT", value: "100.01" } }))).code, "VALIDATION_ERROR");
    assert.equal(
      (await refused(terms({ discount: { mode: "FIXED_UNTIL_DATES", dates: [{ date: day(11), value: "1" }] } }))).code,
      "VALIDATION_ERROR",
    );
    assert.deepEqual(await refused(terms(), [day(51)]), {
      code: "VALIDATION_ERROR",
      message: `dates[0] must not be after the last day it can be paid (${day(50)})`,
    });
    assert.deepEqual(await refused(terms(), [day(-1)]), {
      code: "VALIDATION_ERROR",
      message: `dates[0] must be today (${day(0)}) or later`,
    });
    assert.equal((await refused(terms(), ["2026-02-30"])).code, "VALIDATION_ERROR");
    assert.equal(
      (
        await refused(
          terms(),
          Array.from({ length: 32 }, () => day(1)),
        )
      ).code,
      "VALIDATION_ERROR",
    );
  });

  test("previewChargeAmountDue needs a credential", async () => {
    const res = await app.graphql(PREVIEW, { input: terms() }, null);
    assert.equal(res.errors?.[0].extensions.code, "UNAUTHENTICATED");
  });
});
