import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";

/**
 * Logs are pino JSON lines. The rest of the service talks to this small facade. A request's
 * own lines go through its child logger (Fastify's `request.log`), which writes its
 * `requestId` on each; code outside the HTTP layer that logs for a request names it in the
 * line's fields. (No AsyncLocalStorage: on Node 20 it tags every promise of the process,
 * and cost each request about 5 % of its CPU.)
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
  return {
    pino: root,
    setLevel: (level) => {
      root.level = level;
    },
    debug: (message, fields) => root.debug(fields ?? {}, message),
    info: (message, fields) => root.info(fields ?? {}, message),
    warn: (message, fields) => root.warn(fields ?? {}, message),
    error: (message, fields) => root.error(fields ?? {}, message),
  };
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
