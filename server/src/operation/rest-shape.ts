import {
  type GraphQLArgument,
  GraphQLError,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLLeafType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from "graphql";
import { AppError, type ErrorCode, httpStatusFor } from "../core/errors";
import { controlCharacterMessage, illFormedTextMessage, textPatternFor } from "../core/text-input";
import { plainFieldProperty } from "../graphql/plain-fields";
import type { AnyOperation, RestAddress, RestAnswer } from "./operation";

/**
 * The REST form of a declared operation, derived once at start-up from its declaration and
 * its TypeGraphQL types (as the built schema holds them): the parameters and where each
 * comes from, the JSON schemas of the request (Fastify validates with them) and of the
 * answers (the OpenAPI document), how the request's values become the operation's
 * arguments (decoded once: Money to centavos, query text to numbers) and how its result
 * becomes the JSON answer. The REST adapter (http/rest-operations.ts) only uses what this
 * made: nothing of GraphQL runs on a request.
 */

/** A merchant's credential names its account: operator-only arguments are not REST parameters. */
const REST_HIDDEN_ARGS = new Set(["companyId"]);

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const QUERY_INT_PATTERN = "^-?[0-9]{1,10}$";
const MONEY_DESCRIPTION = "BRL as a JSON number with at most two decimals, e.g. 10.5 or 1234.56.";

type JsonSchema = Record<string, unknown>;
type Location = "path" | "query" | "body" | "header";

/** Where one argument (or a field of the `input` argument) comes from in the request. */
export interface RestParameter {
  location: Location;
  /** Its REST name: snake_case, or the header's name. */
  name: string;
  /** The argument it feeds, and the input field inside it (for `input`). */
  variable: string;
  inputField?: string;
  type: GraphQLInputType;
  required: boolean;
  description?: string;
}

/** What the OpenAPI document and the tests read of a route's declaration. */
export interface RestRouteOperation<Deps = unknown> extends RestAddress<Deps> {
  /** The operation's name (its GraphQL root field). */
  field: string;
  idempotencyKey?: "required" | "optional";
  credentialInRead?: boolean;
}

/** The values of a request, as Fastify parsed and validated them. */
export interface RestValues {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface RestRoute<Deps = unknown> {
  operation: RestRouteOperation<Deps>;
  declaration: AnyOperation<Deps>;
  parameters: RestParameter[];
  /** JSON schemas of the request (Fastify validates with them) and the answers (the OpenAPI document). */
  schema: {
    params?: JsonSchema;
    querystring?: JsonSchema;
    body?: JsonSchema;
    success: JsonSchema;
  };
  /** Every status this route may answer, with its error codes (the success status has none). */
  answers: Map<number, ErrorCode[]>;
  successStatus: number;
  /** The operation's arguments from the request (throws VALIDATION_ERROR naming the REST field). */
  decode(values: RestValues): Record<string, unknown>;
  /** The answer's JSON text from the operation's result. */
  encode(result: unknown): string;
  /** Fastify's schemaErrorFormatter: the first schema violation, naming the REST field. */
  schemaError(errors: AjvError[], dataVar: string): Error;
}

const snakeNames = new Map<string, string>();

/** GraphQL's camelCase names as REST's snake_case: `netAmount` -> `net_amount`, `e2eId` -> `e2e_id`. */
export function snakeCase(name: string): string {
  let snake = snakeNames.get(name);
  if (snake === undefined) {
    snake = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    snakeNames.set(name, snake);
  }
  return snake;
}

function unwrapNonNull<T extends GraphQLInputType | GraphQLOutputType>(type: T): { inner: T; nullable: boolean } {
  return isNonNullType(type) ? { inner: type.ofType as T, nullable: false } : { inner: type, nullable: true };
}

function orNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable) return schema;
  const result: JsonSchema = { ...schema, type: [schema.type, "null"] };
  if (Array.isArray(schema.enum)) result.enum = [...schema.enum, null];
  return result;
}

/**
 * The JSON schema of one REST input, from its GraphQL type. Domain rules stay in the
 * services. Query and path values are text: an Int is a string of digits there, unless the
 * schema is for the document (`documented`), which states the integer they stand for.
 */
