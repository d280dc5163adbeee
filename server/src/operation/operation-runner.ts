import { type Access, clientSecretSatisfies, type Principal, satisfies } from "../auth/model";
import { forbidden, unauthenticated } from "../core/errors";
import { type PixProvider, requireSandbox } from "../provider";
import type { AnyOperation, Replayable, StepUpPolicy } from "./operation";
import { CallContext, type RequestScope } from "./operation-context";

/** What the runner needs of the services to apply the declared policies. */
export interface PolicyServices {
  twoFactor: {
    requireStepUp(principal: Principal | null, sessionToken: string | null): Promise<void>;
    requireStepUpAbove(
      principal: Principal | null,
      sessionToken: string | null,
      amountCents: bigint,
      thresholdCents: bigint | null,
    ): Promise<void>;
    requireStepUpForStored(
      principal: Principal | null,
      sessionToken: string | null,
      table: "withdrawals" | "adjustments" | "refund_requests" | "disputes",
      id: string,
      thresholdCents: bigint | null,
    ): Promise<void>;
  };
  config: { approvalSecondOperatorAboveCents: bigint | null };
  /** Whether the bank is simulated: `sandboxOnly` operations run only then. */
  provider: Pick<PixProvider, "simulated">;
}

/**
 * Whether the caller may run an operation of this access; throws the refusal. A client
 * secret the admission left to the read (`credentialInRead`) is a merchant ADMIN if it is
 * live, which the read checks: a refusal is answered only once it has been checked (401 first).
 */
export function checkAccess(
  access: "anyone" | "caller" | readonly Access[],
  caller: Pick<RequestScope, "principal" | "uncheckedCredential">,
): void {
  if (access === "anyone") return;
  const rules = access === "caller" ? [] : access;
  const { principal } = caller;
  if (!principal) {
    if (!caller.uncheckedCredential) throw unauthenticated();
    if (clientSecretSatisfies(rules)) return;
    throw forbidden();
  }
  if (rules.length === 0 || rules.some((rule) => satisfies(principal, rule))) return;
  if (principal.kind === "merchant" && !rules.some((rule) => rule === "MERCHANT" || rule === "MERCHANT_ADMIN")) {
    throw forbidden();
  }
  throw forbidden("Your role does not allow this operation");
}

/**
 * Runs one operation for a caller, the same for both transports, in this order: access
 * (UNAUTHENTICATED, FORBIDDEN), the sandbox (SANDBOX_ONLY, for an operation that plays the
 * bank), step-up (STEP_UP_REQUIRED), then the operation. The
 * adapters decode the input before (400s come first) and write the answer after; an
 * idempotent operation's replay sets `Idempotent-Replayed: true` here, for both.
 * Synchronous up to the operation when no policy awaits (most reads): no promise of its own.
 */
export function runOperation<Deps extends PolicyServices>(
  operation: AnyOperation<Deps>,
  args: unknown,
  scope: RequestScope,
  deps: Deps,
): Promise<unknown> | unknown {
  checkAccess(operation.access, scope);
  if (operation.sandboxOnly) requireSandbox(deps.provider);
  const ctx = new CallContext(scope, operation.audit ?? "operators");
  if (operation.stepUp) {
    return stepUp(operation.stepUp, args, scope, deps).then(() => answer(operation, args, ctx, deps));
  }
  return answer(operation, args, ctx, deps);
}

function answer<Deps>(operation: AnyOperation<Deps>, args: unknown, ctx: CallContext, deps: Deps) {
  const outcome = operation.run(args, ctx, deps);
  if (!operation.idempotency) return outcome;
  return (outcome as Promise<Replayable<unknown>>).then(({ result, replayed }) => {
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return result;
  });
}

async function stepUp<Deps extends PolicyServices>(
  policy: StepUpPolicy<unknown, Deps>,
  args: unknown,
  scope: RequestScope,
  deps: Deps,
): Promise<void> {
  const { twoFactor, config } = deps;
  if (policy === "always") return twoFactor.requireStepUp(scope.principal, scope.sessionToken);
  if ("when" in policy) {
    if (policy.when(args)) await twoFactor.requireStepUp(scope.principal, scope.sessionToken);
    return;
  }
  const threshold = config.approvalSecondOperatorAboveCents;
  if ("stored" in policy) {
    return twoFactor.requireStepUpForStored(
      scope.principal,
      scope.sessionToken,
      policy.stored,
      policy.id(args),
      threshold,
    );
  }
  const amount = await policy.amount(args, deps);
  return twoFactor.requireStepUpAbove(scope.principal, scope.sessionToken, amount, threshold);
}
