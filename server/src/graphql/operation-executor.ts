import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { RequestContext } from "./context";

/** Runs one operation of a parsed and validated document with the request's context and variables. */
export type OperationExecutor = (
  context: RequestContext,
  variables: Record<string, unknown>,
) => Promise<ExecutionResult>;

interface JitError {
  message: string;
  locations?: GraphQLError["locations"];
  path?: ReadonlyArray<string | number>;
  originalError?: Error;
}

/**
 * How an operation of /graphql runs. A query is compiled to JavaScript by graphql-jit once
 * it has run `compileAfterRuns` times (no walk of the document and no generic field
 * completion per request: most of a list page's cost; a one-off document costs no
 * compilation). Mutations keep graphql-js's `execute`.
 *
 * A compiled query's errors are not graphql-js's. Those a resolver raised (they carry the
 * original error) are rebuilt as graphql-js builds them, with their path and locations;
 * any other (a variable that does not coerce, raised before any resolver ran) is answered
 * by running graphql-js instead, which a query may do twice since it writes nothing.
 */
export function operationExecutor(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  compileAfterRuns: number,
): OperationExecutor {
  const operationName = operation.name?.value;
  const interpreted: OperationExecutor = async (context, variables) =>
    execute({ schema, document, operationName, variableValues: variables, contextValue: context });
  if (operation.operation !== "query") return interpreted;

  let runs = 0;
  let compiled: CompiledQuery | null = null;
  return async (context, variables) => {
    if (!compiled) {
      if (runs++ < compileAfterRuns) return interpreted(context, variables);
      const attempt = compileQuery(schema, document, operationName);
      if (!isCompiledQuery(attempt)) return interpreted(context, variables);
      compiled = attempt;
    }
    const result = await compiled.query(undefined, context, variables);
    if (!result.errors?.length) return result;
    const errors = result.errors as readonly JitError[];
    if (!errors.every((error) => error.originalError)) return interpreted(context, variables);
    return { ...result, errors: errors.map(asGraphQLError) };
  };
}

function asGraphQLError(error: JitError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, { originalError: error.originalError, path: error.path });
  // graphql-js computes locations from nodes; the compiled query already worked them out.
  (rebuilt as { locations?: GraphQLError["locations"] }).locations = error.locations?.length
    ? error.locations
    : undefined;
  return rebuilt;
}
