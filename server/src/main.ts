import "reflect-metadata";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAbsolute, join, relative } from "node:path";
import { createHttpApp, type PageCaller } from "./app";
import { type NextConsole, startConsole } from "./console/next-console";
import { ensureFirstOperator } from "./console-users/first-operator";
import { loadConfig } from "./core/config";
import { PORT_FILE } from "./core/embedded-postgres-port";
import { createLogger } from "./core/logger";
import { REPOSITORY_ROOT } from "./core/repository-root";
import { createGracefulShutdown, exitOnSignals } from "./core/shutdown";
import { startInternalServer } from "./http/internal-server";
import { registerEfiWebhook } from "./provider/efi/efi-webhook-registration";
import { openRuntime, type Runtime } from "./runtime";
import { startBackgroundWork } from "./worker";

/** `npm start`: the API (REST, GraphQL) and, unless RUN_WORKER=false, the background work. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await openRuntime(config, logger);
  const { services, secrets } = runtime;
  let workerState: "running" | "stopped" = "stopped";
  // The console (admin-ui) answers every non-API path on the same port; CONSOLE=off leaves it
  // out. Its handler is bound once the console is ready (before the port opens).
  let consoleApp: NextConsole | null = null;
  // Set once the shutdown exists (after the port opens); /readyz asks it.
  let drainingNow = () => false;
  const http = await createHttpApp(runtime, {
    workers: () => (config.runWorker ? workerState : "not in this process"),
    draining: () => drainingNow(),
    ...(config.console === "off"
      ? {}
      : { fallback: (req, res, caller) => consoleFallback(consoleApp, req, res, caller) }),
  });
  if (config.console !== "off") {
    const dev = config.console === "dev";
    consoleApp = await startConsole({
      dev,
      logger,
      publicBaseUrl: config.publicBaseUrl,
      runPageOperation: (params, caller) => http.runPageOperation(params, caller),
    });
    // Dev: Next's hot reload talks over a websocket, passed to the console's worker.
    const nextConsole = consoleApp;
    if (dev) http.server.on("upgrade", (req, socket, head) => nextConsole.upgrade(req, socket, head));
  }
  const firstOperator = await ensureFirstOperator(runtime.db, config);

  const worker = config.runWorker ? await startBackgroundWork(runtime) : null;
  if (worker) workerState = "running";

  const port = await http.listen(config.port);
  // Efí checks the URL with a test notification: registered once the port answers, in the background.
  void registerEfiWebhook(services);

  printBanner({
    consoleOn: consoleApp !== null,
    baseUrl: config.publicBaseUrl,
    port,
    embedded: runtime.embedded,
    dataDir: config.dataDir,
    adminToken: secrets.newAdminToken,
    providerSecret: secrets.newProviderWebhookSecret ? secrets.providerWebhookSecret : null,
    firstOperator,
    adminEmail: config.adminEmail ?? null,
    secretsKey: runtime.secretsKey,
  });

  const internal =
    config.internalPort === undefined
      ? null
      : await startInternalServer(services, {
          port: config.internalPort,
          host: config.internalHost,
          workers: () => (config.runWorker ? workerState : "not in this process"),
          draining: () => drainingNow(),
        });
  // Ctrl-C reaches the embedded PostgreSQL too, which stops at once: what the closing pools
  // and workers then report about lost connections is expected, not news.
  const quietIfEmbedded = async () => {
    if (runtime.embedded) logger.setLevel("silent");
  };
  const shutdown = createGracefulShutdown({
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    phases: [
      [
        { name: "quiet logs if embedded", stop: quietIfEmbedded },
        // Stops accepting and finishes the requests in flight; the job attempts in flight finish meanwhile.
        { name: "http", stop: () => http.close() },
        // Dev: a browser's hot-reload websocket would hold the HTTP server's close.
        { name: "console websockets", stop: consoleApp ? async () => consoleApp?.dropUpgrades() : undefined },
        { name: "worker", stop: worker ? () => worker.stop().finally(() => (workerState = "stopped")) : undefined },
      ],
      [{ name: "console", stop: consoleApp ? () => (consoleApp as NextConsole).close() : undefined }],
      [{ name: "internal port", stop: internal ? () => internal.close() : undefined }],
      [{ name: "database", stop: () => runtime.close() }],
    ],
  });
  drainingNow = () => shutdown.draining;
  exitOnSignals(shutdown, logger);
  logger.info("listening", { port, internalPort: internal?.port ?? null, worker: worker !== null });
}

/** Hands a non-API request to the console; 503 in the moment before it is ready. */
function consoleFallback(
  consoleApp: NextConsole | null,
  req: IncomingMessage,
  res: ServerResponse,
  caller: PageCaller | null,
): void {
  if (consoleApp) {
    consoleApp.handle(req, res, caller);
    return;
  }
  res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "5" });
  res.end("The console is starting");
}

/** What the first lines of `npm start` tell: where to go, and secrets generated just now (shown once). */
interface Banner {
  consoleOn: boolean;
  baseUrl: string;
  port: number;
  embedded: Runtime["embedded"];
  dataDir: string;
  adminToken: string | null;
  providerSecret: string | null;
  firstOperator: { email: string; password: string } | null;
  adminEmail: string | null;
  secretsKey: Runtime["secretsKey"];
}

/** A path as the person who ran `npm start` in the checkout would type it. */
function relativeToHere(path: string): string {
  const fromRoot = relative(REPOSITORY_ROOT, path);
  return fromRoot.startsWith("..") || isAbsolute(fromRoot) ? path : fromRoot;
}

function printBanner({
  consoleOn,
  baseUrl,
  port,
  embedded,
  dataDir,
  adminToken,
  providerSecret,
  firstOperator,
  adminEmail,
  secretsKey,
}: Banner) {
  const lines = [
    "",
    `PIX payment service listening on port ${port} (${baseUrl})`,
    `  Console:  ${consoleOn ? `${baseUrl}/login` : "off (CONSOLE=off)"}`,
    `  GraphQL:  ${baseUrl}/graphql`,
    `  Database: ${embedded ? `embedded PostgreSQL under ${relativeToHere(dataDir)}/, port ${embedded.port}` : "DATABASE_URL"}`,
  ];
  if (embedded?.portTaken) {
    lines.push(
      `            (port ${embedded.portTaken} was taken by another server: it took ${embedded.port} and keeps it, see ${relativeToHere(join(dataDir, PORT_FILE))})`,
    );
  }
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
  if (firstOperator) {
    lines.push(
      "",
      "  Console: first operator (generated now, shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own):",
      `    e-mail:   ${firstOperator.email}`,
      `    password: ${firstOperator.password}`,
      `    sign in:  ${consoleOn ? `${baseUrl}/login` : `${baseUrl}/graphql  mutation { signIn(email, password) { id role } }`}`,
      "    then enrol a second factor with an authenticator app (REQUIRE_OPERATOR_2FA=false skips it).",
    );
  } else {
    lines.push(
      `  Console sign-in: ${adminEmail ? `${adminEmail} (ADMIN_EMAIL)` : "the first operator printed at first start"}.`,
    );
  }
  if (secretsKey.generated) {
    lines.push(
      "",
      `  Secrets key (encrypts webhook secrets at rest): generated now into ${secretsKey.file} (mode 0600).`,
      "    Back it up with the data; without it the webhook secrets cannot be read. Set SECRETS_KEY to use your own.",
    );
  } else if (secretsKey.file) {
    lines.push(`  Secrets key: ${secretsKey.file} (SECRETS_KEY unset)`);
  }
  lines.push("");
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
