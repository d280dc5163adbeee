import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  Lexer,
  type OperationDefinitionNode,
  parse,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  Source,
  TokenKind,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { AppError, type ErrorCode, httpStatusFor } from "../core/errors";
import type { RequestContext } from "./context";

/*
 * Every limit is linear in the size of the document: a fragment is measured once and its
 * result reused wherever it is spread, so `fragment F0 { ...F1 ...F1 }` nested 28 times
 * costs 29 visits, not 2^28. Tokens, depth and directives are checked by a validation rule
 * on entering the document, before graphql-js's own rules look at any selection, and a
 * refused document is not validated further; graphql-armor's rule counts aliases as each
 * operation is entered. The cost and who may introspect depend on the variables and the
 * caller, so checkOperation measures them once the operation is known, before it runs
 * (validated documents are cached by their text, so nothing caller-dependent may live in a
 * rule).
 *
 * graphql-armor is linear on fragments too (it memoises them), but only its alias count
 * fits: its directive count skips the directives written on a fragment's second and later
 * spreads (`...F @include(if: true)` repeated counts 1), its depth limit skips `__schema`
 * without any cap and counts `__type` like a normal field, its cost limit knows neither our
 * `limit` argument nor variables, and its token limit throws from a plugin hook instead of
 * reporting a validation error. Those are measured here instead.
 */

/** Fields deep: every operation of the schema fits (webhookDeliveries { data { attempts { id } } } is 4). */
export const MAX_QUERY_DEPTH = 8;
/** Roughly the number of values a query may resolve: a paged list costs its children `limit` times. */
export const MAX_QUERY_COMPLEXITY = 7500;
/** Tokens of the whole document, comments left out; the standard introspection query has 184. */
export const MAX_QUERY_TOKENS = 3000;
/** Aliases of one operation, `__typename` included. */
export const MAX_QUERY_ALIASES = 30;
/** Directives (`@include`, `@skip`, ...) of one operation. */
export const MAX_QUERY_DIRECTIVES = 20;
/** Depth inside `__schema` / `__type`: the standard introspection query needs 15. */
export const MAX_INTROSPECTION_DEPTH = 20;
/**
 * Introspection lists cost their children as many times as the schema's longest list of
 * that kind (all its types, the most fields of one type, ...). The budget is this many times
 * the cost of graphql-js's full introspection query, so standard tools fit and a hand-made
 * query that lists fields of the types of fields of ... does not.
 */
export const INTROSPECTION_COST_FACTOR = 2;
/** What a paged list returns without a `limit` (core/pagination.ts). */
const DEFAULT_PAGE_SIZE = 20;
/** Arguments that bound a list: its children are resolved that many times. */
const PAGE_SIZE_ARGUMENTS = ["limit", "first"];
/** Costs saturate here, so a bomb of fragments stays a finite number (never Infinity or NaN). */
const COST_CEILING = 1e15;

const INTROSPECTION_FIELDS = new Set(["__schema", "__type"]);
/** graphql-js ends a message with its suggestions: fields, arguments, types, enum values. */
const SUGGESTION = / Did you mean .+\?$/s;

/** A refusal the error mapper keeps as it is: the AppError holds the public code, http the status. */
function refusal(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, {
    originalError: new AppError(code, message),
    extensions: { code, http: { status: httpStatusFor(code) } },
  });
}

/** Tokens of the source, comments left out; stops counting past `stopAfter`. */
function countTokens(body: string, stopAfter: number): number {
  const lexer = new Lexer(new Source(body));
  let count = 0;
  // The document parsed already; should the lexer still fail, the count so far stands.
  try {
    while (count <= stopAfter && lexer.advance().kind !== TokenKind.EOF) count++;
  } catch {
    return count;
  }
  return count;
}

interface Shape {
  /** Fields deep, outside introspection (`__schema`/`__type` and what is below them count 0). */
  depth: number;
  /** The deepest introspection subtree, counted from its `__schema`/`__type` field. */
  introspectionDepth: number;
  /** Fields deep, every field counted: a fragment spread inside `__schema` uses this. */
  all: number;
  /** Directives, each fragment's counted again wherever it is spread. */
  directives: number;
}

const FLAT: Shape = { depth: 0, introspectionDepth: 0, all: 0, directives: 0 };

