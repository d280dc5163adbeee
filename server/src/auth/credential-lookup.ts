import type { DataSource } from "typeorm";
import { unauthenticated } from "../core/errors";
import { poolRows } from "../core/sql";

/**
 * The one definition of a live client credential, and the reads that check one in their
 * own statement.
 *
 * A credential is asked for on every request, uncached, so that a revocation or an expiry
 * made by any process (or in SQL) refuses the credential's very next request. For most
 * routes the admission asks (AuthService.authenticateBearer): one statement, then the
 * route's own. On the hottest reads (the balance, a charge, the charges list page: routes
 * declared with `credentialInRead`) that was half of the statements a read sends, and on
 * this machine a statement's round trip is most of a read's cost (docs/benchmarks.md,
 * "Where the time goes"). There the admission spends the rate limit, keyed by the token's
 * digest as always, and leaves the credential unchecked; the read joins the credential to
 * its row in one statement, starting from the credential's side so that "no live
 * credential" (401) stays apart from "no row" (404). Every other answer of such a request,
 * an error raised before the read (a bad query parameter, say), checks the credential first
 * (request-admission.ts, confirmCredential), so the contract's order of checks holds: 401
 * for a bad or revoked credential before anything else.
 */

/** A client secret presented on a route whose read checks it: only its SHA-256 (hex) is kept. */
export interface UncheckedCredential {
  readonly secretHash: string;
  /**
   * Told by the read that found the credential live (its id and account): the request is
   * then authenticated (its "last used" noted, no second lookup on its error paths).
   */
  readonly found: (credentialId: string, companyId: string) => void;
}

/** The account a read is for: its id, as the admission resolved it, or a client secret the read's statement checks. */
export type AccountRef = string | UncheckedCredential;

/** The live credential of a secret's hash (`hashParameter`, e.g. "$1"): its id and account. */
export function liveCredentialSql(hashParameter: string): string {
  return `SELECT id, company_id FROM client_credentials
        WHERE secret_hash = ${hashParameter} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;
}

/**
 * The head of a read that checks a client secret itself: `WITH caller AS (<live credential>)`.
 * The read then selects FROM caller LEFT JOIN its rows ON the caller's `company_id`, and
 * `caller.id AS caller_credential_id, caller.company_id AS caller_company_id` in its answer:
 * no row at all means no live credential (401), a row with nulls means no row for that
 * account. A read that found it calls `found` (callerFound).
 */
export function callerCte(hashParameter: string): string {
  return `WITH caller AS (${liveCredentialSql(hashParameter)})`;
}

/** The caller's columns of such a read. */
export const CALLER_COLUMNS = "caller.id AS caller_credential_id, caller.company_id AS caller_company_id";

/**
 * Checks the credential in a statement of its own, on the primary, and answers its account:
 * for a read that goes to a replica (contract §14: a credential is never read there, a
 * revocation takes effect at once). 401 when it is not live.
 */
export async function checkCredentialApart(db: DataSource, credential: UncheckedCredential): Promise<string> {
  const [row] = await poolRows<{ id: string; company_id: string }>(db, liveCredentialSql("$1"), [
    credential.secretHash,
  ]);
  if (!row) throw unauthenticated();
  credential.found(row.id, row.company_id);
  return row.company_id;
}

/** Tells the credential that a read's first row names that it was found live. */
export function callerFound(credential: UncheckedCredential, row: Record<string, unknown>): void {
  credential.found(row.caller_credential_id as string, row.caller_company_id as string);
}
