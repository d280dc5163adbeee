import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from "graphql";
import pg from "pg";
import { blindOnlyToLastUse, listTables, tableDigests } from "../../test/support/database-snapshot";
import { fundedMerchant, VALID_CPF } from "../../test/support/scenarios";
import { newUuid, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from "../../test/support/test-app";
import { buildAppSchema } from "../schema";

/*
 * Every root operation of the schema, called with random and hostile arguments, as variables
 * and as literals, by a merchant and by the operator. Whatever is sent, the answer is a 4xx or
 * a GraphQL result, every error carries extensions.code, none is INTERNAL_ERROR, and a call
 * that answers an error changes nothing in the database. The operations are read from the
 * schema, so a new one is fuzzed without a change here. FUZZ_RUNS sets the number of cases,
 * spread evenly over the operations (default 300; the long run uses 10,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
/** A failure prints its seed: FUZZ_SEED=<seed> runs the same cases again. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** A number written into the request exactly as given: "-0", "1e2", "9007199254740993". */
class RawNumber {
  constructor(readonly text: string) {}
}
/** An enum value: a bare name as a literal, a string as a variable. */
class EnumName {
  constructor(readonly name: string) {}
}
type Value = null | boolean | number | string | RawNumber | EnumName | Value[] | { [key: string]: Value };

function toJson(value: Value | undefined): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof EnumName) return JSON.stringify(value.name);
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

function toLiteral(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof EnumName) return GRAPHQL_NAME.test(value.name) ? value.name : JSON.stringify(value.name);
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${GRAPHQL_NAME.test(key) ? key : "x"}: ${toLiteral(item)}`)
      .join(", ")}}`;
  // JSON's string escapes are GraphQL's; a lone surrogate is a syntax error, which is fine.
  return typeof value === "number" && !Number.isFinite(value) ? "null" : JSON.stringify(value);
}

const RAW_NUMBERS = [
  "-0",
  "1e2",
  "1E2",
  "0.1e1",
  "100.00",
  "1.005",
  "1e-7",
  "9007199254740993",
  "18446744073709551616",
  "-2147483649",
  "2147483648",
  "1e400",
  "-1e400",
  "123456789012345678901234567890",
];
const numbers: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(-0, 0, 1, -1, 100, 1.5, 10.555, 0.001, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawNumber(text)),
);

const CONTROL = ["\u0000", "\u0001", "\u0007", "\b", "\u001b", "\u001f", "\u007f", "\t", "\n", "\r", "\u0085"];
/** Halves of a surrogate pair: no character; JSON carries them escaped, PostgreSQL's jsonb refuses them. */
const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];
const strings: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.string({
    unit: fc.constantFrom(...CONTROL, ...LONE_SURROGATES, "a", "é", "😀", "\u202e", "\ufeff", "\u200b"),
    maxLength: 30,
  }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "__proto__",
    "constructor",
    "-0",
    "1e2",
    "NaN",
    "' OR 1=1 --",
    "%00",
    "\u0000",
    "a\u0000b",
    "\\",
    "{{x}}",
    "<script>",
    "\ud800",
    "Loja \udfff",
    "x@example.com\ud83d",
    `${"a".repeat(246)}@ex.com😀`,
  ),
);
/** Text with one lone surrogate in it (head and tail are well-formed, so it stays lone). */
const illFormedStrings: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...LONE_SURROGATES), fc.string({ maxLength: 12 }))
  .map(([head, lone, tail]) => `${head.toWellFormed()}${lone}${tail.toWellFormed()}`);
const hugeStrings: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 200, max: 12_000 }).map((n) => "x".repeat(n)),
  fc.integer({ min: 50, max: 1_500 }).map((n) => "é😀\u0000".repeat(n)),
  fc.integer({ min: 50, max: 1_500 }).map((n) => `${"é😀".repeat(n)}\ud83d`),
);

/** Anything at all: wrong types, nested objects and lists. */
const anyValue: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    strings,
    numbers,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor")), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

