import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { getNamedType, isEnumType } from "graphql";
import pg from "pg";
import { blindOnlyToLastUse, listTables, tableDigests } from "../../test/support/database-snapshot";
import { fundedMerchant, VALID_CPF } from "../../test/support/scenarios";
import { newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { isoDate, saoPauloDay } from "../billing/business-days";
import type { ErrorCode } from "../core/errors";
import { PLAIN_TEXT_PATTERN } from "../core/text-input";
import type { RestParameter, RestRoute } from "../operation/rest-shape";
import type { Services } from "../services";

/**
 * REST fuzz: every route of the declared route table (a new one is fuzzed without a change
 * here), each request made invalid in one known way (a control character in a string field,
 * path id, query parameter or header; a lone UTF-16 surrogate in a body's string, or its
 * bytes in the path or query; a value of the wrong type; a number past what the
 * field holds; an unknown or doubled parameter; a body that is no JSON object; an odd
 * Content-Type; a bad credential; an id that names nothing), the rest of it random. The
 * answer must be that way's 4xx with exactly `{"error","code"}`, a code the route declares
 * for that status, and nothing may change in the database (every table's rows and the
 * account's balanceAudit). REST_FUZZ_RUNS sets the number of cases (300 in `npm test`);
 * REST_FUZZ_SEED replays the cases of a failure it printed.
 */
const inDays = (days: number) => isoDate(saoPauloDay(new Date()) + days);
const RUNS = Number(process.env.REST_FUZZ_RUNS ?? 300);
const SEED = process.env.REST_FUZZ_SEED ? Number(process.env.REST_FUZZ_SEED) : undefined;

/** A number written as is into the JSON body (1e400, 2^64, -0). */
class RawNumber {
  constructor(readonly text: string) {}
}
type Json = string | number | boolean | null | RawNumber | Json[] | { [key: string]: Json };

function toJson(value: Json): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** C0 controls and DEL that no field takes (prose fields take tab and newline only). */
const REFUSED_CONTROLS = [
  ..."\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000d\u000e\u000f",
  ..."\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\u007f",
];
const PLAIN = new RegExp(PLAIN_TEXT_PATTERN, "u");

/** Text without any control character, from plain to odd unicode. */
const cleanText = fc
  .oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.constantFrom("", " ", "null", "__proto__", "' OR 1=1 --", "%00", "\\", "é😀\u202e\ufeff\u200b", "x".repeat(500)),
  )
  // Lone surrogates aside: they do not survive UTF-8 on the way.
  .filter((text) => PLAIN.test(text) && !/[\ud800-\udfff]/u.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")));

/** Text with at least one refused control character somewhere in it. */
const hostileText = fc
  .tuple(cleanText, fc.constantFrom(...REFUSED_CONTROLS), cleanText)
  // Cut by code points: half a surrogate pair is no text to send.
  .map(([head, control, tail]) => `${[...head].slice(0, 20).join("")}${control}${[...tail].slice(0, 20).join("")}`);

/** Half a surrogate pair: no character. JSON carries it escaped ("\ud800"). */
const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];

/** Text with one lone surrogate somewhere in it (the rest is well-formed, so it stays lone). */
const illFormedText = fc
  .tuple(cleanText, fc.constantFrom(...LONE_SURROGATES), cleanText)
  .map(([head, lone, tail]) => `${[...head].slice(0, 20).join("")}${lone}${[...tail].slice(0, 20).join("")}`);

/** A lone surrogate's UTF-8 bytes (and other bytes that are no UTF-8), percent-encoded in a URL. */
const SURROGATE_BYTES = ["%ED%A0%80", "%ED%BF%BF", "x%ED%B0%80y", "%FF", "%C0%AF"];

/** Numbers no Money or Int field of the contract takes (past its range, below a centavo, zero). */
const BAD_NUMBERS = [
  "-0",
  "0",
  "-1",
  "1.005",
  "0.001",
  "1e-7",
  "1e400",
  "-1e400",
  "9007199254740993",
  "18446744073709551616",
  "123456789012345678901234567890",
  "100000000.00",
  "-2147483649",
  "2147483648",
];