export function inputSchema(parameter: RestParameter, documented = false): JsonSchema {
  const inQuery = parameter.location !== "body" && !documented;
  const { inner, nullable } = unwrapNonNull(parameter.type);
  if ((isListType(inner) || isInputObjectType(inner)) && parameter.location !== "body") {
    throw new Error(`REST parameter ${parameter.name}: lists and input objects are body fields only`);
  }
  const field = parameter.variable === "input" ? (parameter.inputField ?? "") : parameter.variable;
  const schema = valueSchema(parameter.type, parameter.name, field, inQuery);
  if (parameter.description) schema.description = parameter.description;
  return orNull(schema, nullable && parameter.location === "body");
}

/**
 * The JSON schema of a value of an input type: a scalar or enum, or (in a body) a list of
 * values or an input object whose fields are snake_case properties, at any depth. `field`
 * is the GraphQL field's name (its text rule).
 */
function valueSchema(type: GraphQLInputType, name: string, field: string, inQuery: boolean): JsonSchema {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const { nullable } = unwrapNonNull(inner.ofType);
    return { type: "array", items: orNull(valueSchema(inner.ofType, `${name}[]`, field, inQuery), nullable) };
  }
  if (isInputObjectType(inner)) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const nested of Object.values(inner.getFields())) {
      const key = snakeCase(nested.name);
      const { nullable } = unwrapNonNull(nested.type);
      const property = orNull(valueSchema(nested.type, `${name}.${key}`, nested.name, inQuery), nullable);
      if (nested.description) property.description = nested.description;
      properties[key] = property;
      if (!nullable) required.push(key);
    }
    const schema: JsonSchema = { type: "object", properties, additionalProperties: false };
    if (required.length) schema.required = required;
    if (inner.description) schema.description = inner.description;
    return schema;
  }
  if (isEnumType(inner)) return { type: "string", enum: inner.getValues().map((value) => value.name) };
  switch (inner.name) {
    case "String":
    case "ID":
      return { type: "string", pattern: textPatternFor(field) };
    case "Int":
      return inQuery
        ? { type: "string", pattern: QUERY_INT_PATTERN }
        : { type: "integer", minimum: INT_MIN, maximum: INT_MAX };
    case "Money":
      if (inQuery) throw new Error(`REST parameter ${name}: Money outside a body is not mapped`);
      return { type: "number", multipleOf: 0.01, description: MONEY_DESCRIPTION };
    case "Boolean":
      return inQuery ? { type: "string", enum: ["true", "false"] } : { type: "boolean" };
    case "DateTimeISO":
      return { type: "string", format: "date-time" };
    case "Metadata":
      if (inQuery) throw new Error(`REST parameter ${name}: Metadata outside a body is not mapped`);
      return METADATA_SCHEMA;
    default:
      throw new Error(`REST parameter ${name}: GraphQL type ${inner.name} is not mapped`);
  }
}

/** A charge's metadata: string values (its limits are the scalar's, checked when it is decoded). */
const METADATA_SCHEMA: JsonSchema = { type: "object", additionalProperties: { type: "string" } };

function outputScalarSchema(type: GraphQLNamedType): JsonSchema {
  if (isEnumType(type)) return { type: "string", enum: type.getValues().map((value) => value.name) };
  switch (type.name) {
    case "String":
    case "ID":
      return { type: "string" };
    case "Int":
      return { type: "integer" };
    case "Boolean":
      return { type: "boolean" };
    case "Money":
      return { type: "number", multipleOf: 0.01, description: MONEY_DESCRIPTION };
    case "DateTimeISO":
      return { type: "string", format: "date-time" };
    case "Metadata":
      return METADATA_SCHEMA;
    default:
      throw new Error(`REST answer: GraphQL type ${type.name} is not mapped`);
  }
}

/** The fields of an answer, each with the nested answer of an object field. */
function answerFields(answer: RestAnswer | undefined): Array<{ name: string; nested: RestAnswer | undefined }> {
  const fields: Array<{ name: string; nested: RestAnswer | undefined }> = [];
  for (const item of answer ?? []) {
    if (typeof item === "string") fields.push({ name: item, nested: undefined });
    else for (const [name, nested] of Object.entries(item)) fields.push({ name, nested });
  }
  return fields;
}