const MONEY_TEXTS = [
  "10.50",
  "0.01",
  "1",
  "-0",
  "1e2",
  " 10",
  "00010",
  "0.001",
  "99999999.99",
  "100000000.00",
  "-5.00",
];
const DATES = ["2030-01-01T00:00:00Z", "2020-02-30T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "1"];

/** Values shaped like what the argument's type asks for, close to and past its edges. */
function valueFor(type: GraphQLInputType, ids: string[], depth = 0): fc.Arbitrary<Value | undefined> {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  let typed: fc.Arbitrary<Value>;
  if (isListType(inner)) {
    typed = fc.array(
      valueFor(inner.ofType, ids, depth + 1).map((v) => v ?? null),
      { maxLength: 3 },
    );
  } else if (isEnumType(inner)) {
    typed = fc.oneof(
      fc.constantFrom(...inner.getValues().map((v) => new EnumName(v.name))),
      fc.constantFrom(new EnumName("NOPE"), new EnumName("paid"), new EnumName("")),
    );
  } else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    typed = fc
      .record(Object.fromEntries(fields.map((field) => [field.name, valueFor(field.type, ids, depth + 1)])), {
        requiredKeys: [],
      })
      .chain((record) =>
        fc.oneof(
          fc.constant(record),
          fc
            .dictionary(fc.string({ maxLength: 6 }), anyValue, { maxKeys: 2 })
            .map((extra) => ({ ...record, ...extra })),
        ),
      )
      .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Value);
  } else {
    const typedScalars: Record<string, fc.Arbitrary<Value>> = {
      ID: fc.oneof(
        fc.constantFrom(...ids),
        fc.constantFrom(...ids).map((id) => `${id}\u0000`),
        strings,
      ),
      String: fc.oneof(
        strings,
        hugeStrings,
        illFormedStrings,
        fc.constantFrom(VALID_CPF, "https://example.com/hook", newUuid()),
      ),
      Int: numbers,
      Float: numbers,
      Boolean: fc.boolean(),
      Money: fc.oneof(fc.constantFrom(...MONEY_TEXTS), numbers),
      Percent: fc.oneof(fc.constantFrom("0.99", "100", "100.01", "-1", "1e1"), numbers),
      DateTimeISO: fc.oneof(fc.constantFrom(...DATES), strings, numbers),
    };
    typed = typedScalars[inner.name] ?? anyValue;
  }
  const hostile = fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: anyValue });
  return fc.oneof(
    { weight: 8, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(null) }, // null, where required too
    { weight: nullable ? 2 : 1, arbitrary: fc.constant(undefined) }, // left out
  );
}

/** The leaf fields of a type, and those of the objects one level below. */
function selectionOf(type: GraphQLNamedType, depth = 0): string {
  if (!isObjectType(type)) return "";
  const fields = Object.values(type.getFields()).flatMap((field) => {
    const named = getNamedType(field.type);
    if (isLeafType(named)) return [field.name];
    return depth < 1 ? [`${field.name} ${selectionOf(named, depth + 1)}`] : [];
  });
  return `{ ${[...fields, "__typename"].join(" ")} }`;
}

interface Operation {
  kind: "query" | "mutation";
  field: GraphQLField<unknown, unknown>;
}

interface Call {
  operation: string;
  caller: "merchant" | "operator";
  mode: "variables" | "literals";
  body: string;
}

interface Answer {
  status: number;
  text: string;
  json: any;
}

function buildCall(
  operation: Operation,
  args: Record<string, Value | undefined>,
  mode: Call["mode"],
  caller: Call["caller"],
): Call {
  const { field, kind } = operation;
  const given = field.args.flatMap((arg) =>
    args[arg.name] === undefined ? [] : [[arg, args[arg.name]] as [GraphQLArgument, Value]],
  );
  const selection = selectionOf(getNamedType(field.type));
  let query: string;
  let variables = "{}";
  if (mode === "variables") {
    const definitions = given.map(([arg]) => `$${arg.name}: ${arg.type}`).join(", ");
    const passed = given.map(([arg]) => `${arg.name}: $${arg.name}`).join(", ");
    query = `${kind} Fuzz${definitions ? `(${definitions})` : ""} { ${field.name}${passed ? `(${passed})` : ""} ${selection} }`;
    variables = `{${given.map(([arg, value]) => `${JSON.stringify(arg.name)}:${toJson(value)}`).join(",")}}`;
  } else {
    const passed = given.map(([arg, value]) => `${arg.name}: ${toLiteral(value)}`).join(", ");
    query = `${kind} Fuzz { ${field.name}${passed ? `(${passed})` : ""} ${selection} }`;
  }
  return { operation: field.name, caller, mode, body: `{"query":${JSON.stringify(query)},"variables":${variables}}` };
}

