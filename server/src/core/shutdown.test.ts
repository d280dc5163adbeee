import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { after, before, test } from "node:test";
import { waitFor } from "../../test/support/scenarios";
import { freePort, type ServiceProcess, startServiceProcess } from "../../test/support/service-process";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";

let app: TestApp;
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp(); // the test's own view of the database; the service under test is a child process
});
after(async () => {
  await app.close();
  await receiver.close();
});

/** A request whose body arrives in two parts, the second when the test says. */
function slowRequest(port: number, path: string, token: string, body: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    answer += chunk;
  });
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
  const half = Math.floor(body.length / 2);
  const opened = new Promise<void>((resolve) => socket.once("connect", resolve));
  return {
    start: async () => {
      await opened;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
          body.slice(0, half),
      );
    },
    finish: () => socket.write(body.slice(half)),
    answer: closed,
  };
}

/**
 * The service as production runs it (NODE_ENV=production, where a library's own signal
 * handler once hung the close), logging at info, with an internal port.
 */
async function startProduction(env: Record<string, string>): Promise<{ service: ServiceProcess; internal: string }> {
  const internalPort = await freePort();
  const service = await startServiceProcess({
    databaseUrl: app.databaseUrl,
    env: { NODE_ENV: "production", LOG_LEVEL: "info", INTERNAL_PORT: String(internalPort), ...env },
  });
  return { service, internal: `http://127.0.0.1:${internalPort}` };
}

/** The JSON log lines the process wrote. */
function logMessages(service: ServiceProcess): string[] {
  return service
    .output()
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line).msg as string);
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

test("SIGTERM: the request and the webhook attempt in flight finish, new connections are refused, /readyz says not ready, exit 0", async () => {
  const merchant = await app.createMerchant({ webhookUrl: receiver.url("/slow") });
  receiver.respond(() => ({ status: 200, body: "ok", delayMs: 1500 }));
  // The API with its in-process worker: one process, both kinds of work in flight.
  const { service, internal } = await startProduction({ RUN_WORKER: "true", SHUTDOWN_TIMEOUT_MS: "15000" });
  assert.equal((await fetch(`${internal}/readyz`)).status, 200);

  // A webhook attempt in flight on the child's worker (the receiver answers after 1.5 s)...
  const ping = await app.graphql("mutation { sendTestWebhook { eventId } }", {}, merchant.clientSecret);
  const eventId: string = ping.data.sendTestWebhook.eventId;
  await receiver.waitForCount(1, "/slow", 10_000);
  // ...and a request in flight whose body is half sent.
  const request = slowRequest(service.port, "/charges", merchant.clientSecret, JSON.stringify({ amount: 12.34 }));
  await request.start();
  await new Promise((resolve) => setTimeout(resolve, 100));

  const stopped = service.stop("SIGTERM", 30_000);
  await waitFor("the listener closed", () => connectionRefused(service.port), 5000);
  const readyz = await fetch(`${internal}/readyz`);
  assert.equal(readyz.status, 503);
  assert.deepEqual(await readyz.json(), { error: "Not ready: shutting down", code: "SERVICE_UNAVAILABLE" });
  assert.equal(service.exited(), false, "still draining");

  request.finish();
  const answer = await request.answer;
  assert.match(answer, /^HTTP\/1\.1 201 /, answer);
  assert.match(answer, /"amount":12\.34/);

  assert.deepEqual(await stopped, { code: 0, signal: null });
  const messages = logMessages(service);
  assert.ok(messages.includes("shutting down: draining"));
  assert.ok(messages.includes("shut down cleanly"));

  // The attempt was answered and recorded, not cut off and left for another worker.
  const attempts = await app.services.db.query(
    "SELECT attempt_number, response_status, error, finished_at FROM webhook_attempts WHERE event_id = $1",
    [eventId],
  );
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0].response_status, 200);
  assert.equal(attempts[0].error, null);
  assert.notEqual(attempts[0].finished_at, null);
  const [event] = await app.services.db.query("SELECT delivery_status FROM webhook_events WHERE id = $1", [eventId]);
  assert.equal(event.delivery_status, "DELIVERED");
});

test("a shutdown that outlasts SHUTDOWN_TIMEOUT_MS is cut short with exit code 1", async () => {
  const { service } = await startProduction({ RUN_WORKER: "false", SHUTDOWN_TIMEOUT_MS: "300" });
  const merchant = await app.createMerchant();
  const request = slowRequest(service.port, "/charges", merchant.clientSecret, JSON.stringify({ amount: 1 }));
  await request.start();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  const exit = await service.stop("SIGTERM", 10_000);
  assert.deepEqual(exit, { code: 1, signal: null });
  assert.ok(Date.now() - started < 5000);
  assert.ok(logMessages(service).includes("shutdown timed out: work still in flight is abandoned"));
});
