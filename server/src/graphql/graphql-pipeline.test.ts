import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Merchant, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";

/*
 * GraphQL over HTTP as /graphql answers it: how a request is read (POST body, GET query
 * string), what is refused before execution and with which status, the CSRF rule, the
 * media type, and that a document run again (compiled by graphql-jit the second time)
 * answers exactly as the first run did, errors included.
 */
let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await app.createMerchant();
  await app.fund(merchant.companyId, "25.00");
});
after(() => app.close());

const auth = (token = TEST_ADMIN_TOKEN) => ({ authorization: `Bearer ${token}` });

async function getGraphql(search: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request("GET", `/graphql?${new URLSearchParams(search)}`, { headers: { ...auth(), ...headers } });
}

describe("reading the request", () => {
  test("a POST with a JSON body runs; every answer is no-store and JSON", async () => {
    const res = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: { query: "{ balance { balance currency } }" },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { data: { balance: { balance: "25.00", currency: "BRL" } } });
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
  });

  test("a body that is not one operation is refused with 400 VALIDATION_ERROR", async () => {
    const cases: Array<[unknown, string]> = [
      [[{ query: "{ balance { balance } }" }], "Batched operations are not supported: send one operation per request"],
      [{}, "GraphQL operations must contain a non-empty `query`"],
      [{ query: "" }, "GraphQL operations must contain a non-empty `query`"],
      [
        { extensions: { persistedQuery: { sha256Hash: "ab" } } },
        "Persisted queries are not supported: send the query text",
      ],
      [{ query: 42 }, "`query` must be a string"],
      [{ query: "{ balance { balance } }", variables: [1] }, "`variables` must be an object"],
      [{ query: "{ balance { balance } }", variables: "x" }, "`variables` must be an object"],
      [{ query: "{ balance { balance } }", operationName: 7 }, "`operationName` must be a string"],
      ["text", "The body must be a JSON object with a query"],
    ];
    for (const [body, message] of cases) {
      const res = await app.request("POST", "/graphql", { token: merchant.clientSecret, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.body, { errors: [{ message, extensions: { code: "VALIDATION_ERROR" } }] });
    }
  });

  test("a GET reads, with variables as JSON, when it proves a preflight", async () => {
    const res = await getGraphql(
      {
        query: "query Read($id: ID!) { company(id: $id) { id } }",
        variables: JSON.stringify({ id: merchant.companyId }),
      },
      { "apollo-require-preflight": "true" },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { data: { company: { id: merchant.companyId } } });
  });

  test("a GET without a preflight header is refused as a possible CSRF, and runs nothing", async () => {
    const res = await getGraphql({ query: "{ companies { total } }" });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR");
    assert.match(res.body.errors[0].message, /Cross-Site Request Forgery/);
    assert.equal(res.body.data, undefined);
  });

  test("a GET may not change anything: a mutation is 405 with Allow: POST, and runs nothing", async () => {
    const adjustments = async () =>
      (
        await app.runtime.db.query("SELECT count(*)::int AS n FROM adjustments WHERE company_id = $1", [
          merchant.companyId,
        ])
      )[0].n;
    const before = await adjustments();
    const res = await getGraphql(
      {
        query: `mutation { createAdjustment(companyId: "${merchant.companyId}", amount: "1.00", description: "no") { id } }`,
      },
      { "x-apollo-operation-name": "Adjust" },
    );
    assert.equal(res.status, 405);
    assert.equal(res.headers.get("allow"), "POST");
    assert.equal(res.body.errors[0].message, "Can only perform a mutation operation from a POST request.");
    assert.equal(await adjustments(), before);
  });

  test("a GET with a parameter given twice or variables that are not JSON is refused", async () => {
    const twice = await app.request("GET", "/graphql?query=%7Bbalance%7Bbalance%7D%7D&query=x", {
      headers: { ...auth(), "apollo-require-preflight": "1" },
    });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.errors[0].message, "Query parameter query is given twice");
    const notJson = await getGraphql(
      { query: "{ balance { balance } }", variables: "{nope" },
      { "apollo-require-preflight": "1" },
    );
    assert.equal(notJson.status, 400);
    assert.equal(notJson.body.errors[0].extensions.code, "INVALID_JSON");
  });

  test("a POST of plain text or a form (no preflight) is refused unless it proves one", async () => {
    const body = JSON.stringify({ query: "{ companies { total } }" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const refused = await app.request("POST", "/graphql", {
        rawBody: body,
        headers: { ...auth(), "content-type": type },
      });
      assert.equal(refused.status, 400, type);
      assert.match(refused.body.errors[0].message, /Cross-Site Request Forgery/);
    }
    const proven = await app.request("POST", "/graphql", {
      rawBody: body,
      headers: { ...auth(), "content-type": "text/plain", "apollo-require-preflight": "1" },
    });
    assert.equal(proven.status, 200);
    assert.equal(typeof proven.body.data.companies.total, "number");
  });

  test("the GraphQL over HTTP media type is answered when the caller prefers it", async () => {
    const preferred = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: { query: "{ balance { currency } }" },
      headers: { accept: "application/graphql-response+json, application/json;q=0.9" },
    });
    assert.equal(preferred.headers.get("content-type"), "application/graphql-response+json; charset=utf-8");
    const json = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: { query: "{ balance { currency } }" },
      headers: { accept: "application/json, application/graphql-response+json;q=0.5" },
    });
    assert.equal(json.headers.get("content-type"), "application/json; charset=utf-8");
  });
});

