import { timingSafeEqual } from "node:crypto";
import type { DataSource } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { AppError, notFound, validationError } from "../core/errors";
import { newCredentialId } from "../core/ids";
import { hashSecret, newSecret } from "../core/secrets";
import { poolRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { ClientCredential } from "./client-credential.entity";
import { liveCredentialSql, type UncheckedCredential } from "./credential-lookup";
import { clientSecretPrincipal, operatorTokenPrincipal, type Principal } from "./principal";
import { lookupSession, type SessionSettings } from "./sessions";

export const CLIENT_SECRET_PREFIX = "sk_";

function credentialFields(credential: ClientCredential) {
  return {
    label: credential.label,
    secretHint: credential.secretHint,
    expiresAt: credential.expiresAt?.toISOString() ?? null,
    revokedAt: credential.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Resolves bearer tokens and console sessions to principals (the same shapes, so every
 * authorization rule applies to both) and issues or revokes merchant credentials.
 */
export class AuthService {
  private readonly adminTokenDigest: Buffer;

  constructor(
    private readonly db: DataSource,
    adminTokenHash: string,
    private readonly sessions: SessionSettings = { idleMinutes: 30, maxHours: 12, maxPerUser: 10 },
    /** Told of each request a client credential authenticates (its "last used", kept in memory). */
    private readonly credentialUsed: (credentialId: string) => void = () => undefined,
  ) {
    this.adminTokenDigest = Buffer.from(adminTokenHash, "utf8");
  }

  /** The principal of the console session cookie's value, or null when it is not a live session. */
  authenticateSession(token: string | null | undefined): Promise<Principal | null> {
    if (!token) return Promise.resolve(null);
    return lookupSession(this.db, token, this.sessions);
  }

  authenticateBearer(authorization: string | undefined): Promise<Principal | null> {
    return this.principalOfBearer(this.readBearer(authorization));
  }

  /** The principal of what a bearer header presented (readBearer), or null when it is not valid or not live. */
  async principalOfBearer(bearer: "operator" | UncheckedCredential | null): Promise<Principal | null> {
    if (bearer === null) return null;
    if (bearer === "operator") return operatorTokenPrincipal();
    return this.lookupClientSecret(bearer);
  }

  /**
   * What a bearer header presents, before any lookup: the operator token (compared in
   * memory), a client secret (its hash, still to be looked up), or nothing valid (null).
   */
  readBearer(authorization: string | undefined): "operator" | UncheckedCredential | null {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) return null;
    const token = match[1];
    const secretHash = hashSecret(token);
    // Both are SHA-256 in hex, of one length whatever was presented: compared in constant
    // time as they are (safeEqual would hash them again, two more digests per request).
    const presented = Buffer.from(secretHash, "utf8");
    if (presented.length === this.adminTokenDigest.length && timingSafeEqual(presented, this.adminTokenDigest))
      return "operator";
    if (!token.startsWith(CLIENT_SECRET_PREFIX)) return null;
    return { secretHash, found: (credentialId) => this.credentialUsed(credentialId) };
  }

  /**
   * The principal of a client secret, or null when it is not live. One statement, asked
   * every time (no cache): a revocation or expiry, made by any process or in SQL, refuses
   * the credential's next request. The hash is the lookup key: a 256-bit secret cannot be
   * guessed through timing of an index. (The hottest reads ask in their own statement:
   * credential-lookup.ts.)
   */
  async lookupClientSecret({ secretHash }: UncheckedCredential): Promise<Principal | null> {
    const rows = await poolRows<{ id: string; company_id: string }>(this.db, liveCredentialSql("$1"), [secretHash]);
    if (rows.length === 0) return null;
    this.credentialUsed(rows[0].id);
    return clientSecretPrincipal(rows[0].company_id, rows[0].id);
  }

  async issueClientSecret(
    companyId: string,
    expiresAt: Date | null,
    audit: AuditContext | null = null,
    label: string | null = null,
  ): Promise<{ credential: ClientCredential; clientSecret: string }> {
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw validationError("expiresAt must be in the future");
    const name = checkLabel(label);
    return runTransaction(this.db, async (em) => {
      const company = await em.query("SELECT id FROM companies WHERE id = $1", [companyId]);
      if (company.length === 0) throw notFound("Company");
      const issued = await insertClientCredential(em.getRepository(ClientCredential), companyId, expiresAt, name);
      await appendAudit(em, audit, {
        action: "credential.issue",
        objectType: "client_credential",
        objectId: issued.credential.id,
        companyId,
        after: credentialFields(issued.credential),
      });
      return issued;
    });
  }

  /** Revokes a credential; `scopeCompanyId` confines a merchant to its own (another's is 404). */
  async revokeClientSecret(
    credentialId: string,
    scopeCompanyId: string | null = null,
    audit: AuditContext | null = null,
  ): Promise<ClientCredential> {
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(ClientCredential);
      const credential = await repo.findOne({ where: { id: credentialId }, lock: { mode: "for_no_key_update" } });
      if (!credential || (scopeCompanyId !== null && credential.companyId !== scopeCompanyId)) {
        throw notFound("Credential");
      }
      if (credential.revokedAt) throw new AppError("INVALID_STATE", "Credential is already revoked");
      const before = credentialFields(credential);
      credential.revokedAt = new Date();
      const saved = await repo.save(credential);
      await appendAudit(em, audit, {
        action: "credential.revoke",
        objectType: "client_credential",
        objectId: credential.id,
        companyId: credential.companyId,
        before,
        after: credentialFields(saved),
      });
      return saved;
    });
  }

  /** Names (or unnames, with null) a credential; `scopeCompanyId` confines a merchant to its own. */
  async labelClientCredential(
    credentialId: string,
    label: string | null,
    scopeCompanyId: string | null = null,
    audit: AuditContext | null = null,
  ): Promise<ClientCredential> {
    const name = checkLabel(label);
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(ClientCredential);
      const credential = await repo.findOne({ where: { id: credentialId }, lock: { mode: "for_no_key_update" } });
      if (!credential || (scopeCompanyId !== null && credential.companyId !== scopeCompanyId)) {
        throw notFound("Credential");
      }
      const before = { label: credential.label };
      credential.label = name;
      const saved = await repo.save(credential);
      await appendAudit(em, audit, {
        action: "credential.label",
        objectType: "client_credential",
        objectId: credential.id,
        companyId: credential.companyId,
        before,
        after: { label: saved.label },
      });
      return saved;
    });
  }

  listClientCredentials(companyId: string): Promise<ClientCredential[]> {
    return this.db.getRepository(ClientCredential).find({ where: { companyId }, order: { createdAt: "DESC" } });
  }
}

/** A label of 1 to 60 characters after trimming; blank or null removes it. */
function checkLabel(label: string | null | undefined): string | null {
  const trimmed = (label ?? "").trim();
  if (trimmed.length === 0) return null;
  if ([...trimmed].length > 60 || /\p{Cc}/u.test(trimmed)) {
    throw validationError("label must have at most 60 characters and no control characters");
  }
  return trimmed;
}

export async function insertClientCredential(
  repo: import("typeorm").Repository<ClientCredential>,
  companyId: string,
  expiresAt: Date | null,
  label: string | null = null,
): Promise<{ credential: ClientCredential; clientSecret: string }> {
  const clientSecret = newSecret(CLIENT_SECRET_PREFIX);
  const credential = repo.create({
    id: newCredentialId(),
    companyId,
    secretHash: hashSecret(clientSecret),
    secretHint: `${clientSecret.slice(0, 8)}…`,
    expiresAt,
    revokedAt: null,
    label,
    lastUsedAt: null,
    createdAt: new Date(),
  });
  await repo.insert(credential);
  return { credential, clientSecret };
}
