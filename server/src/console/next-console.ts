import { Agent, type IncomingHttpHeaders, type IncomingMessage, request } from "node:http";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";
import type { FallbackHandler } from "../app";
import type { Logger } from "../core/logger";
import { CONSOLE_DIR, ensureConsoleBuild } from "./console-build";
import type { ConsoleParentMessage, ConsoleWorkerData, ConsoleWorkerMessage } from "./console-worker";

/** What the HTTP stack (Fastify, through `reply.hijack()`) calls for every non-API path. */
export type { FallbackHandler };

export interface NextConsole {
  handle: FallbackHandler;
  /** A websocket upgrade of a console path (Next's dev HMR). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends the websockets passed to the worker: an open one would hold the HTTP server's close. */
  dropUpgrades(): void;
  /** Where server components reach the API (this process), known once the server listens. */
  setApiOrigin(origin: string): void;
  close(): Promise<void>;
}

export interface ConsoleOptions {
  /** Next's dev server (hot reload, compiles on request) instead of the production build. */
  dev: boolean;
  logger: Logger;
  /** PUBLIC_BASE_URL: the console's own origin comes from it. */
  publicBaseUrl: string;
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
 * loopback port and its answer streamed back, with the request's X-Request-Id, which the
 * pages' own calls to the API carry on. Production: reuses admin-ui/.next when it was built
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
  let apiOrigin: string | null = null;
  // The worker serving now; null while another starts after it died.
  let current: RunningWorker | null = null;
  const serve = (running: RunningWorker) => {
    current = running;
    if (apiOrigin) running.tell({ type: "api-origin", origin: apiOrigin });
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
    launchWorker(data, logger).then(
      (running) => (closing ? void running.stop() : serve(running)),
      (error: Error) => {
        logger.error("console worker did not start; trying again", { error: error.message });
        if (!closing) setTimeout(startAnother, RESTART_DELAY_MS).unref();
      },
    );
  serve(await launchWorker(data, logger));

  const handle: FallbackHandler = (req, res) => {
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
    const toWorker = request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent },
      (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    let abandoned = false;
    toWorker.on("error", (error) => {
      // The browser left (whichever of its close and this error came first): nobody to answer.
      if (abandoned || req.socket.destroyed) return;
      logger.error("console request failed", { requestId: requestId ?? null, error: error.message });
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
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
    setApiOrigin: (origin) => {
      apiOrigin = origin;
      current?.tell({ type: "api-origin", origin });
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

/** Starts a worker and waits for it to listen; its page errors are logged here. */
async function launchWorker(data: ConsoleWorkerData, logger: Logger): Promise<RunningWorker> {
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
