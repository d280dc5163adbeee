import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { waitFor } from "../../test/support/scenarios";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { AppError } from "../core/errors";
import { startBackgroundWork } from "../worker";
import { WebhookDispatcher } from "./webhook-dispatcher";
import { type ResolveHost, WebhookSender } from "./webhook-sender";
import { assertWebhookUrl } from "./webhook-url";

/**
 * The SSRF guard, with WEBHOOK_ALLOW_PRIVATE off, against the spellings an attacker would
 * try. Every refused URL points at a live local receiver, so a guard that lets one through
 * shows up as a connection there.
 */
let app: TestApp;
let receiver: WebhookReceiver;
let port: string;

before(async () => {
  receiver = await startWebhookReceiver();
  port = new URL(receiver.url()).port;
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "false" });
});
after(async () => {
  await app.close();
  await receiver.close();
});

/** Names only the tests' resolver knows, as DNS would answer them. */
const FAKE_DNS: Record<string, Array<{ address: string; family: number }>> = {
  "127.0.0.1.nip.io": [{ address: "127.0.0.1", family: 4 }],
  "mixed.example.test": [
    { address: "200.160.2.3", family: 4 },
    { address: "127.0.0.1", family: 4 },
  ],
  "mapped.example.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "mapped-hex.example.test": [{ address: "::ffff:7f00:1", family: 6 }],
  "metadata.example.test": [{ address: "169.254.169.254", family: 4 }],
  "nat64.example.test": [{ address: "64:ff9b::a00:1", family: 6 }],
  "cgnat.example.test": [{ address: "100.100.100.100", family: 4 }],
  "ula.example.test": [
    { address: "2001:4860:4860::8888", family: 6 },
    { address: "fd00::1", family: 6 },
  ],
  "zero.example.test": [{ address: "0.0.0.0", family: 4 }],
  "public.example.test": [{ address: "200.160.2.3", family: 4 }],
  "public6.example.test": [{ address: "2001:4860:4860::8888", family: 6 }],
};
const fakeResolver: ResolveHost = (hostname, callback) => {
  // As DNS does: any case, and a trailing dot names the same host.
  const answer = FAKE_DNS[hostname.toLowerCase().replace(/\.$/, "")];
  if (!answer)
    return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
  callback(null, answer);
};

type Row = {
  url: string;
  /** What updateWebhookSettings says. */
  set: "refused" | "accepted";
  /** What a delivery does: refused before any connection, or allowed (names: by the resolver). */
  delivery: "refused" | "allowed";
  /** A fragment of the set-time message, saying why. */
  why?: string;
};