/** Row count and a digest of the contents of every table (test/support/database-snapshot.ts), and the audit of the fuzzed account. */
async function snapshot(db: pg.Client, app: TestApp, tables: string[], companyId: string) {
  const digests = await tableDigests(db, tables);
  const { checkedAt: _, ...audit } = await app.services.ledger.auditBalance(companyId);
  return { tables: digests, audit: JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v)) };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Operations whose refused attempts are recorded on purpose, and the tables that record them. */
const SIGN_IN_OPERATIONS = new Set(["signIn", "acceptInvite"]);
const SIGN_IN_ATTEMPT_TABLES = new Set(["public.audit_log", "public.sign_in_rate_limits"]);

/** The tables (and the audit) that differ between two snapshots. */
function changes(before: Snapshot, after: Snapshot): string[] {
  const rows = new Map(before.tables.map((row) => [row.table, `${row.rows}:${row.digest}`]));
  const changed = after.tables
    .filter((row) => rows.get(row.table) !== `${row.rows}:${row.digest}`)
    .map((row) => row.table);
  if (before.audit !== after.audit) changed.push(`balanceAudit ${before.audit} -> ${after.audit}`);
  return changed;
}

/** Sends one call and lists what is wrong with its answer (empty when nothing is). */
async function callAndCheck(
  app: TestApp,
  call: Call,
  token: string,
  state: { before: Snapshot; snapshot: () => Promise<Snapshot> },
): Promise<{ answer: Answer; refused: boolean; problems: string[] }> {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: call.body,
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const answer: Answer = { status: response.status, text, json };
  const after = await state.snapshot();
  const errors: any[] | undefined = json?.errors;
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  if (json === null) problems.push("the answer is no JSON");
  else if (answer.status === 413) {
    // The body reader's refusal (over 100 kB) is no GraphQL answer: the REST shape is right there.
    if (json.code !== "PAYLOAD_TOO_LARGE") problems.push("413 without PAYLOAD_TOO_LARGE");
  } else if (!errors && (json.data === undefined || json.data === null)) problems.push("neither data nor errors");
  for (const error of errors ?? []) {
    if (typeof error?.extensions?.code !== "string")
      problems.push(`an error without extensions.code: ${JSON.stringify(error)}`);
    else if (error.extensions.code === "INTERNAL_ERROR") problems.push("INTERNAL_ERROR");
  }
  // Calls that succeed may write (that is what they are for); a refused call must not,
  // except a refused sign-in, which is recorded by design (audit row, attempt counters).
  const refused = Boolean(errors?.length) || answer.status >= 400;
  if (refused) {
    const recordsAttempts = SIGN_IN_OPERATIONS.has(call.operation);
    const changed = changes(state.before, after).filter(
      (table) => !(recordsAttempts && SIGN_IN_ATTEMPT_TABLES.has(table)),
    );
    if (changed.length > 0) problems.push(`a refused call changed the database: ${changed.join(", ")}`);
  }
  state.before = after;
  return { answer, refused, problems };
}

