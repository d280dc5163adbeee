import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Bindings, ChildLoggerOptions, Level, LogFn, Logger as PinoLogger } from "pino";
import type { CancelSignal } from "../core/cancellable-read";
import type { Logger } from "../core/logger";
import type { RequestInfo } from "../operation/operation-context";

/** A caller's X-Request-Id is kept when it is short and plain; otherwise one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

declare module "fastify" {
  interface FastifyRequest {
    /** The matched route's options, read once (Fastify builds a new object on every read of routeOptions). */
    route: FastifyRequest["routeOptions"] | null;
  }
}

/** The matched route's options (its url, its config), read once per request. */
export function routeOf(request: FastifyRequest): FastifyRequest["routeOptions"] {
  request.route ??= request.routeOptions;
  return request.route;
}

type LogArgs = Parameters<LogFn>;

/**
 * The request's child logger, made when it first writes a line. Most requests never log
 * (debug is off in production), and a pino child costs its bindings' serialisation and
 * redaction on every request.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private made: PinoLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): PinoLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private writes(level: Level): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: LogArgs): void {
    if (this.writes("fatal")) this.logger.fatal(...args);
  }
  error(...args: LogArgs): void {
    if (this.writes("error")) this.logger.error(...args);
  }
  warn(...args: LogArgs): void {
    if (this.writes("warn")) this.logger.warn(...args);
  }
  info(...args: LogArgs): void {
    if (this.writes("info")) this.logger.info(...args);
  }
  debug(...args: LogArgs): void {
    if (this.writes("debug")) this.logger.debug(...args);
  }
  trace(...args: LogArgs): void {
    if (this.writes("trace")) this.logger.trace(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: every request's logger is a LazyChildLogger of the service's. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  return new LazyChildLogger(logger as PinoLogger, bindings, options);
}

/** Fastify's decoration of the request's route options (before the routes and hooks that read them). */
export function decorateRequestRoute(app: FastifyInstance): void {
  app.decorateRequest("route", null);
}

/**
 * The access line of every request, at info level (the default): its id, method, path
 * (without the query string, which may carry search terms), status, duration and the
 * client's address. Written by the logger's own serialiser (core/logger.ts accessLine).
 */
export function logAccess(logger: Logger, request: FastifyRequest, reply: FastifyReply): void {
  if (!logger.writes("info")) return;
  const { url } = request;
  const query = url.indexOf("?");
  logger.access({
    requestId: request.id,
    method: request.method,
    path: query === -1 ? url : url.slice(0, query),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    address: request.ip,
  });
}

/**
 * What operations see of the request; the signal aborts when the client leaves before its
 * answer. It is made when an operation first asks for it (the cancellable reads): most
 * requests never do, and an AbortController with a listener per request is not free.
 *
 * A class, not an object literal with a getter: V8 made each such literal (and the request
 * and reply its getter's closure held) long-lived, so every request's objects were promoted
 * out of the young generation: a third of a balance read's CPU went to the garbage collector.
 */
class HttpRequestInfo implements RequestInfo {
  readonly id: string;
  readonly address: string;
  readonly userAgent: string | null;
  readonly cookie: string | null;
  private departure: ClientDeparture | undefined;

  constructor(
    request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    this.id = request.id;
    this.address = request.ip;
    this.userAgent = request.headers["user-agent"] ?? null;
    this.cookie = request.headers.cookie ?? null;
  }

  get signal(): CancelSignal {
    this.departure ??= new ClientDeparture(this.reply.raw);
    return this.departure;
  }
}

/** Aborted when the connection closes before the answer was written: the client went away. */
class ClientDeparture implements CancelSignal {
  aborted = false;
  private listeners: Array<() => void> = [];

  constructor(res: ServerResponse) {
    // Asked for after the client already left: the close event is past, abort now.
    if (res.closed || res.destroyed) this.aborted = !res.writableFinished;
    else res.once("close", () => !res.writableFinished && this.abort());
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    this.listeners = this.listeners.filter((known) => known !== listener);
  }

  private abort(): void {
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

export function requestInfo(request: FastifyRequest, reply: FastifyReply): RequestInfo {
  return new HttpRequestInfo(request, reply);
}