/** The JSON schema of an answer: the answer's fields (in snake_case), in order. */
function outputSchema(type: GraphQLOutputType, answer: RestAnswer | undefined, where: string): JsonSchema {
  const { inner, nullable } = unwrapNonNull(type);
  if (isListType(inner)) return orNull({ type: "array", items: outputSchema(inner.ofType, answer, where) }, nullable);
  if (isObjectType(inner)) {
    const fields = inner.getFields();
    const properties: Record<string, JsonSchema> = {};
    for (const { name, nested } of answerFields(answer)) {
      const field = fields[name];
      if (!field) throw new Error(`${where}: ${inner.name} has no field "${name}"`);
      const property = outputSchema(field.type, nested, where);
      if (field.description) property.description = field.description;
      properties[snakeCase(name)] = property;
    }
    const schema: JsonSchema = {
      type: "object",
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    };
    if (inner.description) schema.description = inner.description;
    return orNull(schema, nullable);
  }
  return orNull(outputScalarSchema(inner as GraphQLNamedType), nullable);
}

/**
 * The route's parameters, in the order the OpenAPI document lists them and the checks meet
 * them: the Idempotency-Key header, the path's, the other arguments (in `args`' order when
 * given), then the fields of `input` (the body).
 */
function parametersOf(operation: RestRouteOperation<never>, field: GraphQLField<unknown, unknown>): RestParameter[] {
  const pathNames = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const header: RestParameter[] = [];
  const path: RestParameter[] = [];
  const others: RestParameter[] = [];
  const body: RestParameter[] = [];
  const parameterOf = (arg: GraphQLArgument, location: Location, name: string): RestParameter => ({
    location,
    name,
    variable: arg.name,
    type: arg.type,
    required: isNonNullType(arg.type),
    description: arg.description ?? undefined,
  });
  for (const arg of field.args) {
    if (REST_HIDDEN_ARGS.has(arg.name)) continue;
    if (pathNames.includes(arg.name)) path.push(parameterOf(arg, "path", arg.name));
    else if (arg.name === "idempotencyKey") {
      if (operation.idempotencyKey) header.push(parameterOf(arg, "header", IDEMPOTENCY_KEY_HEADER));
    } else if (arg.name === "input") {
      const { inner } = unwrapNonNull(arg.type);
      if (!isInputObjectType(inner)) throw new Error(`${operation.field}: input must be an input object`);
      for (const inputField of Object.values(inner.getFields())) {
        body.push({
          location: "body",
          name: snakeCase(inputField.name),
          variable: "input",
          inputField: inputField.name,
          type: inputField.type,
          required: isNonNullType(inputField.type),
          description: inputField.description ?? undefined,
        });
      }
    } else if (!operation.args || operation.args.includes(arg.name)) {
      others.push(parameterOf(arg, operation.method === "GET" ? "query" : "body", snakeCase(arg.name)));
    }
  }
  if (operation.args) {
    const { args } = operation;
    others.sort((a, b) => args.indexOf(a.variable) - args.indexOf(b.variable));
  }
  for (const name of pathNames) {
    if (!path.some((parameter) => parameter.name === name))
      throw new Error(`REST ${operation.method} ${operation.path}: no argument "${name}" on ${operation.field}`);
  }
  return [...header, ...path, ...others, ...body];
}

function objectSchema(parameters: RestParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of parameters) properties[parameter.name] = inputSchema(parameter);
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The statuses a route answers and the codes behind each: its own, plus what every route may. */
function answersOf(operation: RestRouteOperation<never>, successStatus: number, parameters: RestParameter[]) {
  const codes = new Set<ErrorCode>(operation.errors);
  codes.add("UNAUTHENTICATED").add("RATE_LIMITED").add("INTERNAL_ERROR");
  // Any route may meet a database that is busy, or gone in a failover (contract §14).
  codes.add("SERVICE_UNAVAILABLE").add("DATABASE_UNAVAILABLE");
  // Every route checks what it is given: a GET its query (an unknown parameter is refused),
  // a path id its text (no control characters), a POST its body.
  if (operation.method === "GET" || parameters.length > 0) codes.add("VALIDATION_ERROR");
  if (operation.method === "POST" || operation.method === "PATCH")
    codes.add("INVALID_JSON").add("PAYLOAD_TOO_LARGE").add("VALIDATION_ERROR");
  const answers = new Map<number, ErrorCode[]>([[successStatus, []]]);
  for (const code of codes) {
    const status = httpStatusFor(code);
    answers.set(status, [...(answers.get(status) ?? []), code]);
  }
  return new Map([...answers.entries()].sort(([a], [b]) => a - b));
}

