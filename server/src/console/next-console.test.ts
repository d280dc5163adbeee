import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { PageCaller } from "../app";
import { createLogger } from "../core/logger";
import { type NextConsole, startConsole } from "./next-console";

/**
 * The console's hand-off to its worker thread, with a stand-in for Next (a `next` package
 * in a temporary admin-ui folder) that answers what it saw and where it ran. Next itself is
 * covered by the browser tests (e2e/).
 */
const FAKE_NEXT = `
const { AsyncLocalStorage } = require("node:async_hooks");
const { isMainThread } = require("node:worker_threads");
const storage = new AsyncLocalStorage();
module.exports = (options) => ({
  prepare: async () => {
    // As Next's dev server: its HMR websocket on the server's upgrade event (here an echo).
    options.httpServer.on("upgrade", (req, socket) => {
      socket.write("HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: echo\\r\\nConnection: Upgrade\\r\\n\\r\\n" + req.url + "\\n");
      socket.pipe(socket);
    });
  },
  close: async () => undefined,
  getRequestHandler: () => (req, res) =>
    // As Next renders every page: inside AsyncLocalStorage.
    storage.run({ page: req.url }, async () => {
      if (req.url === "/broken") throw new Error("render failed");
      // As a page's data calls (admin-ui/lib/graphql/transport.server.ts): through the bridge.
      if (req.url.startsWith("/data")) {
        const bridge = globalThis[Symbol.for("pix.console.page-operation")];
        const ticket = req.headers["x-pix-page"] ?? null;
        if (req.url === "/data/keep") globalThis.keptTicket = ticket;
        const replayed = req.url === "/data/replay" ? globalThis.keptTicket : ticket;
        const answer = await bridge(replayed, { query: "{ viewer { id } }", variables: { n: 1 } });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ticket, answer }));
        return;
      }
      // As an export (admin-ui/app/api/export): a CSV streamed page by page through the bridge;
      // "fails" breaks off after its first page as Next does when the body's stream errors.
      if (req.url.startsWith("/api/export/")) {
        const bridge = globalThis[Symbol.for("pix.console.page-operation")];
        const pages = Number(new URL(req.url, "http://x").searchParams.get("pages") ?? 3);
        res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
        for (let page = 0; page < pages; page++) {
          await bridge(req.headers["x-pix-page"] ?? null, { query: "{ viewer { id } }", variables: {} });
          if (!res.write("row;".repeat(2500) + "\\n")) await new Promise((resolve) => res.once("drain", resolve));
          if (page === 0 && req.url.startsWith("/api/export/fails")) {
            await new Promise((resolve) => setTimeout(resolve, 50)); // the first page reached the browser
            return void res.destroy(new Error("upstream failed"));
          }
        }
        res.end();
        return;
      }
      if (req.url === "/crash") process.exit(3); // in a worker thread: that thread ends
      if (req.url.startsWith("/slow")) await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.resolve();
      let body = "";
      for await (const chunk of req) body += chunk;
      res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
      res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify({
        url: req.url,
        method: req.method,
        body,
        mainThread: isMainThread,
        dev: options.dev,
        requestId: req.headers["x-request-id"] ?? null,
        host: req.headers.host,
        connection: req.headers.connection ?? null,
      }));
    }),
});
`;

let dir: string;
let consoleApp: NextConsole;
let server: Server;
let baseUrl: string;
const logLines: string[] = [];
/** The page operations the API's thread was asked to run, with the caller it was given. */
const operations: Array<{ params: unknown; caller: PageCaller }> = [];
/** What admission found for the page requests of this test server (null: a static file). */
let callerOfPages: PageCaller | null = null;

