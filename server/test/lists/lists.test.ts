import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { encodeCursor } from "../../src/core/pagination";
import { approve, assertAuditConsistent, createWithdrawal, signProviderBody } from "../support/scenarios";
import { type Merchant, newUuid, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../support/test-app";

const PROVIDER_SECRET = "provider-secret-for-list-tests-0123456789";
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant({ name: "Loja Listas", webhookUrl: "http://127.0.0.1:9/hook" });
  other = await app.createMerchant({ name: "Outra Loja" });
  await app.createMerchant({ name: "Loja Três" });
  // A history on both accounts through the API: charges paid, held, cancelled; withdrawals
  // approved and cancelled; adjustments; payment exceptions; their ledger entries and events.
  for (const account of [merchant, other]) {
    await app.fund(account.companyId, "500.00");
    for (let i = 0; i < 9; i++) {
      const created = await app.request("POST", "/charges", { token: account.clientSecret, body: { amount: 10 + i } });
      assert.equal(created.status, 201);
      if (i % 3 === 0) await pay(created.body.id);
      if (i === 4 || i === 6)
        await app.graphql(`mutation { reserveCharge(id: "${created.body.id}", reason: "hold") { id } }`);
      if (i === 5)
        await app.graphql(`mutation { cancelCharge(id: "${created.body.id}") { id } }`, {}, account.clientSecret);
    }
    for (let i = 0; i < 5; i++) {
      const id = await createWithdrawal(app, account, { amount: 1 + i, pix_key_type: "CPF", pix_key: "52998224725" });
      if (i === 1) await approve(app, id);
      if (i === 2) await app.request("POST", `/withdrawals/${id}/cancel`, { token: account.clientSecret, body: {} });
    }
    await app.fund(account.companyId, "-3.00");
    await app.fund(account.companyId, "7.25");
  }
  for (let i = 0; i < 4; i++) {
    const rawBody = JSON.stringify({
      pix: [
        {
          endToEndId: `E12345678202611221000${String(i).padStart(11, "0")}`,
          txid: `unknowntxid${i}`.padEnd(26, "x"),
          valor: "5.00",
          horario: new Date().toISOString(),
        },
      ],
    });
    const res = await app.request("POST", "/provider/pix", {
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody),
      },
    });
    assert.equal(res.status, 200, res.text);
  }
});
after(() => app.close());

