import { AppError } from "../core/errors";
import type { PixProvider } from "./pix-provider";

/**
 * Nothing simulated with a real bank (CONTRACT §10). The operations that play the bank
 * (`simulateChargePayment`, `simulateWithdrawalOutcome`, `simulateRefundOutcome`,
 * `simulateDispute`, and every `simulate*` to come), the sandbox's inbound endpoint
 * `POST /provider/pix` and the sandbox's own settlement jobs move money that no bank moved:
 * with the built-in sandbox that is the point, with any other provider it is money made up.
 * They all ask here, and nowhere else.
 */
export const sandboxOnlyError = () =>
  new AppError(
    "SANDBOX_ONLY",
    "This operation plays the bank: it works only with the sandbox provider (PIX_PROVIDER=sandbox)",
  );

/** True only for the built-in sandbox, the one bank whose money may be simulated. */
export function isSandbox(provider: Pick<PixProvider, "simulated">): boolean {
  return provider.simulated === true;
}

/**
 * Refuses (SANDBOX_ONLY, REST 403) unless the provider is the simulated bank. A declared
 * operation that plays the bank says `sandboxOnly: true` (operation/operation.ts): the runner
 * asks here right after its access check (a merchant is still FORBIDDEN first).
 */
export function requireSandbox(provider: Pick<PixProvider, "simulated">): void {
  if (!isSandbox(provider)) throw sandboxOnlyError();
}
