import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { isoDate, saoPauloDay } from "../billing/business-days";
import { PAYER_PAGE_MISSES } from "./payer-page.service";

/**
 * CONTRACT §13, the payer's page: every charge's payment_url, what the page shows (and only
 * that), its states, the merchant's display name, its live stream, and the limits that keep
 * tokens from being guessed.
 */
let app: TestApp;
let merchant: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant({ name: "Padaria Pão Quente" });
  other = await app.createMerchant({ name: "Outra Loja" });
});
after(() => app?.close());

const PAGE_FIELDS = "accountName status type amount description dueDate expiresAt pixCode paidAt sandbox";
const PAYER_PAGE = `query($token: String!) { payerPage(token: $token) { ${PAGE_FIELDS} } }`;

const tokenOf = (charge: { payment_url: string }) => charge.payment_url.split("/pay/")[1];

async function newCharge(
  body: Record<string, unknown> = { amount: 25.9, description: "Pão de queijo" },
  who = merchant,
) {
  const res = await app.request("POST", "/charges", { token: who.clientSecret, body });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** The page as a payer reads it: no credential, no cookie. */
async function payerPage(token: string, target: TestApp = app, headers: Record<string, string> = {}) {
  const res = await target.request("POST", "/graphql", { body: { query: PAYER_PAGE, variables: { token } }, headers });
  return res.body as {
    data: { payerPage: Record<string, unknown> } | null;
    errors?: Array<{ extensions: { code: string } }>;
  };
}

async function simulatePayment(chargeId: string) {
  const result = await app.graphql(
    'mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Maria", payerDocument: "52998224725") { status } }',
    { id: chargeId },
  );
  assert.equal(result.data?.simulateChargePayment.status, "PAID", JSON.stringify(result));
}

describe("payment_url", () => {
  test("every charge has its own: {PUBLIC_BASE_URL}/pay/<24 characters of base64url>, the same on every read", async () => {
    const first = await newCharge();
    const second = await newCharge();
    const base = app.services.config.publicBaseUrl;
    for (const charge of [first, second])
      assert.match(charge.payment_url, new RegExp(`^${base}/pay/[A-Za-z0-9_-]{24}$`));
    assert.notEqual(first.payment_url, second.payment_url);
    const read = await app.request("GET", `/charges/${first.id}`, { token: merchant.clientSecret });
    assert.equal(read.body.payment_url, first.payment_url);
    const list = await app.request("GET", "/charges?limit=5", { token: merchant.clientSecret });
    assert.equal(
      list.body.data.find((charge: { id: string }) => charge.id === first.id).payment_url,
      first.payment_url,
    );
    const gql = await app.graphql("query($id: ID!) { charge(id: $id) { paymentUrl } }", { id: first.id });
    assert.equal(gql.data.charge.paymentUrl, first.payment_url);
  });

  test("a token names one charge: the database refuses a second charge with a taken token", async () => {
    const first = await newCharge();
    const second = await newCharge();
    await assert.rejects(
      app.services.db.query("UPDATE charges SET payment_token = $1 WHERE id = $2", [tokenOf(first), second.id]),
      /charges_payment_token/,
    );
  });
});

describe("what the page shows", () => {
  test("a PENDING immediate charge: the account's name, amount, description, expiry, code and status, nothing else", async () => {
    const charge = await newCharge();
    const page = await payerPage(tokenOf(charge));
    assert.equal(page.errors, undefined, JSON.stringify(page.errors));
    assert.deepEqual(page.data?.payerPage, {
      accountName: "Padaria Pão Quente",
      status: "PENDING",
      type: "IMMEDIATE",
      amount: "25.90",
      description: "Pão de queijo",
      dueDate: null,
      expiresAt: charge.expires_at,
      pixCode: charge.pix_code,
      paidAt: null,
      sandbox: true,
    });
  });

  test("the type has no field of the account or the payer to ask for", async () => {
    const charge = await newCharge();
    for (const field of [
      "id",
      "companyId",
      "payerName",
      "payerDocument",
      "payer",
      "fee",
      "txid",
      "e2eId",
      "metadata",
    ]) {
      const res = await app.request("POST", "/graphql", {
        body: {
          query: `query($token: String!) { payerPage(token: $token) { ${field} } }`,
          variables: { token: tokenOf(charge) },
        },
      });
      assert.equal(res.body.data ?? null, null, field);
      assert.match(res.body.errors[0].message, new RegExp(`Cannot query field "${field}"`), field);
    }
  });

  test("a due-date charge: today's amount due (its discount taken off) and its due date", async () => {
    const today = saoPauloDay(new Date());
    const charge = await newCharge({
      amount: 150,
      description: "Mensalidade",
      due_date: isoDate(today + 20),
      payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
      discount: { mode: "FIXED_UNTIL_DATES", dates: [{ date: isoDate(today + 10), value: 5 }] },
    });
    const page = (await payerPage(tokenOf(charge))).data?.payerPage;
    assert.equal(page?.type, "DUE_DATE");
    assert.equal(page?.amount, "145.00");
    assert.equal(page?.dueDate, isoDate(today + 20));
    // The payer's name and document stay off the page.
    assert.doesNotMatch(JSON.stringify(page), /Maria|52998224725/);
  });

  test("PAID: what was paid and when, and the code no longer", async () => {
    const charge = await newCharge();
    await simulatePayment(charge.id);
    const page = (await payerPage(tokenOf(charge))).data?.payerPage;
    assert.equal(page?.status, "PAID");
    assert.equal(page?.amount, "25.90");
    assert.equal(page?.pixCode, null);
    assert.match(String(page?.paidAt), /^\d{4}-\d\d-\d\dT/);
    assert.doesNotMatch(JSON.stringify(page), /Maria|52998224725/);
  });

  test("CANCELLED and EXPIRED (read as expired before the sweep writes it)", async () => {
    const cancelled = await newCharge();
    const res = await app.request("POST", `/charges/${cancelled.id}/cancel`, { token: merchant.clientSecret });
    assert.equal(res.status, 200, res.text);
    const cancelledPage = (await payerPage(tokenOf(cancelled))).data?.payerPage;
    assert.equal(cancelledPage?.status, "CANCELLED");
    assert.equal(cancelledPage?.pixCode, null);

    const expired = await newCharge();
    await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    const expiredPage = (await payerPage(tokenOf(expired))).data?.payerPage;
    assert.equal(expiredPage?.status, "EXPIRED");
    assert.equal(expiredPage?.pixCode, null);
  });

  test("an unknown, malformed or overlong token is NOT_FOUND", async () => {
    for (const token of ["A".repeat(24), "nope", "", "x".repeat(5000), "' OR 1=1 --"]) {
      const page = await payerPage(token);
      assert.equal(page.data, null, token);
      assert.equal(page.errors?.[0].extensions.code, "NOT_FOUND", token);
    }
  });

  test("another account's charge shows its own account's name, never the caller's", async () => {
    const charge = await newCharge({ amount: 3 }, other);
    const page = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: { query: PAYER_PAGE, variables: { token: tokenOf(charge) } },
    });
    assert.equal(page.body.data.payerPage.accountName, "Outra Loja");
  });
});

