import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";

const lines: string[] = [];
const capture = {
  write(line: string) {
    lines.push(line);
  },
};
const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let app: TestApp;
before(async () => {
  app = await startTestApp(
    { LOG_LEVEL: "debug", PROVIDER_WEBHOOK_SECRET: "provider-secret-for-log-test" },
    { logDestination: capture },
  );
});
after(() => app.close());

describe("request logs", () => {
  test("carry the request id on every line and never a secret", async () => {
    lines.length = 0;
    const created = await app.request("POST", "/graphql", {
      token: TEST_ADMIN_TOKEN,
      headers: { "x-request-id": "log-test-create", cookie: "pix_session=session-cookie-secret-value" },
      body: {
        query:
          'mutation { createCompany(input: {name: "Loja Log", webhookUrl: "http://127.0.0.1:9/hook"}) { company { id } clientSecret webhookSecret } }',
      },
    });
    const { clientSecret, webhookSecret } = created.body.data.createCompany;
    await app.request("POST", "/charges", {
      token: clientSecret,
      headers: { "x-request-id": "log-test-charge", "idempotency-key": crypto.randomUUID() },
      body: { amount: 10, description: "logged?" },
    });
    const body = JSON.stringify({ pix: [] });
    const signature = createHmac("sha256", "provider-secret-for-log-test").update(body).digest("hex");
    const provider = await app.request("POST", "/provider/pix", {
      rawBody: body,
      headers: { "x-provider-signature": signature, "x-request-id": "log-test-provider" },
    });
    assert.equal(provider.status, 200, provider.text);
    await app.services.db.query("ALTER TABLE charges RENAME TO charges_moved");
    try {
      const failed = await app.request("GET", "/charges", {
        token: clientSecret,
        headers: { "x-request-id": "log-test-failure" },
      });
      assert.equal(failed.status, 500);
    } finally {
      await app.services.db.query("ALTER TABLE charges_moved RENAME TO charges");
    }

    const text = lines.join("");
    for (const secret of [
      TEST_ADMIN_TOKEN,
      clientSecret,
      webhookSecret,
      "session-cookie-secret-value",
      signature,
      "provider-secret-for-log-test",
    ]) {
      assert.ok(!text.includes(secret), `a secret reached the logs: ${secret.slice(0, 6)}…`);
    }
    const byRequest = (id: string) => records().filter((record) => record.requestId === id);
    for (const id of ["log-test-create", "log-test-charge", "log-test-provider", "log-test-failure"]) {
      assert.ok(
        byRequest(id).some((record) => record.msg === "request"),
        `${id} has its line`,
      );
    }
    const failure = byRequest("log-test-failure");
    assert.ok(
      failure.some((record) => record.level === "error"),
      "the failure is logged as an error with the request's id",
    );
    assert.ok(!JSON.stringify(failure).includes("Bearer"), "no authorization header in the error report");
  });

  test("a client that hangs up mid-request is a debug line, not an error", async () => {
    const merchant = await app.createMerchant();
    lines.length = 0;
    const { port } = new URL(app.baseUrl);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /charges HTTP/1.1\r\nHost: x\r\nX-Request-Id: log-test-abort\r\nAuthorization: Bearer ${merchant.clientSecret}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"amount": 1',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = records().filter((record) => record.requestId === "log-test-abort");
    assert.ok(mine.length > 0, "the request left a trace");
    assert.deepEqual(
      mine.filter((record) => record.level === "error" || record.level === "warn"),
      [],
    );
  });
});
