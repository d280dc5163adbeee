import type { IncomingHttpHeaders, Server } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "./scenarios";

/** A webhook as the receiver got it: the raw bytes and the headers. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, any>;
}

/**
 * What the receiver answers to one request; `hang` never answers; `cut` closes the
 * connection before any answer, or after the status line and the first bytes of a body
 * announced longer.
 */
export interface ReceiverAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
  cut?: "before-answer" | "mid-body";
}

export type Responder = (request: ReceivedWebhook, countOnPath: number) => ReceiverAnswer;

/**
 * A real HTTP server on 127.0.0.1 that records every webhook and answers as the test
 * says (200 "ok" by default).
 */
export interface WebhookReceiver {
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** TCP connections accepted so far (a refused delivery must not even connect). */
  connections(): number;
  respond(responder: Responder): void;
  /** Waits until `count` webhooks arrived on the path (any path when omitted). */
  waitForCount(count: number, path?: string, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const perPath = new Map<string, number>();
  let responder: Responder = () => ({ status: 200, body: "ok" });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Record<string, any> = {};
      try {
        json = JSON.parse(body);
      } catch {
        json = {};
      }
      const path = req.url ?? "/";
      const request: ReceivedWebhook = { path, headers: req.headers, body, json };
      received.push(request);
      const count = (perPath.get(path) ?? 0) + 1;
      perPath.set(path, count);
      const answer = responder(request, count);
      if (answer.hang) return;
      const reply = () => {
        if (answer.cut === "before-answer") return req.socket.destroy();
        const body = answer.body ?? "ok";
        if (answer.cut === "mid-body") {
          res.writeHead(answer.status ?? 200, { "content-length": String(Buffer.byteLength(body) + 100) });
          res.write(body, () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.status ?? 200, answer.headers ?? { "content-type": "text/plain" });
        res.end(body);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  let connections = 0;
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const onPath = (path?: string) => received.filter((item) => path === undefined || item.path === path);
  return {
    url: (path = "/hooks") => `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    respond: (next) => {
      responder = next;
    },
    waitForCount: (count, path, timeoutMs = 15_000) =>
      waitFor(
        `${count} webhooks${path ? ` on ${path}` : ""}`,
        async () => (onPath(path).length >= count ? onPath(path) : null),
        timeoutMs,
      ),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
