import { randomBytes } from "node:crypto";
import { Agent, type IncomingHttpHeaders, type IncomingMessage, request } from "node:http";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { type Duplex, pipeline } from "node:stream";
import { Worker } from "node:worker_threads";
import type { FallbackHandler, PageCaller } from "../app";
import type { Logger } from "../core/logger";
import type { GraphQLAnswer, GraphQLParams } from "../graphql/graphql-pipeline";
import { CONSOLE_DIR, ensureConsoleBuild } from "./console-build";
import type { ConsoleParentMessage, ConsoleWorkerData, ConsoleWorkerMessage } from "./console-worker";
import { PAGE_TICKET_HEADER, type PageOperation, type PageOperationAnswer } from "./page-operations";

/** What the HTTP stack (Fastify, through `reply.hijack()`) calls for every non-API path. */
export type { FallbackHandler };

export interface NextConsole {
  handle: FallbackHandler;
  /** A websocket upgrade of a console path (Next's dev HMR). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends the websockets passed to the worker: an open one would hold the HTTP server's close. */
  dropUpgrades(): void;
  close(): Promise<void>;
}

export interface ConsoleOptions {
  /** Next's dev server (hot reload, compiles on request) instead of the production build. */
  dev: boolean;
  logger: Logger;
  /** PUBLIC_BASE_URL: the console's own origin comes from it. */
  publicBaseUrl: string;
  /** Runs a page's data call as its caller (HttpApp.runPageOperation). */
  runPageOperation(params: GraphQLParams, caller: PageCaller): Promise<GraphQLAnswer>;
  dir?: string;
}

/** Headers of one hop only (RFC 9110 §7.6.1): not passed between the browser and the worker. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/** How long the worker gets to finish its pages at shutdown before it is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;
/** The wait before a new worker starts after one died (or failed to start). */
const RESTART_DELAY_MS = 1000;

/**
 * The admin console (admin-ui, Next.js) on the API's port, rendered in a worker thread of
 * this process (console-worker.ts says why): each console request is passed to the worker's
 * loopback port and its answer streamed back, with the request's X-Request-Id. A page's data
 * calls come back as messages and run here as the page's caller (page-operations.ts).
 * Production: reuses admin-ui/.next when it was built
 * from the current sources, else builds it first. Dev: Next's dev server, its HMR websocket
 * passed through `upgrade`.
 */
export async function startConsole(options: ConsoleOptions): Promise<NextConsole> {
  const dir = options.dir ?? CONSOLE_DIR;
  const { logger } = options;
  if (!options.dev) {
    // Printed whatever LOG_LEVEL says: a build takes a while and the person waiting should see why.
    const outcome = await ensureConsoleBuild({ dir });
    if (outcome === "reused") logger.info("console: reusing the build in admin-ui/.next (sources unchanged)");
  }
  const data: ConsoleWorkerData = { dir, dev: options.dev, publicOrigin: new URL(options.publicBaseUrl).origin };
  let closing = false;
  let agent = new Agent({ keepAlive: true });
  // The callers of the pages being answered, by ticket.
  const pages = new Map<string, PageCaller>();
  const runPageOperation = async (ticket: string | null, operation: PageOperation): Promise<PageOperationAnswer> => {
    const caller = ticket === null ? undefined : pages.get(ticket);
    if (caller === undefined) return PAGE_IS_OVER;
    try {
      const answer = await options.runPageOperation({ operationName: undefined, ...operation }, caller);
      return { status: answer.status, body: JSON.stringify(answer.body) };
    } catch (error) {
      logger.error("console page operation failed", {
        requestId: caller.request.id,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
      return INTERNAL_ERROR;
    }
  };
  // The worker serving now; null while another starts after it died.
  let current: RunningWorker | null = null;
  const serve = (running: RunningWorker) => {
    current = running;
    void running.exited.then((code) => {
      if (closing) return;
      // Next died (an error it did not catch): the API goes on, and another worker takes over.
      logger.error("console worker exited; starting another", { code });
      current = null;
      agent.destroy();
      agent = new Agent({ keepAlive: true });
      setTimeout(startAnother, RESTART_DELAY_MS).unref();
    });
  };
  const startAnother = () =>
    launchWorker(data, logger, runPageOperation).then(
      (running) => (closing ? void running.stop() : serve(running)),
      (error: Error) => {
        logger.error("console worker did not start; trying again", { error: error.message });
        if (!closing) setTimeout(startAnother, RESTART_DELAY_MS).unref();
      },
    );
  serve(await launchWorker(data, logger, runPageOperation));

  const handle: FallbackHandler = (req, res, caller) => {
    const running = current;
    if (running === null) {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "2" });
      res.end("The console is restarting");
      return;
    }
    const { port } = running;
    const headers = endToEnd(req.headers);
    // The pages' calls to the API name the page's request (admin-ui/lib/graphql/transport.server.ts).
    const requestId = res.getHeader("x-request-id");
    if (typeof requestId === "string") headers["x-request-id"] = requestId;
    // Only this process names a page's caller: a ticket the browser sent is dropped.
    delete headers[PAGE_TICKET_HEADER];
    if (caller !== null) {
      const ticket = randomBytes(16).toString("base64url");
      pages.set(ticket, caller);
      headers[PAGE_TICKET_HEADER] = ticket;
      res.once("close", () => pages.delete(ticket));
    }
    const toWorker = request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent },
      (answer: IncomingMessage) => {
        // The browser left before the worker answered: Node 24's pipeline throws on a
        // destroyed destination (it would take the process down), so nobody is answered.
        if (res.destroyed) return void answer.destroy();
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        // An answer the worker broke off (a failed export, a worker that died) breaks the
        // browser's answer off too: never a clean end of a cut body, which would look whole.
        pipeline(answer, res, (error) => {
          if (error && !res.destroyed) res.destroy();
        });
      },
    );
    let abandoned = false;
    toWorker.on("error", (error) => {
      // The browser left (whichever of its close and this error came first): nobody to answer.
      if (abandoned || req.socket.destroyed) return;
      logger.error("console request failed", { requestId: requestId ?? null, error: error.message });
      // Part of the answer is out already: the connection is cut, so the browser sees the failure.
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      res.end("The console is unavailable");
    });
    // The browser left (a navigation, a closed tab): the worker stops working for it too.
    res.once("close", () => {
      if (res.writableFinished) return;
      abandoned = true;
      toWorker.destroy();
    });
    req.pipe(toWorker);
  };

  const upgraded = new Set<Duplex>();
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (current === null) return void socket.destroy();
    const { port } = current;
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
    const toWorker: Socket = connect(port, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      toWorker.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) toWorker.write(head);
      toWorker.pipe(socket);
      socket.pipe(toWorker);
    });
    // Either side gone (an error, a dropped websocket), the other goes too.
    toWorker.on("error", () => socket.destroy());
    socket.on("error", () => toWorker.destroy());
    toWorker.once("close", () => socket.destroy());
    socket.once("close", () => toWorker.destroy());
  };

  return {
    handle,
    upgrade,
    dropUpgrades: () => {
      for (const socket of upgraded) socket.destroy();
    },
    close: async () => {
      closing = true;
      await current?.stop();
      agent.destroy();
    },
  };
}