const caller = (actor: string): PageCaller => ({
  principal: { kind: "operator", role: "ADMIN", userId: actor, actor: `operator:${actor}` },
  sessionToken: "session-token",
  request: { id: "page-req-1", address: "127.0.0.1", userAgent: null, signal: null as never },
});

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "pix-console-test-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "admin-ui-stand-in", private: true }));
  mkdirSync(join(dir, "node_modules", "next"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "next", "package.json"), JSON.stringify({ name: "next", main: "index.js" }));
  writeFileSync(join(dir, "node_modules", "next", "index.js"), FAKE_NEXT);
  const logger = createLogger("error", { write: (line: string) => logLines.push(line) });
  // dev: no production build of the stand-in to make or check.
  consoleApp = await startConsole({
    dev: true,
    logger,
    dir,
    publicBaseUrl: "http://localhost:4000",
    runPageOperation: async (params, pageCaller) => {
      operations.push({ params, caller: pageCaller });
      return { status: 200, body: { data: { viewer: { id: pageCaller.principal?.actor ?? null } } } };
    },
  });
  server = createServer((req, res) => {
    res.setHeader("X-Request-Id", "page-req-1");
    if (req.url === "/slow?left-unnoticed") {
      // The browser's answer is destroyed while its "close" has not reached the hand-off yet
      // (as under load, when the worker's answer and the browser's leaving meet in one tick).
      const emit = res.emit.bind(res);
      res.emit = ((event: string, ...rest: unknown[]) => event !== "close" && emit(event, ...rest)) as typeof res.emit;
      setTimeout(() => res.destroy(), 50);
    }
    consoleApp.handle(req, res, callerOfPages);
  });
  server.on("upgrade", (req, socket, head) => consoleApp.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.close();
  await consoleApp.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a console request is answered by Next in the worker thread, with the page's request id", async () => {
  const res = await fetch(`${baseUrl}/ops/withdrawals?status=PENDING`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("x-request-id"), "page-req-1");
  assert.deepEqual(res.headers.getSetCookie(), ["a=1; Path=/", "b=2; Path=/"]);
  const seen = await res.json();
  assert.deepEqual(seen, {
    url: "/ops/withdrawals?status=PENDING",
    method: "GET",
    body: "",
    mainThread: false,
    dev: true,
    requestId: "page-req-1",
    // The browser's Host, not the worker's loopback port: Next builds its redirects from it.
    host: new URL(baseUrl).host,
    // Hop-by-hop headers stay on their hop: the worker's connection is the proxy's own.
    connection: "keep-alive",
  });
});

test("a page's data calls run in the API's thread as the page's caller, without HTTP", async () => {
  callerOfPages = caller("usr_page");
  operations.length = 0;
  try {
    const seen = await (await fetch(`${baseUrl}/data`)).json();
    assert.match(seen.ticket, /^[A-Za-z0-9_-]{22}$/, "a ticket of 128 random bits");
    assert.deepEqual(seen.answer, {
      status: 200,
      body: JSON.stringify({ data: { viewer: { id: "operator:usr_page" } } }),
    });
    assert.equal(operations.length, 1);
    assert.deepEqual(operations[0].params, {
      operationName: undefined,
      query: "{ viewer { id } }",
      variables: { n: 1 },
    });
    assert.equal(operations[0].caller, callerOfPages, "the caller admission found for the page, as it is");
  } finally {
    callerOfPages = null;
  }
});

test("a ticket is the API's to give: one the browser sends is dropped, a static file gets none", async () => {
  operations.length = 0;
  const forged = await (await fetch(`${baseUrl}/data`, { headers: { "x-pix-page": "forged-ticket" } })).json();
  assert.equal(forged.ticket, null);
  assert.equal(forged.answer.status, 401);
  assert.equal(JSON.parse(forged.answer.body).errors[0].extensions.code, "UNAUTHENTICATED");
  assert.equal(operations.length, 0, "nothing ran");
});

test("a ticket ends with its page's answer: a later call with it runs nothing", async () => {
  callerOfPages = caller("usr_first");
  operations.length = 0;
  try {
    const first = await (await fetch(`${baseUrl}/data/keep`)).json();
    assert.equal(first.answer.status, 200);
    const replay = await (await fetch(`${baseUrl}/data/replay`)).json();
    assert.notEqual(replay.ticket, first.ticket, "every page its own ticket");
    assert.equal(replay.answer.status, 401, "the first page's ticket is over");
    assert.equal(operations.length, 1);
  } finally {
    callerOfPages = null;
  }
});

test("a body and a status pass through both ways", async () => {
  const res = await fetch(`${baseUrl}/missing`, { method: "POST", body: "name=Loja" });
  assert.equal(res.status, 404);
  const seen = await res.json();
  assert.equal(seen.method, "POST");
  assert.equal(seen.body, "name=Loja");
});

test("an answer the worker breaks off mid-stream is broken off for the browser too, never ended cleanly", {
  timeout: 10_000,
}, async () => {
  callerOfPages = caller("usr_exporter");
  try {
    const res = await fetch(`${baseUrl}/api/export/fails?pages=5`);
    assert.equal(res.status, 200);
    // The client sees a failed body (the connection cut before the last chunk), not a short file.
    await assert.rejects(res.text(), (error: Error) => error instanceof TypeError && /terminated/.test(error.message));
  } finally {
    callerOfPages = null;
  }
});

