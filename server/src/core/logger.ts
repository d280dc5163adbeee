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
 * Lines are written in batches of at least this many bytes (about 80 access lines), or
 * LOG_FLUSH_MS after the first line of a batch, whichever comes first. Each write goes
 * through libuv's thread pool and wakes the event loop when it completes: at 4 KB that was
 * one write per 20 requests (SonicBoom's write and its completion: 4 % of a loaded balance
 * read's profile).
 */
export const LOG_BATCH_BYTES = 16_384;
export const LOG_FLUSH_MS = 100;

/**
 * stdout, written asynchronously and in batches: the lines of a batch are joined once and
 * handed to pino's SonicBoom, which writes them in one system call (or holds them while a
 * write is in flight). A write per line or two cost a balance read about 4 % of its CPU
 * (each is handed to libuv's thread pool and its completion comes back); SonicBoom's own
 * batching (minLength) measures the text it holds on every line, which joins it again each
 * time: 2.8 KB allocated per line. What is held is written out at exit, before SonicBoom's
 * own exit handler ends it, and by the logger's flush (shutdown).
 */
class BatchedStdout implements DestinationStream {
  private lines: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly out = pino.destination({ dest: 1, sync: false });

  constructor() {
    heldAtExit.add(new WeakRef(this));
  }

  write(line: string): void {
    this.lines.push(line);
    this.bytes += line.length;
    if (this.bytes >= LOG_BATCH_BYTES) this.writeOut();
    else this.timer ??= setTimeout(() => this.writeOut(), LOG_FLUSH_MS).unref();
  }

  private writeOut(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0] : this.lines.join("");
    this.lines = [];
    this.bytes = 0;
    this.out.write(text);
  }

  /** Writes out what is held, synchronously. */
  flushSync(): void {
    this.writeOut();
    this.out.flushSync();
  }
}

/** Every BatchedStdout, for the exit handler (weakly: a test process makes many loggers). */
const heldAtExit = new Set<WeakRef<BatchedStdout>>();
// Prepended: it must run before the exit handler pino registers for SonicBoom, which ends it.
process.prependListener("exit", () => {
  for (const held of heldAtExit) {
    try {
      held.deref()?.flushSync();
    } catch {
      // Not ready yet (nothing written) or already closed: nothing to write out.
    }
  }
});

function asyncStdout(): DestinationStream & { flushSync?: () => void } {
  return new BatchedStdout();
}

let isoTimeMs = Number.NaN;
let isoTime = "";

/**
 * The time as pino's isoTime writes it, formatted once per millisecond: under load several
 * access lines share one, and a Date formatted per line was about three quarters of the
 * line's cost (a micro-benchmark of accessLine alone).
 */
function isoTimeNow(): string {
  const now = Date.now();
  if (now !== isoTimeMs) {
    isoTimeMs = now;
    isoTime = new Date(now).toISOString();
  }
  return isoTime;
}

/**
 * The access line, as pino would write `child({ requestId }).info({ method, path, status, ms,
 * address }, "request")`. Method and address are tokens (Node's parser and proxy-addr made
 * them), the request id matches REQUEST_ID or is a UUID; the path is the caller's, escaped.
 */
export function accessLine(line: AccessLine): string {
  return (
    `{"level":"info","time":"${isoTimeNow()}","requestId":"${line.requestId}",` +
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