/** Measures every operation of a document, each fragment once. */
function measureShapes(document: DocumentNode, operations: OperationDefinitionNode[]): Shape[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const memo = new Map<string, Shape>();

  const ofFragment = (name: string): Shape => {
    const known = memo.get(name);
    if (known) return known;
    // A cycle counts nothing here; graphql-js's NoFragmentCycles rule refuses the document.
    memo.set(name, FLAT);
    const fragment = fragments.get(name);
    const shape = fragment ? ofSelectionSet(fragment.selectionSet) : FLAT;
    memo.set(name, shape);
    return shape;
  };

  const ofSelectionSet = (selectionSet: SelectionSetNode): Shape => {
    const result = { ...FLAT };
    for (const selection of selectionSet.selections) {
      let shape: Shape;
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? ofSelectionSet(selection.selectionSet) : FLAT;
        const all = 1 + below.all;
        shape = INTROSPECTION_FIELDS.has(selection.name.value)
          ? { depth: 0, introspectionDepth: all, all, directives: below.directives }
          : { depth: 1 + below.depth, introspectionDepth: below.introspectionDepth, all, directives: below.directives };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        shape = ofSelectionSet(selection.selectionSet);
      } else {
        shape = ofFragment(selection.name.value);
      }
      result.depth = Math.max(result.depth, shape.depth);
      result.introspectionDepth = Math.max(result.introspectionDepth, shape.introspectionDepth);
      result.all = Math.max(result.all, shape.all);
      result.directives += shape.directives + (selection.directives?.length ?? 0);
    }
    return result;
  };

  return operations.map((operation) => {
    const shape = ofSelectionSet(operation.selectionSet);
    const ownDirectives =
      (operation.directives?.length ?? 0) +
      (operation.variableDefinitions ?? []).reduce((sum, variable) => sum + (variable.directives?.length ?? 0), 0);
    return { ...shape, directives: shape.directives + ownDirectives };
  });
}

/**
 * Tokens, then depth and directives: checked on entering the document, before any other rule
 * has looked at a selection. A refused document reports one error and is not visited further
 * (a visitor that returns null removes the node for every rule that comes after it).
 */
function documentLimitsRule(context: ValidationContext) {
  return {
    Document: {
      enter(document: DocumentNode) {
        const body = document.loc?.source.body;
        if (body !== undefined && countTokens(body, MAX_QUERY_TOKENS) > MAX_QUERY_TOKENS) {
          context.reportError(new GraphQLError(`The document has more than the maximum of ${MAX_QUERY_TOKENS} tokens`));
          return null;
        }
        const operations = document.definitions.filter(
          (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
        );
        for (const { depth, introspectionDepth, directives } of measureShapes(document, operations)) {
          const problem =
            depth > MAX_QUERY_DEPTH
              ? `Query depth ${depth} exceeds the maximum of ${MAX_QUERY_DEPTH}`
              : introspectionDepth > MAX_INTROSPECTION_DEPTH
                ? `Introspection depth ${introspectionDepth} exceeds the maximum of ${MAX_INTROSPECTION_DEPTH}`
                : directives > MAX_QUERY_DIRECTIVES
                  ? `Directives limit of ${MAX_QUERY_DIRECTIVES} exceeded, found ${directives}.`
                  : null;
          if (problem) {
            context.reportError(new GraphQLError(problem));
            return null;
          }
        }
        return undefined;
      },
    },
  };
}

/** graphql-armor's messages start with "Syntax Error: ", which these are not. */
function reportArmorRefusal(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, "")));
}

interface Costs {
  /** What the operation costs outside introspection. */
  cost: number;
  /** What its `__schema`/`__type` subtrees cost. */
  introspection: number;
  /** Whether it asks for `__schema` or `__type` anywhere. */
  introspects: boolean;
}

const NOTHING: Costs = { cost: 0, introspection: 0, introspects: false };
const add = (a: number, b: number) => Math.min(COST_CEILING, a + b);
const times = (a: number, b: number) => Math.min(COST_CEILING, a * b);

