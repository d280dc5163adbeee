import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { fundedMerchant, waitFor } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { WebhookEndpoints1766300000100 } from "../migrations/1766300000100-webhook-endpoints";
import { WebhookEndpointFailures1766300000200 } from "../migrations/1766300000200-webhook-endpoint-failures";
import { startBackgroundWork } from "../worker";

let app: TestApp;
let work: { stop(): Promise<void> };
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ WEBHOOK_RETRY_SCHEDULE: "200ms", WEBHOOK_TIMEOUT_MS: "2000" });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
  await receiver.close();
});

let pathCounter = 0;
const nextPath = (name: string) => {
  pathCounter += 1;
  return `/${name}${pathCounter}`;
};

/** Verifies as a Standard Webhooks receiver would, with the official library, from the raw body. */
function verifyStandard(webhook: { body: string; headers: Record<string, unknown> }, secret: string) {
  return new Webhook(secret).verify(webhook.body, {
    "webhook-id": String(webhook.headers["webhook-id"]),
    "webhook-timestamp": String(webhook.headers["webhook-timestamp"]),
    "webhook-signature": String(webhook.headers["webhook-signature"]),
  }) as Record<string, unknown>;
}

/** Section 4's signature: parse, drop `signature`, re-serialise, HMAC with the secret as shown. */
function sectionFourSignature(rawBody: string, secret: string): string {
  const { signature: _signature, ...unsigned } = JSON.parse(rawBody);
  return createHmac("sha256", secret).update(JSON.stringify(unsigned)).digest("hex");
}

const createEndpoint = (merchant: Merchant, body: unknown) =>
  app.request("POST", "/webhook-endpoints", { token: merchant.clientSecret, body });

async function endpointOf(merchant: Merchant, url: string, events: string[] = ["*"]) {
  const res = await createEndpoint(merchant, { url, events });
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; url: string; events: string[]; secret: string; status: string; created_at: string };
}

async function deliveriesOf(merchant: Merchant, args = "") {
  const result = await app.graphql(
    `query { webhookDeliveries${args} { total data { eventId endpointId event status attemptCount
       attempts { attemptNumber endpointId manual url responseStatus } } } }`,
    {},
    merchant.clientSecret,
  );
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data.webhookDeliveries as {
    total: number;
    data: Array<{
      eventId: string;
      endpointId: string;
      event: string;
      status: string;
      attemptCount: number;
      attempts: Array<{ attemptNumber: number; endpointId: string; manual: boolean; url: string }>;
    }>;
  };
}

const countEndpoints = async (companyId: string) =>
  (
    await app.services.db.query(
      "SELECT count(*)::int AS n FROM webhook_endpoints WHERE company_id = $1 AND deleted_at IS NULL",
      [companyId],
    )
  )[0].n as number;

