import type { Query } from "type-graphql";
import type { Access } from "../auth/model";
import type { ErrorCode } from "../core/errors";
import type { OperationContext } from "./operation-context";

/** A TypeGraphQL type thunk, as @Query(() => Charge) takes it. */
type ReturnTypeFunc = Extract<Parameters<typeof Query>[0], (...args: never[]) => unknown>;

/**
 * One operation of the service, declared once: who may call it, its policies, its REST
 * address, its shapes (TypeGraphQL types, so `schema.graphql` is emitted from them) and the
 * function it runs. REST (http/rest-operations.ts) and GraphQL (graphql/operation-fields.ts)
 * are two thin adapters over the same declaration: each decodes its input, hands it to
 * runOperation (operation-runner.ts), which checks access and the policies in one order,
 * and writes the answer in its own form. See docs/architecture.md, "Declaring an operation".
 */
export interface Operation<Args, Deps> {
  /** The GraphQL root field (contract section 5's fixed names); also the REST route's operationId. */
  readonly name: string;
  readonly kind: "query" | "mutation";
  /** The GraphQL field's description. */
  readonly description?: string;
  /**
   * Who may call it: "anyone" (no credential needed), "caller" (any credential or session),
   * or Access rules of auth/principal.ts, any one of which admits (a merchant calling an
   * operator's operation gets FORBIDDEN).
   */
  readonly access: "anyone" | "caller" | readonly Access[];
  /** A TypeGraphQL @ArgsType() class: the arguments, in order (REST parameters follow it). */
  readonly args?: new () => Args;
  /** The TypeGraphQL type of the answer. */
  readonly output: ReturnTypeFunc;
  readonly nullable?: boolean;
  /** A console user steps up (a fresh second-factor code) before it runs; see StepUpPolicy. */
  readonly stepUp?: StepUpPolicy<Args, Deps>;
  /**
   * Plays the bank (a `simulate*`): refused with SANDBOX_ONLY (REST 403) unless the provider
   * is the sandbox, by provider/sandbox-only.ts's policy, right after access.
   */
  readonly sandboxOnly?: boolean;
  /**
   * Who is written into the audit log: "operators" (default: a merchant's own everyday
   * operations are not audited) or "every caller". The context's `audit` is null otherwise.
   */
  readonly audit?: "operators" | "every caller";
  /**
   * The `idempotencyKey` argument is the Idempotency-Key header on REST ("required" or
   * "optional"); `run` answers { result, replayed } and a replay answers
   * `Idempotent-Replayed: true` on both transports.
   */
  readonly idempotency?: "required" | "optional";
  /**
   * Its read checks a client secret in its own statement (auth/credential-lookup.ts): the
   * admission spends the rate limit but leaves the credential to the read (`readScope`).
   * Only for reads whose every error answer settles the credential first.
   */
  readonly credentialInRead?: boolean;
  /** Its REST route, when it has one. */
  readonly rest?: RestAddress<Deps>;
  /** What it does: translation only, the rules and transactions are the services'. */
  readonly run: (args: Args, ctx: OperationContext, deps: Deps) => Promise<unknown> | unknown;
}

/** The answer of an operation declared with `idempotency`: a replay is told apart. */
export interface Replayable<Result> {
  result: Result;
  replayed: boolean;
}

/**
 * Step-up before the operation runs: "always", when the arguments ask for it, or when the amount that would move is above
 * APPROVAL_SECOND_OPERATOR_ABOVE (either sign): an amount of the arguments, or the stored
 * amount of the row an argument names (an unknown id goes on to the operation's own NOT_FOUND).
 * Bearer callers have no second factor: the policy applies to console users.
 */
export type StepUpPolicy<Args, Deps> =
  | "always"
  /** Only when the arguments ask for what needs it (e.g. a fee changed, a requirement turned off). */
  | { readonly when: (args: Args) => boolean }
  | { readonly amountAbove: "second operator"; readonly amount: (args: Args, deps: Deps) => Promise<bigint> | bigint }
  | {
      readonly amountAbove: "second operator";
      readonly stored: "withdrawals" | "adjustments" | "refund_requests" | "disputes";
      readonly id: (args: Args) => string;
    };

/**
 * The answer's fields in their JSON order: GraphQL names (written in snake_case), a nested
 * object or list as `{ field: [...its fields] }`. Only plain fields: a field with a resolver
 * of its own is GraphQL's.
 */
export type RestAnswer = ReadonlyArray<string | { readonly [field: string]: RestAnswer }>;

/**
 * The REST route of an operation. Its parameters follow mechanical rules: `:name` path
 * parameters are the arguments of that name; `idempotencyKey` is the Idempotency-Key
 * header; an `input` argument (an input object) is the JSON body, its fields in snake_case;
 * the other arguments (those named in `args`, when given) are query parameters (GET) or body
 * fields (POST, PATCH), in snake_case; `companyId` is never a REST parameter (a merchant's
 * credential names its account).
 */
export interface RestAddress<Deps> {
  readonly method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Fastify path, e.g. "/withdrawals/:id/cancel". */
  readonly path: string;
  /** HTTP status of success (default 200). */
  readonly status?: number;
  readonly answer: RestAnswer;
  /**
   * The arguments REST takes as query parameters or body fields, besides the path, `input`
   * and the Idempotency-Key (omitted: every one). A list's cursor paging and console filters
   * stay GraphQL-only, so the contract's REST routes refuse them as unknown.
   */
  readonly args?: readonly string[];
  /** Codes of this route's own errors; those every route may answer are added for it. */
  readonly errors: readonly ErrorCode[];
  readonly summary: string;
  /** OpenAPI tag (the feature). */
  readonly tag: string;
  /**
   * A check the contract orders before the Idempotency-Key and the body: the resource the
   * path names must exist for the caller (404 first). It throws the error to answer.
   */
  readonly findFirst?: (params: Record<string, string>, ctx: OperationContext, deps: Deps) => Promise<unknown>;
  /** Bytes its body may have when the API's 100 kB is too little (a batch); above it, 413 PAYLOAD_TOO_LARGE. */
  readonly bodyLimit?: number;
}

/**
 * An operation of any arguments, as the lists that gather them (operations.ts) hold it: each
 * was checked against its own arguments' type where it was declared.
 */
// biome-ignore lint/suspicious/noExplicitAny: a list holds operations of different argument types
export type AnyOperation<Deps> = Operation<any, Deps>;

/**
 * Declares a feature's operations, each typed by its arguments' class; `Deps` names the
 * services they use (the wiring hands them the service's, in operations.ts).
 */
export function declareOperations<Deps>() {
  return {
    /** An operation whose `run` answers its result. */
    operation<Args = Record<string, never>>(
      declaration: Omit<Operation<Args, Deps>, "idempotency">,
    ): Operation<Args, Deps> {
      return declaration;
    },
    /** An operation with an idempotency key: `run` answers { result, replayed }. */
    idempotent<Args = Record<string, never>>(
      declaration: Omit<Operation<Args, Deps>, "run"> & {
        readonly idempotency: "required" | "optional";
        readonly run: (args: Args, ctx: OperationContext, deps: Deps) => Promise<Replayable<unknown>>;
      },
    ): Operation<Args, Deps> {
      return declaration;
    },
  };
}