export const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    error: { type: "string" },
    code: { type: "string" },
    items: {
      type: "array",
      description: "A refused batch: each refused item, by its place in the list.",
      items: {
        type: "object",
        properties: { index: { type: "integer" }, error: { type: "string" }, code: { type: "string" } },
        required: ["index", "error", "code"],
        additionalProperties: false,
      },
    },
  },
  required: ["error", "code"],
  additionalProperties: false,
};

/** Says what is wrong with one value, by the GraphQL type its field has. */
function typeProblem(parameter: RestParameter | undefined, keyword: string): string {
  const named = parameter ? getNamedType(parameter.type) : undefined;
  if (keyword === "pattern" && named?.name !== "Int") return "must not contain control characters";
  if (!named) return "is invalid";
  if (isEnumType(named))
    return `must be one of ${named
      .getValues()
      .map((value) => value.name)
      .join(", ")}`;
  switch (named.name) {
    case "Money":
      return "must be a number in BRL with at most two decimals";
    case "Int":
      // Not a number at all: the field's own range is checked later, in its own words.
      return keyword === "minimum" || keyword === "maximum"
        ? `must be an integer from ${INT_MIN} to ${INT_MAX}`
        : "must be an integer";
    case "Boolean":
      return "must be true or false";
    case "DateTimeISO":
      return "must be an ISO 8601 date-time";
    default:
      return keyword === "type" ? "must be a string" : "is invalid";
  }
}

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * A place inside a body field, from the JSON pointer of a schema violation: its REST name
 * ("discount.dates[0].date") and the input type there (null past the known fields).
 */
function placeOf(parameter: RestParameter | undefined, segments: string[]) {
  let name = segments[0] ?? "";
  let type: GraphQLInputType | null = parameter?.type ?? null;
  for (const segment of segments.slice(1)) {
    const inner: GraphQLInputType | null = type && isNonNullType(type) ? type.ofType : type;
    if (inner && isListType(inner)) {
      name += `[${segment}]`;
      type = inner.ofType;
    } else {
      name += `.${segment}`;
      const nested =
        inner && isInputObjectType(inner)
          ? Object.values(inner.getFields()).find((field) => snakeCase(field.name) === segment)
          : undefined;
      type = nested?.type ?? null;
    }
  }
  return { name, type };
}

/** Turns the first schema violation into a message that names the REST field. */
function schemaErrorOf(parameters: readonly RestParameter[]) {
  return (errors: AjvError[], dataVar: string): Error => {
    const error = errors[0];
    const where = dataVar === "querystring" ? "query" : dataVar === "params" ? "path" : "body";
    const segments = error.instancePath.split("/").slice(1);
    const name = segments[0];
    const parameter = parameters.find((p) => p.location === where && p.name === name);
    const place = placeOf(parameter, segments);
    const inside = segments.length > 0 ? `${place.name}.` : "";
    switch (error.keyword) {
      case "additionalProperties": {
        const extra = String(error.params.additionalProperty);
        return new AppError(
          "VALIDATION_ERROR",
          `Unknown ${where === "query" ? "query parameter" : "body field"}: ${inside}${extra}`,
        );
      }
      case "required":
        return new AppError("VALIDATION_ERROR", `${inside}${String(error.params.missingProperty)} is required`);
      default: {
        if (!name) return new AppError("VALIDATION_ERROR", "Body must be a JSON object");
        const named = place.type ? getNamedType(place.type) : undefined;
        if (error.keyword === "pattern" && named && named.name !== "Int")
          return new AppError("VALIDATION_ERROR", controlCharacterMessage(place.name));
        if (error.keyword === "type" && place.type && segments.length > 1) {
          const inner = isNonNullType(place.type) ? place.type.ofType : place.type;
          if (isListType(inner)) return new AppError("VALIDATION_ERROR", `${place.name} must be a list`);
          if (isInputObjectType(inner)) return new AppError("VALIDATION_ERROR", `${place.name} must be an object`);
        }
        if (error.keyword === "type" && parameter && segments.length === 1) {
          const inner = unwrapNonNull(parameter.type).inner;
          if (isListType(inner)) return new AppError("VALIDATION_ERROR", `${name} must be a list`);
          if (isInputObjectType(inner) || named?.name === "Metadata")
            return new AppError("VALIDATION_ERROR", `${name} must be an object`);
        }
        const typed = place.type ? { ...(parameter as RestParameter), type: place.type } : undefined;
        return new AppError("VALIDATION_ERROR", `${place.name} ${typeProblem(typed, error.keyword)}`);
      }
    }
  };
}

