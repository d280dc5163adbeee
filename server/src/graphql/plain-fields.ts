import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { getMetadataStorage } from "type-graphql";

type FieldMetadata = NonNullable<ReturnType<typeof getMetadataStorage>["objectTypes"][number]["fields"]>[number];

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
 * A getter of the class (Charge.amountDue) is a property: read as one.
 */
const plainReaders = new WeakMap<GraphQLFieldResolver<unknown, unknown>, string>();

/**
 * The property a reader made here reads (`amount` reads `amountCents`), or undefined for
 * another resolver. The readers made here read, synchronously, and need no context.
 */
export function plainFieldProperty(resolve: GraphQLFieldResolver<unknown, unknown>): string | undefined {
  return plainReaders.get(resolve);
}

export function plainFieldResolvers(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage();
  const byClass = new Map(storage.objectTypes.map((objectType) => [objectType.target, objectType]));
  // A type's fields with those it inherits (the lists' pages extend one generic page class).
  const fieldsOf = (target: unknown): FieldMetadata[] => {
    if (typeof target !== "function" || target === Function.prototype) return [];
    return [...fieldsOf(Object.getPrototypeOf(target)), ...(byClass.get(target)?.fields ?? [])];
  };
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    const fields = type.getFields();
    const prototype = (objectType.target as { prototype?: object }).prototype ?? {};
    for (const field of fieldsOf(objectType.target)) {
      const graphqlField = fields[field.schemaName];
      if (!graphqlField || field.roles?.length || field.middlewares?.length) continue;
      if (hasMethod(prototype, field.name)) continue;
      // A @FieldResolver of a resolver class; a getter of the type itself (an "internal" one) reads as a property.
      const resolvedByMethod = storage.fieldResolvers.some(
        (resolver) =>
          resolver.kind === "external" &&
          (resolver.getObjectType?.() === objectType.target || resolver.getObjectType?.() === field.target) &&
          resolver.methodName === field.name,
      );
      if (resolvedByMethod) continue;
      const property = field.name;
      if (property === field.schemaName) {
        graphqlField.resolve = undefined;
        continue;
      }
      const read = ((source: Record<string, unknown>) => source[property]) as GraphQLFieldResolver<unknown, unknown>;
      plainReaders.set(read, property);
      graphqlField.resolve = read;
    }
  }
  return schema;
}

/** A method of the class or of a class it extends (a getter is a property, not a method). */
function hasMethod(prototype: object | null, name: string): boolean {
  for (let level = prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    const descriptor = Object.getOwnPropertyDescriptor(level, name);
    if (descriptor) return typeof descriptor.value === "function";
  }
  return false;
}