/** Path segments sent as they are (already percent-encoded). */
const ENCODED_IDS = ["%2e%2e", "a%2Fb", "%E2%82%AC"];

/** Page sizes and offsets no list takes: negative, past an Int, not an integer. */
const BAD_QUERY_INTS = ["-1", "2147483648", "-2147483649", "99999999999", "1.5", "1e3", "0x10", " 1", "+1", ""];

/** A value the field's GraphQL type takes, or random text/numbers that pass its schema. */
function plausible(parameter: RestParameter): fc.Arbitrary<Json> {
  const named = getNamedType(parameter.type);
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((value) => value.name));
  switch (named.name) {
    case "Money":
      return fc.constantFrom(1, 1.5, 2.25, 10);
    case "Int":
      // A page size takes 1..100, an offset starts at 0: "plausible" is a value the route takes.
      if (parameter.location !== "query") return fc.constantFrom(60, 3600);
      return parameter.name === "limit" ? fc.constantFrom("1", "10", "100") : fc.constantFrom("0", "1", "10");
    case "Boolean":
      return parameter.location === "query" ? fc.constantFrom("true", "false") : fc.boolean();
    default:
      if (parameter.name === "pix_key") return fc.constantFrom(VALID_CPF, "a@b.co", "+5511999998888");
      // A day a date field takes (a recurring charge's due date is 2 to 10 days ahead).
      if (parameter.name.endsWith("_date")) return fc.constantFrom(inDays(3), inDays(4));
      return cleanText;
  }
}

