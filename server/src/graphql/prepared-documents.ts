import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  type ValidationRule,
  validate,
} from "graphql";
import { LRUCache } from "lru-cache";
import { type OperationExecutor, operationExecutor } from "./operation-executor";

/** One operation of a document, ready to run. */
export interface PreparedOperation {
  operation: OperationDefinitionNode;
  /** The first root field: the operation's name in metrics, whatever the client called it. */
  rootField: string;
  run: OperationExecutor;
}

/** A query text parsed and validated once: its operations, or why it cannot run. */
export interface PreparedDocument {
  document: DocumentNode | null;
  /** Syntax and validation errors (the limits' rules included): the same for every caller. */
  errors: readonly GraphQLError[];
  /** The operation to run (`operationName` picks one of several), or why there is none. */
  operation(operationName: string | undefined): PreparedOperation | GraphQLError;
}

/** Documents kept at most; the console and an integration use a few dozen. */
const MAX_DOCUMENTS = 500;
/**
 * Characters of query text kept at most. A valid document has at most MAX_QUERY_TOKENS
 * tokens, so its tree is bounded too; this keeps a caller who sends many different large
 * documents from filling memory with them.
 */
const MAX_TEXT = 2 * 1024 * 1024;
/** A /graphql operation is compiled by graphql-jit on its second run, not for a one-off. */
const COMPILE_AFTER_RUNS = 1;

/**
 * Parsing, validation (graphql-js's rules and the limits' rules) and the compiled form of
 * each operation depend on the text alone, so they are done once per text and kept in an
 * LRU. What depends on the caller or the variables (cost, introspection, input text) is
 * checked per request by the pipeline (graphql-http.ts).
 */
export class PreparedDocuments {
  private readonly cache = new LRUCache<string, PreparedDocument>({
    max: MAX_DOCUMENTS,
    maxSize: MAX_TEXT,
    sizeCalculation: (_document, text) => Math.max(1, text.length),
  });

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly validationRules: readonly ValidationRule[],
  ) {}

  get(text: string): PreparedDocument {
    let prepared = this.cache.get(text);
    if (!prepared) {
      prepared = this.prepare(text);
      this.cache.set(text, prepared);
    }
    return prepared;
  }

  private prepare(text: string): PreparedDocument {
    let document: DocumentNode;
    try {
      document = parse(text);
    } catch (error) {
      const syntaxError = error instanceof GraphQLError ? error : new GraphQLError(String(error));
      return refusedDocument([syntaxError]);
    }
    const errors = validate(this.schema, document, [...specifiedRules, ...this.validationRules]);
    if (errors.length > 0) return refusedDocument(errors);

    const operations = new Map<string | undefined, PreparedOperation>();
    return {
      document,
      errors: [],
      operation: (operationName) => {
        const known = operations.get(operationName);
        if (known) return known;
        const prepared = this.prepareOperation(document, operationName);
        // Only names that exist are kept: a caller cannot grow the map with made-up ones.
        if (!(prepared instanceof GraphQLError)) operations.set(operationName, prepared);
        return prepared;
      },
    };
  }

  private prepareOperation(
    document: DocumentNode,
    operationName: string | undefined,
  ): PreparedOperation | GraphQLError {
    const operation = getOperationAST(document, operationName);
    if (!operation) {
      return new GraphQLError(
        operationName === undefined
          ? "Must provide operation name if query contains multiple operations."
          : `Unknown operation named "${operationName}".`,
      );
    }
    const first = operation.selectionSet.selections[0];
    return {
      operation,
      rootField: first?.kind === "Field" ? first.name.value : "unknown",
      run: operationExecutor(this.schema, document, operation, COMPILE_AFTER_RUNS),
    };
  }
}

function refusedDocument(errors: readonly GraphQLError[]): PreparedDocument {
  return { document: null, errors, operation: () => errors[0] };
}