describe("GraphQL fuzz: every operation of the schema, hostile arguments", async () => {
  // The operations come from the schema itself: a new one is fuzzed without a change here.
  const schema = await buildAppSchema();
  const operations: Operation[] = [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ kind: "query" as const, field })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
      kind: "mutation" as const,
      field,
    })),
  ];
  const runsEach = Math.ceil(RUNS / operations.length);
  const totals = { runs: 0, refused: 0, serverErrors: 0 };

  let app: TestApp;
  let db: pg.Client;
  let merchantSecret: string;
  let companyId: string;
  let tables: string[];
  const ids: string[] = [];
  let state: { before: Snapshot; snapshot: () => Promise<Snapshot> };

  before(async () => {
    app = await startTestApp();
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const merchant = await fundedMerchant(app, "1000.00");
    merchantSecret = merchant.clientSecret;
    companyId = merchant.companyId;
    // Real ids, so that some calls reach the rows they name.
    const setUrl = await app.graphql(
      `mutation { updateWebhookSettings(url: "http://127.0.0.1:9/hook") { url } }`,
      {},
      merchantSecret,
    );
    assert.equal(setUrl.errors, undefined);
    const charge = await app.graphql(`mutation { createCharge(input: {amount: "25.00"}) { id } }`, {}, merchantSecret);
    const paid = await app.graphql(`mutation { createCharge(input: {amount: "30.00"}) { id } }`, {}, merchantSecret);
    await app.graphql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, {
      id: paid.data.createCharge.id,
    });
    const withdrawal = await app.graphql(
      `mutation($key: String!) { createWithdrawal(idempotencyKey: $key, input: {amount: "10.00", pixKeyType: CPF, pixKey: "${VALID_CPF}"}) { id } }`,
      { key: newUuid() },
      merchantSecret,
    );
    const ping = await app.graphql(`mutation { sendTestWebhook { eventId } }`, {}, merchantSecret);
    // A refund and a MED dispute of the paid charge, so that their operations reach real rows too.
    const refund = await app.graphql(
      `mutation($id: ID!, $key: String!) { refundCharge(chargeId: $id, idempotencyKey: $key, input: {amount: "5.00"}) { id } }`,
      { id: paid.data.createCharge.id, key: newUuid() },
      merchantSecret,
    );
    assert.equal(refund.errors, undefined, JSON.stringify(refund.errors));
    const dispute = await app.graphql(
      `mutation($id: ID!) { simulateDispute(chargeId: $id, nature: MED_FRAUDE, amount: "5.00") { id } }`,
      { id: paid.data.createCharge.id },
    );
    assert.equal(dispute.errors, undefined, JSON.stringify(dispute.errors));
    ids.push(
      companyId,
      charge.data.createCharge.id,
      `chg_${charge.data.createCharge.id}`,
      paid.data.createCharge.id,
      withdrawal.data.createWithdrawal.id,
      ping.data.sendTestWebhook.eventId,
      refund.data.refundCharge.id,
      dispute.data.simulateDispute.id,
    );
    tables = await listTables(db);
    assert.ok(tables.includes("public.charges") && tables.length >= 12, tables.join(", "));
    const take = () => snapshot(db, app, tables, companyId);
    state = { before: await take(), snapshot: take };
  });
  after(async () => {
    await db.end();
    await app.close();
  });

  test("the schema has the contract's operations, and the snapshot sees a write", async () => {
    assert.ok(operations.length >= 30, `${operations.length} operations`);
    const created = await app.graphql(`mutation { createCharge(input: {amount: "1.00"}) { id } }`, {}, merchantSecret);
    assert.equal(created.errors, undefined);
    const after = await state.snapshot();
    assert.deepEqual(
      changes(state.before, after).filter((table) => !table.startsWith("graphile_worker")),
      // The charge and its account's counters (kept by a trigger for the lists' totals).
      ["public.charges", "public.list_counters"],
    );
    state.before = after;
  });

  test("the snapshot leaves out the credentials' last use, which the background flush writes, and nothing else", async () => {
    await blindOnlyToLastUse(
      db,
      async () => {
        await app.graphql("query { balance { balance } }", {}, merchantSecret);
        await app.services.credentialUsage.flush();
      },
      state.snapshot,
      changes,
    );
    state.before = await state.snapshot();
  });

  for (const operation of operations) {
    test(`${operation.kind} ${operation.field.name}: ${runsEach} calls answer 4xx or data, coded errors, no writes when refused`, async () => {
      // Cases hold values only, so that a counterexample reads well.
      const cases = fc.record({
        args: fc.record(Object.fromEntries(operation.field.args.map((arg) => [arg.name, valueFor(arg.type, ids)])), {
          requiredKeys: [],
        }),
        mode: fc.constantFrom("variables" as const, "literals" as const),
        caller: fc.constantFrom("merchant" as const, "operator" as const),
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ args, mode, caller }) => {
          totals.runs++;
          const call = buildCall(operation, args, mode, caller);
          const token = caller === "merchant" ? merchantSecret : TEST_ADMIN_TOKEN;
          const { answer, refused, problems } = await callAndCheck(app, call, token, state);
          if (refused) totals.refused++;
          if (answer.status >= 500) totals.serverErrors++;
          if (problems.length === 0) return;
          throw new Error(
            `${problems.join("; ")}\n${caller} ${mode}\nsent ${call.body.slice(0, 2000)}\nanswer ${answer.status} ${answer.text.slice(0, 2000)}`,
          );
        }),
        { numRuns: runsEach, includeErrorInReport: true, seed: SEED },
      );
    });
  }

  test("summary", (t) => {
    t.diagnostic(
      `graphql fuzz: ${totals.runs} cases run (FUZZ_RUNS=${RUNS}) over ${operations.length} operations, ${totals.refused} answered errors, ${totals.serverErrors} 5xx`,
    );
    assert.ok(totals.runs >= RUNS);
    assert.equal(totals.serverErrors, 0);
  });
});