/** Values of another JSON type than the field's. */
function wrongType(parameter: RestParameter): fc.Arbitrary<Json> {
  const named = getNamedType(parameter.type);
  const text = named.name === "String" || named.name === "ID" || isEnumType(named);
  const choices: fc.Arbitrary<Json>[] = [
    fc.constant([]),
    fc.constant({}),
    fc.constant({ __proto__: "x" } as Json),
    fc.array(cleanText, { minLength: 1, maxLength: 2 }),
  ];
  if (text) choices.push(fc.integer(), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  else choices.push(cleanText, fc.constant("10.00"), fc.boolean());
  if (parameter.required) choices.push(fc.constant(null));
  return fc.oneof(...choices);
}

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** One case: how the request is broken, and the answers that way allows. */
interface Case {
  fault: string;
  request: Request;
  expected: Array<[number, ErrorCode]>;
}

const VALIDATION: Array<[number, ErrorCode]> = [[400, "VALIDATION_ERROR"]];

interface Fixtures {
  secret: string;
  /** Real ids by path: an id of that kind that exists (the case then breaks it). */
  ids: Record<string, string[]>;
}

/** A case for one route: a plausible request, broken by one fault drawn at random. */
function caseFor(route: RestRoute<Services>, fixtures: Fixtures): fc.Arbitrary<Case> {
  const { operation, parameters } = route;
  const pathParams = parameters.filter((p) => p.location === "path");
  const queryParams = parameters.filter((p) => p.location === "query");
  const bodyParams = parameters.filter((p) => p.location === "body");
  const keyParam = parameters.find((p) => p.location === "header");
  const stringParams = parameters.filter((p) => {
    const named = getNamedType(p.type);
    return p.location !== "header" && (named.name === "String" || named.name === "ID");
  });
  const numberParams = parameters.filter((p) => ["Money", "Int"].includes(getNamedType(p.type).name));
  const realIds = fixtures.ids[operation.path] ?? ["K7Q2M9XA"];

  const base = fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fc.constantFrom(...realIds)]))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, plausible(p)])), { requiredKeys: [] }),
    body: fc.record(Object.fromEntries(bodyParams.map((p) => [p.name, plausible(p)])), {
      requiredKeys: bodyParams.filter((p) => p.required).map((p) => p.name),
    }),
  });

  type Parts = {
    path: Record<string, string>;
    query: Record<string, Json>;
    body: Record<string, Json>;
    rawQuery?: string;
    rawPath?: string;
    rawBody?: string;
    headers?: Record<string, string>;
  };
  type Fault = fc.Arbitrary<{ fault: string; change: (parts: Parts) => void; expected: Array<[number, ErrorCode]> }>;
  const faults: Fault[] = [];
  const set = (parts: Parts, p: RestParameter, value: Json) => {
    if (p.location === "path") parts.path[p.name] = String(value);
    else if (p.location === "query") parts.query[p.name] = value;
    else parts.body[p.name] = value;
  };

  if (stringParams.length > 0)
    faults.push(
      fc.record({ p: fc.constantFrom(...stringParams), text: hostileText }).map(({ p, text }) => ({
        fault: `control character in ${p.location} ${p.name}`,
        change: (parts: Parts) => set(parts, p, text),
        expected: VALIDATION,
      })),
    );
  const bodyStringParams = stringParams.filter((p) => p.location === "body");
  if (bodyStringParams.length > 0)
    faults.push(
      fc.record({ p: fc.constantFrom(...bodyStringParams), text: illFormedText }).map(({ p, text }) => ({
        fault: `lone surrogate in body ${p.name}`,
        change: (parts: Parts) => set(parts, p, text),
        expected: VALIDATION,
      })),
    );
  if (pathParams.length > 0)
    faults.push(
      fc.constantFrom(...SURROGATE_BYTES).map((bytes) => ({
        fault: "surrogate bytes in the path",
        change: (parts: Parts) => {
          parts.rawPath = operation.path.replace(/:(\w+)/g, () => bytes);
        },
        expected: VALIDATION,
      })),
    );
  if (queryParams.length > 0)
    faults.push(
      fc
        .record({ p: fc.constantFrom(...queryParams), bytes: fc.constantFrom(...SURROGATE_BYTES) })
        .map(({ p, bytes }) => ({
          fault: `surrogate bytes in query ${p.name}`,
          change: (parts: Parts) => {
            parts.rawQuery = `${encodeURIComponent(p.name)}=${bytes}`;
          },
          expected: VALIDATION,
        })),
    );
  if (bodyParams.length > 0)
    faults.push(
      fc
        .constantFrom(...bodyParams)
        .chain((p) => wrongType(p).map((value) => ({ p, value })))
        .map(({ p, value }) => ({
          fault: `wrong type for body ${p.name}`,
          change: (parts: Parts) => set(parts, p, value),
          expected: VALIDATION,
        })),
      fc
        .record({ name: fc.oneof(cleanText, fc.constantFrom("__proto__", "constructor", "amount ")), value: cleanText })
        .map(({ name, value }) => ({
          fault: "unknown body field",
          change: (parts: Parts) => {
            if (bodyParams.some((p) => p.name === name)) parts.body.zz_unknown = value;
            else
              parts.rawBody = `${toJson(parts.body).slice(0, -1)}${Object.keys(parts.body).length ? "," : ""}${JSON.stringify(name)}:${JSON.stringify(value)}}`;
          },
          expected: VALIDATION,
        })),
    );
  if (numberParams.length > 0)
    faults.push(
      fc
        .constantFrom(...numberParams)
        .chain((p) =>
          fc.constantFrom(...(p.location === "query" ? BAD_QUERY_INTS : BAD_NUMBERS)).map((text) => ({ p, text })),
        )
        .map(({ p, text }) => ({
          fault: `number out of range for ${p.location} ${p.name}`,
          change: (parts: Parts) => set(parts, p, p.location === "query" ? text : new RawNumber(text)),
          // Past the balance rather than past the field is the withdrawal's own refusal.
          expected: operation.errors.includes("INSUFFICIENT_BALANCE")
            ? [...VALIDATION, [400, "INSUFFICIENT_BALANCE"]]
            : VALIDATION,
        })),
    );
  if (operation.method === "GET")
    faults.push(
      fc
        .record({ name: fc.oneof(cleanText, fc.constantFrom("__proto__", "constructor", "cursor")), value: cleanText })
        .map(({ name, value }) => ({
          fault: "unknown or doubled query parameter",
          change: (parts: Parts) => {
            const known = queryParams.find((p) => p.name === name) ?? queryParams[0];
            parts.rawQuery =
              known && name.length % 2 === 0
                ? `${known.name}=${encodeURIComponent(String(parts.query[known.name] ?? "1"))}&${known.name}=${encodeURIComponent(value)}`
                : `${encodeURIComponent(name || "x")}=${encodeURIComponent(value)}`;
          },
          expected: VALIDATION,
        })),
    );
  if (operation.method === "POST" || operation.method === "PATCH")
    faults.push(
      fc.constantFrom('{"amount":', "{", "[1,", "nul", '{"a":1}}', "\u0000", '{"amount":1,}', "'x'").map((raw) => ({
        fault: "body that is no JSON",
        change: (parts: Parts) => {
          parts.rawBody = raw;
        },
        expected: [[400, "INVALID_JSON"]] as Array<[number, ErrorCode]>,
      })),
      fc.constantFrom("[]", "[{}]", '"text"', "12", "true", "null").map((raw) => ({
        fault: "JSON body that is no object",
        change: (parts: Parts) => {
          parts.rawBody = raw;
        },
        // An empty body (or `null`) is an empty object: then a required field is missing.
        expected:
          raw === "null" && bodyParams.every((p) => !p.required) ? ([] as Array<[number, ErrorCode]>) : VALIDATION,
      })),
      // Every body is read as UTF-8 JSON whatever its Content-Type; another charset or a
      // compressed body is refused rather than misread.
      fc
        .constantFrom<Record<string, string>>(
          { "content-type": "application/json; charset=latin1" },
          { "content-type": 'text/plain; charset="utf-16"' },
          { "content-encoding": "gzip" },
          { "content-encoding": "br, identity" },
        )
        .map((odd) => ({
          fault: "body encoding other than UTF-8 text",
          change: (parts: Parts) => {
            parts.headers = { ...parts.headers, ...odd };
          },
          expected: VALIDATION,
        })),
    );
  if (keyParam)
    faults.push(
      fc
        .oneof(
          // An empty value is no key (core/idempotency.ts): refused where the key is required only.
          fc.constantFrom(
            ...(operation.idempotencyKey === "required" ? ["", " "] : []),
            "not-a-uuid",
            `${newUuid()}x`,
            "x".repeat(300),
          ),
          fc.constant(null),
          // Header values are bytes: Latin-1 without NUL, CR and LF (fetch sends no others).
          hostileText.filter((text) => [...text].every((c) => c.charCodeAt(0) <= 0xff && !"\u0000\n\r".includes(c))),
        )
        .map((key) => ({
          fault: key === null ? "Idempotency-Key given twice" : "malformed Idempotency-Key",
          change: (parts: Parts) => {
            parts.headers = { ...parts.headers, "idempotency-key": key ?? `${newUuid()}, ${newUuid()}` };
          },
          expected: VALIDATION,
        })),
    );
  faults.push(
    fc.constantFrom("", "Bearer ", "Bearer nope", "Basic eDp5", "Bearer \u0001\u007f", "bearer  x y").map((value) => ({
      fault: "bad credential",
      change: (parts: Parts) => {
        parts.headers = { ...parts.headers, authorization: value };
      },
      expected: [[401, "UNAUTHENTICATED"]] as Array<[number, ErrorCode]>,
    })),
  );
  if (pathParams.length > 0)
    faults.push(
      fc
        .oneof(
          fc.constantFrom("K7Q2M9XA", "chg_ZZZZZZZZ", "wd_00000000000000000000", "0", "-1", "..", ...ENCODED_IDS),
          cleanText.filter((text) => text.trim() !== "" && text.length <= 60),
        )
        // Dot segments are resolved by the client's URL parser (/charges/. is /charges/, the
        // list; /recurrences/../charges is /charges): they name another route, not a missing id.
        .filter((id) => {
          const segment = id.toLowerCase().replaceAll("%2e", ".");
          return segment !== "." && (segment !== ".." || /:\w+$/.test(operation.path));
        })
        .map((id) => ({
          fault: "an id that names nothing",
          change: (parts: Parts) => {
            parts.rawPath = operation.path.replace(/:(\w+)/g, () =>
              ENCODED_IDS.includes(id) ? id : encodeURIComponent(id),
            );
          },
          expected: [[404, "NOT_FOUND"]] as Array<[number, ErrorCode]>,
        })),
    );

  return fc.record({ base, fault: fc.oneof(...faults) }).map(({ base: parts0, fault }) => {
    const parts: Parts = {
      path: { ...parts0.path },
      query: { ...parts0.query } as Record<string, Json>,
      body: { ...parts0.body } as Record<string, Json>,
    };
    fault.change(parts);
    const path =
      parts.rawPath ?? operation.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(parts.path[name]));
    const query =
      parts.rawQuery ??
      Object.entries(parts.query)
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
        .join("&");
    const headers: Record<string, string> = { authorization: `Bearer ${fixtures.secret}` };
    if (keyParam) headers["idempotency-key"] = newUuid();
    let body: string | undefined;
    if (operation.method === "POST" || operation.method === "PATCH") {
      body = parts.rawBody ?? toJson(parts.body);
      headers["content-type"] = "application/json";
    }
    // A compressed body is announced by a header; the bytes need not be compressed to be refused.
    Object.assign(headers, parts.headers);
    return {
      fault: fault.fault,
      request: { method: operation.method, path: query ? `${path}?${query}` : path, headers, body },
      expected: fault.expected,
    };
  });
}

