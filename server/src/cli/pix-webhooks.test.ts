import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { waitFor } from "../../test/support/scenarios";
import { freePort, SERVER_DIST } from "../../test/support/service-process";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";

/**
 * `pix-webhooks listen` as an integrator runs it: the product's compiled bin as a process,
 * against a real service, forwarding to a real receiver that verifies every delivery with the
 * official Standard Webhooks library and the contract's X-Signature.
 */
const BIN = join(SERVER_DIST, "cli", "pix-webhooks.js");

let app: TestApp;

before(async () => {
  // Credentials of open streams are checked every 200 ms (revocation ends a listener's stream).
  app = await startTestApp({}, { live: { sessionCheckMs: 200, heartbeatMs: 200 } });
});
after(async () => {
  await app?.close();
});

interface Delivery {
  rawBody: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** What the Standard Webhooks library said: the verified payload, or its error. */
  standard: { ok: true } | { ok: false; error: string };
  /** X-Signature and the body's signature, as docs/api.md#verifying-a-webhook checks them. */
  contractSignatureOk: boolean;
}

/** An HTTP receiver on `port` that verifies with `secret` and answers 200 (or `status`). */
async function startReceiver(port: number, secret: string, status = 200) {
  const deliveries: Delivery[] = [];
  const webhook = new Webhook(secret);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let standard: Delivery["standard"];
      try {
        webhook.verify(rawBody, {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        });
        standard = { ok: true };
      } catch (error) {
        standard = { ok: false, error: (error as Error).message };
      }
      const body = JSON.parse(rawBody) as Record<string, unknown>;
      const { signature, ...unsigned } = body;
      const expected = createHmac("sha256", secret).update(JSON.stringify(unsigned)).digest("hex");
      deliveries.push({
        rawBody,
        headers: req.headers,
        body,
        standard,
        contractSignatureOk: expected === req.headers["x-signature"] && signature === expected,
      });
      res.writeHead(status).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Listener {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  waitOutput(pattern: RegExp, stream?: "stdout" | "stderr", timeoutMs?: number): Promise<RegExpMatchArray>;
}

function startListener(args: string[], env: Record<string, string> = {}): Listener {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listener: Listener = {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitOutput: (pattern, stream = "stdout", timeoutMs = 15_000) =>
      waitFor(
        `${pattern} in the listener's ${stream}`,
        async () => (stream === "stdout" ? out : err).match(pattern),
        timeoutMs,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- stdout\n${out}\n--- stderr\n${err}`);
      }),
  };
  return listener;
}

/** The listener's own signing secret, printed at start. */
async function printedSecret(listener: Listener): Promise<string> {
  const [, secret] = await listener.waitOutput(/signing secret for this run is (whsec_\S+)/);
  return secret;
}

/** An account with a webhook URL nobody serves (no worker runs here): sendTestWebhook needs one. */
const newMerchant = () => app.createMerchant({ webhookUrl: "http://127.0.0.1:9/unused" });

/** A charge of the account paid: its charge.paid event's id. */
async function paidCharge(merchant: Merchant): Promise<string> {
  const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 12.34 } });
  assert.equal(created.status, 201, created.text);
  const paid = await app.graphql(
    'mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Maria", payerDocument: "52998224725") { status } }',
    { id: created.body.id },
  );
  assert.equal(paid.data?.simulateChargePayment.status, "PAID", JSON.stringify(paid));
  const [event] = await app.runtime.db.query(
    "SELECT id FROM webhook_events WHERE subject_id = $1 AND event = 'charge.paid'",
    [created.body.id],
  );
  return event.id;
}

async function ping(merchant: Merchant): Promise<string> {
  const result = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
  assert.equal(result.errors, undefined, JSON.stringify(result.errors));
  return result.data.sendTestWebhook.eventId;
}

async function stop(listener: Listener): Promise<number | null> {
  if (listener.child.exitCode === null) listener.child.kill("SIGINT");
  return listener.exited;
}

/** A line with no stack frame in it: what a user is shown for a mistake. */
function assertNoStack(text: string) {
  assert.doesNotMatch(text, /\n\s+at \S+/, `no stack trace in:\n${text}`);
}

describe("pix-webhooks listen", () => {
  test("forwards the account's events signed as the service signs them; Ctrl-C stops it cleanly", async () => {
    const merchant = await newMerchant();
    const other = await newMerchant();
    const port = await freePort();
    const listener = startListener(
      ["listen", "--forward-to", `http://127.0.0.1:${port}/hook`, "--api-url", app.baseUrl],
      {
        PIX_API_KEY: merchant.clientSecret,
      },
    );
    try {
      const secret = await printedSecret(listener);
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, "a new secret in standard base64, as the service issues");
      const receiver = await startReceiver(port, secret);
      try {
        await listener.waitOutput(/^Ready\. Forwarding the account's events to http:\/\/127\.0\.0\.1:\d+\/hook/m);
        // Another account's event is never heard; the account's own arrives.
        await ping(other);
        const eventId = await ping(merchant);
        const line = await listener.waitOutput(
          new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  ping  ${eventId}  200  (\\d+) ms$`, "m"),
        );
        assert.ok(Number(line[1]) >= 0);
        assert.equal(receiver.deliveries.length, 1, "one delivery: the other account's ping is not forwarded");
        const [delivery] = receiver.deliveries;
        assert.deepEqual(delivery.standard, { ok: true }, "the standardwebhooks library verifies it from the raw body");
        assert.equal(delivery.contractSignatureOk, true, "X-Signature and the body's signature, keyed with the secret");
        assert.equal(delivery.headers["webhook-id"], eventId);
        assert.equal(delivery.headers["x-service-event"], "ping");
        assert.equal(delivery.headers["content-type"], "application/json");
        assert.ok(Math.abs(Number(delivery.headers["webhook-timestamp"]) - Date.now() / 1000) < 30);
        assert.deepEqual(Object.keys(delivery.body), ["event", "event_id", "timestamp", "company_id", "signature"]);
        assert.equal(delivery.body.event_id, eventId);
        assert.equal(delivery.body.company_id, merchant.companyId);

        // A charge paid: what an integrator waits for.
        const paidId = await paidCharge(merchant);
        await listener.waitOutput(new RegExp(`  charge\\.paid  ${paidId}  200  \\d+ ms$`, "m"));
        const paid = receiver.deliveries[1];
        assert.deepEqual(paid.standard, { ok: true });
        assert.equal(paid.contractSignatureOk, true);
        assert.equal(paid.headers["x-service-event"], "charge.paid");
        assert.equal(paid.body.event_id, paidId);
        assert.equal(paid.body.amount, 12.34);
        assert.equal(paid.body.status, "PAID");
      } finally {
        await receiver.close();
      }
      assert.equal(await stop(listener), 0);
      assert.match(listener.stdout(), /Stopped\.\n$/);
      assert.equal(listener.stderr(), "");
    } finally {
      listener.child.kill("SIGKILL");
    }
  });

  test("with --secret the account's own secret, the forward is byte for byte what the service sends; --events filters", async () => {
    const merchant = await newMerchant();
    const port = await freePort();
    const receiver = await startReceiver(port, merchant.webhookSecret);
    const listener = startListener(
      [
        "listen",
        "--forward-to",
        receiver.url,
        "--api-url",
        app.baseUrl,
        "--secret",
        merchant.webhookSecret,
        "--events",
        "ping",
      ],
      { PIX_API_KEY: merchant.clientSecret },
    );
    try {
      await listener.waitOutput(/^Signing with the secret you gave/m);
      await listener.waitOutput(/^Ready\./m);
      const eventId = await ping(merchant);
      await listener.waitOutput(new RegExp(`  ping  ${eventId}  200  \\d+ ms$`, "m"));
      const [stored] = await app.runtime.db.query(
        "SELECT body, signature, request_id FROM webhook_events WHERE id = $1",
        [eventId],
      );
      const [delivery] = receiver.deliveries;
      assert.equal(delivery.rawBody, stored.body);
      assert.equal(delivery.headers["x-signature"], stored.signature);
      assert.deepEqual(delivery.standard, { ok: true });
      assert.equal(delivery.headers["x-request-id"], stored.request_id, "the request that made the event");
      // --events: a charge paid is not a ping, so only the next ping arrives.
      await paidCharge(merchant);
      const next = await ping(merchant);
      await listener.waitOutput(new RegExp(`  ping  ${next}  200  \\d+ ms$`, "m"));
      assert.deepEqual(
        receiver.deliveries.map((item) => item.body.event),
        ["ping", "ping"],
      );
      assert.doesNotMatch(listener.stdout(), /charge\.paid/);
    } finally {
      await stop(listener);
      await receiver.close();
    }
  });

  test("a receiver that is down: the failure is printed and the next event goes through", async () => {
    const merchant = await newMerchant();
    const port = await freePort();
    const listener = startListener(
      ["listen", "--forward-to", `http://127.0.0.1:${port}/hook`, "--api-url", app.baseUrl],
      {
        PIX_API_KEY: merchant.clientSecret,
      },
    );
    try {
      const secret = await printedSecret(listener);
      await listener.waitOutput(/^Ready\./m);
      const lost = await ping(merchant);
      await listener.waitOutput(
        new RegExp(`  ping  ${lost}  failed: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}  \\d+ ms$`, "m"),
        "stderr",
      );
      const receiver = await startReceiver(port, secret);
      try {
        const next = await ping(merchant);
        await listener.waitOutput(new RegExp(`  ping  ${next}  200  \\d+ ms$`, "m"));
        assert.deepEqual(
          receiver.deliveries.map((delivery) => delivery.body.event_id),
          [next],
        );
        assert.equal(listener.child.exitCode, null, "still listening");
      } finally {
        await receiver.close();
      }
      // A receiver's error answer is a failure too, with its status.
      const failing = await startReceiver(port, secret, 500);
      try {
        const refused = await ping(merchant);
        await listener.waitOutput(new RegExp(`  ping  ${refused}  failed: HTTP 500  \\d+ ms$`, "m"), "stderr");
      } finally {
        await failing.close();
      }
      assertNoStack(listener.stderr());
    } finally {
      await stop(listener);
    }
  });

  test("an account whose endpoints take nothing still hears charge.paid: kept for the open listener, no delivery", async () => {
    const merchant = await newMerchant();
    const endpoints = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
    assert.equal(endpoints.status, 200, endpoints.text);
    const [endpoint] = endpoints.body.data;
    const disabled = await app.request("PATCH", `/webhook-endpoints/${endpoint.id}`, {
      token: merchant.clientSecret,
      body: { status: "DISABLED" },
    });
    assert.equal(disabled.status, 200, disabled.text);
    const port = await freePort();
    const listener = startListener(
      ["listen", "--forward-to", `http://127.0.0.1:${port}/hook`, "--api-url", app.baseUrl],
      {
        PIX_API_KEY: merchant.clientSecret,
      },
    );
    try {
      const secret = await printedSecret(listener);
      const receiver = await startReceiver(port, secret);
      try {
        await listener.waitOutput(/^Ready\./m);
        const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 5 } });
        const paid = await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", {
          id: created.body.id,
        });
        assert.equal(paid.data?.simulateChargePayment.status, "PAID", JSON.stringify(paid));
        const [, eventId] = await listener.waitOutput(/ {2}charge\.paid {2}(evt_\w+) {2}200 {2}\d+ ms$/m);
        const [delivery] = receiver.deliveries;
        assert.deepEqual(delivery.standard, { ok: true }, "the standardwebhooks library verifies it from the raw body");
        assert.equal(delivery.contractSignatureOk, true);
        assert.equal(delivery.body.event, "charge.paid");
        assert.equal(delivery.body.event_id, eventId);
        assert.equal(delivery.body.charge_id, `chg_${created.body.id}`);
        assert.equal(delivery.body.amount, 5);
        // No delivery of it (the endpoint is off): only the listener's copy, signed as the account's own endpoint would.
        const deliveries = await app.runtime.db.query("SELECT 1 FROM webhook_events WHERE id = $1", [eventId]);
        assert.equal(deliveries.length, 0);
        const [kept] = await app.runtime.db.query(
          "SELECT company_id, event, body FROM webhook_listener_events WHERE id = $1",
          [eventId],
        );
        assert.equal(kept.company_id, merchant.companyId);
        assert.equal(kept.event, "charge.paid");
        const { signature, ...unsigned } = JSON.parse(kept.body);
        assert.equal(
          signature,
          createHmac("sha256", merchant.webhookSecret).update(JSON.stringify(unsigned)).digest("hex"),
        );
        assert.equal(listener.stderr(), "", "nothing told as missed");
      } finally {
        await receiver.close();
      }
    } finally {
      await stop(listener);
    }
  });

  test("a dropped stream is opened again and events flow on", async () => {
    const merchant = await newMerchant();
    const port = await freePort();
    const listener = startListener(
      ["listen", "--forward-to", `http://127.0.0.1:${port}/hook`, "--api-url", app.baseUrl],
      {
        PIX_API_KEY: merchant.clientSecret,
      },
    );
    try {
      const secret = await printedSecret(listener);
      const receiver = await startReceiver(port, secret);
      try {
        await listener.waitOutput(/^Ready\./m);
        const streams = app.http.live.streamCount;
        app.http.server.closeAllConnections();
        await listener.waitOutput(/^Lost the stream: /m, "stderr");
        await listener.waitOutput(/^Reconnecting in 1 s\.\.\.$/m, "stderr");
        await listener.waitOutput(/^Reconnected\. Events written while the stream was down were not forwarded/m);
        assert.equal(app.http.live.streamCount, streams, "the old stream was let go, the new one counted");
        const eventId = await ping(merchant);
        await listener.waitOutput(new RegExp(`  ping  ${eventId}  200  \\d+ ms$`, "m"));
        assert.deepEqual(receiver.deliveries[0].standard, { ok: true });
      } finally {
        await receiver.close();
      }
    } finally {
      await stop(listener);
    }
  });

  test("the built bin runs as a command (its shebang and mode, as npx runs it): --help", async () => {
    const child = spawn(BIN, ["--help"], { env: { PATH: process.env.PATH ?? "" } });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.equal(code, 0);
    assert.match(out, /^Usage: pix-webhooks listen --forward-to <url> \[options\]\n/);
    assert.match(out, /--api-key <secret> {3}a client secret of the account \(or PIX_API_KEY\)/);
  });

  test("a bad, missing or operator key is one clear line, without a stack", async () => {
    const forward = ["listen", "--forward-to", "http://127.0.0.1:9/hook", "--api-url", app.baseUrl];
    const bad = startListener(forward, { PIX_API_KEY: "sk_not_a_real_secret" });
    assert.equal(await bad.exited, 1);
    assert.match(
      bad.stderr(),
      /^pix-webhooks: The API key was refused \(401\): check --api-key or PIX_API_KEY \(a client secret of the account, not revoked or expired\)\.\n$/,
    );
    assert.doesNotMatch(bad.stdout(), /Ready/);

    const operator = startListener([...forward, "--api-key", TEST_ADMIN_TOKEN]);
    assert.equal(await operator.exited, 1);
    assert.equal(
      operator.stderr(),
      "pix-webhooks: This key cannot listen (403): the listener takes a merchant's client secret, not the operators' token.\n",
    );

    const missing = startListener(forward);
    assert.equal(await missing.exited, 2);
    assert.equal(
      missing.stderr(),
      "pix-webhooks: No API key: pass --api-key or set PIX_API_KEY (a client secret of your account)\nRun pix-webhooks --help for the options.\n",
    );
    const noTarget = startListener(["listen", "--api-key", "x"]);
    assert.equal(await noTarget.exited, 2);
    assert.match(noTarget.stderr(), /^pix-webhooks: --forward-to is required/);
    for (const run of [bad, operator, missing, noTarget]) assertNoStack(run.stderr());
  });

  test("a key revoked while listening ends it with its reason", async () => {
    const merchant = await newMerchant();
    const listener = startListener(["listen", "--forward-to", "http://127.0.0.1:9/hook", "--api-url", app.baseUrl], {
      PIX_API_KEY: merchant.clientSecret,
    });
    try {
      await listener.waitOutput(/^Ready\./m);
      const [credential] = await app.runtime.db.query("SELECT id FROM client_credentials WHERE company_id = $1", [
        merchant.companyId,
      ]);
      const revoked = await app.graphql("mutation($id: ID!) { revokeClientSecret(credentialId: $id) { id } }", {
        id: credential.id,
      });
      assert.equal(revoked.errors, undefined, JSON.stringify(revoked.errors));
      assert.equal(await listener.exited, 1);
      assert.match(
        listener.stderr(),
        /pix-webhooks: The API key was revoked or has expired: the service closed the stream\.\n$/,
      );
    } finally {
      listener.child.kill("SIGKILL");
    }
  });
});

