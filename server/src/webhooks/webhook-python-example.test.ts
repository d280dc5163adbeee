import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { waitFor } from "../../test/support/scenarios";
import { freePort } from "../../test/support/service-process";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { REPOSITORY_ROOT } from "../core/repository-root";
import { startBackgroundWork } from "../worker";
import { standardWebhooksKey, standardWebhooksSignature } from "./webhook-secrets";

/**
 * The Python receiver of docs/api.md. Its `standardwebhooks` pip package cannot be installed
 * here (no PyPI), so the doc's standard-library form of the same check runs instead, with the
 * machine's python3, against real deliveries, and agrees with the official npm library on
 * every request that library refuses or accepts.
 */
const API_DOC = join(REPOSITORY_ROOT, "docs", "api.md");

function docExample(name: string, language: string): string {
  const marker = `<!-- example: ${name} -->`;
  const text = readFileSync(API_DOC, "utf8");
  const start = text.indexOf(marker);
  assert.ok(start >= 0, `docs/api.md has the ${marker} block`);
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text.slice(start));
  assert.ok(block, `a ${language} code block follows the marker`);
  return block[1];
}

let app: TestApp;
let work: { stop(): Promise<void> };
const dir = mkdtempSync(join(tmpdir(), "pix-python-example-"));

before(async () => {
  app = await startTestApp({ WEBHOOK_RETRY_SCHEDULE: "1h" });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work?.stop();
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function firstAnswer(eventId: string, token: string): Promise<number> {
  return waitFor(`an answer to ${eventId}`, async () => {
    const result = await app.graphql(
      "query { webhookDeliveries(limit: 100) { data { eventId attempts { responseStatus } } } }",
      {},
      token,
    );
    const delivery = result.data.webhookDeliveries.data.find((item: { eventId: string }) => item.eventId === eventId);
    return delivery?.attempts[0]?.responseStatus ?? null;
  });
}

test("the Python receiver's check (standard library) accepts the service's deliveries and refuses what the library refuses", async () => {
  const file = join(dir, "receiver_stdlib.py");
  writeFileSync(file, docExample("standard-webhooks-receiver-python", "python"));
  const port = await freePort();
  const merchant = await app.createMerchant({ webhookUrl: `http://127.0.0.1:${port}/hook` });
  const child = spawn("python3", [file], {
    env: { ...process.env, WEBHOOK_SECRET: merchant.webhookSecret, PORT: String(port) },
  });
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((done) => child.on("exit", done));
  try {
    await waitFor(`the Python receiver to listen (stderr: ${errors})`, async () =>
      fetch(`http://127.0.0.1:${port}/hook`, { method: "POST", body: "{}" }).then(
        (res) => res.status === 401,
        () => false,
      ),
    );

    // A real delivery of the service: accepted, and its event printed.
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const eventId = ping.data.sendTestWebhook.eventId;
    assert.equal(await firstAnswer(eventId, merchant.clientSecret), 200);
    await waitFor("the event printed", async () => output.includes(`ping ${eventId}\n`));

    // Hand-made requests, each judged by the Python receiver and by the npm library alike.
    const [stored] = await app.runtime.db.query("SELECT body FROM webhook_events WHERE id = $1", [eventId]);
    const key = standardWebhooksKey(merchant.webhookSecret);
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<{ what: string; id: string; timestamp: number; body: string; signature: string; ok: boolean }> =
      [
        {
          what: "signed now",
          id: eventId,
          timestamp: now,
          body: stored.body,
          signature: standardWebhooksSignature(key, eventId, now, stored.body),
          ok: true,
        },
        {
          what: "a second signature beside a wrong one (a rotation)",
          id: eventId,
          timestamp: now,
          body: stored.body,
          signature: `v1,${Buffer.alloc(32).toString("base64")} ${standardWebhooksSignature(key, eventId, now, stored.body)}`,
          ok: true,
        },
        {
          what: "ten minutes old",
          id: eventId,
          timestamp: now - 600,
          body: stored.body,
          signature: standardWebhooksSignature(key, eventId, now - 600, stored.body),
          ok: false,
        },
        {
          what: "the body changed after signing",
          id: eventId,
          timestamp: now,
          body: stored.body.replace('"ping"', '"charge.paid"'),
          signature: standardWebhooksSignature(key, eventId, now, stored.body),
          ok: false,
        },
        {
          what: "another id than signed",
          id: "evt_another",
          timestamp: now,
          body: stored.body,
          signature: standardWebhooksSignature(key, eventId, now, stored.body),
          ok: false,
        },
        {
          what: "signed with another key",
          id: eventId,
          timestamp: now,
          body: stored.body,
          signature: standardWebhooksSignature(Buffer.alloc(32, 7), eventId, now, stored.body),
          ok: false,
        },
      ];
    const webhook = new Webhook(merchant.webhookSecret);
    for (const item of cases) {
      const headers = {
        "webhook-id": item.id,
        "webhook-timestamp": String(item.timestamp),
        "webhook-signature": item.signature,
      };
      let libraryOk = true;
      try {
        webhook.verify(item.body, headers);
      } catch {
        libraryOk = false;
      }
      assert.equal(libraryOk, item.ok, `the npm library on: ${item.what}`);
      const answer = await fetch(`http://127.0.0.1:${port}/hook`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: item.body,
      });
      assert.equal(answer.status, item.ok ? 200 : 401, `the Python receiver on: ${item.what}`);
    }

    // A real delivery signed with a secret the receiver does not hold: refused.
    await app.graphql("mutation { rotateWebhookSecret { webhookSecret } }", {}, merchant.clientSecret);
    const second = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    assert.equal(await firstAnswer(second.data.sendTestWebhook.eventId, merchant.clientSecret), 401);
  } finally {
    child.kill();
    await exited;
  }
});
