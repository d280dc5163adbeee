import {
  type DocumentNode,
  type FieldNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  getArgumentValues,
  getVariableValues,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import type { RequestContext } from "../graphql/context";
import { isPlainFieldResolver } from "../graphql/plain-fields";

/** What a REST route's operation gave: its answer, or the error to map to a status. */
export type RestOutcome = { answer: unknown } | { error: unknown };

/** The operation behind a REST route, run without the GraphQL engine. */
export type RestRunner = (context: RequestContext, variables: Record<string, unknown>) => Promise<RestOutcome>;

type Projector = (value: unknown) => unknown;

/** An answer that broke its type (a null where the schema promises a value): a fault of ours, 500. */
class AnswerShapeError extends Error {}

/**
 * A REST route runs its operation as GraphQL would, without executing a document: the
 * variables are coerced by graphql-js against the route's variable definitions, the
 * arguments read from them (defaults included), the root field's resolver called (the
 * operation itself, with its @Authorized check), and its result projected through the
 * route's selection and the schema's types into the REST answer (snake_case keys in the
 * selection's order, leaves serialised by their scalars, Money as a JSON number).
 *
 * Per request this skips a document execution's bookkeeping: a page of 20 charges made
 * some 500 objects for error paths and locations alone. A selection with a field that has
 * a resolver of its own (anything but a plain property read) cannot be projected: for such
 * a route this answers null, and registering it fails at start-up.
 */
export function restRunnerOf(schema: GraphQLSchema, document: DocumentNode): RestRunner | null {
  const operation = document.definitions[0] as OperationDefinitionNode;
  const rootType = operation.operation === "query" ? schema.getQueryType() : schema.getMutationType();
  const node = operation.selectionSet.selections[0] as FieldNode;
  const field = rootType?.getFields()[node.name.value];
  if (!field?.resolve) return null;
  const project = projectorOf(field.type, node.selectionSet, `${rootType?.name}.${field.name}`);
  if (!project) return null;
  const resolve = field.resolve;
  const variableDefinitions = operation.variableDefinitions ?? [];
  // A route without variables whose field takes no argument it would default (the balance):
  // its arguments are always {}, so graphql-js's coercion (about 700 bytes) is skipped.
  const noArguments =
    variableDefinitions.length === 0 &&
    (node.arguments?.length ?? 0) === 0 &&
    field.args.every((arg) => arg.defaultValue === undefined);
  return async (context, variables) => {
    if (noArguments) {
      try {
        return { answer: project(await resolve(undefined, {}, context, undefined as never)) };
      } catch (error) {
        return { error };
      }
    }
    const coerced = getVariableValues(schema, variableDefinitions, variables, { maxErrors: 1 });
    if (coerced.errors) return { error: coerced.errors[0] };
    try {
      const args = getArgumentValues(field as GraphQLField<unknown, unknown>, node, coerced.coerced);
      const value = await resolve(undefined, args, context, undefined as never);
      return { answer: project(value) };
    } catch (error) {
      return { error };
    }
  };
}

/** How a value of `type` becomes its REST form, or null when it needs the GraphQL engine. */
function projectorOf(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  where: string,
): Projector | null {
  if (isNonNullType(type)) {
    const inner = projectorOf(type.ofType, selectionSet, where);
    if (!inner) return null;
    return (value) => {
      if (value === null || value === undefined) throw new AnswerShapeError(`${where} is null`);
      return inner(value);
    };
  }
  if (isListType(type)) {
    const item = projectorOf(type.ofType, selectionSet, where);
    if (!item) return null;
    return (value) => (value === null || value === undefined ? null : (value as unknown[]).map(item));
  }
  if (isObjectType(type)) {
    const fields = type.getFields();
    const parts: Array<{ key: string; read: (source: Record<string, unknown>) => unknown; project: Projector }> = [];
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) return null;
      const definition = fields[selection.name.value];
      if (!definition) return null;
      const { resolve } = definition;
      if (resolve && !isPlainFieldResolver(resolve)) return null;
      const project = projectorOf(definition.type, selection.selectionSet, `${type.name}.${definition.name}`);
      if (!project) return null;
      const name = definition.name;
      parts.push({
        key: selection.alias?.value ?? name,
        read: resolve ? (source) => (resolve as (source: unknown) => unknown)(source) : (source) => source[name],
        project,
      });
    }
    return (value) => {
      if (value === null || value === undefined) return null;
      const answer: Record<string, unknown> = {};
      for (const part of parts) answer[part.key] = part.project(part.read(value as Record<string, unknown>));
      return answer;
    };
  }
  if (!isLeafType(type)) return null;
  // REST writes Money as a JSON number (10.5), GraphQL as its two-decimal string ("10.50").
  const money = type.name === "Money";
  return (value) => {
    if (value === null || value === undefined) return null;
    try {
      const serialized = type.serialize(value);
      return money ? Number(serialized) : serialized;
    } catch (error) {
      throw new AnswerShapeError(`${where}: ${error instanceof GraphQLError ? error.message : String(error)}`);
    }
  };
}
