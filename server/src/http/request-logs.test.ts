import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { waitFor } from "../../test/support/scenarios";
import { startServiceProcess } from "../../test/support/service-process";
import { createTestDatabase, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { accessLine } from "../core/logger";

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
    // Polled, not a fixed wait: under load the abort's line can take longer than 300 ms.
    const ofAbort = () => records().filter((record) => record.requestId === "log-test-abort");
    await waitFor("the request left a trace", async () => ofAbort().length > 0, 10_000);
    // Whatever else the abort writes comes right after its first line.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = ofAbort();
    assert.deepEqual(
      mine.filter((record) => record.level === "error" || record.level === "warn"),
      [],
    );
  });
});

describe("the access line", () => {
  test("one line per request at the default level, with its id, method, path, status, time and address", async () => {
    const own: string[] = [];
    // LOG_LEVEL unset, as `npm start` runs (the test app's default is silent).
    const info = await startTestApp(
      { LOG_LEVEL: undefined },
      { logDestination: { write: (line: string) => own.push(line) } },
    );
    try {
      assert.equal(info.services.config.logLevel, "info", "the default level");
      const merchant = await info.createMerchant();
      own.length = 0;
      const sent = [
        ["GET", "/charges?limit=5&status=PENDING", 200],
        ["GET", "/charges/balance", 200],
        ["GET", "/charges/chg_nope", 404],
        ["POST", "/graphql", 200],
      ] as const;
      for (const [index, [method, path]] of sent.entries()) {
        await info.request(method, path, {
          token: merchant.clientSecret,
          headers: { "x-request-id": `access-${index}` },
          ...(method === "POST" ? { body: { query: "{ balance { balance } }" } } : {}),
        });
      }
      const lines = own.map((line) => JSON.parse(line) as Record<string, unknown>);
      const access = lines.filter((line) => line.msg === "request");
      assert.equal(access.length, sent.length, "one access line per request, nothing else at info");
      assert.equal(lines.length, sent.length);
      for (const [index, [method, path, status]] of sent.entries()) {
        const line = access[index];
        assert.deepEqual(Object.keys(line), [
          "level",
          "time",
          "requestId",
          "method",
          "path",
          "status",
          "ms",
          "address",
          "msg",
        ]);
        assert.equal(line.level, "info");
        assert.ok(!Number.isNaN(Date.parse(line.time as string)));
        assert.equal(line.requestId, `access-${index}`);
        assert.equal(line.method, method);
        assert.equal(line.path, path.split("?")[0], "no query string");
        assert.equal(line.status, status);
        assert.ok(typeof line.ms === "number" && line.ms >= 0);
        assert.equal(line.address, "127.0.0.1");
      }
      assert.ok(!own.join("").includes(merchant.clientSecret));
      assert.ok(!own.join("").includes("limit=5"));
    } finally {
      await info.close();
    }
  });

  test("a path is written escaped, so every line stays one JSON record", () => {
    const line = accessLine({
      requestId: "r",
      method: "GET",
      path: '/x"y\\z\n\u2028é',
      status: 404,
      ms: 0.4,
      address: "::1",
    });
    assert.ok(line.endsWith("}\n") && line.indexOf("\n") === line.length - 1);
    assert.equal(JSON.parse(line).path, '/x"y\\z\n\u2028é');
  });

  test("none at LOG_LEVEL=warn", async () => {
    const own: string[] = [];
    const quiet = await startTestApp(
      { LOG_LEVEL: "warn" },
      { logDestination: { write: (line: string) => own.push(line) } },
    );
    try {
      await quiet.request("GET", "/healthz");
      await quiet.request("GET", "/charges/balance", { token: TEST_ADMIN_TOKEN });
      assert.deepEqual(own, []);
    } finally {
      await quiet.close();
    }
  });

  test("lines still buffered are written out when the service stops (SIGTERM)", async () => {
    const database = await createTestDatabase();
    const service = await startServiceProcess({ databaseUrl: database.url, env: { LOG_LEVEL: "info" } });
    try {
      const count = 100;
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          fetch(`${service.baseUrl}/healthz`, { headers: { "x-request-id": `flush-${i}` } }).then((res) => res.text()),
        ),
      );
      const stopped = await service.stop("SIGTERM");
      assert.equal(stopped.code, 0);
      const access = service
        .output()
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === "request" && String(line.requestId).startsWith("flush-"));
      assert.equal(access.length, count);
      assert.ok(service.output().some((line) => line.includes('"msg":"shut down cleanly"')));
    } finally {
      await service.stop("SIGKILL");
      await database.drop();
    }
  });
});
