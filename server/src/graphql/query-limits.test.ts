import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLObjectType,
  type GraphQLSchema,
  getIntrospectionQuery,
  getNamedType,
  isLeafType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { toPublicError } from "../core/errors";
import { ANONYMOUS_BODY_LIMIT } from "../http/json-body";
import type { RestAnswer } from "../operation/operation";
import { OPERATIONS } from "../operations";
import { buildAppSchema } from "../schema";
import {
  graphqlLimits,
  MAX_INTROSPECTION_DEPTH,
  MAX_QUERY_ALIASES,
  MAX_QUERY_COMPLEXITY,
  MAX_QUERY_DEPTH,
  MAX_QUERY_DIRECTIVES,
  MAX_QUERY_TOKENS,
} from "./query-limits";

/** 1.2 kB: each fragment spreads the next one twice, 2^28 paths for a naive walk. */
function fragmentBomb(levels = 28): string {
  let text = "query Bomb { balance { ...F0 } }\n";
  for (let i = 0; i < levels; i++) text += `fragment F${i} on Balance { ...F${i + 1} ...F${i + 1} }\n`;
  return `${text}fragment F${levels} on Balance { balance }\n`;
}

/** Every field of a type, recursively (the schema's object types do not nest back). */
function fullSelection(type: GraphQLObjectType, schema: GraphQLSchema): string {
  const fields = Object.values(type.getFields()).map((field) => {
    const named = getNamedType(field.type);
    const args = field.args.filter((arg) => arg.name === "limit").map(() => "(limit: 100)");
    return isLeafType(named)
      ? field.name
      : `${field.name}${args.join("")} ${fullSelection(named as GraphQLObjectType, schema)}`;
  });
  return `{ ${fields.join(" ")} }`;
}

/** Every root operation with every field it can answer and the largest page (limit 100). */
function everyOperationInFull(
  schema: GraphQLSchema,
): Array<{ name: string; query: string; variables: Record<string, unknown> }> {
  return [schema.getQueryType(), schema.getMutationType()].flatMap((root) =>
    Object.values(root?.getFields() ?? {}).map((field) => {
      const kind = root === schema.getQueryType() ? "query" : "mutation";
      const definitions = field.args.map((arg) => `$${arg.name}: ${arg.type}`).join(", ");
      const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
      const named = getNamedType(field.type);
      const selection = isObjectType(named) ? fullSelection(named, schema) : "";
      return {
        name: field.name,
        query: `${kind}${definitions ? `(${definitions})` : ""} { ${field.name}${args ? `(${args})` : ""} ${selection} }`,
        variables: Object.fromEntries(field.args.filter((arg) => arg.name === "limit").map((arg) => [arg.name, 100])),
      };
    }),
  );
}

type Caller = "anonymous" | "merchant" | "operator";
const PRINCIPALS = {
  anonymous: null,
  merchant: { kind: "merchant", companyId: "comp_test", credentialId: "cred_test" },
  operator: { kind: "operator" },
} as const;

/**
 * Runs a document through the limits as the GraphQL pipeline does before execution:
 * graphql-js validation with the limits' rules, then checkOperation. Answers the public errors.
 */
async function check(
  schema: GraphQLSchema,
  query: string | DocumentNode,
  options: { caller?: Caller; variables?: Record<string, unknown>; env?: string; introspection?: boolean } = {},
): Promise<Array<{ code: string; message: string; status?: number }>> {
  const limits = graphqlLimits(schema, { introspection: options.introspection ?? true });
  const document = typeof query === "string" ? parse(query) : query;
  const validationErrors = validate(schema, document, [...specifiedRules, ...limits.validationRules]);
  if (validationErrors.length > 0) return validationErrors.map((error) => ({ ...toPublicError(error), status: 400 }));
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const contextValue = {
    principal: PRINCIPALS[options.caller ?? "merchant"],
    services: { config: { env: options.env ?? "development" } },
    responseHeaders: {},
  };
  try {
    if (operation) limits.checkOperation(document, operation, options.variables ?? {}, contextValue as any);
  } catch (thrown) {
    const error = thrown as GraphQLError;
    return [{ ...toPublicError(error), status: (error.extensions.http as { status?: number } | undefined)?.status }];
  }
  return [];
}

