import { forbidden, unauthenticated, validationError } from "../core/errors";

export type Principal = { kind: "operator" } | { kind: "merchant"; companyId: string; credentialId: string };

export type Role = "OPERATOR" | "MERCHANT";

/** Who is acting, as written into history rows. */
export function actorOf(principal: Principal): string {
  return principal.kind === "operator" ? "operator" : `merchant:${principal.credentialId}`;
}

export function requirePrincipal(principal: Principal | null): Principal {
  if (!principal) throw unauthenticated();
  return principal;
}

/**
 * The account an operation reads or writes. A merchant always acts on its own account
 * (naming another one is refused); an operator names the account, or none to see all.
 */
export function companyScope(principal: Principal | null, companyId?: string | null): string | null {
  const who = requirePrincipal(principal);
  if (who.kind === "merchant") {
    if (companyId && companyId !== who.companyId) throw forbidden();
    return who.companyId;
  }
  return companyId ?? null;
}

/** Like companyScope, for operations that act on exactly one account. */
export function requireCompanyScope(principal: Principal | null, companyId?: string | null): string {
  const scope = companyScope(principal, companyId);
  if (scope === null) throw validationError("companyId is required when the operator acts for an account");
  return scope;
}
