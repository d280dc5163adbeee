import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { LINK_CHARGES_PER_ADDRESS, LINK_CHARGES_PER_LINK, MAX_OPEN_CHARGES_PER_LINK } from "./payment-links.service";

/**
 * CONTRACT §13, payment links: the merchant's REST surface, the payer's confirm (a charge of
 * the link's account, payable for an hour, shown on its payer's page), the link's counts,
 * single-use and reusable links, and the limits that keep a link from flooding its account.
 */
let app: TestApp;
let merchant: Merchant;
let other: Merchant;
let addressSeq = 0;

before(async () => {
  // The payers' addresses come from X-Forwarded-For, believed from the loopback proxy (the test).
  app = await startTestApp({ TRUST_PROXY: "loopback" });
  merchant = await app.createMerchant({ name: "Sorveteria Gelato" });
  other = await app.createMerchant({ name: "Outra Loja" });
});
after(() => app?.close());

/** A payer's address of its own, so that the per-address limit is a test's own. */
const newAddress = () => {
  addressSeq += 1;
  return `198.51.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

const LINK_FIELDS = [
  "id",
  "url",
  "status",
  "description",
  "amount",
  "min_amount",
  "max_amount",
  "reusable",
  "expires_at",
  "charges_count",
  "paid_count",
  "paid_total",
  "created_at",
];

async function newLink(body: Record<string, unknown>, who = merchant) {
  const res = await app.request("POST", "/payment-links", { token: who.clientSecret, body });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

const tokenOf = (link: { url: string }) => link.url.split("/l/")[1];

async function confirm(token: string, amount?: string, address = newAddress()) {
  const res = await app.request("POST", "/graphql", {
    body: {
      query:
        "mutation($token: String!, $amount: Money) { confirmPaymentLink(token: $token, amount: $amount) { paymentUrl } }",
      variables: { token, amount },
    },
    headers: { "x-forwarded-for": address },
  });
  return res.body as {
    data: { confirmPaymentLink: { paymentUrl: string } } | null;
    errors?: Array<{ message: string; extensions: { code: string; reason?: string } }>;
  };
}

async function confirmed(token: string, amount?: string, address?: string): Promise<string> {
  const answer = await confirm(token, amount, address);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return (answer.data as { confirmPaymentLink: { paymentUrl: string } }).confirmPaymentLink.paymentUrl;
}

async function chargeOfPage(paymentUrl: string) {
  const [row] = await app.services.db.query("SELECT id FROM charges WHERE payment_token = $1", [
    paymentUrl.split("/pay/")[1],
  ]);
  const res = await app.request("GET", `/charges/${row.id}`, { token: merchant.clientSecret });
  return res.body;
}

async function readLink(id: string, who = merchant) {
  return (await app.request("GET", `/payment-links/${id}`, { token: who.clientSecret })).body;
}

async function pay(chargeId: string) {
  const result = await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", {
    id: chargeId,
  });
  assert.equal(result.data?.simulateChargePayment.status, "PAID", JSON.stringify(result));
}

describe("POST /payment-links", () => {
  test("201: a fixed amount, single-use by default, its fields in the contract's order", async () => {
    const link = await newLink({ description: "Açaí 500 ml", amount: 18.5 });
    assert.deepEqual(Object.keys(link), LINK_FIELDS);
    assert.match(link.id, /^pl_[A-Za-z0-9]{24}$/);
    assert.match(link.url, new RegExp(`^${app.services.config.publicBaseUrl}/l/[A-Za-z0-9_-]{24}$`));
    assert.equal(link.status, "ACTIVE");
    assert.equal(link.amount, 18.5);
    assert.equal(link.min_amount, null);
    assert.equal(link.max_amount, null);
    assert.equal(link.reusable, false);
    assert.equal(link.expires_at, null);
    assert.deepEqual([link.charges_count, link.paid_count, link.paid_total], [0, 0, 0]);
    assert.deepEqual(await readLink(link.id), link);
  });

  test("without amount: the payer types one between min_amount and max_amount (defaults 1.00 and 99999999.99)", async () => {
    const open = await newLink({ description: "Doação", reusable: true });
    assert.equal(open.amount, null);
    assert.equal(open.min_amount, 1);
    assert.equal(open.max_amount, 99999999.99);
    const bounded = await newLink({ description: "Gorjeta", min_amount: 5, max_amount: 50 });
    assert.deepEqual([bounded.min_amount, bounded.max_amount], [5, 50]);
  });

  test("400 VALIDATION_ERROR, nothing made", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: Array<Record<string, unknown>> = [
      {},
      { description: "" },
      { description: "x".repeat(141) },
      { description: "A", amount: 0 },
      { description: "A", amount: 10.001 },
      { description: "A", amount: 10, min_amount: 5 },
      { description: "A", min_amount: 50, max_amount: 5 },
      { description: "A", min_amount: 0 },
      { description: "A", expires_at: new Date(Date.now() - 1000).toISOString() },
      { description: "A", expires_at: "amanhã" },
      { description: "A", reusable: "yes" },
      { description: "A", amount: 10, expires_at: future, color: "blue" },
    ];
    const before = await app.request("GET", "/payment-links", { token: merchant.clientSecret });
    for (const body of cases) {
      const res = await app.request("POST", "/payment-links", { token: merchant.clientSecret, body });
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR", JSON.stringify(body));
    }
    const after = await app.request("GET", "/payment-links", { token: merchant.clientSecret });
    assert.equal(after.body.total, before.body.total);
  });

  test("401 without a credential", async () => {
    const res = await app.request("POST", "/payment-links", { body: { description: "A" } });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, "UNAUTHENTICATED");
  });
});

describe("reads and deactivation", () => {
  test("GET /payment-links lists the account's own, newest first, with an exact total", async () => {
    const first = await newLink({ description: "Primeiro", amount: 1 }, other);
    const second = await newLink({ description: "Segundo", amount: 2 }, other);
    const res = await app.request("GET", "/payment-links?limit=10", { token: other.clientSecret });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((link: { id: string }) => link.id),
      [second.id, first.id],
    );
    assert.equal(res.body.total, 2);
    assert.deepEqual(Object.keys(res.body), ["data", "total", "limit", "offset"]);
    const bad = await app.request("GET", "/payment-links?limit=0", { token: other.clientSecret });
    assert.equal(bad.status, 400);
  });

  test("another account's link is 404, as a missing one", async () => {
    const link = await newLink({ description: "Meu", amount: 1 }, other);
    for (const path of [`/payment-links/${link.id}`, "/payment-links/pl_nope"]) {
      const res = await app.request("GET", path, { token: merchant.clientSecret });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.code, "NOT_FOUND");
    }
    const deactivate = await app.request("POST", `/payment-links/${link.id}/deactivate`, {
      token: merchant.clientSecret,
    });
    assert.equal(deactivate.status, 404);
    assert.equal((await readLink(link.id, other)).status, "ACTIVE");
  });

  test("deactivate: ACTIVE -> INACTIVE, then 409 INVALID_STATE; its page makes no charge (LINK_INACTIVE)", async () => {
    const link = await newLink({ description: "Fim", amount: 3, reusable: true });
    const waiting = await chargeOfPage(await confirmed(tokenOf(link)));
    const res = await app.request("POST", `/payment-links/${link.id}/deactivate`, { token: merchant.clientSecret });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, "INACTIVE");
    const again = await app.request("POST", `/payment-links/${link.id}/deactivate`, { token: merchant.clientSecret });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, "INVALID_STATE");
    const refused = await confirm(tokenOf(link));
    assert.equal(refused.errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal(refused.errors?.[0].extensions.reason, "LINK_INACTIVE");
    // A charge made before stays payable, and counts.
    await pay(waiting.id);
    const read = await readLink(link.id);
    assert.deepEqual([read.status, read.charges_count, read.paid_count, read.paid_total], ["INACTIVE", 1, 1, 3]);
  });

  test("past expires_at it reads EXPIRED and makes no charge (LINK_EXPIRED)", async () => {
    const link = await newLink({
      description: "Promoção",
      amount: 9.9,
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await app.services.db.query("UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE id = $1", [
      link.id,
    ]);
    assert.equal((await readLink(link.id)).status, "EXPIRED");
    const refused = await confirm(tokenOf(link));
    assert.equal(refused.errors?.[0].extensions.reason, "LINK_EXPIRED");
    const deactivate = await app.request("POST", `/payment-links/${link.id}/deactivate`, {
      token: merchant.clientSecret,
    });
    assert.equal(deactivate.status, 409);
  });
});

describe("a payer confirms", () => {
  test("a charge of the link's account: its amount and description, payment_link_id, payable for an hour", async () => {
    const link = await newLink({ description: "Casquinha", amount: 7.5, reusable: true });
    const started = Date.now();
    const paymentUrl = await confirmed(tokenOf(link));
    assert.match(paymentUrl, new RegExp(`^${app.services.config.publicBaseUrl}/pay/[A-Za-z0-9_-]{24}$`));
    const charge = await chargeOfPage(paymentUrl);
    assert.equal(charge.payment_link_id, link.id);
    assert.equal(charge.amount, 7.5);
    assert.equal(charge.description, "Casquinha");
    assert.equal(charge.type, "IMMEDIATE");
    assert.equal(charge.payment_url, paymentUrl);
    const lifetime = new Date(charge.expires_at).getTime() - started;
    assert.ok(lifetime > 3590_000 && lifetime <= 3605_000, String(lifetime));
    assert.equal((await readLink(link.id)).charges_count, 1);
  });

  test("the link's page shows its account's display name, description and amount, nothing else", async () => {
    await app.gql(
      'mutation { updatePayerPageSettings(displayName: "Gelato da Praça") { displayName } }',
      {},
      {
        token: merchant.clientSecret,
      },
    );
    const link = await newLink({ description: "Picolé", min_amount: 2, max_amount: 20 });
    const res = await app.request("POST", "/graphql", {
      body: {
        query:
          "query($t: String!) { paymentLinkPage(token: $t) { accountName description status amount minAmount maxAmount sandbox } }",
        variables: { t: tokenOf(link) },
      },
    });
    assert.deepEqual(res.body.data.paymentLinkPage, {
      accountName: "Gelato da Praça",
      description: "Picolé",
      status: "ACTIVE",
      amount: null,
      minAmount: "2.00",
      maxAmount: "20.00",
      sandbox: true,
    });
    const probe = await app.request("POST", "/graphql", {
      body: { query: "query($t: String!) { paymentLinkPage(token: $t) { id } }", variables: { t: tokenOf(link) } },
    });
    assert.match(probe.body.errors[0].message, /Cannot query field "id"/);
    await app.gql(
      "mutation { updatePayerPageSettings(displayName: null) { displayName } }",
      {},
      {
        token: merchant.clientSecret,
      },
    );
  });

  test("single-use: confirming again answers the same waiting charge; once paid it is COMPLETED (LINK_COMPLETED)", async () => {
    const link = await newLink({ description: "Bolo inteiro", amount: 80 });
    const first = await confirmed(tokenOf(link));
    assert.equal(await confirmed(tokenOf(link)), first);
    assert.equal((await readLink(link.id)).charges_count, 1);
    const charge = await chargeOfPage(first);
    await pay(charge.id);
    const read = await readLink(link.id);
    assert.deepEqual([read.status, read.charges_count, read.paid_count, read.paid_total], ["COMPLETED", 1, 1, 80]);
    const refused = await confirm(tokenOf(link));
    assert.equal(refused.errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal(refused.errors?.[0].extensions.reason, "LINK_COMPLETED");
  });

  test("single-use with a typed amount: another amount while one waits is 409 LINK_IN_USE", async () => {
    const link = await newLink({ description: "Encomenda", min_amount: 10, max_amount: 100 });
    const first = await confirmed(tokenOf(link), "25.00");
    assert.equal(await confirmed(tokenOf(link), "25.00"), first);
    const other = await confirm(tokenOf(link), "30.00");
    assert.equal(other.errors?.[0].extensions.code, "INVALID_STATE");
    assert.equal(other.errors?.[0].extensions.reason, "LINK_IN_USE");
  });

  test("single-use, confirmed five times at once: one charge, the same page for all", async () => {
    const link = await newLink({ description: "Último ingresso", amount: 120 });
    const urls = await Promise.all(Array.from({ length: 5 }, () => confirmed(tokenOf(link))));
    assert.equal(new Set(urls).size, 1);
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges WHERE payment_link_id = $1", [
      link.id,
    ]);
    assert.equal(n, 1);
    assert.equal((await readLink(link.id)).charges_count, 1);
  });

  test("reusable: each confirm is a charge of its own; the link counts them and sums what was paid", async () => {
    const link = await newLink({ description: "Contribuição", reusable: true, min_amount: 1, max_amount: 500 });
    const a = await chargeOfPage(await confirmed(tokenOf(link), "10.00"));
    const b = await chargeOfPage(await confirmed(tokenOf(link), "32.15"));
    await chargeOfPage(await confirmed(tokenOf(link), "5.00"));
    assert.notEqual(a.id, b.id);
    await pay(a.id);
    await pay(b.id);
    const read = await readLink(link.id);
    assert.deepEqual([read.status, read.charges_count, read.paid_count, read.paid_total], ["ACTIVE", 3, 2, 42.15]);
    const list = await app.request("GET", "/payment-links?limit=100", { token: merchant.clientSecret });
    assert.equal(list.body.data.find((row: { id: string }) => row.id === link.id).paid_total, 42.15);
  });

  test("the amount: a fixed link's own only; a typed one required and within the limits (400)", async () => {
    const fixed = await newLink({ description: "Fixo", amount: 10, reusable: true });
    assert.equal((await confirm(tokenOf(fixed), "11.00")).errors?.[0].extensions.code, "VALIDATION_ERROR");
    await confirmed(tokenOf(fixed), "10.00");
    const open = await newLink({ description: "Livre", min_amount: 5, max_amount: 50, reusable: true });
    for (const amount of [undefined, "4.99", "50.01", "-1", "0"]) {
      const answer = await confirm(tokenOf(open), amount);
      assert.match(String(answer.errors?.[0].extensions.code), /VALIDATION_ERROR|BAD_USER_INPUT/, String(amount));
    }
    await confirmed(tokenOf(open), "5.00");
    await confirmed(tokenOf(open), "50.00");
    assert.equal((await readLink(open.id)).charges_count, 2);
  });

  test("an unknown token is NOT_FOUND", async () => {
    for (const token of ["C".repeat(24), "x", "y".repeat(300)]) {
      const answer = await confirm(token, "10.00");
      assert.equal(answer.errors?.[0].extensions.code, "NOT_FOUND", token);
    }
  });
});

describe("a link cannot flood its account", () => {
  test(`per address: ${LINK_CHARGES_PER_ADDRESS.points} charges in 10 minutes, then RATE_LIMITED`, async () => {
    const link = await newLink({ description: "Rifa", amount: 1, reusable: true });
    const address = newAddress();
    for (let i = 0; i < LINK_CHARGES_PER_ADDRESS.points; i += 1) await confirmed(tokenOf(link), undefined, address);
    const refused = await confirm(tokenOf(link), undefined, address);
    assert.equal(refused.errors?.[0].extensions.code, "RATE_LIMITED");
    // Another payer is not held back by it.
    await confirmed(tokenOf(link));
  });

  test(`per link: at most ${MAX_OPEN_CHARGES_PER_LINK} waiting at once and ${LINK_CHARGES_PER_LINK.points} in 10 minutes`, async () => {
    const link = await newLink({ description: "Viral", amount: 2, reusable: true });
    const made: string[] = [];
    for (let i = 0; i < MAX_OPEN_CHARGES_PER_LINK; i += 1) made.push(await confirmed(tokenOf(link)));
    const full = await confirm(tokenOf(link));
    assert.equal(full.errors?.[0].extensions.code, "RATE_LIMITED");
    assert.equal((await readLink(link.id)).charges_count, MAX_OPEN_CHARGES_PER_LINK);
    // Once they stop waiting (here: cancelled by the merchant), more can be made, up to the link's rate.
    await app.services.db.query(
      "UPDATE charges SET status = 'CANCELLED', cancelled_at = now() WHERE payment_link_id = $1",
      [link.id],
    );
    // The refused one above spent a point of the link's rate too.
    for (let i = MAX_OPEN_CHARGES_PER_LINK + 1; i < LINK_CHARGES_PER_LINK.points; i += 1)
      await confirmed(tokenOf(link));
    const limited = await confirm(tokenOf(link));
    assert.equal(limited.errors?.[0].extensions.code, "RATE_LIMITED");
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM charges WHERE payment_link_id = $1", [
      link.id,
    ]);
    assert.equal(n, LINK_CHARGES_PER_LINK.points - 1);
  });
});
