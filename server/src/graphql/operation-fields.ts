import { Args, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { AnyOperation } from "../operation/operation";
import { runOperation } from "../operation/operation-runner";
import type { Services } from "../services";
import type { RequestContext } from "./context";

/**
 * The GraphQL adapter of the declared operations: one root field per operation, made by
 * TypeGraphQL from the declaration's types (so `schema.graphql` is emitted from them), whose
 * resolver hands graphql-js's coerced arguments to runOperation with the request's context
 * and services. graphql-js has decoded the input (the Money scalar: centavos); nothing else
 * happens here.
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
