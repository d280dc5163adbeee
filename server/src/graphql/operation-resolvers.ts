import { type GraphQLFieldResolver, GraphQLScalarType, type GraphQLSchema } from "graphql";
import { type AuthCheckerFn, getMetadataStorage, type ResolverData } from "type-graphql";

type Storage = ReturnType<typeof getMetadataStorage>;
type ResolverMetadata = Storage["queries"][number];
type ParamMetadata = NonNullable<ResolverMetadata["params"]>[number];
type ClassType = new () => Record<string, unknown>;
type ParamReader = (data: ResolverData<object>) => unknown;
type Convert = (value: unknown) => unknown;

const compiled = new WeakSet<GraphQLFieldResolver<unknown, unknown>>();

/** True for the resolvers made here (the tests check that no operation kept type-graphql's). */
export function isCompiledOperationResolver(resolve: GraphQLFieldResolver<unknown, unknown> | undefined): boolean {
  return resolve !== undefined && compiled.has(resolve);
}

/**
 * type-graphql runs every query and mutation through one generic resolver that, per call,
 * looks its argument classes up in the metadata, passes each argument through an async
 * validation step (validation is off here) and runs @Authorized as an async middleware
 * chain: a page of charges with its dozen arguments made some 20 promises before the
 * operation began. This puts in their place, once the schema is built, resolvers compiled
 * from the same metadata that do the same in the same order: the authChecker with the
 * operation's @Authorized rules (it throws when the caller may not), the arguments made
 * into their classes as type-graphql makes them, then the method.
 *
 * An operation with middlewares, argument validation or parameters of another kind keeps
 * type-graphql's resolver. operation-resolvers.test.ts checks, for every operation and
 * every kind of caller, that both answer alike.
 */
export function compileOperationResolvers<Context extends object, Role>(
  schema: GraphQLSchema,
  authChecker: AuthCheckerFn<Context, Role>,
): GraphQLSchema {
  const storage = getMetadataStorage();
  const instances = new Map<unknown, Record<string, (...params: unknown[]) => unknown>>();
  const roots = [
    [schema.getQueryType(), storage.queries],
    [schema.getMutationType(), storage.mutations],
  ] as const;
  for (const [type, operations] of roots) {
    if (!type) continue;
    const fields = type.getFields();
    for (const operation of operations) {
      const field = fields[operation.schemaName];
      if (!field) continue;
      const resolve = operationResolverOf(storage, operation, authChecker, instances);
      if (!resolve) continue;
      compiled.add(resolve);
      field.resolve = resolve;
    }
  }
  return schema;
}

function operationResolverOf<Context extends object, Role>(
  storage: Storage,
  operation: ResolverMetadata,
  authChecker: AuthCheckerFn<Context, Role>,
  instances: Map<unknown, Record<string, (...params: unknown[]) => unknown>>,
): GraphQLFieldResolver<unknown, unknown> | null {
  if (operation.middlewares?.length) return null;
  const params = [...(operation.params ?? [])].sort((a, b) => a.index - b.index);
  const readers: ParamReader[] = [];
  for (const param of params) {
    const reader = paramReaderOf(storage, param);
    if (!reader) return null;
    readers.push(reader);
  }
  const { roles, target, methodName } = operation;
  // type-graphql's default container makes one instance of each resolver class, as here.
  let instance = instances.get(target);
  if (!instance) {
    instance = new (target as new () => Record<string, (...params: unknown[]) => unknown>)();
    instances.set(target, instance);
  }
  const resolver = instance;
  const method = resolver[methodName];
  return (root, args, context, info) => {
    const data: ResolverData<object> = {
      root,
      args: args as Record<string, unknown>,
      context: context as object,
      info,
    };
    // Our authChecker answers synchronously: it returns true or throws the error to answer.
    if (roles && authChecker(data as ResolverData<Context>, roles as Role[]) !== true)
      throw new Error("authChecker must throw to refuse");
    const values = new Array<unknown>(readers.length);
    for (let i = 0; i < readers.length; i++) values[i] = readers[i](data);
    return method.apply(resolver, values);
  };
}

