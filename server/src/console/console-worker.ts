import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import {
  PAGE_OPERATION_BRIDGE,
  type PageOperation,
  type PageOperationAnswer,
  type PageOperationBridge,
} from "./page-operations";

/**
 * The console (admin-ui, Next.js) in a worker thread of the API's process: Next answers on a
 * loopback port of its own, and the API's thread hands it the console's requests
 * (next-console.ts). Not in the API's own thread because Next changes the process it runs
 * in: it runs every page render inside AsyncLocalStorage (on Node 20 that tags every promise
 * of the thread, a tax on every API request from the first page served on) and wraps
 * process.nextTick, setImmediate, Date and the random sources. A page's render does not hold
 * up the API's event loop either.
 */
export interface ConsoleWorkerData {
  dir: string;
  dev: boolean;
  /** PUBLIC_BASE_URL's origin: the console's own origin (where `next` may send people back). */
  publicOrigin: string;
}

/** What the worker tells the API's thread. */
export type ConsoleWorkerMessage =
  | { type: "ready"; port: number }
  | { type: "request-failed"; requestId: string | null; error: string; stack?: string }
  | { type: "page-operation"; id: number; ticket: string | null; operation: PageOperation };

/** What the API's thread tells the worker. */
export type ConsoleParentMessage =
  | { type: "page-operation-answer"; id: number; answer: PageOperationAnswer }
  | { type: "close" };

/** The part of Next's custom-server API used here. */
interface NextApp {
  prepare(): Promise<void>;
  getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  close(): Promise<void>;
}
type NextFactory = (options: { dev: boolean; dir: string; quiet?: boolean; httpServer?: Server }) => NextApp;

function tell(message: ConsoleWorkerMessage): void {
  parentPort?.postMessage(message);
}

/** Page operations sent to the API's thread, waiting for their answers. */
const waiting = new Map<number, (answer: PageOperationAnswer) => void>();
let lastOperation = 0;

/** The pages' way to the API (page-operations.ts): a message to the API's thread, its answer back. */
const bridge: PageOperationBridge = (ticket, operation) =>
  new Promise((resolve) => {
    lastOperation += 1;
    waiting.set(lastOperation, resolve);
    tell({ type: "page-operation", id: lastOperation, ticket, operation });
  });

async function serveConsole({ dir, dev, publicOrigin }: ConsoleWorkerData): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  // Read by admin-ui/lib/graphql/transport.server.ts and the CSV exports.
  (globalThis as Record<symbol, unknown>)[PAGE_OPERATION_BRIDGE] = bridge;
  // Read by admin-ui/lib/auth/session.ts (consoleOrigin).
  process.env.PIX_PUBLIC_ORIGIN = publicOrigin;
  // `next` is admin-ui's dependency: resolve it from there, not from the server's package.
  const loaded = createRequire(join(dir, "package.json"))("next") as NextFactory | { default: NextFactory };
  const createNext = typeof loaded === "function" ? loaded : loaded.default;
  // Only the API's thread connects, through a keep-alive agent: its connections stay open
  // (a connection the server closed just as the agent reused it would fail that request).
  const server = createServer({ keepAliveTimeout: 0 });
  // Not quiet: errors thrown while rendering a page are logged (with their digest) by Next.
  // Dev: Next attaches its HMR websocket to this server's upgrade event.
  const app = createNext({ dev, dir, quiet: false, httpServer: server });
  await app.prepare();
  const handler = app.getRequestHandler();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    handler(req, res).catch((error: unknown) => {
      const requestId = req.headers["x-request-id"];
      tell({
        type: "request-failed",
        requestId: typeof requestId === "string" ? requestId : null,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  parentPort?.on("message", (message: ConsoleParentMessage) => {
    if (message.type === "page-operation-answer") {
      waiting.get(message.id)?.(message.answer);
      waiting.delete(message.id);
    }
    if (message.type === "close") {
      // Pages being rendered are finished (the API's thread stops the worker after a bound).
      server.close(() => {
        // In a worker thread, process.exit ends the thread only; Next may keep timers of its own.
        void app.close().finally(() => process.exit(0));
      });
      server.closeIdleConnections();
    }
  });
  const address = server.address();
  tell({ type: "ready", port: typeof address === "object" && address ? address.port : 0 });
}

// An error at start is thrown out of the worker: the API's thread gets it as the worker's "error".
serveConsole(workerData as ConsoleWorkerData).catch((error: unknown) => {
  process.nextTick(() => {
    throw error;
  });
});
