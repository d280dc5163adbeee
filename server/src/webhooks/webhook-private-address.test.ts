import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { waitFor } from "../test-support/scenarios";
import { startTestApp, type TestApp } from "../test-support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";
import { startBackgroundWork } from "../worker";
import { type ResolveHost, WebhookSender } from "./webhook-sender";
import { isPrivateAddress } from "./webhook-url";

let app: TestApp;
let work: { stop(): Promise<void> };
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "false" });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
  await receiver.close();
});

test("private, loopback and link-local ranges are recognised", () => {
  for (const address of ["10.1.2.3", "127.0.0.1", "169.254.169.254", "172.16.0.1", "192.168.1.1", "::1", "fe80::1"]) {
    assert.equal(isPrivateAddress(address), true, address);
  }
  for (const address of ["8.8.8.8", "200.160.2.3", "2001:4860:4860::8888"]) {
    assert.equal(isPrivateAddress(address), false, address);
  }
});

test("a URL with a private literal address is refused when it is set", async () => {
  const merchant = await app.createMerchant();
  for (const url of ["http://127.0.0.1:9/hook", "http://localhost/hook", "http://[::1]/hook", "http://10.0.0.7/"]) {
    const result = await app.graphql(
      "mutation($url: String) { updateWebhookSettings(url: $url) { url } }",
      { url },
      merchant.clientSecret,
    );
    assert.equal(result.errors?.[0].extensions.code, "VALIDATION_ERROR", url);
  }
});

test("at delivery time a URL on a private host is refused, and nothing is sent", async () => {
  const merchant = await app.createMerchant();
  // Set behind the validation's back, as if the URL had been accepted before.
  const port = new URL(receiver.url()).port;
  await app.services.db.query("UPDATE companies SET webhook_url = $2 WHERE id = $1", [
    merchant.companyId,
    `http://localhost:${port}/private`,
  ]);
  const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
  const eventId = ping.data.sendTestWebhook.eventId;
  const attempt = await waitFor("the refused attempt", async () => {
    const result = await app.graphql(
      "query { webhookDeliveries { data { eventId attempts { error responseStatus } } } }",
      {},
      merchant.clientSecret,
    );
    const delivery = result.data.webhookDeliveries.data.find((item: { eventId: string }) => item.eventId === eventId);
    return delivery?.attempts[0]?.error ? delivery.attempts[0] : null;
  });
  assert.equal(attempt.error, "refused: localhost is a private address");
  assert.equal(attempt.responseStatus, null);
  assert.equal(receiver.received.length, 0);
});

test("every address a host resolves to is checked when the connection is made", async () => {
  const port = new URL(receiver.url()).port;
  const request = (host: string) => ({ url: `http://${host}:${port}/dns`, body: "{}", event: "ping", signature: "x" });
  // hooks.example.test has a public address and a private one: refused for the private one.
  const resolveHost: ResolveHost = (hostname, callback) =>
    hostname === "hooks.example.test"
      ? callback(null, [
          { address: "200.160.2.3", family: 4 },
          { address: "127.0.0.1", family: 4 },
        ])
      : callback(null, [{ address: "127.0.0.1", family: 4 }]);
  const strict = new WebhookSender(1000, false, resolveHost);
  const lenient = new WebhookSender(1000, true, resolveHost);
  try {
    const refused = await strict.send(request("hooks.example.test"));
    assert.equal(refused.ok, false);
    assert.equal(refused.error, "refused: hooks.example.test resolves to a private address (127.0.0.1)");
    const rebound = await strict.send(request("rebinding.example.test"));
    assert.equal(rebound.error, "refused: rebinding.example.test resolves to a private address (127.0.0.1)");
    assert.equal(receiver.received.length, 0);
    const allowed = await lenient.send(request("loopback.example.test"));
    assert.equal(allowed.status, 200);
    assert.equal(receiver.received.length, 1);
  } finally {
    strict.close();
    lenient.close();
  }
});

test("the sender refuses literal private addresses unless WEBHOOK_ALLOW_PRIVATE", async () => {
  const strict = new WebhookSender(1000, false);
  const lenient = new WebhookSender(1000, true);
  try {
    const request = { url: receiver.url("/literal"), body: "{}", event: "ping", signature: "x" };
    const before = receiver.received.length;
    const refused = await strict.send(request);
    assert.equal(refused.ok, false);
    assert.equal(refused.error, "refused: 127.0.0.1 is a private address");
    assert.equal(receiver.received.length, before);
    const allowed = await lenient.send(request);
    assert.equal(allowed.ok, true);
    assert.equal(allowed.status, 200);
    assert.equal(receiver.received.length, before + 1);
  } finally {
    strict.close();
    lenient.close();
  }
});