describe("webhook endpoints over REST (CONTRACT §15)", () => {
  test("create answers 201 with the secret once; list, read, patch, rotate and delete", async () => {
    const merchant = await app.createMerchant({ webhookUrl: receiver.url(nextPath("own")) });
    const url = receiver.url(nextPath("second"));
    const created = await createEndpoint(merchant, { url, events: ["charge.paid", "withdrawal.paid"] });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(Object.keys(created.body), ["id", "url", "events", "secret", "status", "created_at"]);
    assert.match(created.body.id, /^we_[A-Za-z0-9]+$/);
    assert.equal(created.body.url, url);
    assert.deepEqual(created.body.events, ["charge.paid", "withdrawal.paid"]);
    // Standard base64, as every secret issued now (the Standard Webhooks libraries refuse base64url).
    assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(created.body.status, "ENABLED");
    assert.match(created.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The secret is stored sealed, never as shown.
    const [stored] = await app.services.db.query("SELECT webhook_secret FROM webhook_endpoints WHERE id = $1", [
      created.body.id,
    ]);
    assert.notEqual(stored.webhook_secret, created.body.secret);
    assert.equal(String(stored.webhook_secret).includes(created.body.secret.slice(6)), false);

    const list = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
    assert.equal(list.status, 200, list.text);
    // The account's own URL of §4 is its first endpoint; no secret is listed.
    assert.equal(list.body.data.length, 2);
    assert.equal(
      list.body.data[0].url,
      (await app.graphql("{ webhookSettings { url } }", {}, merchant.clientSecret)).data.webhookSettings.url,
    );
    assert.deepEqual(list.body.data[0].events, ["*"]);
    assert.deepEqual(list.body.data[1], {
      id: created.body.id,
      url,
      events: ["charge.paid", "withdrawal.paid"],
      status: "ENABLED",
      created_at: created.body.created_at,
    });

    const read = await app.request("GET", `/webhook-endpoints/${created.body.id}`, { token: merchant.clientSecret });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, list.body.data[1]);

    const patched = await app.request("PATCH", `/webhook-endpoints/${created.body.id}`, {
      token: merchant.clientSecret,
      body: { events: ["*"], status: "DISABLED" },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual([patched.body.url, patched.body.events, patched.body.status], [url, ["*"], "DISABLED"]);
    const newUrl = receiver.url(nextPath("moved"));
    const moved = await app.request("PATCH", `/webhook-endpoints/${created.body.id}`, {
      token: merchant.clientSecret,
      body: { url: newUrl },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual([moved.body.url, moved.body.events, moved.body.status], [newUrl, ["*"], "DISABLED"]);

    const rotated = await app.request("POST", `/webhook-endpoints/${created.body.id}/rotate-secret`, {
      token: merchant.clientSecret,
    });
    assert.equal(rotated.status, 200, rotated.text);
    assert.deepEqual(Object.keys(rotated.body), ["id", "url", "events", "secret", "status", "created_at"]);
    assert.match(rotated.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(rotated.body.secret, created.body.secret);

    const deleted = await app.request("DELETE", `/webhook-endpoints/${created.body.id}`, {
      token: merchant.clientSecret,
    });
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.id, created.body.id);
    const gone = await app.request("GET", `/webhook-endpoints/${created.body.id}`, { token: merchant.clientSecret });
    assert.deepEqual([gone.status, gone.body.code], [404, "NOT_FOUND"]);
    const after = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
    assert.equal(after.body.data.length, 1);
  });

  test("a bad URL, an unknown event, no events or '*' beside names: 400 VALIDATION_ERROR, nothing stored", async () => {
    const merchant = await app.createMerchant();
    const before = await countEndpoints(merchant.companyId);
    const cases: Array<[unknown, string]> = [
      // The messages name the field sent: `url` (the account's own URL is `webhookUrl`).
      [{ url: "ftp://example.com/hook", events: ["*"] }, "url must use http or https"],
      [{ url: "not a url", events: ["*"] }, "url must be an absolute http(s) URL"],
      [{ url: "https://user:pw@example.com/hook", events: ["*"] }, "url must not carry credentials"],
      [{ url: "https://example.com/hook", events: ["charge.teleported"] }, 'Unknown webhook event "charge.teleported"'],
      [{ url: "https://example.com/hook", events: [] }, "events"],
      [{ url: "https://example.com/hook", events: ["*", "ping"] }, '"*"'],
      [{ url: "https://example.com/hook" }, "events"],
    ];
    for (const [body, why] of cases) {
      const res = await createEndpoint(merchant, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.ok(res.body.error.includes(why), `${res.body.error} should say ${why}`);
      if (why.startsWith("url ")) assert.equal(res.body.error, why);
    }
    const endpoint = await endpointOf(merchant, "https://example.com/ok", ["ping"]);
    const badPatch = await app.request("PATCH", `/webhook-endpoints/${endpoint.id}`, {
      token: merchant.clientSecret,
      body: { events: ["nope"] },
    });
    assert.deepEqual([badPatch.status, badPatch.body.code], [400, "VALIDATION_ERROR"]);
    const badStatus = await app.request("PATCH", `/webhook-endpoints/${endpoint.id}`, {
      token: merchant.clientSecret,
      body: { status: "PAUSED" },
    });
    assert.deepEqual([badStatus.status, badStatus.body.code], [400, "VALIDATION_ERROR"]);
    const read = await app.request("GET", `/webhook-endpoints/${endpoint.id}`, { token: merchant.clientSecret });
    assert.deepEqual([read.body.events, read.body.status], [["ping"], "ENABLED"]);
    assert.equal(await countEndpoints(merchant.companyId), before + 1);
  });

  test("at most 10 endpoints, the account's own URL counted: the 11th is 409 CONFLICT", async () => {
    const merchant = await app.createMerchant({ webhookUrl: receiver.url(nextPath("own")) });
    for (let i = 0; i < 9; i += 1) await endpointOf(merchant, `https://example.com/hook/${i}`);
    const eleventh = await createEndpoint(merchant, { url: "https://example.com/hook/10", events: ["*"] });
    assert.deepEqual([eleventh.status, eleventh.body.code], [409, "CONFLICT"]);
    const list = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
    assert.equal(list.body.data.length, 10);

    // Without a URL of its own, an account has room for 10 others; concurrent creations keep the limit.
    const bare = await app.createMerchant();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createEndpoint(bare, { url: `https://example.com/b/${i}`, events: ["*"] })),
    );
    assert.deepEqual(answers.map((res) => res.status).sort(), [...Array(10).fill(201), 409, 409]);
    const deleted = await app.request(
      "DELETE",
      `/webhook-endpoints/${answers.find((r) => r.status === 201)?.body.id}`,
      {
        token: bare.clientSecret,
      },
    );
    assert.equal(deleted.status, 200);
    assert.equal((await createEndpoint(bare, { url: "https://example.com/b/again", events: ["*"] })).status, 201);
  });

  test("another account's endpoint is 404 NOT_FOUND on every route, and unchanged", async () => {
    const owner = await app.createMerchant();
    const other = await app.createMerchant();
    const endpoint = await endpointOf(owner, "https://example.com/owned", ["ping"]);
    const token = other.clientSecret;
    const answers = [
      await app.request("GET", `/webhook-endpoints/${endpoint.id}`, { token }),
      await app.request("PATCH", `/webhook-endpoints/${endpoint.id}`, { token, body: { status: "DISABLED" } }),
      await app.request("POST", `/webhook-endpoints/${endpoint.id}/rotate-secret`, { token }),
      await app.request("DELETE", `/webhook-endpoints/${endpoint.id}`, { token }),
      await app.request("GET", "/webhook-endpoints/we_doesnotexist", { token }),
    ];
    assert.deepEqual(
      answers.map((res) => [res.status, res.body.code]),
      Array(5).fill([404, "NOT_FOUND"]),
    );
    const list = await app.request("GET", "/webhook-endpoints", { token });
    assert.deepEqual(list.body.data, []);
    const [row] = await app.services.db.query(
      "SELECT status, deleted_at, webhook_secret FROM webhook_endpoints WHERE id = $1",
      [endpoint.id],
    );
    assert.deepEqual([row.status, row.deleted_at], ["ENABLED", null]);
    // The same over GraphQL.
    const gql = await app.graphql("query($id: ID!) { webhookEndpoint(id: $id) { id } }", { id: endpoint.id }, token);
    assert.equal(gql.errors?.[0]?.extensions.code, "NOT_FOUND");
  });
});

describe("an account's endpoint count (Company.webhookEndpointCount)", () => {
  test("counts what the list shows (own URL counted, deleted not), for a whole list in one read", async () => {
    const withOwn = await app.createMerchant({ webhookUrl: receiver.url(nextPath("count")) });
    await endpointOf(withOwn, "https://example.com/count/kept");
    const gone = await endpointOf(withOwn, "https://example.com/count/deleted");
    assert.equal(
      (await app.request("DELETE", `/webhook-endpoints/${gone.id}`, { token: withOwn.clientSecret })).status,
      200,
    );
    const bare = await app.createMerchant();
    const one = await app.createMerchant();
    await endpointOf(one, "https://example.com/count/one", ["ping"]);

    const service = app.services.webhookEndpoints;
    const original = service.countEndpoints.bind(service);
    const reads: string[][] = [];
    service.countEndpoints = (ids) => {
      reads.push([...ids]);
      return original(ids);
    };
    try {
      const result = await app.graphql("query { companies(limit: 100) { data { id webhookEndpointCount } } }");
      assert.equal(result.errors, undefined);
      const counts = new Map(
        (result.data.companies.data as { id: string; webhookEndpointCount: number }[]).map((c) => [
          c.id,
          c.webhookEndpointCount,
        ]),
      );
      assert.deepEqual(
        [withOwn, bare, one].map((merchant) => counts.get(merchant.companyId)),
        [2, 0, 1],
      );
      assert.equal(reads.length, 1);
      assert.equal(reads[0].length, counts.size);
    } finally {
      service.countEndpoints = original;
    }
  });
});

describe("each event goes to every enabled endpoint that lists it", () => {
  test("one delivery per endpoint sharing the event id, each signed with its own secret; disabled and unlisted get nothing", async () => {
    const ownPath = nextPath("own");
    const paidPath = nextPath("paid-only");
    const offPath = nextPath("off");
    const merchant = await fundedMerchant(app, "100.00", { webhookUrl: receiver.url(ownPath) });
    const paidOnly = await endpointOf(merchant, receiver.url(paidPath), ["charge.paid"]);
    const off = await endpointOf(merchant, receiver.url(offPath), ["*"]);
    const disabled = await app.request("PATCH", `/webhook-endpoints/${off.id}`, {
      token: merchant.clientSecret,
      body: { status: "DISABLED" },
    });
    assert.equal(disabled.status, 200);

    const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 12.34 } });
    assert.equal(charge.status, 201, charge.text);
    await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }", { id: charge.body.id });
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    assert.equal(ping.errors, undefined, JSON.stringify(ping.errors));

    const [own1, own2] = await receiver.waitForCount(2, ownPath);
    const [paid] = await receiver.waitForCount(1, paidPath);
    const ownPaid = [own1, own2].find((hook) => hook.json.event === "charge.paid");
    assert.ok(ownPaid);
    assert.equal(paid.json.event, "charge.paid");
    // The same event: the same id in the body and in webhook-id, on both endpoints.
    assert.equal(paid.json.event_id, ownPaid.json.event_id);
    assert.equal(paid.headers["webhook-id"], ownPaid.headers["webhook-id"]);
    assert.equal(paid.headers["webhook-id"], paid.json.event_id);
    assert.equal(paid.json.timestamp, ownPaid.json.timestamp);

    // Each verifies with its own secret, and only with it.
    assert.equal(verifyStandard(paid, paidOnly.secret).event_id, paid.json.event_id);
    assert.equal(verifyStandard(ownPaid, merchant.webhookSecret).event_id, paid.json.event_id);
    assert.throws(() => verifyStandard(paid, merchant.webhookSecret));
    assert.throws(() => verifyStandard(ownPaid, paidOnly.secret));
    assert.equal(paid.headers["x-signature"], sectionFourSignature(paid.body, paidOnly.secret));
    assert.equal(paid.json.signature, sectionFourSignature(paid.body, paidOnly.secret));
    assert.equal(ownPaid.headers["x-signature"], sectionFourSignature(ownPaid.body, merchant.webhookSecret));

    // The ping went to the account's own endpoint only (the other lists charge.paid alone, the third is off).
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.filter((hook) => hook.path === paidPath).length, 1);
    assert.equal(receiver.received.filter((hook) => hook.path === offPath).length, 0);

    const all = await deliveriesOf(merchant);
    const byEvent = all.data.filter((delivery) => delivery.eventId === paid.json.event_id);
    assert.deepEqual(byEvent.map((delivery) => delivery.endpointId).sort(), [paidOnly.id, ownEndpointId(all)].sort());
    for (const delivery of byEvent) {
      assert.equal(delivery.status, "DELIVERED");
      assert.deepEqual(
        delivery.attempts.map((attempt) => attempt.endpointId),
        [delivery.endpointId],
      );
    }
    assert.equal(
      all.data.some((delivery) => delivery.endpointId === off.id),
      false,
    );
    const onlyPaid = await deliveriesOf(merchant, `(endpointId: "${paidOnly.id}")`);
    assert.deepEqual(
      onlyPaid.data.map((delivery) => [delivery.event, delivery.endpointId]),
      [["charge.paid", paidOnly.id]],
    );

    // The operators' deliveries page: each delivery names its endpoint's URL, and filters by it.
    const OPS = `query($c: ID, $w: ID) { webhookDeliveries(companyId: $c, endpointId: $w) {
      data { eventId endpointId endpointUrl } } }`;
    const byOperator = await app.graphql(OPS, { c: merchant.companyId, w: paidOnly.id });
    assert.equal(byOperator.errors, undefined, JSON.stringify(byOperator.errors));
    assert.deepEqual(byOperator.data.webhookDeliveries.data, [
      { eventId: paid.json.event_id, endpointId: paidOnly.id, endpointUrl: receiver.url(paidPath) },
    ]);
    const everyOne = await app.graphql(OPS, { c: merchant.companyId });
    const ownId = ownEndpointId(all);
    for (const delivery of everyOne.data.webhookDeliveries.data)
      assert.equal(
        delivery.endpointUrl,
        delivery.endpointId === ownId ? receiver.url(ownPath) : receiver.url(paidPath),
        "the account's own endpoint names the account's URL",
      );
    // Another account's endpoint id in a merchant's filter: nothing of it (as an unknown one).
    const stranger = await app.createMerchant({ webhookUrl: receiver.url(nextPath("stranger")) });
    const peek = await app.graphql(OPS, { w: paidOnly.id }, stranger.clientSecret);
    assert.equal(peek.errors, undefined, JSON.stringify(peek.errors));
    assert.deepEqual(peek.data.webhookDeliveries.data, []);
    const named = await app.graphql(OPS, { c: merchant.companyId, w: paidOnly.id }, stranger.clientSecret);
    assert.equal(named.errors?.[0]?.extensions?.code, "FORBIDDEN");
  });

  test("a rotated endpoint secret signs the next events; redelivery is per endpoint", async () => {
    const ownPath = nextPath("own");
    const secondPath = nextPath("second");
    const merchant = await app.createMerchant({ webhookUrl: receiver.url(ownPath) });
    const second = await endpointOf(merchant, receiver.url(secondPath), ["ping"]);
    const rotated = await app.request("POST", `/webhook-endpoints/${second.id}/rotate-secret`, {
      token: merchant.clientSecret,
    });
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const eventId = ping.data.sendTestWebhook.eventId as string;
    const [first] = await receiver.waitForCount(1, secondPath);
    assert.equal(verifyStandard(first, rotated.body.secret).event_id, eventId);
    assert.throws(() => verifyStandard(first, second.secret));
    await receiver.waitForCount(1, ownPath);
    await waitFor("both delivered", async () => {
      const { data } = await deliveriesOf(merchant);
      return data.filter((d) => d.eventId === eventId && d.status === "DELIVERED").length === 2;
    });

    const again = await app.graphql(
      "mutation($e: ID!, $w: ID) { redeliverWebhook(eventId: $e, endpointId: $w) { eventId endpointId } }",
      { e: eventId, w: second.id },
      merchant.clientSecret,
    );
    assert.equal(again.errors, undefined, JSON.stringify(again.errors));
    assert.deepEqual(again.data.redeliverWebhook, { eventId, endpointId: second.id });
    const [, resent] = await receiver.waitForCount(2, secondPath);
    assert.equal(resent.body, first.body);
    assert.equal(resent.headers["webhook-id"], eventId);
    await waitFor("the second attempt recorded", async () => {
      const { data } = await deliveriesOf(merchant, `(endpointId: "${second.id}")`);
      return data[0]?.attempts.length === 2 && data[0].status === "DELIVERED";
    });
    const { data } = await deliveriesOf(merchant);
    const own = data.find((d) => d.eventId === eventId && d.endpointId !== second.id);
    const other = data.find((d) => d.eventId === eventId && d.endpointId === second.id);
    assert.deepEqual(
      own?.attempts.map((a) => a.attemptNumber),
      [1],
    );
    assert.deepEqual(
      other?.attempts.map((a) => [a.attemptNumber, a.manual]),
      [
        [1, false],
        [2, true],
      ],
    );
    // Without an endpoint, §4's redelivery sends the account endpoint's delivery.
    const legacy = await app.graphql(
      "mutation($e: ID!) { redeliverWebhook(eventId: $e) { endpointId } }",
      { e: eventId },
      merchant.clientSecret,
    );
    assert.equal(legacy.data.redeliverWebhook.endpointId, own?.endpointId);
    await receiver.waitForCount(2, ownPath);
    // Another account's endpoint cannot be named.
    const stranger = await app.createMerchant();
    const refused = await app.graphql(
      "mutation($e: ID!, $w: ID) { redeliverWebhook(eventId: $e, endpointId: $w) { eventId } }",
      { e: eventId, w: second.id },
      stranger.clientSecret,
    );
    assert.equal(refused.errors?.[0]?.extensions.code, "NOT_FOUND");
  });

  test("a deleted endpoint gets nothing more; its history stays", async () => {
    const ownPath = nextPath("own");
    const merchant = await app.createMerchant({ webhookUrl: receiver.url(ownPath) });
    const gonePath = nextPath("gone");
    const gone = await endpointOf(merchant, receiver.url(gonePath), ["ping"]);
    await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    await receiver.waitForCount(1, gonePath);
    await app.request("DELETE", `/webhook-endpoints/${gone.id}`, { token: merchant.clientSecret });
    await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    await receiver.waitForCount(2, ownPath);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.filter((hook) => hook.path === gonePath).length, 1);
    const history = await deliveriesOf(merchant, `(endpointId: "${gone.id}")`);
    assert.equal(history.total, 1);
  });
});