function paramReaderOf(storage: Storage, param: ParamMetadata): ParamReader | null {
  switch (param.kind) {
    case "context": {
      const { propertyName } = param;
      return propertyName ? (data) => (data.context as Record<string, unknown>)[propertyName] : (data) => data.context;
    }
    case "info":
      return (data) => data.info;
    case "arg": {
      if (validates(param)) return null;
      const { name } = param;
      const convert = converterOf(storage, param.getType());
      if (!convert) return (data) => data.args[name];
      return (data) => convertValue(convert, data.args[name]);
    }
    case "args": {
      if (validates(param)) return null;
      const Args = param.getType();
      const fields = fieldsOf(storage.argumentTypes, Args);
      if (!fields) return null;
      const convert = classConverter(storage, Args as ClassType, fields, new Map());
      return (data) => convert(data.args);
    }
    default:
      return null;
  }
}

const validates = (param: { validateFn?: unknown; validateSettings?: unknown }) =>
  Boolean(param.validateFn) || (param.validateSettings !== undefined && param.validateSettings !== false);

/** A value as type-graphql passes it: null and undefined as they are, each item of a list converted. */
function convertValue(convert: Convert | null, value: unknown): unknown {
  if (!convert || value == null) return value;
  return Array.isArray(value) ? value.map(convert) : convert(value);
}

/** How a value of an input class becomes an instance of it (nested inputs too); null for scalars and enums. */
function converterOf(storage: Storage, type: unknown, seen = new Map<unknown, Convert>()): Convert | null {
  if (typeof type !== "function" || type instanceof GraphQLScalarType) return null;
  const known = seen.get(type);
  if (known) return known;
  const fields = fieldsOf(storage.inputTypes, type);
  return fields ? classConverter(storage, type as ClassType, fields, seen) : null;
}

/** An instance of `Target` holding the fields the value has (undefined ones left out), each converted. */
function classConverter(
  storage: Storage,
  Target: ClassType,
  fields: Array<{ name: string; getType: () => unknown }>,
  seen: Map<unknown, Convert>,
): Convert {
  const readers: Array<{ name: string; convert: Convert | null }> = [];
  const convert: Convert = (value) => {
    const values: Record<string, unknown> = {};
    const source = value as Record<string, unknown>;
    for (const reader of readers) {
      const fieldValue = source[reader.name];
      if (fieldValue !== undefined) values[reader.name] = convertValue(reader.convert, fieldValue);
    }
    return instanceOf(Target, values);
  };
  // Registered before its fields: an input that nests itself converts through this one.
  seen.set(Target, convert);
  for (const field of fields) readers.push({ name: field.name, convert: converterOf(storage, field.getType(), seen) });
  return convert;
}

/** The fields of an input or arguments class with those of the classes it extends, own first. */
function fieldsOf(
  types: Storage["inputTypes"] | Storage["argumentTypes"],
  target: unknown,
): Array<{ name: string; getType: () => unknown }> | null {
  if (!types.some((known) => known.target === target)) return null;
  const fields: Array<{ name: string; getType: () => unknown }> = [];
  const names = new Set<string>();
  for (let level = target; typeof level === "function" && level.prototype; level = Object.getPrototypeOf(level)) {
    for (const field of types.find((known) => known.target === level)?.fields ?? []) {
      if (names.has(field.name)) continue;
      names.add(field.name);
      fields.push(field);
    }
  }
  return fields;
}

/**
 * As type-graphql makes one: a new instance, without the declared fields the value does not
 * have. A class whose fields all start undefined (every argument and input class here) gets
 * the same object without the construct-then-delete, which left V8 a slow dictionary object.
 */
function instanceOf(Target: ClassType, values: Record<string, unknown>): Record<string, unknown> {
  let plain = plainClasses.get(Target);
  if (plain === undefined) {
    const sample = new Target();
    plain = Object.keys(sample).every((key) => sample[key] === undefined);
    plainClasses.set(Target, plain);
  }
  if (plain) return Object.assign(Object.create(Target.prototype) as Record<string, unknown>, values);
  const instance = new Target();
  for (const key of Object.keys(instance)) {
    if (instance[key] === undefined && !(key in values)) delete instance[key];
  }
  return Object.assign(instance, values);
}

const plainClasses = new Map<ClassType, boolean>();
