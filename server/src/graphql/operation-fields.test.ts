import "reflect-metadata";
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import {
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from "graphql";
import { buildSchema, getMetadataStorage } from "type-graphql";
import type { Principal } from "../auth/principal";
import { AppError } from "../core/errors";
import { OPERATIONS } from "../operations";
import { buildAppSchema, RESOLVERS } from "../schema";
import type { Services } from "../services";
import type { RequestContext } from "./context";

/*
 * Each declared operation's root field resolves straight to runOperation with graphql-js's
 * coerced arguments (operation-fields.ts), not through type-graphql's generic resolver. Here
 * every operation is called both ways, by every kind of caller, with no arguments and with
 * all of them: ours must refuse exactly whom type-graphql's refuses, with the same error,
 * and otherwise call the same service method with the same values.
 */
let ours: GraphQLSchema;
let theirs: GraphQLSchema;

before(async () => {
  theirs = await buildSchema({ resolvers: RESOLVERS, validate: false });
  ours = await buildAppSchema();
});

const CALLERS: Array<[string, Principal | null]> = [
  ["nobody", null],
  ["operator ADMIN", { kind: "operator", role: "ADMIN", userId: null, actor: "operator:token" }],
  ["operator OPERATOR", { kind: "operator", role: "OPERATOR", userId: "u1", actor: "operator:u1" }],
  ["operator VIEWER", { kind: "operator", role: "VIEWER", userId: "u2", actor: "operator:u2" }],
  [
    "merchant ADMIN",
    { kind: "merchant", companyId: "comp_a", role: "ADMIN", credentialId: "cred_a", userId: null, actor: "merchant:a" },
  ],
  [
    "merchant MEMBER",
    { kind: "merchant", companyId: "comp_a", role: "MEMBER", credentialId: null, userId: "u3", actor: "merchant:u3" },
  ],
];

/** Services that answer every call with what was asked of them: the call is the outcome compared. */
function recordingServices(): Services {
  return new Proxy({} as Services, {
    get: (_services, service) =>
      new Proxy(
        {},
        {
          get:
            (_methods, method) =>
            (...args: unknown[]) => ({ called: `${String(service)}.${String(method)}`, args }),
        },
      ),
  });
}

/** One request for every call: the services see the same signal object from both resolvers. */
const REQUEST: RequestContext["request"] = {
  id: "req-1",
  address: "127.0.0.1",
  userAgent: null,
  signal: { aborted: false, addEventListener: () => undefined, removeEventListener: () => undefined },
};

function contextFor(principal: Principal | null): RequestContext {
  return { principal, services: recordingServices(), responseHeaders: {}, request: REQUEST, sessionToken: null };
}

function sampleOf(type: GraphQLInputType): unknown {
  const named = getNamedType(type);
  if (isListType(isNonNullType(type) ? type.ofType : type)) return [sampleOf(named)];
  if (isEnumType(named)) return named.getValues()[0].value;
  if (isInputObjectType(named))
    return Object.fromEntries(Object.values(named.getFields()).map((field) => [field.name, sampleOf(field.type)]));
  switch (named.name) {
    case "Int":
      return 7;
    case "Boolean":
      return true;
    case "Money":
      return 1050n;
    case "Percent":
      return "1.5";
    case "DateTimeISO":
      return new Date("2026-01-02T03:04:05.000Z");
    default:
      return "x";
  }
}

const sampleArgs = (args: readonly GraphQLArgument[]) =>
  Object.fromEntries(args.map((arg) => [arg.name, sampleOf(arg.type)]));

/**
 * The value with each function (a callback made per call) as a marker, and objects as plain
 * ones: type-graphql hands instances of the argument classes, graphql-js plain objects (the
 * classes hold fields only: see the test below).
 */
function comparable(value: unknown, seen = new Set<unknown>()): unknown {
  if (typeof value === "function") return "[function]";
  if (typeof value !== "object" || value === null || value instanceof Date || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => comparable(item, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = comparable(item, seen);
  return copy;
}

async function outcomeOf(resolve: GraphQLFieldResolver<unknown, unknown>, principal: Principal | null, args: object) {
  const context = contextFor(principal);
  try {
    const value = await resolve(undefined, args, context, undefined as never);
    return { value: comparable(value), headers: context.responseHeaders };
  } catch (error) {
    return {
      error:
        error instanceof AppError
          ? `${error.code}: ${error.message}`
          : `${(error as Error).name}: ${(error as Error).message}`,
    };
  }
}

describe("the declared operations' root fields", () => {
  test("every query and mutation is a declared operation, on a resolver of its own", () => {
    const roots = {
      Query: Object.values(ours.getQueryType()?.getFields() ?? {}),
      Mutation: Object.values(ours.getMutationType()?.getFields() ?? {}),
    };
    const declared = (kind: "query" | "mutation") =>
      OPERATIONS.filter((operation) => operation.kind === kind)
        .map((operation) => operation.name)
        .sort();
    assert.deepEqual(roots.Query.map((field) => field.name).sort(), declared("query"));
    assert.deepEqual(roots.Mutation.map((field) => field.name).sort(), declared("mutation"));
    const theirFields = { ...theirs.getQueryType()?.getFields(), ...theirs.getMutationType()?.getFields() };
    for (const field of [...roots.Query, ...roots.Mutation]) {
      assert.ok(field.resolve, field.name);
      assert.notEqual(field.resolve, theirFields[field.name]?.resolve, field.name);
    }
  });

  test("their argument and input classes hold declared fields only: no default, no method", () => {
    const storage = getMetadataStorage();
    const classes = [...storage.argumentTypes, ...storage.inputTypes].map((type) => type.target as new () => object);
    assert.ok(classes.length > 50, `${classes.length} classes`);
    for (const Class of classes) {
      const members = Object.getOwnPropertyNames(Class.prototype).filter((name) => name !== "constructor");
      assert.deepEqual(members, [], `${Class.name}'s methods`);
      const instance = new Class() as Record<string, unknown>;
      const defaults = Object.keys(instance).filter((key) => instance[key] !== undefined);
      assert.deepEqual(defaults, [], `${Class.name}'s defaults`);
    }
  });

  test("they refuse, admit and call the services exactly as type-graphql's resolvers do", async () => {
    let refused = 0;
    let reached = 0;
    for (const [ourType, theirType] of [
      [ours.getQueryType(), theirs.getQueryType()],
      [ours.getMutationType(), theirs.getMutationType()],
    ] as const) {
      const theirFields = theirType?.getFields() ?? {};
      for (const field of Object.values(ourType?.getFields() ?? {})) {
        const theirResolve = theirFields[field.name]?.resolve;
        assert.ok(field.resolve && theirResolve, field.name);
        assert.notEqual(field.resolve, theirResolve);
        for (const [caller, principal] of CALLERS) {
          for (const args of [{}, sampleArgs(field.args)]) {
            const expected = await outcomeOf(theirResolve, principal, args);
            const actual = await outcomeOf(field.resolve, principal, args);
            assert.deepStrictEqual(actual, expected, `${ourType?.name}.${field.name} called by ${caller}`);
            if ("error" in expected && /^(UNAUTHENTICATED|FORBIDDEN)/.test(expected.error ?? "")) refused++;
            const value = "value" in expected ? expected.value : null;
            if (typeof value === "object" && value !== null && "called" in value) reached++;
          }
        }
      }
    }
    // The comparison saw both sides of the rule: many refusals and many calls that went through.
    assert.ok(refused > 100, `refused ${refused}`);
    assert.ok(reached > 100, `reached ${reached}`);
  });

  test("nobody is refused before any service is asked", async () => {
    const charges = ours.getQueryType()?.getFields().charges.resolve;
    assert.ok(charges);
    const context = contextFor(null);
    let asked = false;
    context.services = new Proxy({} as Services, {
      get: () => {
        asked = true;
        return {};
      },
    });
    assert.throws(() => charges(undefined, {}, context, undefined as never), {
      code: "UNAUTHENTICATED",
      message: "Missing, invalid, expired or revoked credential",
    });
    assert.equal(asked, false);
  });
});
