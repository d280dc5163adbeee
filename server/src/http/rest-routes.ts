import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import {
  coerceInputValue,
  type DocumentNode,
  type FieldNode,
  type GraphQLArgument,
  GraphQLError,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
  visit,
} from "graphql";
import { AppError, type ErrorCode, httpStatusFor, toPublicError } from "../core/errors";
import { checkIdempotencyKey } from "../core/idempotency";
import type { RestOperation } from "../core/rest-operation";
import { controlCharacterMessage, illFormedTextMessage, textPatternFor, textProblem } from "../core/text-input";
import type { RequestContext } from "../graphql/context";
import type { RestRoute } from "../operation/rest-shape";
import type { Services } from "../services";
import { sendError } from "./http-errors";
import { requestInfo } from "./request-scope";
import { restRunnerOf } from "./rest-answer";

/** A merchant's credential names its account: operator-only arguments are not REST parameters. */
const REST_HIDDEN_ARGS = new Set(["companyId"]);

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

const JSON_TYPE = "application/json; charset=utf-8";

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const QUERY_INT_PATTERN = "^-?[0-9]{1,10}$";
const MONEY_DESCRIPTION = "BRL as a JSON number with at most two decimals, e.g. 10.5 or 1234.56.";

type JsonSchema = Record<string, unknown>;
type Location = "path" | "query" | "body" | "header";

/** Where one GraphQL argument (or a field of the `input` argument) comes from in the request. */
export interface RestParameter {
  location: Location;
  /** Its REST name: snake_case, or the header's name. */
  name: string;
  /** The variable it feeds, and the input field inside it (for `input`). */
  variable: string;
  inputField?: string;
  type: GraphQLInputType;
  required: boolean;
  description?: string;
}

/** A route still run through its GraphQL operation (until its feature declares its operations). */
export interface GraphQLRestRoute {
  operation: RestOperation;
  document: DocumentNode;
  parameters: RestParameter[];
  /** JSON schemas of the request (Fastify validates with them) and the answers (it serialises with them). */
  schema: {
    params?: JsonSchema;
    querystring?: JsonSchema;
    body?: JsonSchema;
    success: JsonSchema;
  };
  /** Every status this route may answer, with its error codes (the success status has none). */
  answers: Map<number, ErrorCode[]>;
  successStatus: number;
}

/** Every REST route: a declared operation's, or one still run through GraphQL. */
export type CompiledRestRoute = RestRoute<Services> | GraphQLRestRoute;

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
  const { inner, nullable } = unwrapNonNull(parameter.type);
  if (isListType(inner) || isInputObjectType(inner)) {
    throw new Error(`REST parameter ${parameter.name}: lists and nested input objects are not mapped`);
  }
  const inQuery = parameter.location !== "body" && !documented;
  let schema: JsonSchema;
  if (isEnumType(inner)) {
    schema = { type: "string", enum: inner.getValues().map((value) => value.name) };
  } else {
    switch (inner.name) {
      case "String":
      case "ID":
        schema = {
          type: "string",
          pattern: textPatternFor(parameter.variable === "input" ? (parameter.inputField ?? "") : parameter.variable),
        };
        break;
      case "Int":
        schema = inQuery
          ? { type: "string", pattern: QUERY_INT_PATTERN }
          : { type: "integer", minimum: INT_MIN, maximum: INT_MAX };
        break;
      case "Money":
        if (inQuery) throw new Error(`REST parameter ${parameter.name}: Money outside a body is not mapped`);
        schema = { type: "number", multipleOf: 0.01, description: MONEY_DESCRIPTION };
        break;
      case "Boolean":
        schema = inQuery ? { type: "string", enum: ["true", "false"] } : { type: "boolean" };
        break;
      case "DateTimeISO":
        schema = { type: "string", format: "date-time" };
        break;
      default:
        throw new Error(`REST parameter ${parameter.name}: GraphQL type ${inner.name} is not mapped`);
    }
  }
  if (parameter.description) schema.description = parameter.description;
  return orNull(schema, nullable && parameter.location === "body");
}

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
    default:
      throw new Error(`REST answer: GraphQL type ${type.name} is not mapped`);
  }
}