function ownEndpointId(page: { data: Array<{ eventId: string; endpointId: string; event: string }> }): string {
  const ping = page.data.find((delivery) => delivery.event === "ping");
  assert.ok(ping);
  return ping.endpointId;
}

describe("the SSRF guard applies to every endpoint", () => {
  test("a private address is refused at creation and at patch, and refused at send", async () => {
    const guarded = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "false" });
    const guardedWork = await startBackgroundWork(guarded.runtime);
    try {
      const merchant = await guarded.createMerchant();
      const loopback = receiver.url(nextPath("private"));
      const refused = await guarded.request("POST", "/webhook-endpoints", {
        token: merchant.clientSecret,
        body: { url: loopback, events: ["*"] },
      });
      assert.deepEqual([refused.status, refused.body.code], [400, "VALIDATION_ERROR"]);
      assert.match(refused.body.error, /^url must point to a public address: 127\.0\.0\.1 is loopback$/);
      const created = await guarded.request("POST", "/webhook-endpoints", {
        token: merchant.clientSecret,
        body: { url: "https://example.com/hook", events: ["ping"] },
      });
      assert.equal(created.status, 201, created.text);
      const patched = await guarded.request("PATCH", `/webhook-endpoints/${created.body.id}`, {
        token: merchant.clientSecret,
        body: { url: loopback },
      });
      assert.deepEqual([patched.status, patched.body.code], [400, "VALIDATION_ERROR"]);
      // A URL that got in anyway (written straight into the table) is refused at send, before any connection.
      await guarded.services.db.query("UPDATE webhook_endpoints SET url = $2 WHERE id = $1", [
        created.body.id,
        loopback,
      ]);
      const connections = receiver.connections();
      const ping = await guarded.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      assert.equal(ping.errors, undefined, JSON.stringify(ping.errors));
      const attempt = await waitFor("the refused attempt", async () => {
        const [row] = await guarded.services.db.query(
          "SELECT error, response_status FROM webhook_attempts WHERE endpoint_id = $1 AND finished_at IS NOT NULL",
          [created.body.id],
        );
        return row ?? null;
      });
      assert.equal(attempt.response_status, null);
      assert.match(attempt.error, /loopback|private|public/);
      assert.equal(receiver.connections(), connections);
    } finally {
      await guardedWork.stop();
      await guarded.close();
    }
  });
});

