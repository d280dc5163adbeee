import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";

/**
 * Logs are pino JSON lines, written asynchronously (a request never waits for the terminal
 * or the disk; what is buffered is flushed at shutdown and at exit). The rest of the
 * service talks to this small facade. A request's own lines go through its child logger
 * (Fastify's `request.log`), which writes its `requestId` on each; code outside the HTTP
 * layer that logs for a request names it in the line's fields; the access line of every
 * request is `accessLine`. (No AsyncLocalStorage: on Node 20 it tags every promise of the
 * process, and cost each request about 5 % of its CPU.)
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
  /** True when lines of this level are written (the access line is info). */
  writes(level: Exclude<LogLevel, "silent">): boolean;
  /**
   * Writes one request's access line, as pino writes an info line with these fields, but
   * without building an object or a child logger for it (`accessLine`).
   */
  access(line: AccessLine): void;
  /** Writes out what is buffered, synchronously (before the process exits). */
  flush(): void;
}

/** What the access line of a request says. */
export interface AccessLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  address: string;
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

/**
 * stdout, written asynchronously: pino's SonicBoom buffers while a write is in flight and
 * writes the lot in one system call; pino flushes it synchronously if the process exits.
 */
function asyncStdout(): DestinationStream & { flushSync?: () => void } {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * The access line, as pino would write `child({ requestId }).info({ method, path, status, ms,
 * address }, "request")`. Method and address are tokens (Node's parser and proxy-addr made
 * them), the request id matches REQUEST_ID or is a UUID; the path is the caller's, escaped.
 */
export function accessLine(line: AccessLine): string {
  return (
    `{"level":"info","time":"${new Date().toISOString()}","requestId":"${line.requestId}",` +
    `"method":"${line.method}","path":${JSON.stringify(line.path)},"status":${line.status},` +
    `"ms":${line.ms},"address":"${line.address}","msg":"request"}\n`
  );
}

export function createLogger(initialLevel: LogLevel, destination?: DestinationStream): Logger {
  const stream: DestinationStream & { flushSync?: () => void } = destination ?? asyncStdout();
  const root = pino(
    {
      level: initialLevel,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    stream,
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
    writes: (level) => root.isLevelEnabled(level),
    access: (line) => {
      if (root.isLevelEnabled("info")) stream.write(accessLine(line));
    },
    flush: () => {
      try {
        stream.flushSync?.();
      } catch {
        // Not ready yet (nothing written) or already closed: nothing to write out.
      }
    },
  };
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