async function pay(chargeId: string) {
  const paid = await app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }`, {
    id: chargeId,
  });
  assert.equal(paid.data?.simulateChargePayment.status, "PAID", JSON.stringify(paid.errors));
}

async function sqlIds(text: string, params: unknown[] = []): Promise<string[]> {
  const rows: Array<{ id: string }> = await app.services.db.query(text, params);
  return rows.map((row) => String(row.id));
}

interface ListCase {
  field: string;
  /** The id field of the list's items. */
  idField: string;
  args?: string;
  token?: string;
  /** The same rows in the same order, straight from SQL. */
  expected: () => Promise<string[]>;
}

/** Reads a whole list page by page with cursors (first: 2): the ids in order, and every page's total. */
async function walk(list: ListCase): Promise<{ ids: string[]; totals: number[]; pages: number }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  for (let pages = 1; ; pages++) {
    const result: { data: any; errors?: unknown } = await app.graphql(
      `query($after: String) { page: ${list.field}(first: 2, after: $after${list.args ? `, ${list.args}` : ""}) {
         data { ${list.idField} } total totalCapped limit offset pageInfo { endCursor hasNextPage } } }`,
      { after },
      list.token ?? TEST_ADMIN_TOKEN,
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const page = result.data.page;
    assert.equal(page.totalCapped, false);
    assert.equal(page.limit, 2);
    assert.equal(page.offset, 0);
    ids.push(...page.data.map((item: Record<string, string>) => item[list.idField]));
    totals.push(page.total);
    if (!page.pageInfo.hasNextPage) {
      if (page.data.length === 0) assert.equal(page.pageInfo.endCursor, null);
      return { ids, totals, pages };
    }
    assert.equal(page.data.length, 2);
    after = page.pageInfo.endCursor;
  }
}

function lists(): ListCase[] {
  const c = merchant.companyId;
  const newest = "ORDER BY created_at DESC, id DESC";
  return [
    {
      field: "charges",
      idField: "id",
      token: merchant.clientSecret,
      expected: () => sqlIds(`SELECT id FROM charges WHERE company_id = $1 ${newest}`, [c]),
    },
    {
      field: "charges",
      idField: "id",
      args: "order: OLDEST_FIRST",
      token: merchant.clientSecret,
      expected: () => sqlIds(`SELECT id FROM charges WHERE company_id = $1 ORDER BY created_at, id`, [c]),
    },
    {
      field: "charges",
      idField: "id",
      args: "status: PAID",
      expected: () => sqlIds(`SELECT id FROM charges WHERE status = 'PAID' ${newest}`),
    },
    { field: "charges", idField: "id", expected: () => sqlIds(`SELECT id FROM charges ${newest}`) },
    {
      field: "charges",
      idField: "id",
      args: "reserved: true",
      expected: () => sqlIds(`SELECT id FROM charges WHERE reserved ${newest}`),
    },
    {
      field: "charges",
      idField: "id",
      args: `paidFrom: "2000-01-01T00:00:00.000Z"`,
      expected: () => sqlIds("SELECT id FROM charges WHERE status = 'PAID' ORDER BY paid_at DESC, id DESC"),
    },
    {
      field: "withdrawals",
      idField: "id",
      token: merchant.clientSecret,
      expected: () => sqlIds(`SELECT id FROM withdrawals WHERE company_id = $1 ${newest}`, [c]),
    },
    {
      field: "withdrawals",
      idField: "id",
      args: "status: PENDING, order: OLDEST_FIRST",
      expected: () => sqlIds("SELECT id FROM withdrawals WHERE status = 'PENDING' ORDER BY created_at, id"),
    },
    {
      field: "webhookDeliveries",
      idField: "eventId",
      token: merchant.clientSecret,
      expected: () => sqlIds("SELECT id FROM webhook_events WHERE company_id = $1 ORDER BY sequence DESC", [c]),
    },
    {
      field: "webhookDeliveries",
      idField: "eventId",
      args: `event: "withdrawal.pending"`,
      expected: () => sqlIds("SELECT id FROM webhook_events WHERE event = 'withdrawal.pending' ORDER BY sequence DESC"),
    },
    {
      field: "paymentExceptions",
      idField: "id",
      expected: () => sqlIds(`SELECT id FROM payment_exceptions ${newest}`),
    },
    { field: "adjustments", idField: "id", expected: () => sqlIds(`SELECT id FROM adjustments ${newest}`) },
    {
      field: "adjustments",
      idField: "id",
      args: `companyId: "${c}"`,
      expected: () => sqlIds(`SELECT id FROM adjustments WHERE company_id = $1 ${newest}`, [c]),
    },
    { field: "companies", idField: "id", expected: () => sqlIds(`SELECT id FROM companies ${newest}`) },
    {
      field: "ledgerEntries",
      idField: "id",
      token: merchant.clientSecret,
      expected: () => sqlIds(`SELECT id FROM ledger_entries WHERE company_id = $1 ${newest}`, [c]),
    },
    {
      field: "ledgerEntries",
      idField: "id",
      args: `companyId: "${c}", order: OLDEST_FIRST`,
      expected: () => sqlIds(`SELECT id FROM ledger_entries WHERE company_id = $1 ORDER BY created_at, id`, [c]),
    },
  ];
}

describe("cursor paging", () => {
  test("walking every list forward with first/after returns each row once, in order, with an exact total", async () => {
    for (const list of lists()) {
      const label = `${list.field}(${list.args ?? ""})`;
      const expected = await list.expected();
      assert.ok(expected.length >= 3, `${label} has rows to page through`);
      const walked = await walk(list);
      assert.deepEqual(walked.ids, expected, label);
      assert.ok(
        walked.totals.every((total) => total === expected.length),
        `${label} totals ${walked.totals}`,
      );
      assert.equal(walked.pages, Math.max(1, Math.ceil(expected.length / 2)), label);
    }
  });

  test("offset pages and cursor pages agree; the REST list keeps its contract shape", async () => {
    const byOffset = await app.request("GET", "/charges?limit=4&offset=4", { token: merchant.clientSecret });
    assert.equal(byOffset.status, 200);
    assert.deepEqual(Object.keys(byOffset.body), ["data", "total", "limit", "offset"]);
    const first = await app.graphql(`{ charges(first: 4) { pageInfo { endCursor } } }`, {}, merchant.clientSecret);
    const next = await app.graphql(
      `query($after: String) { charges(first: 4, after: $after) { data { id } offset } }`,
      { after: first.data.charges.pageInfo.endCursor },
      merchant.clientSecret,
    );
    assert.deepEqual(
      next.data.charges.data.map((charge: { id: string }) => charge.id),
      byOffset.body.data.map((charge: { id: string }) => charge.id),
    );
    assert.equal(next.data.charges.offset, 0);
  });

  test("a list past its end: an empty page, no cursor, no next page", async () => {
    const result = await app.graphql(
      `{ charges(offset: 10000) { data { id } total pageInfo { endCursor hasNextPage } } }`,
      {},
      merchant.clientSecret,
    );
    assert.deepEqual(result.data.charges.data, []);
    assert.deepEqual(result.data.charges.pageInfo, { endCursor: null, hasNextPage: false });
  });
});

describe("paging limits", () => {
  async function restStatus(path: string) {
    return (await app.request("GET", path, { token: merchant.clientSecret })).status;
  }

  test("REST: offset 0..10,000 and limit 1..100, anything else 400 VALIDATION_ERROR", async () => {
    for (const list of ["/charges", "/withdrawals"]) {
      assert.equal(await restStatus(`${list}?offset=10000`), 200);
      assert.equal(await restStatus(`${list}?limit=100`), 200);
      for (const query of ["offset=10001", "offset=-1", "limit=0", "limit=101", "offset=1e3", "first=5", "after=x"]) {
        const res = await app.request("GET", `${list}?${query}`, { token: merchant.clientSecret });
        assert.equal(res.status, 400, `${list}?${query}`);
        assert.equal(res.body.code, "VALIDATION_ERROR");
      }
    }
    const deep = await app.request("GET", "/charges?offset=10001", { token: merchant.clientSecret });
    assert.match(deep.body.error, /offset must be an integer from 0 to 10000/);
  });

  const PAGED = [
    "charges",
    "withdrawals",
    "webhookDeliveries",
    "paymentExceptions",
    "adjustments",
    "companies",
    `ledgerEntries(companyId: "COMPANY")`,
  ];

  async function listError(field: string, args: string, variables: Record<string, unknown> = {}) {
    const [name, fixed] = field.includes("(")
      ? [field.slice(0, field.indexOf("(")), field.slice(field.indexOf("(") + 1, -1)]
      : [field, ""];
    const all = [fixed.replace("COMPANY", merchant.companyId), args].filter(Boolean).join(", ");
    const declared = Object.keys(variables).length ? "($after: String)" : "";
    const result = await app.graphql(`query${declared} { ${name}(${all}) { total } }`, variables);
    return result.errors?.[0];
  }

  test("GraphQL: every list refuses an offset over 10,000, sizes out of 1..100, and mixed paging", async () => {
    for (const field of PAGED) {
      for (const args of [
        "offset: 10001",
        "limit: 0",
        "limit: 101",
        "first: 0",
        "first: 101",
        "first: 5, limit: 5",
        "first: 5, offset: 5",
      ]) {
        const error = await listError(field, args);
        assert.equal(error?.extensions.code, "VALIDATION_ERROR", `${field} ${args}`);
      }
      assert.equal(await listError(field, "offset: 10000"), undefined, field);
    }
  });

  test("after with offset is a 400; a bad or foreign cursor is a 400, never a 500", async () => {
    const real = await app.graphql(`{ charges(first: 1) { pageInfo { endCursor } } }`);
    const cursor = real.data.charges.pageInfo.endCursor as string;
    const [tag, at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString());
    assert.equal(tag, "charges");
    assert.match(at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const bad = [
      "x",
      "!!!!",
      "a".repeat(600),
      `${cursor}=`,
      `${cursor}A`,
      Buffer.from("not json").toString("base64url"),
      Buffer.from("{}").toString("base64url"),
      encodeCursor("payouts", [at, id]),
      encodeCursor("charges", [at]),
      encodeCursor("charges", ["2026-02-31T10:00:00.000000Z", id]),
      encodeCursor("charges", ["2026-11-22 10:00:00", id]),
      encodeCursor("charges", [at, "K7Q2'; DROP TABLE charges; --"]),
      encodeCursor("charges", [at, 12 as unknown as string]),
      encodeCursor("ledgerEntries", [at, "99999999999999999999"]),
    ];
    for (const field of PAGED) {
      const after = await listError(field, "after: $after, offset: 0", { after: cursor });
      assert.equal(after?.extensions.code, "VALIDATION_ERROR", `${field} after with offset`);
      // Another list's cursor is refused too: it names its own list.
      for (const value of field === "charges" ? bad : [...bad, cursor]) {
        const error = await listError(field, "after: $after", { after: value });
        assert.equal(error?.extensions.code, "VALIDATION_ERROR", `${field} after ${value}`);
      }
    }
    const ledger = await app.graphql(
      `{ ledgerEntries(companyId: "${merchant.companyId}", first: 1) { pageInfo { endCursor } } }`,
    );
    const ledgerCursor = ledger.data.ledgerEntries.pageInfo.endCursor;
    assert.equal(
      (await listError("charges", "after: $after", { after: ledgerCursor }))?.extensions.code,
      "VALIDATION_ERROR",
    );
    assert.equal(
      await listError(`ledgerEntries(companyId: "COMPANY")`, "after: $after", { after: ledgerCursor }),
      undefined,
    );
  });
});

describe("reads never write", () => {
  test("an overdue PENDING charge reads as EXPIRED everywhere, is counted as EXPIRED, and no read changes a row", async () => {
    const account = await app.createMerchant({ name: "Loja Vencida" });
    const create = async (amount: number) =>
      (await app.request("POST", "/charges", { token: account.clientSecret, body: { amount } })).body.id as string;
    const overdue = await create(1);
    const live = await create(2);
    const paid = await create(3);
    await pay(paid);
    const swept = await create(4);
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = ANY($1)", [
      [overdue, swept],
    ]);
    await app.services.db.query("UPDATE charges SET status = 'EXPIRED' WHERE id = $1", [swept]);
    const snapshot = async () =>
      app.services.db.query(
        `SELECT (SELECT string_agg(id || ':' || status || ':' || xmin::text, ',' ORDER BY id) FROM charges) AS charges,
                (SELECT string_agg(company_id || list || status || slot || ':' || n || ':' || xmin::text, ',' ORDER BY 1)
                   FROM list_counters) AS counters`,
      );
    const before = await snapshot();

    const token = account.clientSecret;
    const rest = async (query: string) => (await app.request("GET", `/charges${query}`, { token })).body;
    const all = await rest("");
    assert.equal(all.total, 4);
    assert.equal(all.data.find((charge: { id: string }) => charge.id === overdue).status, "EXPIRED");
    const pending = await rest("?status=PENDING");
    assert.deepEqual([pending.total, pending.data.map((charge: { id: string }) => charge.id)], [1, [live]]);
    const expired = await rest("?status=EXPIRED");
    assert.equal(expired.total, 2);
    assert.deepEqual(expired.data.map((charge: { id: string }) => charge.id).sort(), [overdue, swept].sort());
    assert.ok(expired.data.every((charge: { status: string }) => charge.status === "EXPIRED"));
    assert.equal((await rest("?status=PAID")).total, 1);
    assert.equal((await app.request("GET", `/charges/${overdue}`, { token })).body.status, "EXPIRED");
    const [{ location_id: location }] = await app.services.db.query("SELECT location_id FROM charges WHERE id = $1", [
      overdue,
    ]);
    assert.equal((await app.request("GET", `/pix/v2/${location}`)).body.status, "REMOVIDA_PELO_PSP");
    const gql = await app.graphql(
      `query($c: ID) { p: charges(companyId: $c, status: PENDING) { total } e: charges(companyId: $c, status: EXPIRED, first: 10) { total data { status } }
                       s: search(query: "${overdue}") { charges { status } } }`,
      { c: account.companyId },
    );
    assert.deepEqual(gql.data, {
      p: { total: 1 },
      e: { total: 2, data: [{ status: "EXPIRED" }, { status: "EXPIRED" }] },
      s: { charges: [{ status: "EXPIRED" }] },
    });
    assert.deepEqual(await snapshot(), before, "a read changed a charge or a counter");

    // The sweep writes it; what readers see does not move.
    await app.services.charges.expireOverdueCharges();
    assert.equal(
      (await app.services.db.query("SELECT status FROM charges WHERE id = $1", [overdue]))[0].status,
      "EXPIRED",
    );
    assert.equal((await rest("?status=EXPIRED")).total, 2);
    assert.equal((await rest("?status=PENDING")).total, 1);
    assert.equal((await rest("")).total, 4);
    await assertAuditConsistent(app, account.companyId);
  });
});

describe("totals", () => {
  test("counters stay exact under concurrent inserts and status changes", async () => {
    const accounts = [
      await app.createMerchant({ name: "Loja Corrida A" }),
      await app.createMerchant({ name: "Loja Corrida B" }),
    ];
    for (const account of accounts) await app.fund(account.companyId, "1000.00");
    let seed = 20261122;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const charges: Array<{ id: string; account: Merchant }> = [];
    const withdrawals: Array<{ id: string; account: Merchant }> = [];
    const step = async () => {
      const account = accounts[random(2)];
      const chargeOf = () => charges[random(charges.length)];
      const withdrawalOf = () => withdrawals[random(withdrawals.length)];
      switch (charges.length === 0 ? 0 : random(10)) {
        case 0:
        case 1: {
          const res = await app.request("POST", "/charges", {
            token: account.clientSecret,
            body: { amount: 1 + random(50) },
          });
          if (res.status === 201) charges.push({ id: res.body.id, account });
          return;
        }
        case 2:
        case 3:
          await app.graphql(`mutation { simulateChargePayment(chargeId: "${chargeOf().id}") { id } }`);
          return;
        case 4:
          await app.graphql(`mutation { cancelCharge(id: "${chargeOf().id}") { id } }`);
          return;
        case 5:
          await app.services.db.query("UPDATE charges SET expires_at = now() WHERE id = $1", [chargeOf().id]);
          await app.services.charges.expireOverdueCharges();
          return;
        case 6: {
          const res = await app.request("POST", "/withdrawals", {
            token: account.clientSecret,
            body: { amount: 1 + random(5), pix_key_type: "CPF", pix_key: "52998224725" },
            headers: { "idempotency-key": newUuid() },
          });
          if (res.status === 201) withdrawals.push({ id: res.body.id, account });
          return;
        }
        case 7:
          if (withdrawals.length) await approve(app, withdrawalOf().id);
          return;
        case 8:
          if (withdrawals.length)
            await app.graphql(
              `mutation { simulateWithdrawalOutcome(id: "${withdrawalOf().id}", outcome: ${random(2) ? "PAID" : "FAILED"}) { id } }`,
            );
          return;
        default: {
          const target = chargeOf();
          await app.graphql(
            random(2)
              ? `mutation { reserveCharge(id: "${target.id}", reason: "race") { id } }`
              : `mutation { releaseCharge(id: "${target.id}") { id } }`,
          );
        }
      }
    };
    // 10 at a time, 300 steps.
    for (let round = 0; round < 30; round++) await Promise.all(Array.from({ length: 10 }, step));

    for (const account of accounts) {
      const audit = await app.graphql(
        `query($c: ID!) { balanceAudit(companyId: $c) { consistent listCountersConsistent dailyVolumesConsistent } }`,
        { c: account.companyId },
      );
      assert.deepEqual(audit.data.balanceAudit, {
        consistent: true,
        listCountersConsistent: true,
        dailyVolumesConsistent: true,
      });
      for (const [list, statuses] of [
        ["charges", ["PENDING", "PAID", "EXPIRED", "CANCELLED"]],
        ["withdrawals", ["PENDING", "PROCESSING", "PAID", "FAILED", "CANCELLED"]],
      ] as const) {
        const counted: Array<{ status: string; n: number }> = await app.services.db.query(
          `SELECT status, count(*)::int AS n FROM ${list} WHERE company_id = $1 GROUP BY status`,
          [account.companyId],
        );
        for (const status of statuses) {
          const res = await app.request("GET", `/${list}?status=${status}&limit=1`, { token: account.clientSecret });
          const exact = counted.find((row) => row.status === status)?.n ?? 0;
          assert.equal(res.body.total, exact, `${list} ${status}`);
        }
        const all = await app.request("GET", `/${list}?limit=1`, { token: account.clientSecret });
        assert.equal(
          all.body.total,
          counted.reduce((sum, row) => sum + row.n, 0),
          `${list} all`,
        );
      }
    }
    const everyAccount = await app.graphql(`{ charges(status: PAID, limit: 1) { total totalCapped } }`);
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges WHERE status = 'PAID'");
    assert.deepEqual(everyAccount.data.charges, { total: n, totalCapped: false });
  });

  test("totals with filters the counters do not keep are counted up to 10,000", async () => {
    const result = await app.graphql(
      `query($c: ID!) { charges(companyId: $c, reserved: false) { total totalCapped } }`,
      { c: merchant.companyId },
    );
    const [{ n }] = await app.services.db.query(
      "SELECT count(*)::int AS n FROM charges WHERE company_id = $1 AND NOT reserved",
      [merchant.companyId],
    );
    assert.deepEqual(result.data.charges, { total: n, totalCapped: false });
  });
});

describe("the console's filters", () => {
  test("a merchant sees only its own account and cannot name another one", async () => {
    const own = await app.graphql(
      `{ ledgerEntries { data { companyId } } webhookDeliveries { data { companyId } } }`,
      {},
      merchant.clientSecret,
    );
    assert.ok(
      own.data.ledgerEntries.data.every((entry: { companyId: string }) => entry.companyId === merchant.companyId),
    );
    assert.ok(
      own.data.webhookDeliveries.data.every((event: { companyId: string }) => event.companyId === merchant.companyId),
    );
    for (const query of [
      `{ charges(companyId: "${other.companyId}") { total } }`,
      `{ ledgerEntries(companyId: "${other.companyId}") { total } }`,
      `{ merchantOverview(companyId: "${other.companyId}") { balance } }`,
    ]) {
      assert.equal(
        (await app.graphql(query, {}, merchant.clientSecret)).errors?.[0].extensions.code,
        "FORBIDDEN",
        query,
      );
    }
    assert.equal((await app.graphql(`{ ledgerEntries { total } }`)).errors?.[0].extensions.code, "VALIDATION_ERROR");
  });

  test("the created range includes its start and excludes its end", async () => {
    const [first, second] = await app.services.db.query(
      "SELECT DISTINCT created_at FROM charges WHERE company_id = $1 ORDER BY created_at LIMIT 2",
      [merchant.companyId],
    );
    const expected = await sqlIds(
      "SELECT id FROM charges WHERE company_id = $1 AND created_at = $2 ORDER BY created_at DESC, id DESC",
      [merchant.companyId, first.created_at],
    );
    const result = await app.graphql(
      `query($from: DateTimeISO, $to: DateTimeISO) { charges(createdFrom: $from, createdTo: $to, first: 10) { data { id } total } }`,
      { from: first.created_at.toISOString(), to: second.created_at.toISOString() },
      merchant.clientSecret,
    );
    assert.deepEqual(result.data.charges, { data: expected.map((id) => ({ id })), total: expected.length });
  });

  test("a withdrawal's detail page: its history and its webhook events by subjectId", async () => {
    const [withdrawal] = await sqlIds("SELECT id FROM withdrawals WHERE company_id = $1 AND status = 'PROCESSING'", [
      merchant.companyId,
    ]);
    const result = await app.graphql(
      `query($id: ID!) { withdrawalHistory(id: $id) { toStatus } webhookDeliveries(subjectId: $id) { data { event } total } }`,
      { id: withdrawal },
      merchant.clientSecret,
    );
    assert.deepEqual(
      result.data.withdrawalHistory.map((t: { toStatus: string }) => t.toStatus),
      ["PENDING", "PROCESSING"],
    );
    assert.deepEqual(result.data.webhookDeliveries, {
      data: [{ event: "withdrawal.processing" }, { event: "withdrawal.pending" }],
      total: 2,
    });
    const [charge] = await sqlIds("SELECT id FROM charges WHERE company_id = $1 AND status = 'PAID' LIMIT 1", [
      merchant.companyId,
    ]);
    const paid = await app.graphql(
      `{ webhookDeliveries(subjectId: "chg_${charge}") { data { event } } }`,
      {},
      merchant.clientSecret,
    );
    assert.deepEqual(paid.data.webhookDeliveries.data, [{ event: "charge.paid" }]);
  });
});