describe("GET /live/webhook-events", () => {
  test("takes a merchant's client secret only: none 401, a console session 401, the operators' token 403", async () => {
    const merchant = await newMerchant();
    const none = await app.request("GET", "/live/webhook-events");
    assert.equal(none.status, 401);
    assert.equal(none.body.code, "UNAUTHENTICATED");
    const user = await app.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: merchant.companyId });
    const session = await app.request("GET", "/live/webhook-events", { headers: { cookie: user.cookie } });
    assert.equal(session.status, 401);
    assert.equal(session.body.code, "UNAUTHENTICATED");
    const operator = await app.request("GET", "/live/webhook-events", { token: TEST_ADMIN_TOKEN });
    assert.equal(operator.status, 403);
    assert.equal(operator.body.code, "FORBIDDEN");
    assert.equal(operator.body.error, "The webhook listener's stream takes a merchant's client secret");
  });

  test("carries the stored body of every event of the account, ping included", async () => {
    const merchant = await newMerchant();
    const controller = new AbortController();
    const response = await fetch(`${app.baseUrl}/live/webhook-events`, {
      headers: { authorization: `Bearer ${merchant.clientSecret}` },
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/event-stream; charset=utf-8");
    let text = "";
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
      } catch {
        // aborted
      }
    })();
    try {
      await waitFor("ready", async () => text.includes("event: ready"));
      const eventId = await ping(merchant);
      const data = await waitFor("the webhook event", async () => {
        const match = new RegExp(`id: ${eventId}\\nevent: webhook\\ndata: (.*)\\n\\n`).exec(text);
        return match?.[1];
      });
      const [stored] = await app.runtime.db.query(
        "SELECT body, created_at, request_id FROM webhook_events WHERE id = $1",
        [eventId],
      );
      assert.deepEqual(JSON.parse(data), {
        id: eventId,
        type: "ping",
        created_at: stored.created_at.toISOString(),
        request_id: stored.request_id,
        body: stored.body,
      });
      assert.equal(typeof stored.request_id, "string", "the ping's request, sent on as X-Request-Id");
    } finally {
      controller.abort();
      await reading;
    }
  });
});