const P = "PORT";
const ROWS: Row[] = [
  // IPv4 loopback, every spelling (WHATWG URL turns them into 127.0.0.1 first)
  { url: `http://127.0.0.1:${P}/`, set: "refused", delivery: "refused", why: "127.0.0.1 is loopback" },
  { url: `http://2130706433:${P}/`, set: "refused", delivery: "refused", why: "loopback" },
  { url: `http://0177.0.0.1:${P}/`, set: "refused", delivery: "refused", why: "loopback" },
  { url: `http://00000177.0.0.01:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://0x7f.1:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://0x7f000001:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://017700000001:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://127.1:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://127.0.0.1.:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://%31%32%37.0.0.1:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://127。0。0。1:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://127.0.0.2:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://0.0.0.0:${P}/`, set: "refused", delivery: "refused", why: "unspecified" },
  { url: `http://0:${P}/`, set: "refused", delivery: "refused" },
  // IPv6 forms of loopback and metadata
  { url: `http://[::1]:${P}/`, set: "refused", delivery: "refused", why: "::1 is loopback" },
  { url: `http://[::]:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://[::ffff:127.0.0.1]:${P}/`, set: "refused", delivery: "refused", why: "IPv4-mapped" },
  { url: `http://[0:0:0:0:0:FFFF:7F00:1]:${P}/`, set: "refused", delivery: "refused" },
  { url: `https://[::ffff:7f00:1]:${P}/`, set: "refused", delivery: "refused" },
  { url: "http://[::ffff:a9fe:a9fe]/latest/meta-data/", set: "refused", delivery: "refused", why: "link-local" },
  { url: `http://[64:ff9b::7f00:1]:${P}/`, set: "refused", delivery: "refused", why: "NAT64" },
  { url: "http://[64:ff9b::a9fe:a9fe]/", set: "refused", delivery: "refused" },
  { url: `http://[64:ff9b:1::7f00:1]:${P}/`, set: "refused", delivery: "refused", why: "local-use NAT64" },
  { url: `http://[2002:7f00:1::]:${P}/`, set: "refused", delivery: "refused", why: "6to4" },
  { url: "http://[2002:a9fe:a9fe::1]/", set: "refused", delivery: "refused" },
  { url: "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", set: "refused", delivery: "refused", why: "Teredo" },
  { url: `http://[::127.0.0.1]:${P}/`, set: "refused", delivery: "refused", why: "IPv4-compatible" },
  { url: "http://[::ffff:0:7f00:1]/", set: "refused", delivery: "refused" },
  // Private, link-local, shared, benchmarking, documentation, reserved, multicast, broadcast
  { url: "http://169.254.169.254/latest/meta-data/", set: "refused", delivery: "refused", why: "link-local" },
  { url: "http://10.0.0.1/", set: "refused", delivery: "refused", why: "private" },
  { url: "http://172.16.0.1/", set: "refused", delivery: "refused" },
  { url: "http://172.31.255.254/", set: "refused", delivery: "refused" },
  { url: "http://192.168.1.1/", set: "refused", delivery: "refused" },
  { url: "http://100.64.0.1/", set: "refused", delivery: "refused", why: "CGNAT" },
  { url: "http://198.18.0.1/", set: "refused", delivery: "refused", why: "benchmarking" },
  { url: "http://198.19.255.255/", set: "refused", delivery: "refused" },
  { url: "http://192.0.2.1/", set: "refused", delivery: "refused", why: "documentation" },
  { url: "http://198.51.100.7/", set: "refused", delivery: "refused" },
  { url: "http://203.0.113.9/", set: "refused", delivery: "refused" },
  { url: "http://192.0.0.8/", set: "refused", delivery: "refused" },
  { url: "http://240.0.0.1/", set: "refused", delivery: "refused", why: "reserved" },
  { url: "http://255.255.255.255/", set: "refused", delivery: "refused", why: "broadcast" },
  { url: "http://224.0.0.1/", set: "refused", delivery: "refused", why: "multicast" },
  { url: "http://[2001:db8::1]/", set: "refused", delivery: "refused", why: "documentation" },
  { url: "http://[fc00::1]/", set: "refused", delivery: "refused", why: "unique-local" },
  { url: "http://[fd12:3456::1]/", set: "refused", delivery: "refused" },
  { url: "http://[fec0::1]/", set: "refused", delivery: "refused", why: "site-local" },
  { url: "http://[fe80::1]/", set: "refused", delivery: "refused", why: "link-local" },
  { url: "http://[100::1]/", set: "refused", delivery: "refused", why: "discard-only" },
  { url: "http://[ff02::1]/", set: "refused", delivery: "refused", why: "multicast" },
  { url: "http://[4000::1]/", set: "refused", delivery: "refused", why: "2000::/3" },
  // Names of this host
  { url: `http://localhost:${P}/`, set: "refused", delivery: "refused", why: "localhost" },
  { url: `http://LOCALHOST.:${P}/`, set: "refused", delivery: "refused", why: "localhost" },
  { url: `http://localhost.:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://hooks.localhost:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://a.b.localhost..:${P}/`, set: "refused", delivery: "refused" },
  // Userinfo tricks and zone ids
  { url: `http://evil@127.0.0.1:${P}/`, set: "refused", delivery: "refused", why: "credentials" },
  { url: `http://public.example.test@127.0.0.1:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://127.0.0.1:${P}@mixed.example.test:${P}/`, set: "refused", delivery: "refused" },
  { url: `http://[fe80::1%25eth0]:${P}/`, set: "refused", delivery: "refused" },
  // Names: accepted when set, refused at delivery by the address they resolve to
  { url: `http://127.0.0.1.nip.io:${P}/`, set: "accepted", delivery: "refused" },
  { url: `http://mixed.example.test:${P}/`, set: "accepted", delivery: "refused" },
  { url: `http://MAPPED.example.test:${P}/`, set: "accepted", delivery: "refused" },
  { url: `http://mapped-hex.example.test:${P}/`, set: "accepted", delivery: "refused" },
  { url: `http://mapped-hex.example.test.:${P}/`, set: "accepted", delivery: "refused" },
  { url: "http://metadata.example.test/", set: "accepted", delivery: "refused" },
  { url: "http://nat64.example.test/", set: "accepted", delivery: "refused" },
  { url: "http://cgnat.example.test/", set: "accepted", delivery: "refused" },
  { url: `http://ula.example.test:${P}/`, set: "accepted", delivery: "refused" },
  { url: `http://zero.example.test:${P}/`, set: "accepted", delivery: "refused" },
  { url: "https://public.example.test/hook", set: "accepted", delivery: "allowed" },
  { url: "https://public6.example.test/hook", set: "accepted", delivery: "allowed" },
  // Public literals
  { url: "https://200.160.2.3/hook", set: "accepted", delivery: "allowed" },
  { url: "http://8.8.8.8/", set: "accepted", delivery: "allowed" },
  { url: "https://[2606:4700:4700::1111]/hook", set: "accepted", delivery: "allowed" },
  { url: "http://[::ffff:8.8.8.8]/", set: "accepted", delivery: "allowed" },
  { url: "http://[64:ff9b::808:808]/", set: "accepted", delivery: "allowed" },
  { url: "http://[2002:808:808::1]/", set: "accepted", delivery: "allowed" },
];