/** A console worker that answered ready. */
interface RunningWorker {
  port: number;
  tell(message: ConsoleParentMessage): void;
  /** Resolves with the exit code when the worker ends, whoever ends it. */
  exited: Promise<number>;
  /** Asks it to finish its pages and stop; stops it outright after CLOSE_TIMEOUT_MS. */
  stop(): Promise<void>;
}

/** What a page's data call gets once its page's answer has ended (or with a ticket never given). */
const PAGE_IS_OVER: PageOperationAnswer = {
  status: 401,
  body: JSON.stringify({
    errors: [{ message: "This page's request is over", extensions: { code: "UNAUTHENTICATED" } }],
  }),
};
const INTERNAL_ERROR: PageOperationAnswer = {
  status: 500,
  body: JSON.stringify({ errors: [{ message: "Internal error", extensions: { code: "INTERNAL_ERROR" } }] }),
};

/** Starts a worker and waits for it to listen; its page errors are logged here, its pages' data calls run here. */
async function launchWorker(
  data: ConsoleWorkerData,
  logger: Logger,
  runPageOperation: (ticket: string | null, operation: PageOperation) => Promise<PageOperationAnswer>,
): Promise<RunningWorker> {
  const worker = new Worker(join(__dirname, "console-worker.js"), { workerData: data });
  const exited = new Promise<number>((resolve) => worker.once("exit", resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const failed = (error: Error) => reject(new Error(`the console did not start: ${error.message}`));
    worker.once("error", failed);
    void exited.then((code) => failed(new Error(`its worker exited (code ${code})`)));
    worker.on("message", (message: ConsoleWorkerMessage) => {
      if (message.type === "ready") resolve(message.port);
    });
  }).finally(() => worker.removeAllListeners("error"));
  worker.on("message", (message: ConsoleWorkerMessage) => {
    if (message.type === "page-operation") {
      void runPageOperation(message.ticket, message.operation).then((answer) =>
        worker.postMessage({ type: "page-operation-answer", id: message.id, answer } satisfies ConsoleParentMessage),
      );
    }
    if (message.type === "request-failed") {
      logger.error("console request failed", {
        requestId: message.requestId,
        error: message.error,
        stack: message.stack,
      });
    }
  });
  worker.on("error", (error) => logger.error("console worker failed", { error: error.message, stack: error.stack }));
  const tell = (message: ConsoleParentMessage) => worker.postMessage(message);
  return {
    port,
    tell,
    exited,
    stop: async () => {
      tell({ type: "close" });
      const stopped = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(stopped);
    },
  };
}