describe("hot paths", () => {
  test("a charge paid and delivered to two endpoints, and the account changed, write no endpoint row; no trigger fires on a company update", async () => {
    const ownPath = nextPath("hot-own");
    const paidPath = nextPath("hot-paid");
    const merchant = await fundedMerchant(app, "10.00", { webhookUrl: receiver.url(ownPath) });
    await endpointOf(merchant, receiver.url(paidPath), ["charge.paid"]);
    const versions = async () =>
      (await app.services.db.query(
        "SELECT id, xmin::text AS version FROM webhook_endpoints WHERE company_id = $1 ORDER BY id",
        [merchant.companyId],
      )) as Array<{ id: string; version: string }>;
    const companyVersion = async () =>
      (await app.services.db.query("SELECT xmin::text AS v FROM companies WHERE id = $1", [merchant.companyId]))[0].v;
    const before = await versions();
    const companyBefore = await companyVersion();
    assert.equal(before.length, 2);

    const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 3 } });
    const paid = await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", {
      id: created.body.id,
    });
    assert.equal(paid.data?.simulateChargePayment.status, "PAID", JSON.stringify(paid));
    await receiver.waitForCount(1, paidPath);
    await waitFor("both deliveries DELIVERED", async () => {
      const rows = await app.services.db.query(
        "SELECT delivery_status FROM webhook_events WHERE subject_id = $1 AND event = 'charge.paid'",
        [created.body.id],
      );
      return rows.length === 2 && rows.every((row: { delivery_status: string }) => row.delivery_status === "DELIVERED");
    });
    // The account itself changed (its balance, by an adjustment): its endpoints are not rewritten.
    await app.fund(merchant.companyId, "1.00");
    assert.notEqual(await companyVersion(), companyBefore, "the company row was written (its balance)");
    assert.deepEqual(await versions(), before, "a healthy endpoint's row is read, never written, per event");

    const triggers = await app.services.db.query(
      `SELECT tgname FROM pg_trigger
        WHERE tgrelid = 'companies'::regclass AND NOT tgisinternal AND (tgtype & 16) <> 0`,
    );
    assert.deepEqual(triggers, [], "the account endpoint reads the company's URL: nothing is kept in sync per update");
  });
});

