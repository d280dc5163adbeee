import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** A webhook receiver on 127.0.0.1 for one spec: records every POST and answers 200 "received". */
export async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(200, { "content-type": "text/plain" }).end("received");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/pix/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a body is signed with `secret`: HMAC-SHA256 of the body without `signature`, as docs/api.md says. */
export function signedWith(webhook: Received, secret: string): boolean {
  const { signature, ...unsigned } = webhook.json;
  const expected = createHmac("sha256", secret).update(JSON.stringify(unsigned)).digest("hex");
  return signature === expected && webhook.headers["x-signature"] === expected;
}