/** How long each list of the introspection types can be in this schema, e.g. "__Type.fields". */
function introspectionListSizes(schema: GraphQLSchema): Map<string, number> {
  const types = Object.values(schema.getTypeMap());
  const longest = (lengths: number[]) => Math.max(1, ...lengths);
  const fieldMaps = types.flatMap((type) => (isObjectType(type) || isInterfaceType(type) ? [type.getFields()] : []));
  const argumentCounts = [
    ...fieldMaps.flatMap((fields) => Object.values(fields).map((field) => field.args.length)),
    ...schema.getDirectives().map((directive) => directive.args.length),
  ];
  return new Map([
    ["__Schema.types", types.length],
    ["__Schema.directives", schema.getDirectives().length],
    ["__Type.fields", longest(fieldMaps.map((fields) => Object.keys(fields).length))],
    [
      "__Type.inputFields",
      longest(types.map((type) => (isInputObjectType(type) ? Object.keys(type.getFields()).length : 0))),
    ],
    ["__Type.enumValues", longest(types.map((type) => (isEnumType(type) ? type.getValues().length : 0)))],
    [
      "__Type.interfaces",
      longest(types.map((type) => (isObjectType(type) || isInterfaceType(type) ? type.getInterfaces().length : 0))),
    ],
    [
      "__Type.possibleTypes",
      longest(types.map((type) => (isAbstractType(type) ? schema.getPossibleTypes(type).length : 0))),
    ],
    ["__Field.args", longest(argumentCounts)],
    ["__Directive.args", longest(argumentCounts)],
  ]);
}

function fieldDefinition(
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === "__typename") return TypeNameMetaFieldDef;
  if (name === "__schema") return SchemaMetaFieldDef;
  if (name === "__type") return TypeMetaFieldDef;
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

/** How many times a field resolves its selection: a page's size, an introspection list's length, else once. */
function multiplier(
  parent: GraphQLNamedType | undefined,
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
  listSizes: Map<string, number>,
  variables: Record<string, unknown>,
): number {
  // A list may take both limit and first (one of them per call): the one given counts.
  const sizeArguments = field.args.filter((arg) => PAGE_SIZE_ARGUMENTS.includes(arg.name));
  const argument =
    sizeArguments.find((arg) => node.arguments?.some((given) => given.name.value === arg.name)) ?? sizeArguments[0];
  if (argument) {
    const value = node.arguments?.find((given) => given.name.value === argument.name)?.value;
    let size: unknown = argument.defaultValue ?? DEFAULT_PAGE_SIZE;
    if (value?.kind === Kind.INT) size = Number(value.value);
    else if (value?.kind === Kind.VARIABLE && value.name.value in variables) size = variables[value.name.value];
    // A value that is no count is refused when the variables are coerced; here it costs the default.
    return typeof size === "number" && Number.isFinite(size)
      ? Math.min(COST_CEILING, Math.max(0, size))
      : DEFAULT_PAGE_SIZE;
  }
  if (parent?.name.startsWith("__") && isListType(getNullableType(field.type)))
    return listSizes.get(`${parent.name}.${node.name.value}`) ?? 1;
  return 1;
}

/** The cost of one operation with its variables, each fragment measured once. */
function measureCosts(
  schema: GraphQLSchema,
  listSizes: Map<string, number>,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Costs {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const memo = new Map<string, Costs>();
  const typeNamed = (name: string | undefined, otherwise?: GraphQLNamedType) =>
    name === undefined ? otherwise : (schema.getType(name) ?? undefined);

  const ofFragment = (name: string): Costs => {
    const known = memo.get(name);
    if (known) return known;
    memo.set(name, NOTHING); // a cycle: graphql-js refuses the document before this runs
    const fragment = fragments.get(name);
    const costs = fragment
      ? ofSelectionSet(fragment.selectionSet, typeNamed(fragment.typeCondition.name.value))
      : NOTHING;
    memo.set(name, costs);
    return costs;
  };

  const ofSelectionSet = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): Costs => {
    const result = { cost: 0, introspection: 0, introspects: false };
    for (const selection of selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) {
        const costs =
          selection.kind === Kind.INLINE_FRAGMENT
            ? ofSelectionSet(selection.selectionSet, typeNamed(selection.typeCondition?.name.value, parent))
            : ofFragment(selection.name.value);
        result.cost = add(result.cost, costs.cost);
        result.introspection = add(result.introspection, costs.introspection);
        result.introspects ||= costs.introspects;
        continue;
      }
      const field = fieldDefinition(parent, selection.name.value);
      const below = selection.selectionSet
        ? ofSelectionSet(selection.selectionSet, field && getNamedType(field.type))
        : NOTHING;
      const factor = field ? multiplier(parent, selection, field, listSizes, variables) : 1;
      if (INTROSPECTION_FIELDS.has(selection.name.value)) {
        result.introspection = add(result.introspection, add(1, times(factor, add(below.cost, below.introspection))));
        result.introspects = true;
      } else {
        result.cost = add(result.cost, add(1, times(factor, below.cost)));
        result.introspection = add(result.introspection, times(factor, below.introspection));
        result.introspects ||= below.introspects;
      }
    }
    return result;
  };

  const root =
    operation.operation === "mutation"
      ? schema.getMutationType()
      : operation.operation === "subscription"
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return ofSelectionSet(operation.selectionSet, root ?? undefined);
}

