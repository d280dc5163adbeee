import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { getMetadataStorage } from "type-graphql";

/**
 * type-graphql gives every field of an object type a resolver of its own, so that
 * middlewares and field-level @Authorized can run around it. We use neither on plain
 * fields, and those resolvers only read a property through a wrapper: a page of 20 charges
 * called one 280 times. This takes them out after the schema is built. A field named as its
 * property then has no resolver (graphql-jit reads the property inline); one renamed in the
 * schema (`amountCents` as `amount`) reads its property directly.
 *
 * Left as type-graphql made them: fields with roles or middlewares, @FieldResolver methods,
 * and properties that are functions on the class (GraphQL's default resolver would call them).
 */
export function plainFieldResolvers(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage();
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    const fields = type.getFields();
    const prototype = (objectType.target as { prototype?: Record<string, unknown> }).prototype ?? {};
    for (const field of objectType.fields ?? []) {
      const graphqlField = fields[field.schemaName];
      if (!graphqlField || field.roles?.length || field.middlewares?.length) continue;
      if (typeof Object.getOwnPropertyDescriptor(prototype, field.name)?.value === "function") continue;
      const resolvedByMethod = storage.fieldResolvers.some(
        (resolver) => resolver.getObjectType?.() === objectType.target && resolver.methodName === field.name,
      );
      if (resolvedByMethod) continue;
      const property = field.name;
      graphqlField.resolve =
        property === field.schemaName
          ? undefined
          : ((source: Record<string, unknown>) => source[property]) as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}
