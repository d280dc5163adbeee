import type { AuthCheckerFn } from "type-graphql";
import type { UncheckedCredential } from "../auth/credential-lookup";
import { type Access, clientSecretSatisfies, type Principal, satisfies } from "../auth/principal";
import type { CancelSignal } from "../core/cancellable-read";
import { forbidden, unauthenticated } from "../core/errors";
import type { Services } from "../services";

/** The HTTP request behind an operation. */
export interface RequestInfo {
  /** X-Request-Id when the caller sent a sensible one, else generated; sent back in the answer. */
  id: string;
  /** The client's address (X-Forwarded-For believed only from TRUST_PROXY's proxies). */
  address: string;
  /** Aborts when the client goes away before its answer. */
  signal: CancelSignal;
  userAgent: string | null;
  /** The Cookie header (the second factor's sign-in challenge and trusted-browser cookies); absent in-process. */
  cookie?: string | null;
}

/** What every resolver receives: who is calling, the services, and headers to answer with. */
export interface RequestContext {
  principal: Principal | null;
  services: Services;
  /** Set by resolvers (Idempotent-Replayed, Set-Cookie, Retry-After); both transports send them. */
  responseHeaders: Record<string, string | string[]>;
  request: RequestInfo;
  /** The console session cookie as presented (valid or not): sign-in replaces it, sign-out deletes it. */
  sessionToken: string | null;
  /**
   * A client secret the admission left to the operation's read to check (routes declared
   * with `credentialInRead`, auth/credential-lookup.ts); `principal` is then null.
   */
  uncheckedCredential?: UncheckedCredential | null;
}

/**
 * @Authorized() needs any caller; @Authorized("OPERATOR", "MERCHANT") needs a caller that
 * satisfies one of the rules (see Access in auth/principal.ts).
 */
export const authChecker: AuthCheckerFn<RequestContext, Access> = ({ context }, rules) => {
  const { principal } = context;
  if (!principal) {
    if (!context.uncheckedCredential) throw unauthenticated();
    // A client secret not looked up yet is a merchant ADMIN if it is live, which the
    // operation's read checks; a refusal is answered only once it has been checked (401 first).
    if (clientSecretSatisfies(rules)) return true;
    throw forbidden();
  }
  if (rules.length === 0 || rules.some((rule) => satisfies(principal, rule))) return true;
  if (principal.kind === "merchant" && !rules.some((rule) => rule === "MERCHANT" || rule === "MERCHANT_ADMIN")) {
    throw forbidden();
  }
  throw forbidden("Your role does not allow this operation");
};