/** What GraphiQL, Apollo Sandbox, graphql-codegen, Postman and Insomnia send, with every option on. */
const FULL_INTROSPECTION_QUERY = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});

/**
 * Who may introspect: nobody when GRAPHQL_INTROSPECTION switches it off (production's default);
 * otherwise any signed-in caller, and in production only operators.
 */
function introspectionRefusal(context: RequestContext, enabled: boolean): GraphQLError | null {
  if (!enabled) return refusal("FORBIDDEN", "Introspection is switched off on this server (GRAPHQL_INTROSPECTION)");
  const { principal } = context;
  if (!principal) return refusal("UNAUTHENTICATED", "Introspection needs a credential (Authorization: Bearer ...)");
  if (context.services.config.env === "production" && principal.kind !== "operator")
    return refusal("FORBIDDEN", "Introspection is open to operators only in production");
  return null;
}

/** The checks of one operation that depend on its variables and its caller. */
export interface OperationLimits {
  /** graphql-js's rules run with these (tokens, depth, directives, aliases): they depend on the text alone. */
  validationRules: ValidationRule[];
  /** Refuses, before it runs, an operation that costs too much or introspects without leave. */
  checkOperation(
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
    context: RequestContext,
  ): void;
  /** "Did you mean ...?" would spell the schema out to callers who may not introspect it. */
  maySeeSuggestions(context: RequestContext): boolean;
}

/** graphql-js ends a message with its suggestions: the message without them. */
export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, "");
}

/**
 * Everything that keeps one request from costing the server more than a request should:
 * validation rules (tokens, depth, aliases, directives: refused with 400 before graphql-js
 * validates the selections) and the per-request checks (cost and introspection, refused
 * before execution; "did you mean" suggestions dropped for callers who may not introspect).
 * `introspection` is `config.graphqlIntrospection`; the caller decides the rest (see
 * introspectionRefusal).
 */
export function graphqlLimits(schema: GraphQLSchema, options: { introspection: boolean }): OperationLimits {
  const listSizes = introspectionListSizes(schema);
  const fullIntrospection = parse(FULL_INTROSPECTION_QUERY);
  const [standard] = fullIntrospection.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const introspectionBudget =
    INTROSPECTION_COST_FACTOR * measureCosts(schema, listSizes, fullIntrospection, standard, {}).introspection;
  // The costs of an operation without variables, by its node: the same parsed document
  // serves every request of the same text (prepared-documents.ts), so it is measured once.
  const fixedCosts = new WeakMap<OperationDefinitionNode, Costs>();
  const aliasLimit = maxAliasesRule({
    n: MAX_QUERY_ALIASES,
    allowList: [],
    propagateOnRejection: false,
    onReject: [reportArmorRefusal],
  });
  return {
    validationRules: [documentLimitsRule, aliasLimit],
    checkOperation(document, operation, variables, context) {
      let costs = fixedCosts.get(operation);
      if (!costs) {
        costs = measureCosts(schema, listSizes, document, operation, variables);
        if (!operation.variableDefinitions?.length) fixedCosts.set(operation, costs);
      }
      if (costs.introspects) {
        const refused = introspectionRefusal(context, options.introspection);
        if (refused) throw refused;
        if (costs.introspection > introspectionBudget)
          throw refusal(
            "VALIDATION_ERROR",
            `Introspection cost ${costs.introspection} exceeds the maximum of ${introspectionBudget}`,
          );
      }
      if (costs.cost > MAX_QUERY_COMPLEXITY)
        throw refusal("VALIDATION_ERROR", `Query cost ${costs.cost} exceeds the maximum of ${MAX_QUERY_COMPLEXITY}`);
    },
    maySeeSuggestions: (context) => introspectionRefusal(context, options.introspection) === null,
  };
}
