import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { loadConfig } from "../core/config";
import { createLogger } from "../core/logger";
import { secretsKeyId } from "../core/secret-box";
import { openRuntime, type Runtime } from "../runtime";
import { startBackgroundWork } from "../worker";
import { appendWebhookEvent } from "./webhook-outbox";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("base64");
const keyC = randomBytes(32).toString("hex");
const idOf = (key: string) => secretsKeyId(Buffer.from(key, key.length === 64 ? "hex" : "base64"));

let app: TestApp;
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ SECRETS_KEY: keyA });
});
after(async () => {
  await app.close();
  await receiver.close();
});

/** A second process on the test's database, with its own SECRETS_KEY. */
function openProcess(secretsKey: string | undefined, env: Record<string, string> = {}): Promise<Runtime> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: app.databaseUrl,
    ADMIN_API_TOKEN: TEST_ADMIN_TOKEN,
    SECRETS_KEY: secretsKey,
    LOG_LEVEL: "silent",
    DB_POOL_SIZE: "2",
    ...env,
  });
  return openRuntime(config, createLogger("silent"));
}

async function storedSecret(companyId: string): Promise<string> {
  const rows = await app.services.db.query("SELECT webhook_secret FROM companies WHERE id = $1", [companyId]);
  return rows[0].webhook_secret;
}

/** Rows of every table of the database whose text holds the value. */
async function rowsHolding(value: string): Promise<string[]> {
  const tables: Array<{ name: string }> = await app.services.db.query(
    "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema IN ('public', 'graphile_worker') AND table_type = 'BASE TABLE'",
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await app.services.db.query(`SELECT count(*)::int AS n FROM ${name} t WHERE t::text LIKE $1`, [
      `%${value}%`,
    ]);
    if (rows[0].n > 0) found.push(name);
  }
  return found;
}

function expectedSignature(rawBody: string, secret: string): string {
  const { signature: _signature, ...unsigned } = JSON.parse(rawBody);
  return createHmac("sha256", secret).update(JSON.stringify(unsigned)).digest("hex");
}

/** Signs a ping through the given process, as a committed change would. */
async function signPing(runtime: Runtime, merchant: Merchant) {
  return runtime.db.transaction((em) =>
    appendWebhookEvent(em, merchant.companyId, "ping", { company_id: merchant.companyId }, null, null),
  );
}

describe("webhook secrets at rest", () => {
  test("the database never holds the plain secret; events are signed with the exact secret shown", async () => {
    const path = "/sealed";
    const merchant = await fundedMerchant(app, "100.00", { webhookUrl: receiver.url(path) });
    const stored = await storedSecret(merchant.companyId);
    assert.ok(stored.startsWith(`v1:${idOf(keyA)}:`), stored);
    assert.deepEqual(await rowsHolding(merchant.webhookSecret.slice("whsec_".length)), []);

    const work = await startBackgroundWork(app.runtime);
    try {
      await createWithdrawal(app, merchant); // withdrawal.pending, signed under the account lock
      await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
      const webhooks = await receiver.waitForCount(2, path);
      assert.deepEqual(webhooks.map((webhook) => webhook.json.event).sort(), ["ping", "withdrawal.pending"]);
      for (const webhook of webhooks) {
        assert.equal(webhook.headers["x-signature"], expectedSignature(webhook.body, merchant.webhookSecret));
      }
    } finally {
      await work.stop();
    }

    const settings = await app.graphql("query { webhookSettings { secretHint } }", {}, merchant.clientSecret);
    assert.equal(settings.data.webhookSettings.secretHint, `${merchant.webhookSecret.slice(0, 10)}…`);
  });

  test("a rotated webhook secret is stored sealed too, and its hint comes from it", async () => {
    const merchant = await app.createMerchant();
    const rotated = await app.graphql(
      "mutation { rotateWebhookSecret { webhookSecret settings { secretHint } } }",
      {},
      merchant.clientSecret,
    );
    const secret: string = rotated.data.rotateWebhookSecret.webhookSecret;
    assert.equal(rotated.data.rotateWebhookSecret.settings.secretHint, `${secret.slice(0, 10)}…`);
    assert.match(await storedSecret(merchant.companyId), /^v1:/);
    assert.deepEqual(await rowsHolding(secret.slice("whsec_".length)), []);
    const signed = await signPing(app.runtime, merchant);
    assert.equal(signed.signature, expectedSignature(signed.body, secret));
  });

  test("a sealed secret copied into another account does not open there", async () => {
    const first = await app.createMerchant();
    const second = await app.createMerchant();
    await app.services.db.query("UPDATE companies SET webhook_secret = $2 WHERE id = $1", [
      second.companyId,
      await storedSecret(first.companyId),
    ]);
    await assert.rejects(signPing(app.runtime, second), /does not open/);
    // The remedy: a new secret.
    const rotated = await app.graphql("mutation { rotateWebhookSecret { webhookSecret } }", {}, second.clientSecret);
    const secret = rotated.data.rotateWebhookSecret.webhookSecret;
    const signed = await signPing(app.runtime, { ...second, webhookSecret: secret });
    assert.equal(signed.signature, expectedSignature(signed.body, secret));
  });
});

