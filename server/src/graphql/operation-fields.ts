import type { GraphQLSchema } from "graphql";
import { Args, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { AnyOperation } from "../operation/operation";
import { runOperation } from "../operation/operation-runner";
import type { Services } from "../services";
import type { RequestContext } from "./context";

/**
 * The GraphQL adapter of the declared operations: one root field per operation, made by
 * TypeGraphQL from the declaration's types (so `schema.graphql` is emitted from them).
 * graphql-js has decoded the input (the Money scalar: centavos); nothing else happens here.
 */
export function operationResolvers(operations: ReadonlyArray<AnyOperation<Services>>): Array<new () => unknown> {
  class DeclaredOperations {}
  const prototype = DeclaredOperations.prototype as unknown as Record<string, unknown>;
  for (const operation of operations) {
    const { name } = operation;
    if (Object.hasOwn(prototype, name)) throw new Error(`operation ${name} is declared twice`);
    const ArgsClass = operation.args;
    prototype[name] = ArgsClass
      ? (args: unknown, context: RequestContext) => runOperation(operation, args, context, context.services)
      : (context: RequestContext) => runOperation(operation, {}, context, context.services);
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor;
    const options = { description: operation.description, nullable: operation.nullable };
    (operation.kind === "query" ? Query : Mutation)(operation.output, options)(prototype, name, descriptor);
    if (ArgsClass) Args(() => ArgsClass)(prototype, name, 0);
    Ctx()(prototype, name, ArgsClass ? 1 : 0);
  }
  Resolver()(DeclaredOperations);
  return [DeclaredOperations];
}

/**
 * Once the schema is built, each operation's root field resolves straight to runOperation
 * with graphql-js's coerced arguments, in place of type-graphql's generic resolver (which,
 * per call, looked the argument classes up in its metadata, made instances of them and ran
 * an async validation step: a page of charges made some 20 promises before the operation
 * began). The argument and input classes hold declared fields only (no defaults, no
 * methods: operation-fields.test.ts checks), so the plain objects graphql-js makes are what
 * type-graphql made of them but for their prototype.
 */
export function bindOperationResolvers(
  schema: GraphQLSchema,
  operations: ReadonlyArray<AnyOperation<Services>>,
): GraphQLSchema {
  for (const operation of operations) {
    const root = operation.kind === "query" ? schema.getQueryType() : schema.getMutationType();
    const field = root?.getFields()[operation.name];
    if (!field) throw new Error(`operation ${operation.name} is not a root field of the schema`);
    field.resolve = (_root, args, context: RequestContext) => runOperation(operation, args, context, context.services);
  }
  return schema;
}