describe("the migration keeps the history", () => {
  test("existing deliveries and attempts are attached to the account's first endpoint", async () => {
    const legacy = await startTestApp();
    try {
      const db = legacy.services.db;
      const merchant = await legacy.createMerchant({ webhookUrl: "https://example.com/legacy" });
      const migration = new WebhookEndpoints1766300000100();
      const failures = new WebhookEndpointFailures1766300000200();
      const runner = db.createQueryRunner();
      try {
        await failures.down(runner);
        await migration.down(runner);
        // As the service wrote them before endpoints: one row per event, attempts by event id.
        await db.query(
          `INSERT INTO webhook_events (id, company_id, event, subject_id, body, signature, delivery_status, attempt_count,
                                       manual_attempt, created_at)
           VALUES ('evt_legacy1', $1, 'ping', NULL, '{"event":"ping"}', 'aa', 'FAILED', 2, false, now() - interval '2 days'),
                  ('evt_legacy2', $1, 'ping', NULL, '{"event":"ping"}', 'bb', 'DELIVERED', 1, false, now() - interval '1 day')`,
          [merchant.companyId],
        );
        await db.query(
          `INSERT INTO webhook_attempts (event_id, attempt_number, url, response_status, finished_at)
           VALUES ('evt_legacy1', 1, 'https://example.com/legacy', 500, now()),
                  ('evt_legacy1', 2, 'https://example.com/legacy', 502, now()),
                  ('evt_legacy2', 1, 'https://example.com/legacy', 200, now())`,
        );
        await migration.up(runner);
        await failures.up(runner);
      } finally {
        await runner.release();
      }
      const [endpoint] = await db.query(
        "SELECT id, account_endpoint, events, status FROM webhook_endpoints WHERE company_id = $1",
        [merchant.companyId],
      );
      assert.match(endpoint.id, /^we_[A-Za-z0-9]+$/);
      assert.deepEqual([endpoint.account_endpoint, endpoint.events, endpoint.status], [true, ["*"], "ENABLED"]);
      const events = await db.query(
        "SELECT id, endpoint_id, delivery_status FROM webhook_events WHERE company_id = $1 ORDER BY id",
        [merchant.companyId],
      );
      assert.deepEqual(events, [
        { id: "evt_legacy1", endpoint_id: endpoint.id, delivery_status: "FAILED" },
        { id: "evt_legacy2", endpoint_id: endpoint.id, delivery_status: "DELIVERED" },
      ]);
      const attempts = await db.query(
        "SELECT event_id, endpoint_id, attempt_number, response_status FROM webhook_attempts ORDER BY event_id, attempt_number",
      );
      assert.deepEqual(attempts, [
        { event_id: "evt_legacy1", endpoint_id: endpoint.id, attempt_number: 1, response_status: 500 },
        { event_id: "evt_legacy1", endpoint_id: endpoint.id, attempt_number: 2, response_status: 502 },
        { event_id: "evt_legacy2", endpoint_id: endpoint.id, attempt_number: 1, response_status: 200 },
      ]);
      // Listed and redeliverable through §4's operations and the endpoint's filter, as before.
      const listed = await legacy.graphql(
        `query($w: ID) { webhookDeliveries(endpointId: $w) { total data { eventId status attempts { attemptNumber responseStatus } } } }`,
        { w: endpoint.id },
        merchant.clientSecret,
      );
      assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
      assert.equal(listed.data.webhookDeliveries.total, 2);
      assert.deepEqual(
        listed.data.webhookDeliveries.data.find((d: { eventId: string }) => d.eventId === "evt_legacy1").attempts,
        [
          { attemptNumber: 1, responseStatus: 500 },
          { attemptNumber: 2, responseStatus: 502 },
        ],
      );
      const list = await legacy.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
      assert.deepEqual(
        list.body.data.map((e: { id: string; url: string }) => [e.id, e.url]),
        [[endpoint.id, "https://example.com/legacy"]],
      );
      // A company created after the migration gets its first endpoint too.
      const later = await legacy.createMerchant();
      const [{ n }] = await db.query(
        "SELECT count(*)::int AS n FROM webhook_endpoints WHERE company_id = $1 AND account_endpoint",
        [later.companyId],
      );
      assert.equal(n, 1);
    } finally {
      await legacy.close();
    }
  });
});
