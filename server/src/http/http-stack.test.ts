import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { validate } from "@readme/openapi-parser";
import { type Merchant, newUuid, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { untranslatedOperations } from "./openapi-pt-br";

let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant();
});
after(() => app.close());

/** Sends raw bytes and reads whatever comes back until the server closes or `waitMs` passes. */
async function rawExchange(text: string, waitMs = 2000): Promise<{ answer: string; closedAfterMs: number }> {
  const { port } = new URL(app.baseUrl);
  const socket = connect(Number(port), "127.0.0.1");
  const started = Date.now();
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk.toString();
  });
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(text);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  socket.destroy();
  return { answer, closedAfterMs: Date.now() - started };
}

describe("the OpenAPI document", () => {
  test("lists every REST route with its answers and validates as OpenAPI 3.1", async () => {
    const res = await app.request("GET", "/openapi.json");
    assert.equal(res.status, 200);
    const doc = res.body;
    assert.equal(doc.openapi, "3.1.0");
    assert.ok(app.http.routes.length >= 8);
    for (const route of app.http.routes) {
      const path = route.operation.path.replace(/:(\w+)/g, "{$1}");
      const operation = doc.paths[path]?.[route.operation.method.toLowerCase()];
      assert.ok(operation, `${route.operation.method} ${path} is documented`);
      assert.equal(operation.operationId, route.operation.field);
      assert.deepEqual(Object.keys(operation.responses).map(Number), [...route.answers.keys()]);
      for (const [status, codes] of route.answers) {
        if (status === route.successStatus) continue;
        assert.deepEqual(
          operation.responses[status].content["application/json"].schema.allOf[1].properties.code.enum,
          codes,
        );
      }
      assert.deepEqual(operation.security, [{ bearer: [] }]);
    }
    const withdrawal = doc.paths["/withdrawals"].post;
    assert.deepEqual(withdrawal.responses["400"].content["application/json"].schema.allOf[1].properties.code.enum, [
      "VALIDATION_ERROR",
      "INSUFFICIENT_BALANCE",
      "INVALID_JSON",
    ]);
    assert.deepEqual(withdrawal.responses["409"].content["application/json"].schema.allOf[1].properties.code.enum, [
      "IDEMPOTENCY_KEY_REUSED",
    ]);
    assert.deepEqual(
      withdrawal.parameters.find((p: { in: string }) => p.in === "header"),
      {
        name: "Idempotency-Key",
        in: "header",
        required: true,
        description: "A UUID naming this attempt: the same key and body answer the original result again.",
        schema: { type: "string", format: "uuid" },
      },
    );
    const body = withdrawal.requestBody.content["application/json"].schema;
    // A key (pix_key_type and pix_key) or a bank_account (contract 15): only the amount is
    // required by the schema; the choice of the two is checked by the operation's validation.
    assert.deepEqual(body.required, ["amount"]);
    for (const field of ["pix_key_type", "pix_key", "bank_account", "recipient_document", "scheduled_for"])
      assert.ok(body.properties[field], `${field} is documented`);
    assert.equal(body.additionalProperties, false);
    assert.equal(body.properties.amount.type, "number");
    assert.equal(body.properties.amount.multipleOf, 0.01);
    // Null beside the five: a bank-account payout leaves the key out.
    assert.deepEqual(body.properties.pix_key_type.enum, ["CPF", "CNPJ", "EMAIL", "TELEFONE", "ALEATORIA", null]);
    const list = doc.paths["/charges"].get;
    const listParameters = Object.fromEntries(list.parameters.map((p: { name: string }) => [p.name, p]));
    assert.deepEqual(Object.keys(listParameters).sort(), ["external_reference", "limit", "offset", "status"]);
    assert.equal(listParameters.limit.schema.type, "integer");
    assert.equal(listParameters.limit.in, "query");
    const charge = doc.paths["/charges/{id}"].get.responses["200"].content["application/json"].schema;
    assert.deepEqual(Object.keys(charge.properties).slice(0, 3), ["id", "amount", "description"]);
    assert.equal(charge.properties.net_amount.type, "number");
    const result = await validate(structuredClone(doc));
    assert.equal(result.valid, true, result.valid ? "" : JSON.stringify(result.errors));
  });

  test("?lang=pt-BR is the same document with its prose in Portuguese: every operation's summary, tags, errors", async () => {
    const english = (await app.request("GET", "/openapi.json")).body;
    const answer = await app.request("GET", "/openapi.json?lang=pt-BR");
    assert.equal(answer.status, 200);
    const doc = answer.body;
    assert.deepEqual(untranslatedOperations(doc), []);
    // Same paths, methods, parameters' names, answers' statuses, codes and schemas.
    assert.deepEqual(Object.keys(doc.paths), Object.keys(english.paths));
    for (const [path, methods] of Object.entries<Record<string, Record<string, unknown>>>(english.paths)) {
      assert.deepEqual(Object.keys(doc.paths[path]), Object.keys(methods));
      for (const [method, operation] of Object.entries<Record<string, any>>(methods)) {
        const portuguese = doc.paths[path][method];
        assert.equal(portuguese.operationId, operation.operationId);
        assert.notEqual(portuguese.summary, operation.summary, `${operation.operationId} has its own summary`);
        assert.deepEqual(Object.keys(portuguese.responses), Object.keys(operation.responses));
        for (const [status, english] of Object.entries<Record<string, any>>(operation.responses))
          assert.deepEqual(portuguese.responses[status].content, english.content);
        assert.deepEqual(portuguese.requestBody, operation.requestBody);
      }
    }
    assert.deepEqual(doc.components.schemas, english.components.schemas);
    const withdrawal = doc.paths["/withdrawals"].post;
    assert.match(withdrawal.summary, /^Reserva o valor \(de 1\.00 a 99999999\.99\)/);
    assert.equal(withdrawal.description, "Executa a operação GraphQL `createWithdrawal`.");
    assert.equal(withdrawal.responses["400"].description, "Erro: VALIDATION_ERROR, INSUFFICIENT_BALANCE, INVALID_JSON");
    assert.equal(withdrawal.responses["201"].description, withdrawal.summary);
    assert.equal(
      withdrawal.parameters.find((p: { in: string }) => p.in === "header").description,
      "Um UUID que nomeia esta tentativa: a mesma chave com o mesmo corpo responde de novo o resultado original.",
    );
    assert.equal(
      doc.tags.find((tag: { name: string }) => tag.name === "Withdrawals").description,
      "Saques Pix do saldo para uma chave ou conta bancária.",
    );
    assert.match(doc.info.description, /^Lojistas criam cobranças Pix/);
    // The English document has no tags list and is unchanged by the other's making.
    assert.equal(english.tags, undefined);
    assert.equal(
      english.paths["/withdrawals"].post.responses["400"].description,
      "Error: VALIDATION_ERROR, INSUFFICIENT_BALANCE, INVALID_JSON",
    );
    // Any other lang is the English document.
    assert.deepEqual((await app.request("GET", "/openapi.json?lang=xx")).body, english);
    const result = await validate(structuredClone(doc));
    assert.equal(result.valid, true, result.valid ? "" : JSON.stringify(result.errors));
  });
});

