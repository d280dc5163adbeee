import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";

const API_POLICY = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";
const CONSOLE_POLICY = "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic'; frame-ancestors 'none'";

let app: TestApp;

before(async () => {
  app = await startTestApp(
    {},
    {
      // A stand-in for the console: answers a page with a policy of its own, as admin-ui/proxy.ts does.
      fallback: (req, res) => {
        const own = req.url?.startsWith("/ops") ? { "content-security-policy": CONSOLE_POLICY } : {};
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...own }).end("<html>console</html>");
      },
    },
  );
});
after(() => app.close());

function assertCommonHeaders(headers: Headers, what: string) {
  assert.equal(headers.get("x-content-type-options"), "nosniff", what);
  assert.equal(headers.get("x-frame-options"), "DENY", what);
  assert.equal(headers.get("referrer-policy"), "same-origin", what);
  assert.equal(headers.get("cross-origin-opener-policy"), "same-origin", what);
  assert.equal(headers.get("cross-origin-resource-policy"), "same-origin", what);
  assert.equal(headers.get("x-powered-by"), null, what);
}

describe("security headers", () => {
  test("every API answer carries them: success, error, refusal, GraphQL and the OpenAPI document", async () => {
    const answers = {
      "GET /companies (200)": await app.request("GET", "/companies", { token: TEST_ADMIN_TOKEN }),
      "GET /companies unauthenticated (401)": await app.request("GET", "/companies"),
      "GET /charges/nothing (404)": await app.request("GET", "/charges/nothing", { token: TEST_ADMIN_TOKEN }),
      "POST /graphql": await app.request("POST", "/graphql", { body: { query: "{ viewer { id } }" } }),
      "GET /openapi.json": await app.request("GET", "/openapi.json"),
      "GET /healthz": await app.request("GET", "/healthz"),
    };
    for (const [what, res] of Object.entries(answers)) {
      assert.ok(res.status < 500, what);
      assertCommonHeaders(res.headers, what);
      assert.equal(res.headers.get("content-security-policy"), API_POLICY, what);
      // PUBLIC_BASE_URL is http here: a browser ignores HSTS over http, and a developer's machine must not be pinned.
      assert.equal(res.headers.get("strict-transport-security"), null, what);
    }
  });

  test("a console page keeps its own policy and gets the rest; an answer without a policy gets the API's", async () => {
    const page = await app.request("GET", "/ops/withdrawals");
    assert.equal(page.status, 200);
    assertCommonHeaders(page.headers, "a console page");
    assert.equal(page.headers.get("content-security-policy"), CONSOLE_POLICY);
    const other = await app.request("GET", "/somewhere");
    assertCommonHeaders(other.headers, "a console answer without a policy");
    assert.equal(other.headers.get("content-security-policy"), API_POLICY);
  });

  test("Strict-Transport-Security when PUBLIC_BASE_URL is https", async () => {
    const https = await startTestApp({ PUBLIC_BASE_URL: "https://pix.example.com" });
    try {
      for (const path of ["/openapi.json", "/companies"]) {
        const res = await https.request("GET", path);
        assert.equal(res.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains", path);
        assertCommonHeaders(res.headers, path);
      }
    } finally {
      await https.close();
    }
  });
});