/**
 * How a value that passed the JSON schema becomes its argument, as the type's own
 * parseValue reads it (Money to centavos, an Int within 32 bits, an enum's value); a value
 * it refuses is a VALIDATION_ERROR naming the REST field, as graphql-js words it.
 */
function leafDecoder(type: GraphQLLeafType, restName: string): (value: unknown) => unknown {
  return (value) => {
    try {
      return type.parseValue(value);
    } catch (error) {
      // A scalar that checks its own rules (Metadata) says what is wrong in its own words.
      if (error instanceof AppError) throw error;
      const message =
        error instanceof GraphQLError ? error.message : `Expected type "${type.name}". ${(error as Error).message}`;
      throw new AppError("VALIDATION_ERROR", `${restName}: ${message}`);
    }
  };
}

/** One REST parameter's reader: where its text is, how query text becomes a value, how the value is decoded. */
interface Reader {
  location: Location;
  name: string;
  variable: string;
  inputField: string | undefined;
  fromText: ((text: string) => unknown) | undefined;
  decode: (value: unknown) => unknown;
}

/**
 * How a body value of an input type becomes its argument: a leaf by its scalar, a list item
 * by item, an input object field by field (snake_case keys to the GraphQL names), naming the
 * place of a refusal ("discount.dates[0].value"); nested text must be well-formed too.
 */
function valueDecoder(type: GraphQLInputType, restName: string): (value: unknown) => unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = (index: number) => valueDecoder(inner.ofType, `${restName}[${index}]`);
    return (value) => (value as unknown[]).map((entry, index) => (entry === null ? null : item(index)(entry)));
  }
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).map((nested) => {
      const key = snakeCase(nested.name);
      return { key, name: nested.name, decode: valueDecoder(nested.type, `${restName}.${key}`) };
    });
    return (value) => {
      const source = value as Record<string, unknown>;
      const decoded: Record<string, unknown> = {};
      for (const field of fields) {
        const entry = source[field.key];
        if (entry === undefined) continue;
        decoded[field.name] = entry === null ? null : field.decode(entry);
      }
      return decoded;
    };
  }
  if (!isLeafType(inner)) throw new Error(`REST parameter ${restName}: ${String(inner)} is not mapped`);
  const leaf = leafDecoder(inner, restName);
  return (value) => {
    if (typeof value === "string" && !value.isWellFormed()) {
      throw new AppError("VALIDATION_ERROR", illFormedTextMessage(restName));
    }
    return leaf(value);
  };
}

function readerOf(parameter: RestParameter): Reader {
  const named = getNamedType(parameter.type);
  const fromText =
    parameter.location !== "query"
      ? undefined
      : named.name === "Int"
        ? (text: string) => Number(text)
        : named.name === "Boolean"
          ? (text: string) => text === "true"
          : undefined;
  return {
    location: parameter.location,
    name: parameter.name,
    variable: parameter.variable,
    inputField: parameter.inputField,
    fromText,
    decode: valueDecoder(parameter.type, parameter.name),
  };
}