describe("control characters", () => {
  test("REST refuses NUL and control characters in bodies, paths, queries and the Idempotency-Key", async () => {
    const before = (await app.request("GET", "/charges", { token: merchant.clientSecret })).body.total;
    const cases: Array<[string, string, unknown, string, Record<string, string>?]> = [
      ["POST", "/charges", { amount: 1, description: "a\u0000b" }, "description"],
      ["POST", "/charges", { amount: 1, description: "bell\u0007" }, "description"],
      ["POST", "/charges", { amount: 1, description: "del\u007f" }, "description"],
      ["POST", "/charges", { amount: 1, description: "carriage\rreturn" }, "description"],
      [
        "POST",
        "/withdrawals",
        { amount: 1, pix_key_type: "EMAIL", pix_key: "a\u0000@example.com" },
        "pix_key",
        { "idempotency-key": newUuid() },
      ],
      [
        "POST",
        "/withdrawals",
        { amount: 1, pix_key_type: "EMAIL", pix_key: "a\t@example.com" },
        "pix_key",
        { "idempotency-key": newUuid() },
      ],
      ["GET", "/charges/AB%00CD", undefined, "id"],
      ["GET", "/withdrawals/wd_%01", undefined, "id"],
      ["POST", "/withdrawals/wd_x%00/cancel", {}, "id"],
      ["POST", "/withdrawals/wd_x/cancel", { reason: "no\u0000" }, "reason"],
    ];
    for (const [method, path, body, field, headers] of cases) {
      const res = await app.request(method, path, { token: merchant.clientSecret, body, headers });
      assert.equal(res.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.code, "VALIDATION_ERROR");
      assert.match(res.body.error, new RegExp(`^${field} must not contain control characters`), res.text);
    }
    const query = await app.request("GET", "/charges?status=PAID%00", { token: merchant.clientSecret });
    assert.equal(query.status, 400);
    assert.equal(query.body.code, "VALIDATION_ERROR");
    // fetch will not send a control character in a header: written by hand.
    const body = '{"amount": 1, "pix_key_type": "CPF", "pix_key": "52998224725"}';
    const key = await rawExchange(
      `POST /withdrawals HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${merchant.clientSecret}\r\nIdempotency-Key: ${newUuid()}\u0001\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    assert.match(key.answer, /^HTTP\/1.1 400 /);
    assert.match(key.answer, /"code":"VALIDATION_ERROR"/);
    assert.equal((await app.request("GET", "/charges", { token: merchant.clientSecret })).body.total, before);
  });

  test("prose fields keep tab and newline", async () => {
    const res = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 1, description: "Pedido 42\n\tdois itens" },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.description, "Pedido 42\n\tdois itens");
  });

  test("GraphQL refuses them in literals and variables of every string argument, naming the path", async () => {
    const withVariables: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        "mutation($input: CreateChargeInput!) { createCharge(input: $input) { id } }",
        { input: { amount: "1.00", description: "x\u0000" } },
        /^\$input\.description /,
      ],
      ["query($id: ID!) { charge(id: $id) { id } }", { id: "AB\u0000" }, /^\$id /],
      ["mutation($n: String!) { createCompany(input: {name: $n}) { clientSecret } }", { n: "Loja\u0000" }, /^\$n /],
      ["mutation($n: String!) { createCompany(input: {name: $n}) { clientSecret } }", { n: "Loja\nNova" }, /^\$n /],
      ["query($e: String) { webhookDeliveries(event: $e) { total } }", { e: "charge.paid\u001b" }, /^\$e /],
      [
        "mutation($id: ID!, $r: String!) { rejectWithdrawal(id: $id, reason: $r) { id } }",
        { id: "wd_x", r: "x\u0000" },
        /^\$r /,
      ],
    ];
    for (const [query, variables, path] of withVariables) {
      const res = await app.request("POST", "/graphql", { token: TEST_ADMIN_TOKEN, body: { query, variables } });
      assert.equal(res.status, 400, `${query}: ${res.text}`);
      assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR");
      assert.match(res.body.errors[0].message, path);
      assert.match(res.body.errors[0].message, /must not contain control characters/);
    }
    const literal = await app.request("POST", "/graphql", {
      token: TEST_ADMIN_TOKEN,
      body: { query: 'mutation { createCompany(input: {name: "Loja\\u0000"}) { clientSecret } }' },
    });
    assert.equal(literal.status, 400);
    assert.equal(literal.body.errors[0].extensions.code, "VALIDATION_ERROR");
    assert.match(literal.body.errors[0].message, /^createCompany\.input\.name must not contain control characters/);
    const prose = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: {
        query: "mutation($input: CreateChargeInput!) { createCharge(input: $input) { description } }",
        variables: { input: { amount: "1.00", description: "linha 1\nlinha 2" } },
      },
    });
    assert.equal(prose.body.data.createCharge.description, "linha 1\nlinha 2");
  });
});

describe("request errors", () => {
  test("a GraphQL variable of the wrong type is 400 BAD_USER_INPUT", async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ["query($id: ID!) { charge(id: $id) { id } }", { id: { nested: true } }],
      ["query($limit: Int) { charges(limit: $limit) { total } }", { limit: "ten" }],
      ["query($limit: Int) { charges(limit: $limit) { total } }", { limit: 2 ** 40 }],
      ["mutation($input: CreateChargeInput!) { createCharge(input: $input) { id } }", { input: { amount: " 10" } }],
      ["mutation($input: CreateChargeInput!) { createCharge(input: $input) { id } }", { input: { amount: "00010" } }],
    ];
    for (const [query, variables] of cases) {
      const res = await app.request("POST", "/graphql", { token: merchant.clientSecret, body: { query, variables } });
      assert.equal(res.status, 400, `${JSON.stringify(variables)}: ${res.text}`);
      assert.equal(res.body.errors[0].extensions.code, "BAD_USER_INPUT", res.text);
      assert.equal(res.body.data, undefined);
    }
  });

  test("syntax and validation errors are 400 with the GraphQL error body", async () => {
    for (const query of ["{ balance { ", "{ nope }", "{ charge(id: 1.5) { id } }"]) {
      const res = await app.request("POST", "/graphql", { token: merchant.clientSecret, body: { query } });
      assert.equal(res.status, 400, query);
      assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR", query);
    }
  });

  test("REST names the field of a value GraphQL cannot take, in snake_case", async () => {
    const limit = await app.request("GET", `/charges?limit=${2 ** 40}`, { token: merchant.clientSecret });
    assert.equal(limit.status, 400);
    assert.equal(limit.body.code, "VALIDATION_ERROR");
    assert.match(limit.body.error, /^limit/);
    const notANumber = await app.request("GET", "/charges?limit=abc", { token: merchant.clientSecret });
    assert.deepEqual(notANumber.body, { error: "limit must be an integer", code: "VALIDATION_ERROR" });
    const huge = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 1, expires_in: 1e12 },
    });
    assert.deepEqual(huge.body, {
      error: "expires_in must be an integer from -2147483648 to 2147483647",
      code: "VALIDATION_ERROR",
    });
    const amount = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 1e21 } });
    assert.equal(amount.status, 400);
    assert.match(amount.body.error, /^amount: Money/);
    const expires = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 1, expires_in: "600" },
    });
    assert.deepEqual(expires.body, {
      error: "expires_in must be an integer",
      code: "VALIDATION_ERROR",
    });
  });

  test("__proto__ in a query or a body is a clear 400", async () => {
    const query = await app.request("GET", "/charges?__proto__=x", { token: merchant.clientSecret });
    assert.deepEqual(query.body, { error: "Unknown query parameter: __proto__", code: "VALIDATION_ERROR" });
    const body = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      rawBody: '{"amount": 1, "__proto__": {"admin": true}}',
    });
    assert.equal(body.status, 400);
    assert.equal(body.body.code, "VALIDATION_ERROR");
    assert.match(body.body.error, /__proto__/);
    const nested = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      rawBody: '{"query": "{ balance { balance } }", "variables": {"constructor": {"prototype": {}}}}',
      headers: { "content-type": "application/json" },
    });
    assert.equal(nested.status, 400);
    assert.equal(nested.body.errors[0].extensions.code, "VALIDATION_ERROR");
  });

  test("odd, missing and doubled headers and Content-Types never answer 5xx", async () => {
    const contentTypes = [
      "text/plain",
      "application/json; charset",
      "application/json; charset=utf-16",
      ";;;",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "*/*",
      "application/json, text/plain",
    ];
    for (const type of contentTypes) {
      for (const path of ["/charges", "/graphql"]) {
        const res = await app.request("POST", path, {
          token: merchant.clientSecret,
          rawBody: '{"amount": 1}',
          headers: { "content-type": type },
        });
        assert.ok(res.status < 500, `${path} ${type}: ${res.status} ${res.text}`);
      }
    }
    const raw = await rawExchange(
      `POST /charges HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${merchant.clientSecret}\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\nIdempotency-Key: ${newUuid()}\r\nIdempotency-Key: ${newUuid()}\r\nContent-Length: 13\r\nConnection: close\r\n\r\n{"amount": 1}`,
    );
    assert.match(raw.answer, /^HTTP\/1.1 400 /);
    assert.match(raw.answer, /"code":"VALIDATION_ERROR"/);
    const noHost = await rawExchange("GET /charges HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n");
    assert.match(noHost.answer, /^HTTP\/1.1 400 /);
  });
});

describe("bodies arrive in time, after the credential", () => {
  test("a body trickled byte by byte is cut at the request timeout", async () => {
    const slow = await startTestApp({}, { requestTimeoutMs: 1500, headersTimeoutMs: 1000 });
    try {
      const other = await slow.createMerchant();
      const { port } = new URL(slow.baseUrl);
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      const started = Date.now();
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.write(
        `POST /charges HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${other.clientSecret}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
      );
      const trickle = setInterval(() => socket.write(" "), 100);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 8000))]);
      clearInterval(trickle);
      socket.destroy();
      const elapsed = Date.now() - started;
      assert.ok(elapsed < 5000, `cut after ${elapsed} ms`);
      assert.match(answer, /^HTTP\/1.1 408 /);
      assert.match(answer, /"code":"REQUEST_TIMEOUT"/);
    } finally {
      await slow.close();
    }
  });

  test("an unauthenticated request with a big body is answered 401 before the body is sent", async () => {
    for (const [path, auth] of [
      ["/charges", ""],
      ["/graphql", ""],
      ["/graphql", "Authorization: Bearer sk_forged\r\n"],
      ["/charges", "Authorization: Bearer sk_forged\r\n"],
    ]) {
      const { answer } = await rawExchange(
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"query":`,
        1000,
      );
      assert.match(answer, /^HTTP\/1.1 401 /, `${path} ${auth}: ${answer}`);
      assert.match(answer, /UNAUTHENTICATED/);
    }
  });
});

describe("paths outside the API", () => {
  test("go to the fallback, unread; unknown API paths answer JSON 404", async () => {
    const root = await app.request("GET", "/");
    assert.equal(root.status, 404);
    assert.doesNotMatch(root.text, /Cannot GET/);
    assert.ok(root.headers.get("x-request-id"));
    for (const path of ["/charges/ABC/x", "/graphql/x", "/openapi.json/x", "/healthz/x", "/metrics", "/pix/nothing"]) {
      const res = await app.request("GET", path, { token: merchant.clientSecret });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.code, "NOT_FOUND", path);
    }
    const seen: string[] = [];
    const withConsole = await startTestApp(
      {},
      {
        fallback: (req, res) => {
          let body = "";
          req.on("data", (chunk) => {
            body += chunk;
          });
          req.on("end", () => {
            seen.push(`${req.method} ${req.url} ${body}`);
            res.writeHead(200, { "content-type": "text/html" }).end("<html>console</html>");
          });
        },
      },
    );
    try {
      const page = await withConsole.request("POST", "/login?next=/", { rawBody: "email=a%40b.c" });
      assert.equal(page.status, 200);
      assert.equal(page.text, "<html>console</html>");
      assert.deepEqual(seen, ["POST /login?next=/ email=a%40b.c"]);
      const api = await withConsole.request("GET", "/charges/nothing/here", { token: TEST_ADMIN_TOKEN });
      assert.equal(api.status, 404);
      assert.equal(api.body.code, "NOT_FOUND");
    } finally {
      await withConsole.close();
    }
  });
});

describe("request ids", () => {
  test("a caller's X-Request-Id comes back; a strange or missing one is replaced by a generated one", async () => {
    const given = await app.request("GET", "/charges/balance", {
      token: merchant.clientSecret,
      headers: { "x-request-id": "req-42.abc" },
    });
    assert.equal(given.headers.get("x-request-id"), "req-42.abc");
    const strange = await app.request("GET", "/charges/balance", {
      token: merchant.clientSecret,
      headers: { "x-request-id": `${"x".repeat(100)}` },
    });
    assert.match(strange.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    const error = await app.request("GET", "/charges/balance");
    assert.equal(error.status, 401);
    assert.match(error.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
  });
});

describe("health", () => {
  test("/healthz answers while the process runs; /readyz checks the database and the migrations", async () => {
    const health = await app.request("GET", "/healthz");
    assert.deepEqual([health.status, health.body], [200, { status: "ok" }]);
    const ready = await app.request("GET", "/readyz");
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, {
      status: "ready",
      database: "up",
      migrations: "applied",
      workers: "not in this process",
    });
    const probe = await startTestApp({ RUN_WORKER: "false" });
    try {
      await probe.services.db.query("DELETE FROM schema_migrations WHERE name = 'RateLimits1763800700000'");
      const notReady = await probe.request("GET", "/readyz");
      assert.equal(notReady.status, 503);
      assert.deepEqual(notReady.body, { error: "Not ready: 1 migration(s) not applied", code: "SERVICE_UNAVAILABLE" });
    } finally {
      await probe.close();
    }
  });
});
