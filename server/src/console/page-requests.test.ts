import assert from "node:assert/strict";
import type { IncomingMessage, ServerResponse } from "node:http";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import type { PageCaller } from "../app";
import { EXPORT_BUDGET } from "../http/request-admission";

/**
 * The console's own request path in the API's process (server/src/app.ts), with a stand-in
 * for the console that records what it was handed: static files before admission, pages
 * with the caller admission found, and the pages' data calls run in process as that caller.
 */
const handed: Array<{ url: string; caller: PageCaller | null }> = [];
const logLines: string[] = [];

function consoleStandIn(req: IncomingMessage, res: ServerResponse, caller: PageCaller | null): void {
  handed.push({ url: req.url ?? "", caller });
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("console");
}

let app: TestApp;
before(async () => {
  app = await startTestApp(
    { RATE_LIMIT_RPS: "1", LOG_LEVEL: "info" },
    { fallback: consoleStandIn, logDestination: { write: (line: string) => logLines.push(line) } },
  );
});
after(() => app.close());

const withSessionsGone = async (check: () => Promise<void>) => {
  await app.services.db.query("ALTER TABLE console_sessions RENAME TO console_sessions_moved");
  try {
    await check();
  } finally {
    await app.services.db.query("ALTER TABLE console_sessions_moved RENAME TO console_sessions");
  }
};

describe("the console's request path", () => {
  test("static files go to the console before admission: no rate limit, no session lookup", async () => {
    const login = await app.consoleUser({ role: "ADMIN" });
    handed.length = 0;
    await withSessionsGone(async () => {
      // A page load's worth of files against a limit of 1 a second (burst 2), with a session cookie.
      const paths = [
        ...Array.from({ length: 12 }, (_, i) => `/_next/static/chunks/${i}.js`),
        "/_next/static/media/inter.woff2",
        "/favicon.ico",
        "/icon.svg?abc",
      ];
      for (const path of paths) {
        const res = await app.request("GET", path, { headers: { cookie: login.cookie } });
        assert.equal(res.status, 200, path);
        assert.equal(res.text, "console");
        assert.ok(res.headers.get("x-request-id"));
      }
      assert.deepEqual(
        handed.map((entry) => entry.caller),
        paths.map(() => null),
        "no caller: nothing was looked up",
      );
    });
  });

  test("a page is handed the caller admission found; its data calls run as that caller, with no lookup", async () => {
    const login = await app.consoleUser({ role: "OPERATOR" });
    handed.length = 0;
    const page = await app.request("GET", "/ops/withdrawals?status=PENDING", { headers: { cookie: login.cookie } });
    assert.equal(page.status, 200);
    const [{ url, caller }] = handed;
    assert.equal(url, "/ops/withdrawals?status=PENDING");
    assert.ok(caller);
    assert.deepEqual(caller.principal, {
      kind: "operator",
      role: "OPERATOR",
      userId: login.userId,
      actor: `operator:${login.userId}`,
    });
    assert.equal(`pix_session=${caller.sessionToken}`, login.cookie);
    assert.equal(caller.request.id, page.headers.get("x-request-id"));
    await withSessionsGone(async () => {
      for (let call = 0; call < 5; call += 1) {
        const answer = await app.http.runPageOperation(
          { query: "{ viewer { id kind role authenticatedBy } }", variables: {}, operationName: undefined },
          caller,
        );
        assert.equal(answer.status, 200);
        // As the page receives it: JSON text (next-console.ts).
        assert.deepEqual(JSON.parse(JSON.stringify(answer.body)), {
          data: { viewer: { id: login.userId, kind: "OPERATOR", role: "OPERATOR", authenticatedBy: "SESSION" } },
        });
      }
    });
  });

  test("a page's data call may only read", async () => {
    const login = await app.consoleUser({ role: "ADMIN" });
    handed.length = 0;
    await app.request("GET", "/ops", { headers: { cookie: login.cookie } });
    const caller = handed[0].caller as PageCaller;
    const answer = await app.http.runPageOperation(
      { query: "mutation { signOut }", variables: {}, operationName: undefined },
      caller,
    );
    assert.equal(answer.status, 405);
    assert.equal(answer.body.errors?.[0].extensions?.code, "VALIDATION_ERROR");
    // The session is still there: nothing ran.
    assert.equal((await app.request("GET", "/ops", { headers: { cookie: login.cookie } })).status, 200);
    assert.equal(handed[1].caller?.principal?.kind, "operator");
  });

  test("exports have a budget of their own: the interactive one spent never stops them, and they never spend it", async () => {
    const login = await app.consoleUser({ role: "ADMIN" });
    const cookie = { cookie: login.cookie };
    // Three concurrent exports (the case), then the whole interactive burst (2 at 1 a second) is still there.
    const exports = await Promise.all(
      [1, 2, 3].map(() => app.request("GET", "/api/export/audit-log", { headers: cookie })),
    );
    assert.deepEqual(
      exports.map((res) => res.status),
      [200, 200, 200],
    );
    const pages = [];
    for (let i = 0; i < 3; i++) pages.push((await app.request("GET", "/ops", { headers: cookie })).status);
    assert.deepEqual(pages, [200, 200, 429], "the interactive burst is whole, then spent");
    // Interactive budget spent: exports still go through, up to their own budget.
    const more = [];
    for (let i = 0; i < EXPORT_BUDGET.points; i++)
      more.push((await app.request("GET", "/api/export/charges", { headers: cookie })).status);
    assert.deepEqual(more.slice(0, EXPORT_BUDGET.points - 3), Array(EXPORT_BUDGET.points - 3).fill(200));
    const over = await app.request("GET", "/api/export/charges", { headers: cookie });
    assert.equal(over.status, 429);
    assert.equal(over.body.code, "RATE_LIMITED");
    assert.ok(Number(over.headers.get("retry-after")) >= 1);
  });

  test("a page without a session is handed an anonymous caller", async () => {
    handed.length = 0;
    await app.request("GET", "/login");
    assert.equal(handed[0].caller?.principal, null);
  });

  test("the API's paths, and only they, answer JSON 404; the console's files and pages get an access line", async () => {
    handed.length = 0;
    logLines.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the anonymous burst refills
    const api = await app.request("GET", "/charges/nope/deeper");
    assert.equal(api.status, 404);
    assert.equal(api.body.code, "NOT_FOUND");
    const metrics = await app.request("GET", "/metricsx");
    assert.equal(metrics.text, "console", "a prefix is a whole path segment");
    const asset = await app.request("GET", "/_next/static/chunks/main.js", {
      headers: { "x-request-id": "asset-line" },
    });
    assert.equal(asset.status, 200);
    assert.deepEqual(
      handed.map((entry) => entry.url),
      ["/metricsx", "/_next/static/chunks/main.js"],
    );
    const access = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === "request");
    assert.deepEqual(
      access.map((line) => [line.path, line.status]),
      [
        ["/charges/nope/deeper", 404],
        ["/metricsx", 200],
        ["/_next/static/chunks/main.js", 200],
      ],
    );
    assert.equal(access[2].requestId, "asset-line");
  });
});