/** The JSON schema of an answer: the selection's fields (aliased to snake_case), in order. */
function outputSchema(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): JsonSchema {
  const { inner, nullable } = unwrapNonNull(type);
  if (isListType(inner)) return orNull({ type: "array", items: outputSchema(inner.ofType, selectionSet) }, nullable);
  if (isObjectType(inner)) {
    const fields = inner.getFields();
    const properties: Record<string, JsonSchema> = {};
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) throw new Error("REST selections hold fields only");
      const field = fields[selection.name.value];
      const property = outputSchema(field.type, selection.selectionSet);
      if (field.description) property.description = field.description;
      properties[selection.alias?.value ?? selection.name.value] = property;
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

/** `{ netAmount }` -> `{ net_amount: netAmount }`: the GraphQL answer arrives in REST's names. */
function aliasToSnakeCase(selection: SelectionSetNode): SelectionSetNode {
  return visit(selection, {
    Field(node: FieldNode) {
      const snake = snakeCase(node.name.value);
      if (node.alias || snake === node.name.value) return undefined;
      return { ...node, alias: { kind: Kind.NAME, value: snake } };
    },
  });
}

function parametersOf(operation: RestOperation, field: GraphQLField<unknown, unknown>): RestParameter[] {
  const pathNames = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const parameters: RestParameter[] = [];
  const add = (arg: GraphQLArgument, location: Location, name: string) =>
    parameters.push({
      location,
      name,
      variable: arg.name,
      type: arg.type,
      required: isNonNullType(arg.type),
      description: arg.description ?? undefined,
    });
  for (const arg of field.args) {
    if (REST_HIDDEN_ARGS.has(arg.name)) continue;
    if (pathNames.includes(arg.name)) add(arg, "path", arg.name);
    else if (arg.name === "idempotencyKey") {
      if (operation.idempotencyKey) add(arg, "header", IDEMPOTENCY_KEY_HEADER);
    } else if (arg.name === "input") {
      const { inner } = unwrapNonNull(arg.type);
      if (!isInputObjectType(inner)) throw new Error(`${operation.field}: input must be an input object`);
      for (const inputField of Object.values(inner.getFields())) {
        parameters.push({
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
      add(arg, operation.method === "GET" ? "query" : "body", snakeCase(arg.name));
    }
  }
  for (const name of pathNames) {
    if (!parameters.some((parameter) => parameter.location === "path" && parameter.name === name))
      throw new Error(`REST ${operation.method} ${operation.path}: no argument "${name}" on ${operation.field}`);
  }
  return parameters;
}

function objectSchema(parameters: RestParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of parameters) properties[parameter.name] = inputSchema(parameter);
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The statuses a route answers and the codes behind each: its own, plus what every route may. */
function answersOf(operation: RestOperation, successStatus: number, parameters: RestParameter[]) {
  const codes = new Set<ErrorCode>(operation.errors);
  codes.add("UNAUTHENTICATED").add("RATE_LIMITED").add("INTERNAL_ERROR");
  // Every route checks what it is given: a GET its query (an unknown parameter is refused),
  // a path id its text (no control characters), a POST its body.
  if (operation.method === "GET" || parameters.length > 0) codes.add("VALIDATION_ERROR");
  if (operation.method === "POST") codes.add("INVALID_JSON").add("PAYLOAD_TOO_LARGE").add("VALIDATION_ERROR");
  const answers = new Map<number, ErrorCode[]>([[successStatus, []]]);
  for (const code of codes) {
    const status = httpStatusFor(code);
    answers.set(status, [...(answers.get(status) ?? []), code]);
  }
  return new Map([...answers.entries()].sort(([a], [b]) => a - b));
}

/** Compiles a declared operation once: its GraphQL document, parameters and schemas. */
export function compileRestOperation(schema: GraphQLSchema, operation: RestOperation): GraphQLRestRoute {
  const queryField = schema.getQueryType()?.getFields()[operation.field];
  const mutationField = schema.getMutationType()?.getFields()[operation.field];
  const field = queryField ?? mutationField;
  const where = `REST ${operation.method} ${operation.path}`;
  if (!field) throw new Error(`${where}: no GraphQL operation "${operation.field}"`);
  const parameters = parametersOf(operation, field);
  const variables = [...new Set(parameters.map((parameter) => parameter.variable))];
  const argTypes = new Map(field.args.map((arg) => [arg.name, arg.type.toString()]));
  const varDefs = variables.map((name) => `$${name}: ${argTypes.get(name)}`).join(", ");
  const args = variables.map((name) => `${name}: $${name}`).join(", ");
  const kind = queryField ? "query" : "mutation";
  const parsed = parse(
    `${kind} Rest_${operation.field}${varDefs ? `(${varDefs})` : ""} { ${operation.field}${args ? `(${args})` : ""} ${operation.selection} }`,
  );
  const document = visit(parsed, {
    OperationDefinition(node: OperationDefinitionNode) {
      const root = node.selectionSet.selections[0] as FieldNode;
      const selectionSet = root.selectionSet ? aliasToSnakeCase(root.selectionSet) : undefined;
      return { ...node, selectionSet: { ...node.selectionSet, selections: [{ ...root, selectionSet }] } };
    },
  }) as DocumentNode;
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`${where}: ${errors.map((e) => e.message).join("; ")}`);
  const root = (document.definitions[0] as OperationDefinitionNode).selectionSet.selections[0] as FieldNode;
  const successStatus = operation.status ?? 200;
  const byLocation = (location: Location) => parameters.filter((parameter) => parameter.location === location);
  const pathParameters = byLocation("path");
  return {
    operation,
    document,
    parameters,
    schema: {
      params: pathParameters.length ? objectSchema(pathParameters) : undefined,
      querystring: operation.method === "GET" ? objectSchema(byLocation("query")) : undefined,
      body: operation.method === "POST" ? objectSchema(byLocation("body")) : undefined,
      success: outputSchema(field.type, root.selectionSet),
    },
    answers: answersOf(operation, successStatus, parameters),
    successStatus,
  };
}

export const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: { error: { type: "string" }, code: { type: "string" } },
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

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns the first schema violation into a message that names the REST field. */
function schemaErrorFormatter(route: GraphQLRestRoute) {
  return (errors: AjvError[], dataVar: string): Error => {
    const error = errors[0];
    const where = dataVar === "querystring" ? "query" : dataVar === "params" ? "path" : "body";
    const name = error.instancePath.split("/")[1];
    const parameter = route.parameters.find((p) => p.location === where && p.name === name);
    switch (error.keyword) {
      case "additionalProperties": {
        const extra = String(error.params.additionalProperty);
        return new AppError(
          "VALIDATION_ERROR",
          `Unknown ${where === "query" ? "query parameter" : "body field"}: ${extra}`,
        );
      }
      case "required":
        return new AppError("VALIDATION_ERROR", `${String(error.params.missingProperty)} is required`);
      default:
        if (!name) return new AppError("VALIDATION_ERROR", "Body must be a JSON object");
        if (error.keyword === "pattern" && parameter && getNamedType(parameter.type).name !== "Int")
          return new AppError("VALIDATION_ERROR", controlCharacterMessage(name));
        return new AppError("VALIDATION_ERROR", `${name} ${typeProblem(parameter, error.keyword)}`);
    }
  };
}

/**
 * A variable that passed the JSON schema may still not coerce (an Int past 2^31, a Money
 * the scalar refuses): find which one through graphql-js's structured coercion errors and
 * name it as REST does.
 */
function coercionProblem(
  route: GraphQLRestRoute,
  schema: GraphQLSchema,
  variables: Record<string, unknown>,
): string | null {
  const argTypes = new Map(
    (
      schema.getQueryType()?.getFields()[route.operation.field] ??
      schema.getMutationType()?.getFields()[route.operation.field]
    )?.args.map((arg) => [arg.name, arg.type]),
  );
  for (const [variable, type] of argTypes) {
    if (!route.parameters.some((parameter) => parameter.variable === variable)) continue;
    let problem: string | null = null;
    coerceInputValue(variables[variable], type, (path, _invalid, error) => {
      if (problem) return;
      // The path starts inside the variable's value: ["amount"] for input.amount.
      const inputField = variable === "input" ? String(path[0] ?? "") : undefined;
      const parameter = route.parameters.find(
        (p) => p.variable === variable && (inputField === undefined || p.inputField === inputField),
      );
      problem = `${parameter?.name ?? variable}: ${error.message}`;
    });
    if (problem) return problem;
  }
  return null;
}

/** Registers every declared operation as a Fastify route that runs its GraphQL operation. */
export function registerRestRoutes(
  app: FastifyInstance,
  schema: GraphQLSchema,
  routes: readonly GraphQLRestRoute[],
  services: Services,
): void {
  const contextOf = (request: FastifyRequest, reply: FastifyReply): RequestContext => ({
    principal: request.principal,
    uncheckedCredential: request.uncheckedCredential,
    services,
    responseHeaders: {},
    request: requestInfo(request, reply),
    sessionToken: request.sessionToken,
  });
  for (const route of routes) {
    const { operation, document, parameters } = route;
    const fastifySchema: FastifySchema = {
      response: Object.fromEntries(
        [...route.answers.keys()].map((status) => [
          status,
          status === route.successStatus ? route.schema.success : ERROR_SCHEMA,
        ]),
      ),
    };
    if (route.schema.params) fastifySchema.params = route.schema.params;
    if (route.schema.querystring) fastifySchema.querystring = route.schema.querystring;
    if (route.schema.body) fastifySchema.body = route.schema.body;

    // How each value becomes its variable, decided once: query text to Int or Boolean.
    const readers = parameters.map((parameter) => {
      const named = getNamedType(parameter.type).name;
      const convert =
        parameter.location !== "query"
          ? undefined
          : named === "Int"
            ? (text: string) => Number(text)
            : named === "Boolean"
              ? (text: string) => text === "true"
              : undefined;
      return { ...parameter, convert };
    });
    const hasInput = parameters.some((parameter) => parameter.variable === "input");
    const run = restRunnerOf(schema, document);
    if (!run) {
      throw new Error(
        `REST ${operation.method} ${operation.path}: its selection has a field with a resolver of its own; a REST answer selects plain fields`,
      );
    }
    const variablesOf = (request: FastifyRequest): Record<string, unknown> => {
      const variables: Record<string, unknown> = {};
      const input: Record<string, unknown> = {};
      const params = request.params as Record<string, string>;
      const query = request.query as Record<string, string>;
      const body = request.body as Record<string, unknown>;
      for (const reader of readers) {
        let value: unknown;
        if (reader.location === "path") value = params[reader.name];
        else if (reader.location === "header") value = request.idempotencyKey;
        else if (reader.location === "query") {
          const text = query[reader.name];
          value = text !== undefined && reader.convert ? reader.convert(text) : text;
        } else value = body[reader.name];
        if (value === undefined) continue;
        // The schema refused control characters; text must also be well-formed (core/text-input.ts).
        if (typeof value === "string" && !value.isWellFormed())
          throw new AppError("VALIDATION_ERROR", illFormedTextMessage(reader.name));
        if (reader.inputField) input[reader.inputField] = value;
        else variables[reader.variable] = value;
      }
      if (hasInput) variables.input = input;
      return variables;
    };

    const { checkFirst } = operation;
    const pathParameters = parameters.filter((parameter) => parameter.location === "path");
    const readIdempotencyKey = (request: FastifyRequest) => {
      if (!operation.idempotencyKey) return;
      const header = request.headers["idempotency-key"];
      request.idempotencyKey = checkIdempotencyKey(
        Array.isArray(header) ? header.join(", ") : header,
        operation.idempotencyKey === "required",
      );
    };

    app.route({
      method: operation.method,
      url: operation.path,
      schema: fastifySchema,
      config: { access: "credential", credentialInRead: operation.credentialInRead === true },
      schemaErrorFormatter: schemaErrorFormatter(route) as never,
      // Checks in the contract's order: credential (admission), the path's resource when the
      // route asks for it first, Idempotency-Key, then the body. Callback hooks where they
      // can be: every request of the route runs them.
      preParsing: checkFirst
        ? async (request, reply, payload) => {
            const params = request.params as Record<string, string>;
            // The path's own text rule comes first, as on every route (its schema runs later).
            for (const { name } of pathParameters) {
              const problem = textProblem(name, name, params[name] ?? "");
              if (problem !== null) throw new AppError("VALIDATION_ERROR", problem);
            }
            await checkFirst(contextOf(request, reply), params);
            readIdempotencyKey(request);
            return payload;
          }
        : operation.idempotencyKey
          ? (request, _reply, payload, done) => {
              try {
                readIdempotencyKey(request);
              } catch (error) {
                return done(error as Error);
              }
              done(null, payload);
            }
          : undefined,
      preValidation: (request, _reply, done) => {
        const query = request.query as Record<string, unknown>;
        for (const name in query) {
          if (Array.isArray(query[name]))
            return done(new AppError("VALIDATION_ERROR", `Query parameter ${name} is given twice`));
        }
        if (operation.method === "POST" && request.body === undefined) request.body = {};
        done();
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const variables = variablesOf(request);
        const context = contextOf(request, reply);
        const outcome = await run(context, variables);
        if ("error" in outcome) {
          const publicError = toPublicError(outcome.error);
          if (publicError.code === "INTERNAL_ERROR") {
            const { error } = outcome;
            request.log.error(
              { err: error instanceof GraphQLError ? (error.originalError ?? error) : error },
              "REST operation failed",
            );
          }
          if (publicError.code === "BAD_USER_INPUT") {
            publicError.code = "VALIDATION_ERROR";
            publicError.message = coercionProblem(route, schema, variables) ?? publicError.message;
          }
          const settled = request.uncheckedCredential ? await request.settleCredential(publicError) : publicError;
          return sendError(request, reply, settled, context.responseHeaders);
        }
        for (const [name, value] of Object.entries(context.responseHeaders)) reply.header(name, value);
        // The projected answer is already in its JSON form (Money as numbers): sent as text.
        return reply.code(route.successStatus).type(JSON_TYPE).send(JSON.stringify(outcome.answer));
      },
    });
  }
}