describe("the listeners' rows (webhook_listeners): what the outbox keeps for a listener", () => {
  /** An account whose only endpoint (its own) is turned off: no endpoint takes anything. */
  async function accountTakingNothing(): Promise<Merchant> {
    const merchant = await newMerchant();
    const endpoints = await app.request("GET", "/webhook-endpoints", { token: merchant.clientSecret });
    const off = await app.request("PATCH", `/webhook-endpoints/${endpoints.body.data[0].id}`, {
      token: merchant.clientSecret,
      body: { status: "DISABLED" },
    });
    assert.equal(off.status, 200, off.text);
    return merchant;
  }

  const rowsOf = async (companyId: string) =>
    (await app.runtime.db.query("SELECT id, expires_at FROM webhook_listeners WHERE company_id = $1", [
      companyId,
    ])) as Array<{ id: string; expires_at: Date }>;
  const keptFor = async (companyId: string) =>
    (await app.runtime.db.query("SELECT id, event FROM webhook_listener_events WHERE company_id = $1", [
      companyId,
    ])) as Array<{ id: string; event: string }>;

  test("a stream's row is written before ready, renewed while it is open, removed when it closes", async () => {
    const merchant = await accountTakingNothing();
    const controller = new AbortController();
    const response = await fetch(`${app.baseUrl}/live/webhook-events`, {
      headers: { authorization: `Bearer ${merchant.clientSecret}` },
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    const [row] = await rowsOf(merchant.companyId);
    assert.match(row.id, /^wl_[A-Za-z0-9]{24}$/);
    const firstExpiry = row.expires_at.getTime();
    assert.ok(firstExpiry > Date.now() + 50_000, "about a minute ahead");
    // Renewed by the 200 ms check of this test app.
    await waitFor(
      "the row renewed",
      async () => (await rowsOf(merchant.companyId))[0]?.expires_at.getTime() > firstExpiry,
    );
    controller.abort();
    await waitFor("the row removed", async () => (await rowsOf(merchant.companyId)).length === 0);
  });

  test("another process's listener (only its row here) makes this process keep the body; without one nothing is written", async () => {
    const merchant = await accountTakingNothing();
    const pay = async (amount: number) => {
      const created = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
      assert.equal(created.status, 201, created.text);
      const paid = await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", {
        id: created.body.id,
      });
      assert.equal(paid.data?.simulateChargePayment.status, "PAID", JSON.stringify(paid));
      return created.body.id as string;
    };
    // No listener anywhere: an event no endpoint takes costs no write.
    const unheard = await pay(6);
    assert.deepEqual(await app.runtime.db.query("SELECT 1 FROM webhook_events WHERE subject_id = $1", [unheard]), []);
    assert.deepEqual(await keptFor(merchant.companyId), []);
    // A listener of the account on another API process: its row, no stream of this process.
    await app.runtime.db.query(
      "INSERT INTO webhook_listeners (id, company_id, expires_at) VALUES ('wl_elsewhere', $1, now() + interval '1 minute')",
      [merchant.companyId],
    );
    await pay(7);
    const kept = await keptFor(merchant.companyId);
    assert.deepEqual(
      kept.map((row) => row.event),
      ["charge.paid"],
    );
    // An expired row (a crashed process's) keeps nothing more, and the next check removes it.
    await app.runtime.db.query(
      "UPDATE webhook_listeners SET expires_at = now() - interval '1 second' WHERE id = 'wl_elsewhere'",
    );
    await pay(8);
    assert.equal((await keptFor(merchant.companyId)).length, 1, "nothing kept for an expired listener");
  });

  test("the open streams' check prunes expired rows and bodies older than 10 minutes", async () => {
    const merchant = await newMerchant();
    await app.runtime.db.query(
      "INSERT INTO webhook_listeners (id, company_id, expires_at) VALUES ('wl_crashed', $1, now() - interval '1 second')",
      [merchant.companyId],
    );
    await app.runtime.db.query(
      `INSERT INTO webhook_listener_events (id, company_id, event, body, created_at)
       VALUES ('evt_old', $1, 'ping', '{}', now() - interval '11 minutes'), ('evt_recent', $1, 'ping', '{}', now())`,
      [merchant.companyId],
    );
    const controller = new AbortController();
    const response = await fetch(`${app.baseUrl}/live/webhook-events`, {
      headers: { authorization: `Bearer ${merchant.clientSecret}` },
      signal: controller.signal,
    });
    try {
      assert.equal(response.status, 200);
      await waitFor("the crashed row pruned", async () =>
        (await rowsOf(merchant.companyId)).every((row) => row.id !== "wl_crashed"),
      );
      await waitFor("the old body pruned", async () =>
        (await keptFor(merchant.companyId)).every((row) => row.id !== "evt_old"),
      );
      assert.deepEqual(
        (await keptFor(merchant.companyId)).map((row) => row.id),
        ["evt_recent"],
      );
    } finally {
      controller.abort();
    }
  });
});
