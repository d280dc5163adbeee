import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type LogFn, type Logger as PinoLogger } from "pino";

/**
 * Logs are pino JSON lines. The rest of the service talks to this small facade, whose
 * lines written while a request is being served go through that request's child logger,
 * so they carry its request id whichever module writes them.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  /** The pino logger underneath (Fastify logs through it). */
  readonly pino: PinoLogger;
  /** Changes the level from now on. */
  setLevel(level: LogLevel): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The request being served on this async path: its id and its child logger. */
export interface RequestScope {
  id: string;
  log: { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn };
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request this code runs for, if any (e.g. to store with work it causes). */
export function currentRequestId(): string | null {
  return requestScope.getStore()?.id ?? null;
}

/** Never written to a log, wherever they appear in a line's fields. */
const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "token",
  "clientSecret",
  "webhookSecret",
  "providerWebhookSecret",
  "adminApiToken",
  "signature",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.secret",
  "*.token",
  "*.clientSecret",
  "*.webhookSecret",
  "*.signature",
  'headers["set-cookie"]',
  'headers["x-provider-signature"]',
  'headers["x-signature"]',
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  '*.headers["x-provider-signature"]',
  '*.headers["x-signature"]',
];

export function createLogger(initialLevel: LogLevel, destination?: DestinationStream): Logger {
  const root = pino(
    {
      level: initialLevel,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const target = () => requestScope.getStore()?.log ?? root;
  return {
    pino: root,
    setLevel: (level) => {
      root.level = level;
    },
    debug: (message, fields) => target().debug(fields ?? {}, message),
    info: (message, fields) => target().info(fields ?? {}, message),
    warn: (message, fields) => target().warn(fields ?? {}, message),
    error: (message, fields) => target().error(fields ?? {}, message),
  };
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
