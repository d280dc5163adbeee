import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { FallbackHandler } from "../app";
import type { Logger } from "../core/logger";
import { describeError } from "../core/logger";
import { CONSOLE_DIR, ensureConsoleBuild } from "./console-build";
import { keepNodeGlobals } from "./node-globals";

/** What the HTTP stack (Fastify, through `reply.hijack()`) calls for every non-API path. */
export type { FallbackHandler };

export interface NextConsole {
  handle: FallbackHandler;
  /** Where server components reach the API (this process), known once the server listens. */
  setApiOrigin(origin: string): void;
  close(): Promise<void>;
}

export interface ConsoleOptions {
  /** Next's dev server (hot reload, compiles on request) instead of the production build. */
  dev: boolean;
  /** The server the API listens on: Next attaches its dev HMR websocket upgrade to it. */
  httpServer: Server;
  logger: Logger;
  dir?: string;
}

/** The part of Next's custom-server API this file uses. */
interface NextApp {
  prepare(): Promise<void>;
  getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  close(): Promise<void>;
}
type NextFactory = (options: {
  dev: boolean;
  dir: string;
  quiet?: boolean;
  httpServer?: Server;
  hostname?: string;
  port?: number;
}) => NextApp;

/**
 * The admin console (admin-ui, Next.js) inside the API's process, on the API's port.
 * Production: reuses admin-ui/.next when it was built from the current sources, else builds
 * it first. Dev: Next's dev server, whose HMR websocket Next attaches to `httpServer`'s
 * upgrade event itself (once, at the first request).
 */
export async function startConsole(options: ConsoleOptions): Promise<NextConsole> {
  const dir = options.dir ?? CONSOLE_DIR;
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  if (!options.dev) {
    // Printed whatever LOG_LEVEL says: a build takes a while and the person waiting should see why.
    const outcome = await ensureConsoleBuild({ dir });
    if (outcome === "reused") options.logger.info("console: reusing the build in admin-ui/.next (sources unchanged)");
  }
  const nodeGlobals = keepNodeGlobals();
  // `next` is admin-ui's dependency: resolve it from there, not from the server's package.
  const loaded = createRequire(join(dir, "package.json"))("next") as NextFactory | { default: NextFactory };
  const createNext = typeof loaded === "function" ? loaded : loaded.default;
  // Not quiet: errors thrown while rendering a page are logged (with their digest) here.
  const app = createNext({ dev: options.dev, dir, quiet: false, httpServer: options.httpServer });
  await app.prepare();
  nodeGlobals.restore();
  const handler = app.getRequestHandler();
  return {
    handle: (req, res) => {
      handler(req, res).catch((error: unknown) => {
        options.logger.error("console request failed", {
          requestId: res.getHeader("x-request-id") ?? null,
          ...describeError(error),
        });
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Internal error");
      });
    },
    // Read by admin-ui/lib/graphql/execute.ts at request time: server components call the API here.
    setApiOrigin: (origin) => {
      process.env.PIX_API_ORIGIN = origin;
    },
    close: () => app.close(),
  };
}