const urlOf = (row: Row) => row.url.replaceAll(P, port);

describe("the guard's table of spellings", () => {
  test("has at least 40 rows", () => {
    assert.ok(ROWS.length >= 40, `${ROWS.length} rows`);
  });

  test("when the URL is set, each non-public literal and localhost name is refused, saying why", () => {
    for (const row of ROWS) {
      const url = urlOf(row);
      let verdict: "refused" | "accepted" = "accepted";
      let message = "";
      try {
        assertWebhookUrl(url, false);
      } catch (error) {
        assert.ok(error instanceof AppError, url);
        assert.equal(error.code, "VALIDATION_ERROR", url);
        verdict = "refused";
        message = error.message;
      }
      assert.equal(verdict, row.set, `${url}: ${message}`);
      if (row.why) assert.ok(message.includes(row.why), `${url}: "${message}" should say "${row.why}"`);
    }
  });

  test("at delivery, a refused URL is never connected to, whatever its spelling", async () => {
    const sender = new WebhookSender(1500, false, fakeResolver);
    try {
      for (const row of ROWS.filter((r) => r.delivery === "refused")) {
        const url = urlOf(row);
        const connectionsBefore = receiver.connections();
        const response = await sender.send({
          url,
          body: "{}",
          event: "ping",
          signature: "x",
          eventId: "evt_test",
          standardKey: Buffer.alloc(32),
        });
        assert.equal(response.ok, false, url);
        assert.equal(response.status, null, url);
        assert.match(response.error ?? "", /^refused: |^invalid webhook URL$/, `${url}: ${response.error}`);
        assert.equal(receiver.connections(), connectionsBefore, `${url} reached the local receiver`);
      }
    } finally {
      sender.close();
    }
    assert.equal(receiver.received.length, 0);
  });
});

