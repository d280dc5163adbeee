import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GraphQLError } from "graphql";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { AppError, type ErrorCode, httpStatusFor, isConnectionLost, toPublicError } from "./errors";

describe("isConnectionLost: which failed reads may be sent again", () => {
  test("an ended session or a lost socket is; a refused connection, a timeout or a wrong statement is not", () => {
    const lost = [
      { code: "57P01" }, // admin_shutdown: pg_terminate_backend
      { code: "57P02" }, // crash_shutdown
      { code: "08006" }, // connection_failure
      { code: "ECONNRESET" },
      { code: "EPIPE" },
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
    ];
    const notLost = [
      { code: "57014" }, // statement timeout: the same read would run as long again
      { code: "57P03" }, // cannot_connect_now
      { code: "53300" }, // too_many_connections
      { code: "ECONNREFUSED" },
      { code: "22012" },
      new Error("timeout exceeded when trying to connect"),
      null,
      "Connection terminated",
    ];
    for (const error of lost) assert.equal(isConnectionLost(error), true, JSON.stringify(error) ?? String(error));
    for (const error of notLost) assert.equal(isConnectionLost(error), false, JSON.stringify(error) ?? String(error));
  });
});

describe("the error table", () => {
  test("maps every code to its HTTP status", () => {
    const expected: Record<ErrorCode, number> = {
      VALIDATION_ERROR: 400,
      INVALID_JSON: 400,
      INSUFFICIENT_BALANCE: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      STEP_UP_REQUIRED: 403,
      SANDBOX_ONLY: 403,
      NOT_FOUND: 404,
      IDEMPOTENCY_KEY_REUSED: 409,
      INVALID_STATE: 409,
      CONFLICT: 409,
      CHARGE_RESERVED: 409,
      REFUND_WINDOW_CLOSED: 409,
      REFUND_EXCEEDS_CHARGE: 400,
      CUSTOMER_EXISTS: 409,
      EXTERNAL_REFERENCE_TAKEN: 409,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMITED: 429,
      INTERNAL_ERROR: 500,
      BAD_USER_INPUT: 400,
      REQUEST_TIMEOUT: 408,
      UNSUPPORTED_MEDIA_TYPE: 415,
      SERVICE_UNAVAILABLE: 503,
    };
    for (const [code, status] of Object.entries(expected)) assert.equal(httpStatusFor(code as ErrorCode), status, code);
  });

  test("an AppError keeps its code; a request error is a validation error; anything else is a bare 500", () => {
    const app = new GraphQLError("x", { path: ["f"], originalError: new AppError("INVALID_STATE", "nope") });
    assert.deepEqual(toPublicError(app), { code: "INVALID_STATE", message: "nope" });
    assert.equal(toPublicError(new GraphQLError('Cannot query field "x"')).code, "VALIDATION_ERROR");
    const bug = new GraphQLError('relation "companies" does not exist', {
      path: ["f"],
      originalError: new Error('relation "companies" does not exist'),
    });
    assert.deepEqual(toPublicError(bug), { code: "INTERNAL_ERROR", message: "Internal server error" });
  });
});

describe("unexpected failures over HTTP", () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  test("answer 500 with the generic body: no stack, no SQL", async () => {
    const merchant = await app.createMerchant();
    await app.services.db.query("ALTER TABLE charges RENAME TO charges_moved");
    try {
      const rest = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 10 } });
      assert.equal(rest.status, 500);
      assert.deepEqual(rest.body, { error: "Internal server error", code: "INTERNAL_ERROR" });
      const gql = await app.graphql(`{ charges { total } }`, {}, merchant.clientSecret);
      assert.deepEqual(gql.errors?.[0].extensions, { code: "INTERNAL_ERROR" });
      assert.equal(gql.errors?.[0].message, "Internal server error");
      assert.doesNotMatch(JSON.stringify(gql), /charges_moved|relation|stack|at .*\.js/);
    } finally {
      await app.services.db.query("ALTER TABLE charges_moved RENAME TO charges");
    }
  });
});