test("three concurrent big exports all complete, each whole", async () => {
  callerOfPages = caller("usr_exporter");
  try {
    const pages = 200;
    const bodies = await Promise.all(
      [1, 2, 3].map(async () => {
        const res = await fetch(`${baseUrl}/api/export/big?pages=${pages}`);
        assert.equal(res.status, 200);
        return res.text();
      }),
    );
    for (const body of bodies) assert.equal(body.length, pages * 10_001);
  } finally {
    callerOfPages = null;
  }
});

test("a browser that leaves before the page's answer starts takes nothing down", async () => {
  const { port } = server.address() as AddressInfo;
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write("GET /slow?left-unnoticed HTTP/1.1\r\nHost: localhost\r\n\r\n");
  // The worker answers /slow after the browser's answer was destroyed: it has nowhere to go.
  await new Promise((resolve) => setTimeout(resolve, 600));
  socket.destroy();
  const res = await fetch(`${baseUrl}/after-a-left-page`);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).url, "/after-a-left-page");
});

test("a page that fails to render answers 500 and is logged with the page's request id", async () => {
  logLines.length = 0;
  const res = await fetch(`${baseUrl}/broken`);
  assert.equal(res.status, 500);
  assert.equal(await res.text(), "Internal error");
  const failure = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === "console request failed");
  assert.equal(failure?.requestId, "page-req-1");
  assert.equal(failure?.error, "render failed");
});

test("a websocket upgrade reaches the worker both ways, and dropUpgrades ends it", async () => {
  const socket = connect(Number(new URL(baseUrl).port), "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write("GET /_next/hmr HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n");
  const until = async (what: string) => {
    for (let tries = 0; tries < 100 && !received.includes(what); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(received.includes(what), `got ${JSON.stringify(received)}`);
  };
  await until("/_next/hmr\n");
  assert.match(received, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
  socket.write("ping");
  await until("ping");
  consoleApp.dropUpgrades();
  await Promise.race([
    closed,
    new Promise((_resolve, reject) => setTimeout(() => reject(new Error("the websocket is still open")), 5000).unref()),
  ]);
});

test("a worker that dies is replaced: the console answers again, and its pages reach the API", async () => {
  logLines.length = 0;
  const crashed = await fetch(`${baseUrl}/crash`);
  assert.equal(crashed.status, 502);
  let answer: Response | null = null;
  for (let tries = 0; tries < 100; tries += 1) {
    answer = await fetch(`${baseUrl}/ops`);
    if (answer.status === 200) break;
    // Until the death is noticed the old port refuses (502); then, until the new worker
    // listens, 503 with a Retry-After.
    assert.ok([502, 503].includes(answer.status), `answered ${answer.status}`);
    if (answer.status === 503) assert.equal(answer.headers.get("retry-after"), "2");
    await answer.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(answer?.status, 200);
  callerOfPages = caller("usr_after");
  try {
    const seen = await (await fetch(`${baseUrl}/data`)).json();
    assert.equal(seen.answer.status, 200);
  } finally {
    callerOfPages = null;
  }
  const exit = logLines.map((line) => JSON.parse(line)).find((line) => line.msg.startsWith("console worker exited"));
  assert.equal(exit?.code, 3);
});

test("a console that cannot start fails the start with the reason", async () => {
  const broken = mkdtempSync(join(tmpdir(), "pix-console-broken-"));
  try {
    writeFileSync(join(broken, "package.json"), JSON.stringify({ name: "admin-ui-stand-in", private: true }));
    mkdirSync(join(broken, "node_modules", "next"), { recursive: true });
    writeFileSync(join(broken, "node_modules", "next", "package.json"), JSON.stringify({ name: "next" }));
    writeFileSync(
      join(broken, "node_modules", "next", "index.js"),
      'module.exports = () => ({ prepare: async () => { throw new Error("no build here"); } });',
    );
    await assert.rejects(
      startConsole({
        dev: true,
        logger: createLogger("silent"),
        dir: broken,
        publicBaseUrl: "http://localhost:4000",
        runPageOperation: () => Promise.reject(new Error("not called")),
      }),
      {
        message: "the console did not start: no build here",
      },
    );
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }
});
