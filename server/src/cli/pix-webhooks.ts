#!/usr/bin/env node
import { parseArgs } from "node:util";
import { newWebhookSecret, standardWebhooksKey, WEBHOOK_SECRET_PREFIX } from "../webhooks";
import { runListener } from "./webhook-listener";

/**
 * `pix-webhooks listen --forward-to http://localhost:3000/hook`: the account's events, as
 * they happen, forwarded to a receiver on the integrator's machine and signed as the
 * service signs its webhooks (docs/api.md#listening-on-your-machine). Errors are one line,
 * never a stack: exit 2 for a wrong command line, 1 when the service refuses the key, 0
 * when stopped with Ctrl-C.
 */

const USAGE = `Usage: pix-webhooks listen --forward-to <url> [options]

Forwards your account's events, as they happen, to a webhook receiver on your machine,
signed as the service signs its webhooks (X-Signature and the Standard Webhooks headers).

Options:
  --forward-to <url>   where to POST each event (required), e.g. http://localhost:3000/hook
  --api-key <secret>   a client secret of the account (or PIX_API_KEY)
  --api-url <url>      the service (or PIX_API_URL; default http://localhost:4000)
  --secret <whsec_...> sign with this secret, e.g. your endpoint's (or PIX_WEBHOOK_SECRET);
                       default: a new secret for this run, printed at start
  --events <names>     only these events, comma-separated (default: every event)
  --timeout <ms>       a forward with no complete answer within this fails (default 10000)
  -h, --help           this text
`;

const DEFAULT_API_URL = "http://localhost:4000";

class UsageError extends Error {}

interface Command {
  apiUrl: string;
  apiKey: string;
  forwardTo: string;
  secret: string | null;
  events: ReadonlySet<string> | null;
  timeoutMs: number;
}

function readCommand(argv: string[], env: NodeJS.ProcessEnv): Command | "help" {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  if (positionals.length !== 1 || positionals[0] !== "listen")
    throw new UsageError(
      positionals.length === 0 ? "Say what to do: pix-webhooks listen" : `Unknown command: ${positionals.join(" ")}`,
    );
  const forwardTo = values["forward-to"];
  if (!forwardTo) throw new UsageError("--forward-to is required, e.g. --forward-to http://localhost:3000/hook");
  checkHttpUrl("--forward-to", forwardTo);
  const apiUrl = values["api-url"] ?? env.PIX_API_URL ?? DEFAULT_API_URL;
  checkHttpUrl("--api-url", apiUrl);
  const apiKey = values["api-key"] ?? env.PIX_API_KEY;
  if (!apiKey) throw new UsageError("No API key: pass --api-key or set PIX_API_KEY (a client secret of your account)");
  const secret = values.secret ?? env.PIX_WEBHOOK_SECRET ?? null;
  if (secret !== null && !isSigningSecret(secret))
    throw new UsageError("--secret: a webhook secret is whsec_ followed by its base64 bytes");
  const events = values.events
    ? new Set(
        values.events
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      )
    : null;
  const timeoutMs = values.timeout === undefined ? 10_000 : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 300_000)
    throw new UsageError("--timeout: milliseconds, 1 to 300000");
  return { apiUrl, apiKey, forwardTo, secret, events, timeoutMs };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "forward-to": { type: "string" },
      "api-key": { type: "string" },
      "api-url": { type: "string" },
      secret: { type: "string" },
      events: { type: "string" },
      timeout: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function checkHttpUrl(flag: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag}: not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`${flag}: an http or https URL`);
}

function isSigningSecret(secret: string): boolean {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX) && standardWebhooksKey(secret).length >= 16;
}

async function main(): Promise<number> {
  let command: Command | "help";
  try {
    command = readCommand(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pix-webhooks: ${error.message}\nRun pix-webhooks --help for the options.\n`);
    return 2;
  }
  if (command === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  const secret = command.secret ?? newWebhookSecret();
  process.stdout.write(
    command.secret
      ? "Signing with the secret you gave (--secret / PIX_WEBHOOK_SECRET).\n"
      : `Your webhook signing secret for this run is ${secret}\n` +
          "(give it to your receiver as its WEBHOOK_SECRET; or pass --secret with your endpoint's secret)\n",
  );
  const stop = new AbortController();
  process.on("SIGINT", () => {
    // A second Ctrl-C does not wait for the forward in flight.
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
  });
  process.on("SIGTERM", () => stop.abort());
  const exit = await runListener({
    ...command,
    secret,
    signal: stop.signal,
    print: (line) => process.stdout.write(`${line}\n`),
    printError: (line) => process.stderr.write(`${line}\n`),
  });
  if (exit.code === 1) {
    process.stderr.write(`pix-webhooks: ${exit.reason}\n`);
    return 1;
  }
  process.stdout.write("Stopped.\n");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Nothing should reach here; still one line, not a stack.
    process.stderr.write(`pix-webhooks: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
