import "reflect-metadata";
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { CompaniesService } from "../src/companies/companies.service";
import { attachSecretBox, parseSecretsKeys, SecretBox } from "../src/core/secret-box";
import { createDataSource } from "../src/database";
import { appendWebhookEvent } from "../src/webhooks/webhook-outbox";
import { profilingArgs } from "./child-server";
import { bar, count, duration, log, status } from "./terminal";

/**
 * Webhook delivery throughput: `events` ping events are written to the outbox first (as
 * committed changes would write them), then `workers` worker processes (`npm run worker`)
 * deliver them to a receiver on 127.0.0.1 that answers 200 at once. Throughput is counted
 * from the first delivery received to the last, so worker start-up is not in it.
 */
export interface WebhookDeliveryResult {
  workers: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  perWorker: number;
  duplicates: number;
}

interface Receiver {
  url: string;
  eventIds: Set<string>;
  received: number;
  firstAt: number;
  lastAt: number;
  reset(): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = {
    eventIds: new Set<string>(),
    received: 0,
    firstAt: 0,
    lastAt: 0,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const now = performance.now();
      if (receiver.received === 0) receiver.firstAt = now;
      receiver.lastAt = now;
      receiver.received += 1;
      const match = /"event_id":"(evt_[A-Za-z0-9]+)"/.exec(Buffer.concat(chunks).toString("utf8"));
      if (match) receiver.eventIds.add(match[1]);
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks`,
    reset() {
      receiver.eventIds.clear();
      receiver.received = 0;
      receiver.firstAt = 0;
      receiver.lastAt = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** Writes the events in transactions of 500, with a progress line. */
async function writeEvents(databaseUrl: string, webhookUrl: string, events: number, secretsKey: string): Promise<void> {
  const db = createDataSource(databaseUrl, 4);
  await db.initialize();
  attachSecretBox(db, new SecretBox(parseSecretsKeys(secretsKey)));
  try {
    const companies = new CompaniesService(db, { feePercent: "0.99", feeFixed: "0.00" }, true);
    const { company } = await companies.createCompany({ name: "Bench Webhooks", webhookUrl });
    const started = performance.now();
    for (let written = 0; written < events; ) {
      const batch = Math.min(500, events - written);
      await db.transaction(async (em) => {
        for (let i = 0; i < batch; i += 1) {
          await appendWebhookEvent(em, company.id, "ping", { company_id: company.id }, null, null);
        }
      });
      written += batch;
      const rate = written / ((performance.now() - started) / 1000);
      status(
        `  writing events ${bar(written / events)} ${count(written)}/${count(events)}  ${count(rate)}/s  ETA ${duration((events - written) / rate)}`,
      );
    }
  } finally {
    await db.destroy();
  }
}

function startWorker(databaseUrl: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...profilingArgs(), join(__dirname, "..", "..", "dist", "worker.js")], {
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      WEBHOOK_ALLOW_PRIVATE: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

export async function measureWebhookDelivery(options: {
  databaseUrl: string;
  events: number;
  workers: number;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<WebhookDeliveryResult> {
  const receiver = await startReceiver();
  const workers: ChildProcess[] = [];
  try {
    if (!options.env.SECRETS_KEY) throw new Error("the webhook bench needs SECRETS_KEY in the workers' environment");
    await writeEvents(options.databaseUrl, receiver.url, options.events, options.env.SECRETS_KEY);
    for (let i = 0; i < options.workers; i += 1) workers.push(startWorker(options.databaseUrl, options.env));
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    while (receiver.eventIds.size < options.events) {
      if (Date.now() > deadline) throw new Error(`only ${receiver.eventIds.size} of ${options.events} delivered`);
      if (workers.some((worker) => worker.exitCode !== null)) throw new Error("a worker process exited");
      const elapsed = receiver.firstAt ? (performance.now() - receiver.firstAt) / 1000 : 0;
      const rate = elapsed > 0 ? receiver.eventIds.size / elapsed : 0;
      status(
        `  delivering with ${options.workers} worker(s) ${bar(receiver.eventIds.size / options.events)} ${count(receiver.eventIds.size)}/${count(options.events)}  ${count(rate)} events/s`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (receiver.lastAt - receiver.firstAt) / 1000;
    const eventsPerSecond = options.events / seconds;
    const result = {
      workers: options.workers,
      events: options.events,
      seconds,
      eventsPerSecond,
      perWorker: eventsPerSecond / options.workers,
      duplicates: receiver.received - receiver.eventIds.size,
    };
    log(
      `  ${options.workers} worker(s): ${count(options.events)} events in ${seconds.toFixed(2)} s = ${count(eventsPerSecond)} events/s (${count(result.perWorker)} per worker)`,
    );
    return result;
  } finally {
    for (const worker of workers) await stopWorker(worker);
    await receiver.close();
  }
}
