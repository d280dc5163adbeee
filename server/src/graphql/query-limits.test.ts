import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../test-support/test-app";

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

describe("GraphQL limits", () => {
  test("refuses a query nested too deep", async () => {
    const shallow = `{ __schema { types { fields { type { ofType { name } } } } } }`;
    assert.equal((await app.graphql(shallow)).errors, undefined);
    const nested = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    const res = await app.graphql(nested);
    assert.equal(res.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.match(res.errors?.[0].message ?? "", /depth/);
  });

  test("refuses a query whose cost is over the limit", async () => {
    const aliases = Array.from(
      { length: 60 },
      (_, i) => `a${i}: charges(limit: 100) { data { id amount status } }`,
    ).join(" ");
    const res = await app.graphql(`{ ${aliases} }`);
    assert.equal(res.errors?.[0].extensions.code, "VALIDATION_ERROR");
    assert.match(res.errors?.[0].message ?? "", /cost/);
    const fine = await app.graphql(`{ charges(limit: 100) { data { id amount status } } }`);
    assert.equal(fine.errors, undefined);
  });

  test("introspection can be switched off", async () => {
    const closed = await startTestApp({ GRAPHQL_INTROSPECTION: "false" });
    try {
      const res = await closed.graphql(`{ __schema { queryType { name } } }`);
      assert.equal(res.errors?.[0].extensions.code, "VALIDATION_ERROR");
      assert.equal((await closed.graphql(`{ companies { id } }`)).errors, undefined);
    } finally {
      await closed.close();
    }
  });
});