describe("the merchant's display name", () => {
  const SET = "mutation($name: String) { updatePayerPageSettings(displayName: $name) { displayName } }";

  test("shown in place of the account's name; blank or null gives the name back", async () => {
    const charge = await newCharge();
    const set = await app.gql(SET, { name: "  Pão Quente da Esquina  " }, { token: merchant.clientSecret });
    assert.equal(set.body.data.updatePayerPageSettings.displayName, "Pão Quente da Esquina");
    assert.equal((await payerPage(tokenOf(charge))).data?.payerPage.accountName, "Pão Quente da Esquina");
    const read = await app.gql("{ payerPageSettings { displayName } }", {}, { token: merchant.clientSecret });
    assert.equal(read.body.data.payerPageSettings.displayName, "Pão Quente da Esquina");
    // Only its own account's pages.
    const othersCharge = await newCharge({ amount: 1 }, other);
    assert.equal((await payerPage(tokenOf(othersCharge))).data?.payerPage.accountName, "Outra Loja");

    const cleared = await app.gql(SET, { name: "   " }, { token: merchant.clientSecret });
    assert.equal(cleared.body.data.updatePayerPageSettings.displayName, null);
    assert.equal((await payerPage(tokenOf(charge))).data?.payerPage.accountName, "Padaria Pão Quente");
  });

  test("more than 60 characters or a control character is VALIDATION_ERROR and changes nothing", async () => {
    await app.gql(SET, { name: "Nome Antes" }, { token: merchant.clientSecret });
    for (const name of ["x".repeat(61), "Nome\u0000"]) {
      const res = await app.gql(SET, { name }, { token: merchant.clientSecret });
      assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR", name);
    }
    const read = await app.gql("{ payerPageSettings { displayName } }", {}, { token: merchant.clientSecret });
    assert.equal(read.body.data.payerPageSettings.displayName, "Nome Antes");
    await app.gql(SET, { name: null }, { token: merchant.clientSecret });
  });

  test("an operator sets it for an account (audited); a payer without credential cannot", async () => {
    const res = await app.gql(
      'mutation($c: ID!) { updatePayerPageSettings(displayName: "Pela Operação", companyId: $c) { displayName } }',
      { c: other.companyId },
      { token: TEST_ADMIN_TOKEN },
    );
    assert.equal(res.body.data.updatePayerPageSettings.displayName, "Pela Operação");
    const audit = await app.services.db.query(
      "SELECT after FROM audit_log WHERE action = 'payer_page.display_name' AND company_id = $1",
      [other.companyId],
    );
    assert.deepEqual(audit.at(-1).after, { displayName: "Pela Operação" });
    const anonymous = await app.gql(SET, { name: "Invasor" });
    assert.equal(anonymous.body.errors[0].extensions.code, "UNAUTHENTICATED");
    await app.gql(
      "mutation($c: ID!) { updatePayerPageSettings(displayName: null, companyId: $c) { displayName } }",
      { c: other.companyId },
      { token: TEST_ADMIN_TOKEN },
    );
  });

  test("an operator naming an account that does not exist (or an empty id) gets NOT_FOUND, not a 5xx", async () => {
    for (const c of ["", "comp_doesNotExist"]) {
      const res = await app.gql(
        'mutation($c: ID!) { updatePayerPageSettings(displayName: "X", companyId: $c) { displayName } }',
        { c },
        { token: TEST_ADMIN_TOKEN },
      );
      assert.equal(res.body.errors?.[0].extensions.code, "NOT_FOUND", `${JSON.stringify(c)}: ${res.text}`);
    }
  });
});

interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/** A payer's stream: its events as they come. */
async function openPayerStream(target: TestApp, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${target.baseUrl}/live/pay/${token}`, { signal: controller.signal });
  const events: SseEvent[] = [];
  let ended = false;
  if (response.status === 200 && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let cut = buffer.indexOf("\n\n"); cut !== -1; cut = buffer.indexOf("\n\n")) {
            const lines = buffer.slice(0, cut).split("\n");
            buffer = buffer.slice(cut + 2);
            const field = (name: string) =>
              lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
            const event = field("event");
            if (event) events.push({ event, data: field("data") ?? "", id: field("id") });
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  }
  const next = async (name: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((event) => event.event === name);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${name} event; got ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { response, events, next, ended: () => ended, close: () => controller.abort() };
}

describe("GET /live/pay/<token>", () => {
  test("tells the page its charge changed, within moments, then ends: it waits no more", async () => {
    const charge = await newCharge();
    const unrelated = await newCharge();
    const stream = await openPayerStream(app, tokenOf(charge));
    assert.equal(stream.response.status, 200);
    assert.equal(stream.response.headers.get("content-type"), "text/event-stream; charset=utf-8");
    assert.match(stream.response.headers.get("cache-control") ?? "", /no-store/);
    await stream.next("ready");
    // Another charge of the same account is none of this payer's business.
    await simulatePayment(unrelated.id);
    const started = Date.now();
    await simulatePayment(charge.id);
    const change = await stream.next("change", 2000);
    assert.ok(Date.now() - started < 2000);
    // Only that its charge changed: no charge id, no event id (the page shows neither).
    assert.deepEqual(JSON.parse(change.data), { type: "charge.paid" });
    assert.equal(change.id, null);
    assert.equal(stream.events.filter((event) => event.event === "change").length, 1);
    assert.deepEqual(JSON.parse((await stream.next("end")).data), { reason: "final" });
    stream.close();
  });

  test("a final charge ends at once; an unknown token is 404 JSON", async () => {
    const charge = await newCharge();
    await simulatePayment(charge.id);
    const stream = await openPayerStream(app, tokenOf(charge));
    assert.deepEqual(JSON.parse((await stream.next("end")).data), { reason: "final" });
    stream.close();
    const unknown = await fetch(`${app.baseUrl}/live/pay/${"B".repeat(24)}`);
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).code, "NOT_FOUND");
  });
});

describe("limits (RATE_LIMIT_RPS on)", () => {
  let limited: TestApp;
  before(async () => {
    limited = await startTestApp(
      { RATE_LIMIT_RPS: "1000" },
      { databaseUrl: app.databaseUrl, live: { maxPayerStreamsPerAddress: 2 } },
    );
  });
  after(() => limited?.close());

  test("guessing: once an address has missed PAYER_PAGE_MISSES times, even a real token is RATE_LIMITED", async () => {
    const charge = await newCharge();
    assert.equal((await payerPage(tokenOf(charge), limited)).data?.payerPage.status, "PENDING");
    for (let miss = 1; miss <= PAYER_PAGE_MISSES.points; miss += 1) {
      const page = await payerPage(`guess${String(miss).padStart(19, "0")}`, limited);
      assert.equal(page.errors?.[0].extensions.code, "NOT_FOUND", `miss ${miss}`);
    }
    const guess = await payerPage("guess-after-the-budget00", limited);
    assert.equal(guess.errors?.[0].extensions.code, "RATE_LIMITED");
    const real = await payerPage(tokenOf(charge), limited);
    assert.equal(real.errors?.[0].extensions.code, "RATE_LIMITED");
    const stream = await fetch(`${limited.baseUrl}/live/pay/${tokenOf(charge)}`);
    assert.equal(stream.status, 429);
    assert.ok(Number(stream.headers.get("retry-after")) > 0);
    await stream.body?.cancel();
  });

  test("streams per address are capped (429), and others' pages are unaffected", async () => {
    await app.services.db.query("DELETE FROM rate_limits");
    const fresh = await startTestApp(
      { RATE_LIMIT_RPS: "1000" },
      { databaseUrl: app.databaseUrl, live: { maxPayerStreamsPerAddress: 2 } },
    );
    try {
      const charge = await newCharge();
      const first = await openPayerStream(fresh, tokenOf(charge));
      const second = await openPayerStream(fresh, tokenOf(charge));
      await first.next("ready");
      await second.next("ready");
      const third = await fetch(`${fresh.baseUrl}/live/pay/${tokenOf(charge)}`);
      assert.equal(third.status, 429);
      assert.equal((await third.json()).code, "RATE_LIMITED");
      first.close();
      second.close();
    } finally {
      await fresh.close();
    }
  });
});
