import { forbidden, unauthenticated, validationError } from "../core/errors";
import type { AccountRef, UncheckedCredential } from "./credential-lookup";

export type OperatorRole = "ADMIN" | "OPERATOR" | "VIEWER";
export type MerchantRole = "ADMIN" | "MEMBER";

/**
 * Who is calling. Bearer tokens and console sessions resolve into these same shapes, so
 * every authorization rule applies to both: the ADMIN_API_TOKEN is an operator ADMIN with
 * no user; a client secret is a merchant ADMIN with its credential; a console user is
 * either, with its user id.
 */
export type Principal =
  | { kind: "operator"; role: OperatorRole; userId: string | null; actor: string }
  | {
      kind: "merchant";
      companyId: string;
      role: MerchantRole;
      credentialId: string | null;
      userId: string | null;
      actor: string;
    };

/** The actor of the operator token: one identity for maker-checker, as each console user is. */
export const OPERATOR_TOKEN_ACTOR = "operator:token";

export const operatorTokenPrincipal = (): Principal => ({
  kind: "operator",
  role: "ADMIN",
  userId: null,
  actor: OPERATOR_TOKEN_ACTOR,
});

export const clientSecretPrincipal = (companyId: string, credentialId: string): Principal => ({
  kind: "merchant",
  companyId,
  role: "ADMIN",
  credentialId,
  userId: null,
  actor: `merchant:${credentialId}`,
});

/**
 * What an operation needs, for @Authorized(...): a caller passes when it satisfies any of
 * the listed rules; @Authorized() with none admits any caller.
 * - VIEWER: an operator of any role (reads);
 * - OPERATOR: an operator with role OPERATOR or ADMIN (actions on money and charges);
 * - ADMIN: an operator ADMIN (accounts, credentials, operators, merchant users);
 * - MERCHANT: any merchant caller (client secret or merchant user);
 * - MERCHANT_ADMIN: a client secret or a merchant user with role ADMIN.
 */
export type Access = "VIEWER" | "OPERATOR" | "ADMIN" | "MERCHANT" | "MERCHANT_ADMIN";

export function satisfies(principal: Principal, access: Access): boolean {
  switch (access) {
    case "VIEWER":
      return principal.kind === "operator";
    case "OPERATOR":
      return principal.kind === "operator" && principal.role !== "VIEWER";
    case "ADMIN":
      return principal.kind === "operator" && principal.role === "ADMIN";
    case "MERCHANT":
      return principal.kind === "merchant";
    case "MERCHANT_ADMIN":
      return principal.kind === "merchant" && principal.role === "ADMIN";
    default: {
      const unreachable: never = access;
      return unreachable;
    }
  }
}

/** Whether a client secret (a merchant ADMIN) passes @Authorized(...rules). */
export function clientSecretSatisfies(rules: readonly Access[]): boolean {
  return rules.length === 0 || rules.includes("MERCHANT") || rules.includes("MERCHANT_ADMIN");
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
    if (companyId && companyId !== who.companyId) throw forbidden("A merchant acts only on its own company");
    return who.companyId;
  }
  return companyId ?? null;
}

/**
 * companyScope for a read that can check a client secret itself: the unchecked credential
 * when the admission left one (auth/credential-lookup.ts), else the account by id.
 */
export function readScope(
  caller: { principal: Principal | null; uncheckedCredential?: UncheckedCredential | null },
  companyId?: string | null,
): AccountRef | null {
  if (!caller.principal && caller.uncheckedCredential) {
    // Only REST routes leave the credential unchecked, and they never name an account.
    if (companyId) throw new Error("an unchecked credential reads its own account only");
    return caller.uncheckedCredential;
  }
  return companyScope(caller.principal, companyId);
}

/** readScope for operations that act on exactly one account. */
export function requireReadScope(
  caller: { principal: Principal | null; uncheckedCredential?: UncheckedCredential | null },
  companyId?: string | null,
): AccountRef {
  const scope = readScope(caller, companyId);
  if (scope === null) throw validationError("companyId is required when the operator acts for an account");
  return scope;
}

/** Like companyScope, for operations that act on exactly one account. */
export function requireCompanyScope(principal: Principal | null, companyId?: string | null): string {
  const scope = companyScope(principal, companyId);
  if (scope === null) throw validationError("companyId is required when the operator acts for an account");
  return scope;
}