/** Counts every read of a fragment's selections and stops a walk that reads them too often. */
function countingFragmentReads(document: DocumentNode, stopAfter: number): { reads: () => number } {
  let reads = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const { selectionSet } = definition;
    Object.defineProperty(definition, "selectionSet", {
      get() {
        if (++reads > stopAfter) throw new Error(`fragment selections read more than ${stopAfter} times: not linear`);
        return selectionSet;
      },
    });
  }
  return { reads: () => reads };
}

const STANDARD_INTROSPECTION_QUERIES = [
  getIntrospectionQuery(),
  getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  }),
  getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
    oneOf: true,
  }),
];

const nested = (field: string, levels: number, leaf: string) =>
  `${`${field} { `.repeat(levels)}${leaf}${" }".repeat(levels)}`;

describe("GraphQL limits, measured before execution", () => {
  let schema: GraphQLSchema;
  before(async () => {
    schema = await buildAppSchema();
  });

  test("the 28-level fragment bomb is measured in a linear number of steps and refused by its cost", async () => {
    const document = parse(fragmentBomb(28));
    const counter = countingFragmentReads(document, 10_000);
    const errors = await check(schema, document, { caller: "anonymous" });
    assert.deepEqual(errors, [
      {
        code: "VALIDATION_ERROR",
        message: `Query cost 268435457 exceeds the maximum of ${MAX_QUERY_COMPLEXITY}`,
        status: 400,
      },
    ]);
    // graphql-js's own rules and the limits each read every fragment a few times: 29 fragments.
    assert.ok(counter.reads() < 1_000, `fragment selections read ${counter.reads()} times`);
  });

  test("depth counts fields through fragments and is checked before graphql-js validates the selections", async () => {
    const deep = `{ ${nested("balance", MAX_QUERY_DEPTH + 1, "balance")} }`;
    assert.deepEqual(await check(schema, deep), [
      {
        code: "VALIDATION_ERROR",
        message: `Query depth ${MAX_QUERY_DEPTH + 2} exceeds the maximum of ${MAX_QUERY_DEPTH}`,
        status: 400,
      },
    ]);
    // Through inline fragments and named ones: fragments add no depth of their own.
    const viaFragments = `{ balance { ...A } } fragment A on Balance { ... on Balance { ...B } } fragment B on Balance { ${nested("balance", 10, "x")} }`;
    assert.equal((await check(schema, viaFragments))[0].message, "Query depth 12 exceeds the maximum of 8");
  });

  test("aliases, directives and tokens are counted", async () => {
    const aliases = Array.from({ length: MAX_QUERY_ALIASES + 1 }, (_, i) => `a${i}: balance { balance }`).join(" ");
    assert.deepEqual(await check(schema, `{ ${aliases} }`), [
      {
        code: "VALIDATION_ERROR",
        message: `Aliases limit of ${MAX_QUERY_ALIASES} exceeded, found ${MAX_QUERY_ALIASES + 1}.`,
        status: 400,
      },
    ]);
    const atLimit = Array.from({ length: MAX_QUERY_ALIASES }, (_, i) => `a${i}: balance { balance }`).join(" ");
    assert.deepEqual(await check(schema, `{ ${atLimit} }`), []);

    // Aliases inside fragments count wherever the fragment is spread, each fragment measured once.
    const aliasedFragment = `{ balance { ...A ...A } } fragment A on Balance { ${Array.from({ length: 31 }, (_, i) => `b${i}: balance`).join(" ")} }`;
    assert.equal((await check(schema, aliasedFragment))[0].message, "Aliases limit of 30 exceeded, found 62.");

    const spreads = Array.from({ length: MAX_QUERY_DIRECTIVES + 1 }, () => "...B @include(if: true)").join(" ");
    assert.deepEqual(await check(schema, `{ balance { ${spreads} } } fragment B on Balance { balance }`), [
      {
        code: "VALIDATION_ERROR",
        message: `Directives limit of ${MAX_QUERY_DIRECTIVES} exceeded, found ${MAX_QUERY_DIRECTIVES + 1}.`,
        status: 400,
      },
    ]);

    const flood = `{ ${"a ".repeat(MAX_QUERY_TOKENS)} }`;
    assert.deepEqual(await check(schema, flood), [
      {
        code: "VALIDATION_ERROR",
        message: `The document has more than the maximum of ${MAX_QUERY_TOKENS} tokens`,
        status: 400,
      },
    ]);
  });

  test("a paged list costs its children `limit` times: a literal, a variable or the default page of 20", async () => {
    const charges = (args: string) => `charges${args} { data { id amount status description } total }`;
    const twenty = (args: string) =>
      `query${args.includes("$n") ? "($n: Int)" : ""} { ${Array.from({ length: 20 }, (_, i) => `c${i}: ${charges(args)}`).join(" ")} }`;
    // charges costs 1 + page x (data: 1 + 4, total: 1); 20 of them at the default page: 20 x 121 = 2420.
    assert.deepEqual(await check(schema, twenty("")), []);
    assert.deepEqual(await check(schema, twenty("(limit: 20)")), []);
    // A page of 100: 20 x (1 + 100 x 6) = 12020.
    for (const [args, variables] of [
      ["(limit: 100)", {}],
      ["(limit: $n)", { n: 100 }],
    ] as const) {
      assert.deepEqual(await check(schema, twenty(args), { variables }), [
        {
          code: "VALIDATION_ERROR",
          message: `Query cost 12020 exceeds the maximum of ${MAX_QUERY_COMPLEXITY}`,
          status: 400,
        },
      ]);
    }
    // A page size that is no count costs the default page; the variable's coercion refuses it later.
    assert.deepEqual(await check(schema, twenty("(limit: $n)"), { variables: { n: "ten" } }), []);
    assert.equal(
      (await check(schema, `{ ${charges("(limit: 2000000000)")} }`))[0].message,
      "Query cost 12000000001 exceeds the maximum of 7500",
    );
  });

  test("every operation of the schema, with every field and the largest page, is within the limits", async () => {
    const operations = everyOperationInFull(schema);
    assert.ok(operations.some((operation) => operation.query.includes("attempts {")));
    for (const operation of operations) {
      for (const caller of ["merchant", "operator"] as const) {
        assert.deepEqual(
          await check(schema, operation.query, { caller, variables: operation.variables }),
          [],
          operation.name,
        );
      }
    }
  });

  test("the operations of the REST routes are within the limits", async () => {
    // A REST answer's fields asked of /graphql: the same read must pass its limits there.
    const selectionOf = (answer: RestAnswer): string =>
      `{ ${answer
        .map((item) =>
          typeof item === "string"
            ? item
            : Object.entries(item)
                .map(([field, nested]) => `${field} ${selectionOf(nested)}`)
                .join(" "),
        )
        .join(" ")} }`;
    const routes = OPERATIONS.filter((operation) => operation.rest);
    assert.ok(routes.length >= 20, `${routes.length} REST routes`);
    for (const operation of routes) {
      const rest = operation.rest as NonNullable<typeof operation.rest>;
      const root = operation.kind === "query" ? schema.getQueryType() : schema.getMutationType();
      const field = root?.getFields()[operation.name];
      assert.ok(field, operation.name);
      const definitions = field.args.map((arg) => `$${arg.name}: ${arg.type}`).join(", ");
      const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
      const query = `${operation.kind}${definitions ? `(${definitions})` : ""} { ${operation.name}${args ? `(${args})` : ""} ${selectionOf(rest.answer)} }`;
      assert.deepEqual(await check(schema, query, { variables: { limit: 100 } }), [], `${rest.method} ${rest.path}`);
    }
  });

  test("the standard introspection query is open to signed-in callers outside production", async () => {
    for (const query of STANDARD_INTROSPECTION_QUERIES) {
      assert.deepEqual(await check(schema, query, { caller: "merchant" }), []);
      assert.deepEqual(await check(schema, query, { caller: "operator" }), []);
      assert.deepEqual(await check(schema, query, { caller: "anonymous" }), [
        {
          code: "UNAUTHENTICATED",
          message: "Introspection needs a credential (Authorization: Bearer ...)",
          status: 401,
        },
      ]);
      // Production: operators only, and only when GRAPHQL_INTROSPECTION says so.
      const production = { env: "production", introspection: true };
      assert.deepEqual(await check(schema, query, { ...production, caller: "operator" }), []);
      assert.deepEqual(await check(schema, query, { ...production, caller: "merchant" }), [
        { code: "FORBIDDEN", message: "Introspection is open to operators only in production", status: 403 },
      ]);
      for (const caller of ["operator", "merchant", "anonymous"] as const) {
        assert.deepEqual(await check(schema, query, { caller, env: "production", introspection: false }), [
          {
            code: "FORBIDDEN",
            message: "Introspection is switched off on this server (GRAPHQL_INTROSPECTION)",
            status: 403,
          },
        ]);
      }
    }
    // __typename is no introspection: anyone may ask for it.
    assert.deepEqual(await check(schema, "{ __typename }", { caller: "anonymous", introspection: false }), []);
    // Introspection hidden in a fragment is still introspection.
    assert.equal(
      (
        await check(schema, '{ ...Q } fragment Q on Query { __type(name: "Charge") { name } }', { caller: "anonymous" })
      )[0].code,
      "UNAUTHENTICATED",
    );
  });

  test("a hand-made introspection query is still limited: depth, cost, aliases", async () => {
    const ofType = `{ __type(name: "Charge") { ${nested("ofType", 100, "name")} } }`;
    assert.deepEqual(await check(schema, ofType), [
      {
        code: "VALIDATION_ERROR",
        message: `Introspection depth 102 exceeds the maximum of ${MAX_INTROSPECTION_DEPTH}`,
        status: 400,
      },
    ]);
    // Lists of lists of lists: fields of the types of fields of the types of fields ...
    // graphql-js refuses lists of fields of types of fields of ... (MaxIntrospectionDepthRule);
    // its other lists still multiply: types x fields x args x fields x args x enum values.
    const lists = `{ __schema { types { fields { args { type { fields { args { type { enumValues { name } } } } } } } } } }`;
    const [refused] = await check(schema, lists);
    assert.equal(refused.code, "VALIDATION_ERROR");
    assert.match(refused.message, /^Introspection cost \d+ exceeds the maximum of \d+$/);
    const aliased = Array.from({ length: 1000 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(" ");
    assert.equal(
      (await check(schema, `{ ${aliased} }`))[0].message,
      `The document has more than the maximum of ${MAX_QUERY_TOKENS} tokens`,
    );
    const someAliases = Array.from({ length: 100 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(" ");
    assert.equal((await check(schema, `{ ${someAliases} }`))[0].message, "Aliases limit of 30 exceeded, found 100.");
  });
});

/** POSTs to /graphql and answers the status with the body. */
async function post(app: TestApp, query: string, token: string | null, variables: Record<string, unknown> = {}) {
  const started = performance.now();
  const result = await app.request<{ data?: any; errors: Array<{ message: string; extensions: { code: string } }> }>(
    "POST",
    "/graphql",
    { token, body: { query, variables } },
  );
  return { status: result.status, body: result.body, ms: performance.now() - started };
}

describe("GraphQL limits on the running service", () => {
  let app: TestApp;
  let merchant: string;
  const operator = "test-operator-token-0123456789";
  before(async () => {
    app = await startTestApp();
    merchant = (await app.createMerchant()).clientSecret;
  });
  after(() => app.close());

  test("one anonymous 1 kB fragment bomb is refused at once with 400, and the service keeps answering", async () => {
    const bomb = fragmentBomb(28);
    assert.ok(bomb.length < 1300);
    const refused = await post(app, bomb, null);
    // The naive walk took minutes (2^28 paths); a linear one takes milliseconds.
    assert.ok(refused.ms < 2000, `took ${refused.ms} ms`);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, {
      errors: [
        { message: "Query cost 268435457 exceeds the maximum of 7500", extensions: { code: "VALIDATION_ERROR" } },
      ],
    });
    assert.equal((await post(app, "{ balance { balance } }", merchant)).status, 200);
  });

  test("deep nesting, many aliases, many directives and token floods answer 400 with one error", async () => {
    const cases: Array<[string, string]> = [
      [`{ ${nested("balance", 100, "balance")} }`, "Query depth 101 exceeds the maximum of 8"],
      [
        `{ ${Array.from({ length: 40 }, (_, i) => `b${i}: balance { balance }`).join(" ")} }`,
        "Aliases limit of 30 exceeded, found 40.",
      ],
      [
        `{ ${Array.from({ length: 1000 }, (_, i) => `b${i}: balance { balance }`).join(" ")} }`,
        "The document has more than the maximum of 3000 tokens",
      ],
      [
        `{ balance { ${"...B @include(if: true) ".repeat(50)} } } fragment B on Balance { balance }`,
        "Directives limit of 20 exceeded, found 50.",
      ],
      // 95 kB: under the body limit (100 kB), far over the token limit.
      [`{ ${"a ".repeat(47_500)} }`, "The document has more than the maximum of 3000 tokens"],
    ];
    for (const [query, message] of cases) {
      for (const token of [null, merchant]) {
        const refused = await post(app, query, token);
        // An anonymous body over 16 kB is refused unread by the admission, before any parsing.
        if (token === null && Buffer.byteLength(JSON.stringify({ query, variables: {} })) > ANONYMOUS_BODY_LIMIT) {
          assert.equal(refused.status, 401, message);
          assert.equal(refused.body.errors[0].extensions.code, "UNAUTHENTICATED");
          continue;
        }
        assert.equal(refused.status, 400, message);
        assert.deepEqual(refused.body, { errors: [{ message, extensions: { code: "VALIDATION_ERROR" } }] });
      }
    }
  });

  test("lists cost their children as many times as the page asks, the default page of 20 included", async () => {
    const allChargeFields =
      "id amount companyId createdAt description e2eId expiresAt fee netAmount paidAt payerDocument payerName pixCode reserved reservedReason status txid updatedAt";
    const twenty = Array.from({ length: 20 }, (_, i) => `c${i}: charges { data { ${allChargeFields} } total }`).join(
      " ",
    );
    const refused = await post(app, `{ ${twenty} }`, merchant);
    assert.equal(refused.status, 400);
    // 20 x (1 + 20 x (data: 1 + 18, total: 1)) = 8020; a limit the default page did not count accepted it.
    assert.deepEqual(refused.body.errors, [
      { message: "Query cost 8020 exceeds the maximum of 7500", extensions: { code: "VALIDATION_ERROR" } },
    ]);
    const query = `query($n: Int) { charges(limit: $n) { data { ${allChargeFields} } total limit offset } }`;
    const paged = await post(app, query, merchant, { n: 100 });
    assert.equal(paged.status, 200);
    assert.deepEqual(paged.body.data.charges, { data: [], total: 0, limit: 100, offset: 0 });
    const tooMany = await post(app, query, merchant, { n: 1_000 });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors[0].message, "Query cost 22001 exceeds the maximum of 7500");
  });

  test("a variable of the wrong type answers 400 BAD_USER_INPUT, before the cost is measured", async () => {
    // The old cost plugin coerced the variables itself and threw their error from a plugin hook: 500.
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        "query($id: ID!) { charge(id: $id) { id } }",
        { id: { a: 1 } },
        'Variable "$id" got invalid value { a: 1 }; ID cannot represent value: { a: 1 }',
      ],
      [
        "query($limit: Int) { charges(limit: $limit) { total } }",
        { limit: "ten" },
        'Variable "$limit" got invalid value "ten"; Int cannot represent non-integer value: "ten"',
      ],
      [
        "query($limit: Int) { charges(limit: $limit) { total } }",
        { limit: 2 ** 40 },
        'Variable "$limit" got invalid value 1099511627776; Int cannot represent non 32-bit signed integer value: 1099511627776',
      ],
      [
        "query($limit: Int) { charges(limit: $limit) { total } }",
        { limit: 2 ** 31 },
        'Variable "$limit" got invalid value 2147483648; Int cannot represent non 32-bit signed integer value: 2147483648',
      ],
      [
        "query($s: ChargeStatus) { charges(status: $s) { total } }",
        { s: "NOPE" },
        'Variable "$s" got invalid value "NOPE"; Value "NOPE" does not exist in "ChargeStatus" enum.',
      ],
    ];
    for (const [query, variables, message] of cases) {
      const refused = await post(app, query, merchant, variables);
      assert.equal(refused.status, 400, message);
      assert.equal(refused.body.errors.length, 1);
      assert.equal(refused.body.errors[0].message, message);
      assert.equal(refused.body.errors[0].extensions.code, "BAD_USER_INPUT");
    }
    // A variable that fits its type but makes the page too costly is the cost limit's.
    const costly = await post(app, "query($limit: Int) { charges(limit: $limit) { total } }", merchant, {
      limit: 2 ** 30,
    });
    assert.equal(costly.status, 400);
    assert.deepEqual(costly.body.errors, [
      { message: "Query cost 1073741825 exceeds the maximum of 7500", extensions: { code: "VALIDATION_ERROR" } },
    ]);
  });

  test("the operations of the docs and of integrators still run, webhook attempts and company fields included", async () => {
    const created = await post(
      app,
      `mutation { createCompany(input: {name: "Loja Exemplo"}) { company { id name city feePercent feeFixed autoApproveLimit balance webhookUrl createdAt updatedAt } clientSecret webhookSecret } }`,
      operator,
    );
    assert.equal(created.status, 200);
    assert.equal(created.body.errors, undefined);
    const secret = created.body.data.createCompany.clientSecret;
    const charge = await post(
      app,
      `mutation { createCharge(input: {amount: "150.50", description: "Pedido 42"}) { id status } }`,
      secret,
    );
    assert.equal(charge.body.errors, undefined);
    const paid = await post(
      app,
      `mutation { simulateChargePayment(chargeId: "${charge.body.data.createCharge.id}", payerName: "Maria Silva") { id status e2eId } }`,
      operator,
    );
    assert.equal(paid.body.data.simulateChargePayment.status, "PAID");
    const deliveries = await post(
      app,
      `{ webhookDeliveries(limit: 100) { data { eventId event status attemptCount requestBody attempts { id attemptNumber eventId event url manual requestBody responseStatus responseBody responseTimeMs error startedAt finishedAt } } total limit offset } }`,
      secret,
    );
    assert.equal(deliveries.status, 200);
    assert.equal(deliveries.body.errors, undefined);
    const companies = await post(
      app,
      `{ companies { data { id name balance feePercent } } company(id: "${created.body.data.createCompany.company.id}") { id balance } }`,
      operator,
    );
    assert.equal(companies.body.errors, undefined);
    assert.equal(companies.body.data.company.balance, "149.01");
  });

  test("the standard introspection query answers merchants and the operator, not anonymous callers", async () => {
    for (const query of STANDARD_INTROSPECTION_QUERIES) {
      for (const token of [merchant, operator]) {
        const answered = await post(app, query, token);
        assert.equal(answered.status, 200);
        assert.equal(answered.body.errors, undefined);
        assert.ok(answered.body.data.__schema.types.some((type: { name: string }) => type.name === "Charge"));
      }
      const anonymous = await post(app, query, null);
      assert.equal(anonymous.status, 401);
      assert.deepEqual(anonymous.body, {
        errors: [
          {
            message: "Introspection needs a credential (Authorization: Bearer ...)",
            extensions: { code: "UNAUTHENTICATED" },
          },
        ],
      });
    }
    // Nor do error messages spell the schema out to them; they do to who may introspect.
    const typo = await post(app, "{ balanc { balance } }", null);
    assert.equal(typo.status, 400);
    assert.deepEqual(typo.body.errors, [
      {
        message: 'Cannot query field "balanc" on type "Query".',
        locations: [{ line: 1, column: 3 }],
        extensions: { code: "VALIDATION_ERROR" },
      },
    ]);
    const enumTypo = await post(app, "{ charges(status: PAI) { total } }", null);
    assert.deepEqual(enumTypo.body.errors, [
      {
        message: 'Value "PAI" does not exist in "ChargeStatus" enum.',
        locations: [{ line: 1, column: 19 }],
        extensions: { code: "VALIDATION_ERROR" },
      },
    ]);
    const helped = await post(app, "{ balanc { balance } }", merchant);
    assert.equal(helped.body.errors[0].message, 'Cannot query field "balanc" on type "Query". Did you mean "balance"?');
  });

  test("a hand-made introspection query is refused even for the operator", async () => {
    const cases: Array<[string, RegExp]> = [
      [
        `{ __type(name: "Charge") { ${nested("ofType", 100, "name")} } }`,
        /^Introspection depth 102 exceeds the maximum of 20$/,
      ],
      [
        `{ __schema { types { fields { args { type { fields { args { type { enumValues { name } } } } } } } } } }`,
        /^Introspection cost \d+ exceeds the maximum of \d+$/,
      ],
      [`{ ${Array.from({ length: 1000 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(" ")} }`, /tokens$/],
    ];
    for (const [query, message] of cases) {
      const refused = await post(app, query, operator);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.errors.length, 1);
      assert.equal(refused.body.errors[0].extensions.code, "VALIDATION_ERROR");
      assert.match(refused.body.errors[0].message, message);
    }
  });

  test("in production introspection is off; GRAPHQL_INTROSPECTION=true opens it to operators only", async () => {
    const introspect = getIntrospectionQuery();
    const closed = await startTestApp({ NODE_ENV: "production" });
    const open = await startTestApp({ NODE_ENV: "production", GRAPHQL_INTROSPECTION: "true" });
    try {
      const closedMerchant = (await closed.createMerchant()).clientSecret;
      for (const token of [operator, closedMerchant, null]) {
        const refused = await post(closed, introspect, token);
        assert.equal(refused.status, 403);
        assert.deepEqual(refused.body.errors, [
          {
            message: "Introspection is switched off on this server (GRAPHQL_INTROSPECTION)",
            extensions: { code: "FORBIDDEN" },
          },
        ]);
      }
      assert.equal((await post(closed, "{ companies { data { id } } }", operator)).body.errors, undefined);

      const openMerchant = (await open.createMerchant()).clientSecret;
      const answered = await post(open, introspect, operator);
      assert.equal(answered.status, 200);
      assert.equal(answered.body.errors, undefined);
      const merchantRefused = await post(open, introspect, openMerchant);
      assert.equal(merchantRefused.status, 403);
      assert.deepEqual(merchantRefused.body.errors, [
        { message: "Introspection is open to operators only in production", extensions: { code: "FORBIDDEN" } },
      ]);
      assert.equal((await post(open, introspect, null)).status, 401);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
