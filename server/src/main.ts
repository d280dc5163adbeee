import "reflect-metadata";
import { createServer, type Server } from "node:http";
import { createHttpApp } from "./app";
import { loadConfig } from "./core/config";
import { createLogger } from "./core/logger";
import { openRuntime } from "./runtime";
import { startBackgroundWork } from "./worker";

/** `npm start`: the API (REST, GraphQL) and, unless RUN_WORKER=false, the background work. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await openRuntime(config, logger);
  const { services, secrets } = runtime;
  const http = await createHttpApp(services);

  const worker = config.runWorker ? await startBackgroundWork(runtime) : null;

  const server: Server = await new Promise((resolve, reject) => {
    const listening = createServer(http.handle).listen(config.port, () => resolve(listening));
    listening.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  printBanner(
    config.publicBaseUrl,
    port,
    runtime.embedded,
    secrets.newAdminToken,
    secrets.newProviderWebhookSecret ? secrets.providerWebhookSecret : null,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // Ctrl-C reaches the embedded PostgreSQL too, which stops at once: what the closing
    // pools and workers then report about lost connections is expected, not news.
    if (runtime.embedded) logger.setLevel("silent");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Each step may find the database already gone.
    await settle(closed, 5000);
    await settle(worker?.stop(), 5000);
    await settle(http.stop(), 2000);
    await settle(runtime.close(), 10000);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** Waits for a shutdown step, but never forever and never throwing. */
async function settle(step: Promise<unknown> | undefined, timeoutMs: number): Promise<void> {
  if (!step) return;
  await Promise.race([step.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}

function printBanner(
  baseUrl: string,
  port: number,
  embedded: boolean,
  adminToken: string | null,
  providerSecret: string | null,
) {
  const lines = [
    "",
    `PIX payment service listening on port ${port} (${baseUrl})`,
    `  GraphQL:  ${baseUrl}/graphql`,
    `  Database: ${embedded ? "embedded PostgreSQL under .data/" : "DATABASE_URL"}`,
  ];
  if (adminToken) {
    lines.push(
      "",
      "  Operator token (generated now, shown once; set ADMIN_API_TOKEN to choose your own):",
      `    ${adminToken}`,
      "",
      "  Create a first account:",
      `    curl -s ${baseUrl}/graphql -H 'Authorization: Bearer ${adminToken}' -H 'Content-Type: application/json' \\`,
      `      -d '{"query":"mutation { createCompany(input: {name: \\"Loja Exemplo\\"}) { company { id } clientSecret webhookSecret } }"}'`,
    );
  } else {
    lines.push("  Operator token: as printed at first start, or ADMIN_API_TOKEN.");
  }
  if (providerSecret) lines.push("", `  Provider webhook secret (generated now): ${providerSecret}`);
  lines.push("");
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
