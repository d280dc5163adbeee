import {
  type ASTNode,
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  type ValueNode,
  visit,
} from "graphql";
import { isAcceptableText, textProblem } from "../core/text-input";

/** A string argument refused by the text rule (core/text-input.ts): 400 VALIDATION_ERROR. */
export class RefusedText extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "VALIDATION_ERROR", http: { status: 400 } } });
  }
}

function checkText(path: string, field: string, text: string): void {
  const problem = textProblem(path, field, text);
  if (problem !== null) throw new RefusedText(problem);
}

/** Checks every string inside a literal value; `path` names where it is written. */
function checkLiteral(value: ValueNode, path: string, field: string): void {
  switch (value.kind) {
    case Kind.STRING:
      checkText(path, field, value.value);
      return;
    case Kind.LIST:
      value.values.forEach((item, index) => {
        checkLiteral(item, `${path}[${index}]`, field);
      });
      return;
    case Kind.OBJECT:
      for (const entry of value.fields) checkLiteral(entry.value, `${path}.${entry.name.value}`, entry.name.value);
      return;
    default:
  }
}

/** Checks every string inside a variable's value, JSON as sent. */
function checkVariable(value: unknown, path: string, field: string): void {
  if (typeof value === "string") {
    checkText(path, field, value);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      checkVariable(item, `${path}[${index}]`, field);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) checkVariable(item, `${path}.${key}`, key);
  }
}

/**
 * The argument or input field each variable feeds: prose rules apply by that name. A
 * variable used in several places is prose only if every one of them is.
 */
function variableFields(document: DocumentNode, operation: OperationDefinitionNode): Map<string, string> {
  const fields = new Map<string, string>();
  const names: string[] = [];
  const record = (node: ASTNode) => {
    if (node.kind !== Kind.VARIABLE) return;
    const field = names[names.length - 1] ?? node.name.value;
    const known = fields.get(node.name.value);
    fields.set(
      node.name.value,
      known === undefined || isAcceptableText(known, "\n") === isAcceptableText(field, "\n") ? field : node.name.value,
    );
  };
  const visitor = {
    Argument: {
      enter: (node: { name: { value: string } }) => void names.push(node.name.value),
      leave: () => void names.pop(),
    },
    ObjectField: {
      enter: (node: { name: { value: string } }) => void names.push(node.name.value),
      leave: () => void names.pop(),
    },
    Variable: (node: ASTNode) => record(node),
    VariableDefinition: () => false as const,
  };
  visit(operation, visitor);
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) visit(definition, visitor);
  return fields;
}

/**
 * Operations whose literals were found clean, and the fields of each one's variables: the
 * same parsed document serves every request of the same text (prepared-documents.ts), so a
 * fixed document is walked once; only the variables are checked per request.
 */
const cleanLiterals = new WeakSet<OperationDefinitionNode>();
const fieldsOfVariables = new WeakMap<OperationDefinitionNode, Map<string, string>>();

function checkLiterals(document: DocumentNode, operation: OperationDefinitionNode): void {
  const names: string[] = [];
  const visitor = {
    Argument: {
      enter(node: { name: { value: string }; value: ValueNode }) {
        checkLiteral(node.value, [...names, node.name.value].join("."), node.name.value);
        return false as const;
      },
    },
    Field: {
      enter: (node: { name: { value: string } }) => void names.push(node.name.value),
      leave: () => void names.pop(),
    },
    VariableDefinition(node: { variable: { name: { value: string } }; defaultValue?: ValueNode }) {
      if (node.defaultValue) checkLiteral(node.defaultValue, `$${node.variable.name.value}`, node.variable.name.value);
      return false as const;
    },
  };
  visit(operation, visitor);
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) visit(definition, visitor);
}

/**
 * Refuses ill-formed text (a lone surrogate), NUL and other control characters in every
 * string argument of an operation, written as a literal or sent as a variable (tab and
 * newline only in prose fields), with 400 VALIDATION_ERROR naming the argument or variable
 * path (a RefusedText).
 */
export function checkOperationText(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): void {
  if (!cleanLiterals.has(operation)) {
    checkLiterals(document, operation);
    cleanLiterals.add(operation);
  }
  if (!variables) return;
  let fields = fieldsOfVariables.get(operation);
  if (!fields) {
    fields = variableFields(document, operation);
    fieldsOfVariables.set(operation, fields);
  }
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (name in variables) checkVariable(variables[name], `$${name}`, fields.get(name) ?? name);
  }
}

/**
 * Checks an operation's inputs once it is known, before anything else looks at them:
 * variables that do not coerce to their types are 400 BAD_USER_INPUT (whatever later check
 * would trip over them first), then every string argument must be clean text.
 */
export function checkOperationInputs(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): void {
  if (operation.variableDefinitions?.length) {
    const coerced = getVariableValues(schema, operation.variableDefinitions, variables, { maxErrors: 1 });
    if (coerced.errors?.length) {
      const [error] = coerced.errors;
      throw new GraphQLError(error.message, {
        nodes: error.nodes,
        originalError: error.originalError,
        extensions: { code: "BAD_USER_INPUT", http: { status: 400 } },
      });
    }
  }
  checkOperationText(document, operation, variables);
}