/** The arguments of the field the REST route does not give, with a default: they get it (an order, say). */
function defaultsOf(field: GraphQLField<unknown, unknown>, parameters: readonly RestParameter[]) {
  const given = new Set(parameters.map((parameter) => parameter.variable));
  const defaults: Array<[string, unknown]> = [];
  for (const arg of field.args) {
    if (!given.has(arg.name) && arg.defaultValue !== undefined) defaults.push([arg.name, arg.defaultValue]);
  }
  const input = field.args.find((arg) => arg.name === "input");
  const inputDefaults: Array<[string, unknown]> = [];
  if (input && given.has("input")) {
    const { inner } = unwrapNonNull(input.type);
    if (isInputObjectType(inner)) {
      for (const inputField of Object.values(inner.getFields()))
        if (inputField.defaultValue !== undefined) inputDefaults.push([inputField.name, inputField.defaultValue]);
    }
  }
  return { defaults, inputDefaults };
}

function decoderOf(field: GraphQLField<unknown, unknown>, parameters: readonly RestParameter[]) {
  const readers = parameters.map(readerOf);
  const hasInput = parameters.some((parameter) => parameter.variable === "input");
  const { defaults, inputDefaults } = defaultsOf(field, parameters);
  return ({ params, query, body, idempotencyKey }: RestValues): Record<string, unknown> => {
    const values = new Array<unknown>(readers.length);
    // Every text must be well-formed first (core/text-input.ts; the schema refused control
    // characters); then each value is decoded, in the parameters' order.
    for (let i = 0; i < readers.length; i++) {
      const reader = readers[i];
      let value: unknown;
      if (reader.location === "path") value = params[reader.name];
      else if (reader.location === "header") value = idempotencyKey;
      else if (reader.location === "query") {
        const text = query[reader.name];
        value = text !== undefined && reader.fromText ? reader.fromText(text) : text;
      } else value = body[reader.name];
      if (typeof value === "string" && !value.isWellFormed())
        throw new AppError("VALIDATION_ERROR", illFormedTextMessage(reader.name));
      values[i] = value;
    }
    const args: Record<string, unknown> = {};
    const input: Record<string, unknown> = {};
    for (let i = 0; i < defaults.length; i++) args[defaults[i][0]] = defaults[i][1];
    for (let i = 0; i < readers.length; i++) {
      const value = values[i];
      if (value === undefined) continue;
      const reader = readers[i];
      const decoded = value === null ? null : reader.decode(value);
      if (reader.inputField) input[reader.inputField] = decoded;
      else args[reader.variable] = decoded;
    }
    if (hasInput) {
      for (let i = 0; i < inputDefaults.length; i++) {
        const name = inputDefaults[i][0];
        if (!(name in input)) input[name] = inputDefaults[i][1];
      }
      args.input = input;
    }
    return args;
  };
}

/** An answer that broke its type (a null where the schema promises a value): a fault of ours, 500. */
class AnswerShapeError extends Error {}

type Projector = (value: unknown) => unknown;

/**
 * How a result of `type` becomes its REST form: the answer's fields under snake_case keys
 * in the answer's order, leaves serialised by their scalars, Money as a JSON number.
 */