describe("a live service with the guard on", () => {
  test("refuses http://[::ffff:127.0.0.1]:PORT/ when the URL is set, by updateWebhookSettings and createCompany", async () => {
    const merchant = await app.createMerchant();
    const url = `http://[::ffff:127.0.0.1]:${port}/`;
    const updated = await app.graphql(
      "mutation($url: String) { updateWebhookSettings(url: $url) { url } }",
      { url },
      merchant.clientSecret,
    );
    assert.equal(updated.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.equal(
      updated.errors?.[0].message,
      "webhookUrl must point to a public address: ::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, which is loopback",
    );
    // Why, for clients that say it in their own words (the console, in Portuguese).
    assert.equal(updated.errors?.[0].extensions.reason, "WEBHOOK_URL_NOT_PUBLIC");
    const settings = await app.graphql("query { webhookSettings { url } }", {}, merchant.clientSecret);
    assert.equal(settings.data.webhookSettings.url, null);
    const created = await app.graphql(
      'mutation($url: String) { createCompany(input: {name: "Loja", webhookUrl: $url}) { company { id } } }',
      { url },
    );
    assert.equal(created.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.match(created.errors?.[0].message ?? "", /127\.0\.0\.1, which is loopback/);
    assert.equal(created.errors?.[0].extensions.reason, "WEBHOOK_URL_NOT_PUBLIC");
    const rest = await app.request("GET", "/charges/balance", { token: merchant.clientSecret });
    assert.equal(rest.status, 200);
  });

  test("a host name that resolves to loopback is refused at delivery, recorded in the history, never connected to", async () => {
    // The live service's worker, with the tests' resolver in its sender.
    const sender = new WebhookSender(2000, false, fakeResolver);
    const services = {
      ...app.services,
      webhookSender: sender,
      webhookDispatcher: new WebhookDispatcher(app.services.db, sender, [], app.services.logger),
    };
    const work = await startBackgroundWork({ ...app.runtime, services });
    try {
      const merchant = await app.createMerchant();
      const url = `http://mapped-hex.example.test:${port}/hook`;
      const set = await app.graphql(
        "mutation($url: String) { updateWebhookSettings(url: $url) { url } }",
        { url },
        merchant.clientSecret,
      );
      assert.equal(set.data.updateWebhookSettings.url, url, "a name is accepted when set: DNS is checked at delivery");
      const connectionsBefore = receiver.connections();
      const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const eventId = ping.data.sendTestWebhook.eventId;
      const delivery = await waitFor("the refused attempt", async () => {
        const result = await app.graphql(
          "query { webhookDeliveries { data { eventId status attempts { url error responseStatus responseBody } } } }",
          {},
          merchant.clientSecret,
        );
        const found = result.data.webhookDeliveries.data.find((item: { eventId: string }) => item.eventId === eventId);
        return found?.status === "FAILED" ? found : null;
      });
      assert.deepEqual(delivery.attempts, [
        {
          url,
          error:
            "refused: mapped-hex.example.test resolves to a non-public address: ::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, which is loopback",
          responseStatus: null,
          responseBody: null,
        },
      ]);
      assert.equal(receiver.connections(), connectionsBefore, "nothing connected to the local receiver");
      assert.equal(receiver.received.length, 0);
    } finally {
      await work.stop();
      sender.close();
    }
  });

  test("a URL stored before the guard (a literal) is refused at delivery too", async () => {
    const merchant = await app.createMerchant();
    await app.services.db.query("UPDATE companies SET webhook_url = $2 WHERE id = $1", [
      merchant.companyId,
      `http://[::ffff:7f00:1]:${port}/stored`,
    ]);
    const work = await startBackgroundWork(app.runtime);
    try {
      const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const eventId = ping.data.sendTestWebhook.eventId;
      const attempt = await waitFor("the refused attempt", async () => {
        const rows = await app.services.db.query(
          "SELECT error, response_status FROM webhook_attempts WHERE event_id = $1",
          [eventId],
        );
        return rows[0]?.error ? rows[0] : null;
      });
      assert.deepEqual(attempt, {
        error: "refused: ::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, which is loopback",
        response_status: null,
      });
      assert.equal(receiver.received.length, 0);
    } finally {
      await work.stop();
    }
  });
});
