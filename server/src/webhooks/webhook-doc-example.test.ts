import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { waitFor } from "../../test/support/scenarios";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { REPOSITORY_ROOT } from "../core/repository-root";
import { startBackgroundWork } from "../worker";

/** The receiver example of docs/api.md runs here as written, against real deliveries. */
const API_DOC = join(REPOSITORY_ROOT, "docs", "api.md");

function readmeExample(name = "verify-webhook", language = "js"): string {
  const marker = `<!-- example: ${name} -->`;
  const text = readFileSync(API_DOC, "utf8");
  const start = text.indexOf(marker);
  assert.ok(start >= 0, `docs/api.md has the ${marker} block`);
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text.slice(start));
  assert.ok(block, `a ${language} code block follows the marker`);
  return block[1];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

let app: TestApp;
let work: { stop(): Promise<void> };
const dir = mkdtempSync(join(tmpdir(), "pix-readme-"));

before(async () => {
  app = await startTestApp({ WEBHOOK_RETRY_SCHEDULE: "1h" });
  work = await startBackgroundWork(app.runtime);
});
after(async () => {
  await work.stop();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function attemptOf(eventId: string, token: string) {
  return waitFor(`an answer to ${eventId}`, async () => {
    const result = await app.graphql(
      "query { webhookDeliveries(limit: 100) { data { eventId attempts { responseStatus } } } }",
      {},
      token,
    );
    const delivery = result.data.webhookDeliveries.data.find((item: { eventId: string }) => item.eventId === eventId);
    return delivery?.attempts[0]?.responseStatus ? delivery.attempts[0] : null;
  });
}

/** Runs a receiver of docs/api.md against real deliveries: 200 to its account's, 401 after a rotation. */
async function checkReceiver(file: string, source: string) {
  const port = await freePort();
  const merchant = await app.createMerchant({ webhookUrl: `http://127.0.0.1:${port}/webhooks` });
  writeFileSync(file, source);
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, WEBHOOK_SECRET: merchant.webhookSecret, PORT: String(port) },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((done) => child.on("exit", done));
  try {
    await waitFor("the example to listen", async () =>
      fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "{}" }).then(
        (res) => res.status === 401,
        () => false,
      ),
    );
    const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    const eventId = ping.data.sendTestWebhook.eventId;
    assert.equal((await attemptOf(eventId, merchant.clientSecret)).responseStatus, 200);
    assert.match(output, new RegExp(`ping ${eventId}`));

    // Signed with a secret the receiver does not hold: refused.
    await app.graphql("mutation { rotateWebhookSecret { webhookSecret } }", {}, merchant.clientSecret);
    const second = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
    assert.equal((await attemptOf(second.data.sendTestWebhook.eventId, merchant.clientSecret)).responseStatus, 401);
  } finally {
    child.kill();
    await exited;
  }
}

test("the receiver of docs/api.md accepts signed webhooks and refuses others", async () => {
  await checkReceiver(join(dir, "verify-webhook.mjs"), readmeExample());
});

test("the Standard Webhooks receiver of docs/api.md (TypeScript, the standardwebhooks library) does too", async () => {
  // Inside the server package, so that its import of standardwebhooks resolves; Node strips the types.
  const local = mkdtempSync(join(REPOSITORY_ROOT, "server", ".doc-example-"));
  try {
    await checkReceiver(join(local, "receiver.mts"), readmeExample("standard-webhooks-receiver", "ts"));
  } finally {
    rmSync(local, { recursive: true, force: true });
  }
});