describe("refused before execution", () => {
  test("syntax, validation and the choice of operation are 400 without data", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ query: "{ balance { " }, "Syntax Error: Expected Name, found <EOF>."],
      [{ query: "{ balance { nope } }" }, 'Cannot query field "nope" on type "Balance".'],
      [
        { query: "query A { balance { balance } } query B { balance { currency } }" },
        "Must provide operation name if query contains multiple operations.",
      ],
      [{ query: "query A { balance { balance } }", operationName: "B" }, 'Unknown operation named "B".'],
    ];
    for (const [body, message] of cases) {
      // Twice: the second answer comes from the prepared document, and must be the same.
      for (let run = 0; run < 2; run++) {
        const res = await app.request("POST", "/graphql", { token: merchant.clientSecret, body });
        assert.equal(res.status, 400, message);
        assert.equal(res.body.data, undefined);
        assert.equal(res.body.errors.length, 1);
        assert.equal(res.body.errors[0].message, message);
        assert.equal(res.body.errors[0].extensions.code, "VALIDATION_ERROR");
      }
    }
  });

  test("operationName picks one of several operations", async () => {
    const query = "query A { balance { balance } } query B { balance { currency } }";
    const res = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: { query, operationName: "B" },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { data: { balance: { currency: "BRL" } } });
  });

  test("a variable that does not coerce is 400 BAD_USER_INPUT", async () => {
    const res = await app.request("POST", "/graphql", {
      token: merchant.clientSecret,
      body: { query: "query($limit: Int) { charges(limit: $limit) { total } }", variables: { limit: "many" } },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].extensions.code, "BAD_USER_INPUT");
    assert.match(res.body.errors[0].message, /^Variable "\$limit" got invalid value "many"/);
  });

  test("suggestions that spell out the schema are dropped for callers who may not introspect", async () => {
    const query = "{ balanse { balance } }";
    const anonymous = await app.request("POST", "/graphql", { body: { query } });
    assert.equal(anonymous.status, 400);
    assert.equal(anonymous.body.errors[0].message, 'Cannot query field "balanse" on type "Query".');
    // The same prepared document, asked by a caller who may introspect: the suggestion is back.
    const merchantAnswer = await app.request("POST", "/graphql", { token: merchant.clientSecret, body: { query } });
    assert.equal(
      merchantAnswer.body.errors[0].message,
      'Cannot query field "balanse" on type "Query". Did you mean "balance"?',
    );
  });
});

describe("running a document again", () => {
  test("the compiled run answers as the first: data, and a resolver's error with code, path and locations", async () => {
    const read = `query Charge($id: ID!) { charge(id: $id) { id status } }`;
    const missing = { query: read, variables: { id: "chg_S0000000" } };
    const answers = [];
    for (let run = 0; run < 3; run++) {
      answers.push(await app.request("POST", "/graphql", { token: merchant.clientSecret, body: missing }));
    }
    for (const res of answers) {
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        errors: [
          {
            message: "Charge not found",
            locations: [{ line: 1, column: 26 }],
            path: ["charge"],
            extensions: { code: "NOT_FOUND" },
          },
        ],
        data: null,
      });
    }

    const created = await app.request("POST", "/charges", {
      token: merchant.clientSecret,
      body: { amount: 12.34 },
    });
    assert.equal(created.status, 201);
    const found = { query: read, variables: { id: created.body.id } };
    for (let run = 0; run < 3; run++) {
      const res = await app.request("POST", "/graphql", { token: merchant.clientSecret, body: found });
      assert.deepEqual(res.body, { data: { charge: { id: created.body.id, status: "PENDING" } } });
    }
  });

  test("a caller-dependent refusal is decided per request, not kept with the document", async () => {
    const query = "{ companies { total } }";
    const operator = await app.request("POST", "/graphql", { token: TEST_ADMIN_TOKEN, body: { query } });
    assert.equal(operator.status, 200);
    const refused = await app.request("POST", "/graphql", { token: merchant.clientSecret, body: { query } });
    assert.equal(refused.status, 200);
    assert.equal(refused.body.errors[0].extensions.code, "FORBIDDEN");
    assert.equal(refused.body.data, null);
  });
});
