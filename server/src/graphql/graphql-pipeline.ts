import {
  type ExecutionResult,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getArgumentValues,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
} from "graphql";
import { AppError, graphqlExtensions, httpStatusFor, toPublicError } from "../core/errors";
import { describeError, type Logger } from "../core/logger";
import { observeGraphqlOperation } from "../metrics/metrics";
import type { RequestContext } from "./context";
import { checkOperationInputs, RefusedText } from "./input-text";
import { PreparedDocuments } from "./prepared-documents";
import { type OperationLimits, withoutSuggestions } from "./query-limits";

/** A GraphQL request as sent: the body of a POST, or the parameters of a GET. */
export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

/** What goes back over HTTP: the status and GraphQL's `{ errors, data }`. */
export interface GraphQLAnswer {
  status: number;
  body: { errors?: GraphQLFormattedError[]; data?: unknown };
  /** Seconds a RATE_LIMITED or DATABASE_UNAVAILABLE caller waits (sent as Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * What an operation records when its text inputs are refused before it runs, given its
 * arguments as a resolver would get them: a sign-in attempt is audited even then.
 */
export type RefusedInputRecorder = (args: Record<string, unknown>, context: RequestContext) => Promise<void>;

/** Errors that refuse the request before execution (syntax, validation, operation choice). */
class RequestErrors extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors[0]?.message);
  }
}

/** Refused because of the HTTP method, not the document: 405 with `Allow: POST`. */
export class MethodNotAllowed extends AppError {
  constructor(message: string) {
    super("VALIDATION_ERROR", message);
  }
}

/**
 * The one way a GraphQL operation runs over /graphql, in the order of its checks:
 * 1. the text parsed and validated (graphql-js's rules and the limits'), once per text;
 * 2. the operation picked (`operationName`); a GET may only read;
 * 3. the variables coerced and every string input checked (well-formed, no control
 *    characters); a refused operation that records its attempts (refusedInputRecorders) does;
 * 4. cost and introspection, which depend on the variables and the caller;
 * 5. execution (graphql-jit for a query run before, graphql-js otherwise).
 * Anything refused before execution is a request error: 4xx by its code, no `data`. Errors
 * met while executing answer 200 beside the data (429 with Retry-After when rate-limited).
 * Every error leaves through toPublicError, so no internal message, stack or SQL does.
 */