/** Row count and a digest of the contents of every table, and the audit of the fuzzed account. */
async function snapshot(db: pg.Client, app: TestApp, tables: string[], companyId: string): Promise<string[]> {
  const digests = await tableDigests(db, tables);
  const { checkedAt: _, ...audit } = await app.services.ledger.auditBalance(companyId);
  return [
    ...digests.map((row) => `${row.table} ${row.rows} ${row.digest}`),
    `balanceAudit ${JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v))}`,
  ];
}

function differences(before: string[], after: string[]): string[] {
  return after.filter((line, index) => line !== before[index]).map((line) => line.split(" ")[0]);
}

describe("REST fuzz: every declared route, requests broken in one known way", () => {
  let app: TestApp;
  let db: pg.Client;
  let fixtures: Fixtures;
  let companyId: string;
  let tables: string[];
  let before_: string[];
  const totals = {
    runs: 0,
    unsendable: 0,
    serverErrors: 0,
    failed: 0,
    byFault: new Map<string, number>(),
    byAnswer: new Map<string, number>(),
  };

  before(async () => {
    app = await startTestApp();
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const merchant = await fundedMerchant(app, "1000.00");
    companyId = merchant.companyId;
    const charge = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 25 } });
    assert.equal(charge.status, 201, charge.text);
    const withdrawal = await app.request("POST", "/withdrawals", {
      token: merchant.clientSecret,
      body: { amount: 10, pix_key_type: "CPF", pix_key: VALID_CPF },
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(withdrawal.status, 201, withdrawal.text);
    const paid = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount: 50 } });
    await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", { id: paid.body.id });
    const refund = await app.request("POST", `/charges/${paid.body.id}/refunds`, {
      token: merchant.clientSecret,
      body: { amount: 5 },
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(refund.status, 201, refund.text);
    const dispute = await app.graphql(
      `mutation($id: ID!) { simulateDispute(chargeId: $id, nature: MED_OPERACIONAL, amount: "5.00") { id } }`,
      { id: paid.body.id },
    );
    assert.equal(dispute.errors, undefined, JSON.stringify(dispute.errors));
    const created = async (path: string, body: Record<string, unknown>, idempotent = false) => {
      const res = await app.request("POST", path, {
        token: merchant.clientSecret,
        body,
        headers: idempotent ? { "idempotency-key": newUuid() } : {},
      });
      assert.equal(res.status, 201, res.text);
      return res.body.id as string;
    };
    const customerId = await created("/customers", { name: "João Pereira", cpf: "111.444.777-35" });
    const qrcodeId = await created("/qrcodes", { description: "Balcão" });
    const linkId = await created("/payment-links", { description: "Camiseta", amount: 30 });
    const recurrenceId = await created(
      "/recurrences",
      {
        customer_id: customerId,
        contract: "CT-1",
        object: "Plano",
        frequency: "MONTHLY",
        start_date: inDays(2),
        amount: 20,
      },
      true,
    );
    const approved = await app.graphql(
      "mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: APPROVED) { status } }",
      { id: recurrenceId },
      merchant.clientSecret,
    );
    assert.equal(approved.errors, undefined, JSON.stringify(approved.errors));
    const endpoint = await app.request("POST", "/webhook-endpoints", {
      token: merchant.clientSecret,
      body: { url: "https://example.com/fuzz", events: ["*"] },
    });
    assert.equal(endpoint.status, 201, endpoint.text);
    fixtures = {
      secret: merchant.clientSecret,
      ids: {
        "/charges/:id": [charge.body.id, `chg_${charge.body.id}`],
        "/charges/:chargeId/refunds": [paid.body.id, `chg_${paid.body.id}`],
        "/charges/:id/cancel": [charge.body.id, `chg_${charge.body.id}`],
        "/refunds/:id": [refund.body.id],
        "/disputes/:id": [dispute.data.simulateDispute.id],
        "/withdrawals/:id": [withdrawal.body.id],
        "/withdrawals/:id/cancel": [withdrawal.body.id],
        "/customers/:id": [customerId],
        "/qrcodes/:id": [qrcodeId],
        "/qrcodes/:id/deactivate": [qrcodeId],
        "/payment-links/:id": [linkId],
        "/payment-links/:id/deactivate": [linkId],
        "/recurrences/:id": [recurrenceId],
        "/recurrences/:id/cancel": [recurrenceId],
        "/recurrences/:recurrenceId/charges": [recurrenceId],
        "/webhook-endpoints/:id": [endpoint.body.id],
        "/webhook-endpoints/:id/rotate-secret": [endpoint.body.id],
      },
    };
    tables = await listTables(db);
    before_ = await snapshot(db, app, tables, companyId);
  });
  after(async () => {
    await db.end();
    await app.close();
  });

  test("the route table holds the contract's routes, and the snapshot sees a write", async () => {
    const routes = app.http.routes.map((route) => `${route.operation.method} ${route.operation.path}`).sort();
    for (const route of [
      "GET /charges",
      "GET /charges/:id",
      "POST /charges",
      "POST /withdrawals",
      "POST /withdrawals/:id/cancel",
      "POST /charges/:id/cancel",
      "POST /charges/:chargeId/refunds",
      "GET /disputes",
      "GET /disputes/:id",
    ])
      assert.ok(routes.includes(route), `${route} in ${routes.join(", ")}`);
    const created = await app.request("POST", "/charges", { token: fixtures.secret, body: { amount: 1 } });
    assert.equal(created.status, 201);
    const after = await snapshot(db, app, tables, companyId);
    assert.ok(differences(before_, after).includes("public.charges"));
    before_ = after;
  });

  test("the snapshot leaves out the credentials' last use, which the background flush writes, and nothing else", async () => {
    const take = () => snapshot(db, app, tables, companyId);
    await blindOnlyToLastUse(
      db,
      async () => {
        await app.request("GET", "/charges/balance", { token: fixtures.secret });
        await app.services.credentialUsage.flush();
      },
      take,
      differences,
    );
    before_ = await take();
  });

  test(`${RUNS} broken requests over every route: the fault's 4xx, {"error","code"}, nothing written`, async () => {
    const routes = app.http.routes;
    // The route travels as its name, so that a counterexample reads well.
    const cases = fc.constantFrom(...routes.keys()).chain((index) =>
      caseFor(routes[index], fixtures).map((c) => ({
        route: `${routes[index].operation.method} ${routes[index].operation.path}`,
        c,
      })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ route: name, c }) => {
        const route = routes.find((r) => `${r.operation.method} ${r.operation.path}` === name) as RestRoute<Services>;
        totals.runs++;
        totals.byFault.set(
          c.fault.replace(/ (for|in) .*/, ""),
          (totals.byFault.get(c.fault.replace(/ (for|in) .*/, "")) ?? 0) + 1,
        );
        let response: Response;
        try {
          response = await fetch(`${app.baseUrl}${c.request.path}`, {
            method: c.request.method,
            headers: c.request.headers,
            body: c.request.body,
          });
        } catch (error) {
          // A header value fetch itself refuses to send never reaches the service.
          if (error instanceof TypeError && /header|ByteString/i.test(String(error.cause ?? error.message))) {
            totals.unsendable++;
            return;
          }
          throw error;
        }
        const text = await response.text();
        const after = await snapshot(db, app, tables, companyId);
        const changed = differences(before_, after);
        before_ = after;
        let json: any = null;
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
        const problems: string[] = [];
        if (response.status < 400 || response.status >= 500) problems.push(`HTTP ${response.status}`);
        if (!json || typeof json !== "object" || Object.keys(json).sort().join() !== "code,error")
          problems.push('the body is not exactly {"error","code"}');
        else if (typeof json.error !== "string" || typeof json.code !== "string")
          problems.push("error/code not strings");
        else {
          const declared = route.answers.get(response.status) ?? [];
          if (!declared.includes(json.code))
            problems.push(`${response.status} ${json.code} is not declared for the route (${declared.join(", ")})`);
          if (
            c.expected.length > 0 &&
            !c.expected.some(([status, code]) => status === response.status && code === json.code)
          )
            problems.push(`expected ${c.expected.map(([s, code]) => `${s} ${code}`).join(" or ")}`);
        }
        if (changed.length > 0) problems.push(`the database changed: ${changed.join(", ")}`);
        const answer = `${response.status} ${json?.code ?? ""}`;
        totals.byAnswer.set(answer, (totals.byAnswer.get(answer) ?? 0) + 1);
        if (response.status >= 500) totals.serverErrors++;
        if (problems.length === 0) return;
        totals.failed++;
        throw new Error(
          `${problems.join("; ")}\nfault: ${c.fault}\nsent ${c.request.method} ${c.request.path} ${JSON.stringify(c.request.headers)} ${c.request.body?.slice(0, 1000) ?? ""}\nanswer ${response.status} ${text.slice(0, 1000)}`,
        );
      }),
      { numRuns: RUNS, includeErrorInReport: true, seed: SEED },
    );
  });

  test("summary", (t) => {
    const faults = [...totals.byFault].map(([fault, count]) => `${fault}: ${count}`).join("; ");
    const answers = [...totals.byAnswer]
      .sort()
      .map(([answer, count]) => `${answer}: ${count}`)
      .join("; ");
    t.diagnostic(
      `rest fuzz: ${totals.runs} cases run (REST_FUZZ_RUNS=${RUNS}) over ${app.http.routes.length} routes (${totals.unsendable} with a header fetch would not send), ${totals.serverErrors} 5xx, ${totals.failed} broke a rule`,
    );
    t.diagnostic(`rest fuzz faults: ${faults}`);
    t.diagnostic(`rest fuzz answers: ${answers}`);
    assert.ok(totals.runs >= RUNS);
    assert.equal(totals.failed, 0);
  });
});