describe("start-up and key rotation", () => {
  test("plain secrets written before encryption are sealed at the next start, once", async () => {
    const merchant = await app.createMerchant();
    await app.services.db.query("UPDATE companies SET webhook_secret = $2 WHERE id = $1", [
      merchant.companyId,
      merchant.webhookSecret,
    ]);
    // Until then they still sign.
    const before = await signPing(app.runtime, merchant);
    assert.equal(before.signature, expectedSignature(before.body, merchant.webhookSecret));

    const restarted = await openProcess(keyA);
    try {
      const sealed = await storedSecret(merchant.companyId);
      assert.match(sealed, /^v1:/);
      assert.deepEqual(await rowsHolding(merchant.webhookSecret.slice("whsec_".length)), []);
      const signed = await signPing(restarted, merchant);
      assert.equal(signed.signature, expectedSignature(signed.body, merchant.webhookSecret));
      const again = await openProcess(keyA);
      await again.close();
      assert.equal(await storedSecret(merchant.companyId), sealed, "a second start leaves sealed rows alone");
    } finally {
      await restarted.close();
    }
  });

  test("an endpoint's own secret is sealed, and sealed again under a new key in front of the old one", async () => {
    const merchant = await app.createMerchant();
    const created = await app.request("POST", "/webhook-endpoints", {
      token: merchant.clientSecret,
      body: { url: "https://example.com/endpoint", events: ["ping"] },
    });
    assert.equal(created.status, 201, created.text);
    const stored = async () =>
      (await app.services.db.query("SELECT webhook_secret FROM webhook_endpoints WHERE id = $1", [created.body.id]))[0]
        .webhook_secret as string;
    assert.ok((await stored()).startsWith(`v1:${idOf(keyA)}:`));
    assert.deepEqual(await rowsHolding(created.body.secret.slice("whsec_".length)), []);
    const rotated = await openProcess(`${keyB},${keyA}`);
    try {
      assert.ok((await stored()).startsWith(`v1:${idOf(keyB)}:`));
      const signed = await signPing(rotated, merchant);
      const [row] = await rotated.db.query(
        "SELECT body, signature FROM webhook_events WHERE id = $1 AND endpoint_id = $2",
        [signed.eventId, created.body.id],
      );
      assert.equal(row.signature, expectedSignature(row.body, created.body.secret));
    } finally {
      await rotated.close();
    }
  });

  test("a new key in front of the old one re-encrypts every row; the old key alone, or another key, is then refused", async () => {
    const merchants = [await app.createMerchant(), await app.createMerchant()];
    const rotated = await openProcess(`${keyB},${keyA}`);
    try {
      for (const merchant of merchants) {
        assert.ok((await storedSecret(merchant.companyId)).startsWith(`v1:${idOf(keyB)}:`));
        const signed = await signPing(rotated, merchant);
        assert.equal(signed.signature, expectedSignature(signed.body, merchant.webhookSecret));
      }
      // A merchant created by the new process signs with its secret as shown.
      const created = await rotated.services.companies.createCompany({ name: "Nova" });
      const viaNew = await signPing(rotated, {
        companyId: created.company.id,
        clientSecret: created.clientSecret,
        webhookSecret: created.webhookSecret,
      });
      assert.equal(viaNew.signature, expectedSignature(viaNew.body, created.webhookSecret));
    } finally {
      await rotated.close();
    }
    await assert.rejects(openProcess(keyA), (error: Error) => {
      assert.match(error.message, new RegExp(`encrypted with key ${idOf(keyB)}, which SECRETS_KEY does not hold`));
      return true;
    });
    await assert.rejects(openProcess(keyC), /which SECRETS_KEY does not hold/);
    // The key that is now current, alone, is enough.
    const onlyB = await openProcess(keyB);
    await onlyB.close();
  });

  test("in production a DATABASE_URL without SECRETS_KEY refuses to start, saying why", async () => {
    await assert.rejects(openProcess(undefined, { NODE_ENV: "production" }), {
      message:
        "SECRETS_KEY is required in production with DATABASE_URL: it encrypts the webhook signing secrets in the " +
        "database, and every API and worker process needs the same one. Generate one with `openssl rand -base64 32`.",
    });
  });
});