export class GraphQLPipeline {
  private readonly documents: PreparedDocuments;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: OperationLimits,
    private readonly logger: Logger,
    /** By root field name. */
    private readonly refusedInputRecorders: Readonly<Record<string, RefusedInputRecorder>> = {},
    /**
     * Root fields whose read checks a client secret itself (their REST route is declared
     * `credentialInRead`), each with the arguments it may be given so (its REST route's).
     */
    private readonly credentialInRead: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
  ) {
    this.documents = new PreparedDocuments(schema, limits.validationRules);
  }

  /**
   * Whether a client secret left unchecked may run this request as it is (its reads check it
   * in their own statements: auth/credential-lookup.ts): a query whose every root field is
   * such a read, given only the arguments its REST route takes and no directive. Anything
   * else (a mutation, another field, a fragment, a document that does not parse) has the credential looked
   * up before it runs.
   */
  checksCredentialInRead(params: GraphQLParams): boolean {
    const prepared = this.documents.get(params.query);
    if (!prepared.document) return false;
    const operation = prepared.operation(params.operationName);
    if (operation instanceof GraphQLError || operation.operation.operation !== "query") return false;
    return operation.operation.selectionSet.selections.every((selection) => {
      // A directive (@skip, @include) could leave the read unrun, and the credential unchecked.
      if (selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0) return false;
      const allowed = this.credentialInRead.get(selection.name.value);
      return allowed !== undefined && (selection.arguments ?? []).every((arg) => allowed.has(arg.name.value));
    });
  }

  async run(params: GraphQLParams, context: RequestContext, readOnly: boolean): Promise<GraphQLAnswer> {
    const started = performance.now();
    let type = "unknown";
    let field = "unknown";
    let answer: GraphQLAnswer;
    try {
      const prepared = this.documents.get(params.query);
      if (!prepared.document) throw new RequestErrors(prepared.errors);
      const operation = prepared.operation(params.operationName);
      if (operation instanceof GraphQLError) throw new RequestErrors([operation]);
      type = operation.operation.operation;
      field = operation.rootField;
      if (readOnly && type !== "query") {
        throw new MethodNotAllowed(`Can only perform a ${type} operation from a POST request.`);
      }
      try {
        checkOperationInputs(this.schema, prepared.document, operation.operation, params.variables);
      } catch (error) {
        if (error instanceof RefusedText) await this.recordRefusal(operation.operation, params.variables, context);
        throw error;
      }
      this.limits.checkOperation(prepared.document, operation.operation, params.variables, context);
      answer = this.executed(await operation.run(context, params.variables), context);
    } catch (thrown) {
      answer = this.refused(thrown, context);
    }
    const firstError = answer.body.errors?.[0]?.extensions?.code;
    observeGraphqlOperation(
      type,
      field,
      answer.body.errors?.length ? (typeof firstError === "string" ? firstError : "ERROR") : "ok",
      (performance.now() - started) / 1000,
    );
    return answer;
  }

  /** Lets each refused root field that records its attempts do so (its own errors answer instead). */
  private async recordRefusal(
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
    context: RequestContext,
  ): Promise<void> {
    const rootType = operation.operation === "mutation" ? this.schema.getMutationType() : this.schema.getQueryType();
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const record = this.refusedInputRecorders[selection.name.value];
      const field = rootType?.getFields()[selection.name.value];
      if (!record || !field) continue;
      const coerced = getVariableValues(this.schema, operation.variableDefinitions ?? [], variables);
      if (coerced.errors) continue;
      await record(getArgumentValues(field, selection, coerced.coerced), context);
    }
  }

  /** A request error (thrown before execution): its status by its code, no data. */
  private refused(thrown: unknown, context: RequestContext): GraphQLAnswer {
    const errors: readonly unknown[] = thrown instanceof RequestErrors ? thrown.errors : [thrown];
    // Anything else thrown here is a fault of ours: the HTTP layer answers 500 and logs it.
    if (!errors.every((error) => error instanceof GraphQLError || error instanceof AppError)) throw thrown;
    const first = toPublicError(errors[0]);
    const status = errors[0] instanceof MethodNotAllowed ? 405 : httpStatusFor(first.code);
    return { status, body: { errors: this.format(errors as Array<GraphQLError | AppError>, context) } };
  }

  private executed(result: ExecutionResult, context: RequestContext): GraphQLAnswer {
    if (!result.errors?.length) return { status: 200, body: { data: result.data } };
    const errors = this.format(result.errors, context);
    const body = result.data === undefined ? { errors } : { errors, data: result.data };
    const publicErrors = result.errors.map(toPublicError);
    const limited = publicErrors.find((error) => error.code === "RATE_LIMITED");
    if (limited) return { status: 429, body, retryAfterSeconds: limited.retryAfterSeconds };
    // A failover under the operation: 503 with Retry-After, as REST answers it (contract §14).
    const unreachable = publicErrors.find((error) => error.code === "DATABASE_UNAVAILABLE");
    if (unreachable) return { status: 503, body, retryAfterSeconds: unreachable.retryAfterSeconds };
    // No data at all: the request failed before any field ran (graphql-js's own coercion).
    if (result.data === undefined) return { status: httpStatusFor(toPublicError(result.errors[0]).code), body };
    return { status: 200, body };
  }

  private format(errors: ReadonlyArray<GraphQLError | AppError>, context: RequestContext): GraphQLFormattedError[] {
    const suggestions = this.limits.maySeeSuggestions(context);
    return errors.map((error) => {
      const publicError = toPublicError(error);
      if (publicError.code === "INTERNAL_ERROR") {
        this.logger.error("GraphQL operation failed", {
          requestId: context.request?.id,
          ...describeError(error instanceof GraphQLError ? (error.originalError ?? error) : error),
        });
      }
      const message = suggestions ? publicError.message : withoutSuggestions(publicError.message);
      if (!(error instanceof GraphQLError)) return { message, extensions: graphqlExtensions(publicError) };
      return { message, locations: error.locations, path: error.path, extensions: graphqlExtensions(publicError) };
    });
  }
}
