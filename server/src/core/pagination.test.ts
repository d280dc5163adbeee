import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AppError } from "./errors";
import {
  CREATED_KEY,
  cappedCountStatement,
  decodeCursor,
  encodeCursor,
  ListOrder,
  type ListQuery,
  pageStatement,
  readPageWindow,
  SqlParams,
} from "./pagination";

const refused = (run: () => unknown, message: RegExp) =>
  assert.throws(
    run,
    (error) => error instanceof AppError && error.code === "VALIDATION_ERROR" && message.test(error.message),
  );

describe("readPageWindow", () => {
  test("defaults, bounds and the two ways of paging", () => {
    assert.deepEqual(readPageWindow({}), { size: 20, offset: 0, after: null, order: ListOrder.NEWEST_FIRST });
    assert.deepEqual(readPageWindow({ limit: 100, offset: 10_000 }).offset, 10_000);
    assert.equal(readPageWindow({ first: 1, after: "abc", order: ListOrder.OLDEST_FIRST }).size, 1);
    refused(() => readPageWindow({ offset: 10_001 }), /offset must be an integer from 0 to 10000/);
    refused(() => readPageWindow({ offset: -1 }), /offset/);
    refused(() => readPageWindow({ limit: 0 }), /limit must be an integer from 1 to 100/);
    refused(() => readPageWindow({ limit: 1.5 }), /limit/);
    refused(() => readPageWindow({ first: 101 }), /first must be an integer from 1 to 100/);
    refused(() => readPageWindow({ after: "abc", offset: 0 }), /after and offset/);
    refused(() => readPageWindow({ first: 5, limit: 5 }), /limit and first/);
    refused(() => readPageWindow({ first: 5, offset: 5 }), /first and offset/);
    refused(() => readPageWindow({ after: "" }), /not a valid cursor/);
  });
});

describe("cursors", () => {
  const at = "2026-11-22T10:00:00.123456Z";

  test("round trip, and only the exact text issued by the same list", () => {
    const cursor = encodeCursor("charges", [at, "K7Q2M9XA"]);
    assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(cursor, "charges", CREATED_KEY), [at, "K7Q2M9XA"]);
    for (const bad of [
      `${cursor}=`,
      `${cursor.slice(0, -1)}`,
      encodeCursor("withdrawals", [at, "K7Q2M9XA"]),
      encodeCursor("charges", ["2026-02-30T10:00:00.000000Z", "K7Q2M9XA"]),
      encodeCursor("charges", ["2026-11-22T10:00:00.123Z", "K7Q2M9XA"]),
      encodeCursor("charges", [at, "K7Q2M9XA", "extra"]),
      encodeCursor("charges", [at, "a b"]),
      Buffer.from('["charges"').toString("base64url"),
    ]) {
      refused(() => decodeCursor(bad, "charges", CREATED_KEY), /not a valid cursor/);
    }
    const ledgerKey = [CREATED_KEY[0], { column: "id", type: "bigint" as const }];
    assert.deepEqual(decodeCursor(encodeCursor("ledger", [at, "42"]), "ledger", ledgerKey), [at, "42"]);
    refused(() => decodeCursor(encodeCursor("ledger", [at, "4x"]), "ledger", ledgerKey), /cursor/);
  });
});

describe("pageStatement", () => {
  const query = (branches: string[][]): ListQuery => {
    const params = new SqlParams();
    const scoped = `company_id = ${params.add("comp_1")}`;
    return {
      cursorTag: "charges",
      from: "charges",
      columns: "*",
      key: CREATED_KEY,
      branches: branches.map((b) => [scoped, ...b]),
      params,
    };
  };

  test("a keyset page: after the cursor in key order, one row more than the page", () => {
    const after = encodeCursor("charges", ["2026-11-22T10:00:00.000000Z", "K7Q2M9XA"]);
    const newest = pageStatement(query([[]]), { size: 20, offset: 0, after, order: ListOrder.NEWEST_FIRST });
    assert.match(
      newest.text,
      /WHERE company_id = \$1 AND \(created_at, id\) < \(\$2::timestamptz, \$3::text\) ORDER BY created_at DESC, id DESC LIMIT 21$/,
    );
    assert.deepEqual(newest.values, ["comp_1", "2026-11-22T10:00:00.000000Z", "K7Q2M9XA"]);
    const oldest = pageStatement(query([[]]), { size: 5, offset: 0, after, order: ListOrder.OLDEST_FIRST });
    assert.match(oldest.text, /\(created_at, id\) > .* ORDER BY created_at ASC, id ASC LIMIT 6$/);
  });

  test("branches are read each by its own limit and merged; the count of the same query is not disturbed", () => {
    const listed = query([["status = 'EXPIRED'"], ["status = 'PENDING'", "expires_at <= now()"]]);
    const statement = pageStatement(listed, { size: 20, offset: 40, after: null, order: ListOrder.NEWEST_FIRST });
    assert.equal((statement.text.match(/LIMIT 61\)/g) ?? []).length, 2);
    assert.match(statement.text, /UNION ALL .* ORDER BY page_key_0 DESC, page_key_1 DESC LIMIT 21 OFFSET 40$/);
    const count = cappedCountStatement(listed);
    assert.equal((count.text.match(/LIMIT 10001/g) ?? []).length, 2);
    assert.deepEqual(count.values, ["comp_1"]);
  });

  test("a branch of few rows is read by its own filter, then sorted", () => {
    const listed = query([["status = 'EXPIRED'"]]);
    listed.branches.push({ fewRows: ["company_id = $1", "status = 'PENDING'", "expires_at <= now()"] });
    const statement = pageStatement(listed, { size: 20, offset: 0, after: null, order: ListOrder.NEWEST_FIRST });
    assert.match(
      statement.text,
      /\(SELECT \* FROM \(SELECT .* WHERE company_id = \$1 AND status = 'PENDING' AND expires_at <= now\(\) OFFSET 0\) AS few ORDER BY created_at DESC, id DESC LIMIT 21\)/,
    );
    assert.match(cappedCountStatement(listed).text, /expires_at <= now\(\) LIMIT 10001/);
  });
});