function projectorOf(type: GraphQLOutputType, answer: RestAnswer | undefined, where: string): Projector {
  if (isNonNullType(type)) {
    const inner = projectorOf(type.ofType, answer, where);
    return (value) => {
      if (value === null || value === undefined) throw new AnswerShapeError(`${where} is null`);
      return inner(value);
    };
  }
  if (isListType(type)) {
    const item = projectorOf(type.ofType, answer, where);
    return (value) => (value === null || value === undefined ? null : (value as unknown[]).map(item));
  }
  if (isObjectType(type)) {
    const fields = type.getFields();
    const keys: string[] = [];
    const properties: string[] = [];
    const projectors: Projector[] = [];
    for (const { name, nested } of answerFields(answer)) {
      const definition = fields[name];
      const { resolve } = definition;
      // No resolver: GraphQL reads the property of the field's name; a plain reader its own property.
      const property = resolve ? plainFieldProperty(resolve) : name;
      if (property === undefined)
        throw new Error(`${where}: ${type.name}.${name} has a resolver of its own; a REST answer selects plain fields`);
      keys.push(snakeCase(name));
      properties.push(property);
      projectors.push(projectorOf(definition.type, nested, `${type.name}.${name}`));
    }
    return objectProjector(keys, properties, projectors);
  }
  if (!isLeafType(type)) throw new Error(`${where}: ${String(type)} is not mapped`);
  // REST writes Money as a JSON number (10.5), GraphQL as its two-decimal string ("10.50").
  const money = type.name === "Money";
  const serialize = (value: unknown) => {
    try {
      const serialized = type.serialize(value);
      return money ? Number(serialized) : serialized;
    } catch (error) {
      throw new AnswerShapeError(`${where}: ${error instanceof GraphQLError ? error.message : String(error)}`);
    }
  };
  if (money) {
    // Centavos / 100 is the number "10.50" reads as: both are the double nearest to the exact
    // quotient (IEEE division and JSON's number parsing round correctly), for any centavos a
    // double holds exactly; no text made and read back per amount. Anything else: the scalar.
    return (value) => {
      if (value === null || value === undefined) return null;
      if (typeof value === "bigint" && value <= EXACT_CENTS && value >= -EXACT_CENTS) return Number(value) / 100;
      return serialize(value);
    };
  }
  if (type.name === "DateTimeISO") {
    // What the scalar answers for a valid Date, without its two calls around it; anything else: the scalar.
    return (value) => {
      if (value === null || value === undefined) return null;
      if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
      return serialize(value);
    };
  }
  return (value) => (value === null || value === undefined ? null : serialize(value));
}

/** The largest centavos a double holds exactly (2^53): far above any amount (MAX_AMOUNT_CENTS is 10^10). */
const EXACT_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The projector of an object type, made once: one object literal of the answer's keys, each
 * value its property read by name and projected. Built key by key in a loop, through a
 * reader and a projector closure per field, a charge's 36 fields took about 3 µs more (a page
 * of 20 charges: 60 µs), in keyed loads and stores V8 cannot specialise. The keys and
 * property names are GraphQL names (letters, digits, `_`; never `__proto__`), written as
 * JSON string literals.
 */
function objectProjector(keys: string[], properties: string[], projectors: Projector[]): Projector {
  const entries = keys.map(
    (key, i) => `${JSON.stringify(key)}: project[${i}](value[${JSON.stringify(properties[i])}])`,
  );
  const make = new Function(
    "project",
    `"use strict"; return (value) => value === null || value === undefined ? null : { ${entries.join(", ")} };`,
  ) as (project: Projector[]) => Projector;
  return make(projectors);
}

/** Compiles a declared operation's REST route once: its parameters, schemas, decoder and answer. */
export function compileRestRoute<Deps>(schema: GraphQLSchema, declaration: AnyOperation<Deps>): RestRoute<Deps> {
  const rest = declaration.rest;
  if (!rest) throw new Error(`${declaration.name} has no REST route`);
  const root = declaration.kind === "query" ? schema.getQueryType() : schema.getMutationType();
  const field = root?.getFields()[declaration.name];
  const where = `REST ${rest.method} ${rest.path}`;
  if (!field) throw new Error(`${where}: no GraphQL operation "${declaration.name}"`);
  const operation: RestRouteOperation<Deps> = {
    ...rest,
    field: declaration.name,
    idempotencyKey: declaration.idempotency,
    credentialInRead: declaration.credentialInRead,
  };
  const parameters = parametersOf(operation, field);
  const successStatus = rest.status ?? 200;
  const byLocation = (location: Location) => parameters.filter((parameter) => parameter.location === location);
  const pathParameters = byLocation("path");
  const project = projectorOf(field.type, rest.answer, `${root?.name}.${field.name}`);
  return {
    operation,
    declaration,
    parameters,
    schema: {
      params: pathParameters.length ? objectSchema(pathParameters) : undefined,
      querystring: rest.method === "GET" ? objectSchema(byLocation("query")) : undefined,
      body: rest.method === "POST" || rest.method === "PATCH" ? objectSchema(byLocation("body")) : undefined,
      success: outputSchema(field.type, rest.answer, where),
    },
    answers: answersOf(operation, successStatus, parameters),
    successStatus,
    decode: decoderOf(field, parameters),
    encode: (result) => JSON.stringify(project(result)),
    schemaError: schemaErrorOf(parameters),
  };
}
