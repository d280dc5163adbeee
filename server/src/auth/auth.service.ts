import type { DataSource } from "typeorm";
import { type AuditContext, appendAudit } from "../audit/audit";
import { AppError, notFound, validationError } from "../core/errors";
import { newCredentialId } from "../core/ids";
import { hashSecret, newSecret, safeEqual } from "../core/secrets";
import { runTransaction } from "../core/transactions";
import { ClientCredential } from "./client-credential.entity";
import { clientSecretPrincipal, operatorTokenPrincipal, type Principal } from "./principal";
import { lookupSession, type SessionSettings } from "./sessions";

export const CLIENT_SECRET_PREFIX = "sk_";

/**
 * How long a credential found valid is trusted without asking the database again: every
 * API request presents one, and the lookup was a third of a balance read's work. A
 * revocation made through this process drops the entry at once; one made by another API
 * process (or in SQL) takes effect here within this bound. A credential's own expiry is
 * kept exactly: an entry never outlives `expires_at`.
 */
export const CREDENTIAL_CACHE_MS = 5_000;
/** Entries kept at most (the oldest go first): memory stays bounded whatever the callers. */
const CREDENTIAL_CACHE_ENTRIES = 10_000;

interface KnownCredential {
  companyId: string;
  credentialId: string;
  /** Date.now() after which the database is asked again. */
  until: number;
}

function credentialFields(credential: ClientCredential) {
  return {
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
  /** Valid credentials by secret hash, see CREDENTIAL_CACHE_MS. */
  private readonly known = new Map<string, KnownCredential>();

  constructor(
    private readonly db: DataSource,
    private readonly adminTokenHash: string,
    private readonly sessions: SessionSettings = { idleMinutes: 30, maxHours: 12 },
    private readonly credentialCacheMs = CREDENTIAL_CACHE_MS,
  ) {}

  /** The principal of the console session cookie's value, or null when it is not a live session. */
  authenticateSession(token: string | null | undefined): Promise<Principal | null> {
    if (!token) return Promise.resolve(null);
    return lookupSession(this.db, token, this.sessions);
  }

  async authenticateBearer(authorization: string | undefined): Promise<Principal | null> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) return null;
    const token = match[1];
    const tokenHash = hashSecret(token);
    if (safeEqual(tokenHash, this.adminTokenHash)) return operatorTokenPrincipal();
    if (!token.startsWith(CLIENT_SECRET_PREFIX)) return null;
    const now = Date.now();
    const known = this.known.get(tokenHash);
    if (known && known.until > now) return clientSecretPrincipal(known.companyId, known.credentialId);
    // The hash is the lookup key: a 256-bit secret cannot be guessed through timing of an index.
    const rows: Array<{ id: string; company_id: string; expires_at: Date | null }> = await this.db.query(
      `SELECT id, company_id, expires_at FROM client_credentials
        WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [tokenHash],
    );
    this.known.delete(tokenHash);
    if (rows.length === 0) return null;
    const [row] = rows;
    const until = Math.min(now + this.credentialCacheMs, row.expires_at?.getTime() ?? Number.POSITIVE_INFINITY);
    if (this.known.size >= CREDENTIAL_CACHE_ENTRIES) this.known.delete(this.known.keys().next().value as string);
    this.known.set(tokenHash, { companyId: row.company_id, credentialId: row.id, until });
    return clientSecretPrincipal(row.company_id, row.id);
  }

  /** Forgets a credential this process trusted (after its revocation committed). */
  private forgetCredential(credentialId: string): void {
    for (const [hash, known] of this.known) {
      if (known.credentialId === credentialId) this.known.delete(hash);
    }
  }

  async issueClientSecret(
    companyId: string,
    expiresAt: Date | null,
    audit: AuditContext | null = null,
  ): Promise<{ credential: ClientCredential; clientSecret: string }> {
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw validationError("expiresAt must be in the future");
    return runTransaction(this.db, async (em) => {
      const company = await em.query("SELECT id FROM companies WHERE id = $1", [companyId]);
      if (company.length === 0) throw notFound("Company");
      const issued = await insertClientCredential(em.getRepository(ClientCredential), companyId, expiresAt);
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
    const revoked = await runTransaction(this.db, async (em) => {
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
    // After the commit: a lookup racing the revocation cannot put the entry back.
    this.forgetCredential(credentialId);
    return revoked;
  }

  listClientCredentials(companyId: string): Promise<ClientCredential[]> {
    return this.db.getRepository(ClientCredential).find({ where: { companyId }, order: { createdAt: "DESC" } });
  }
}

export async function insertClientCredential(
  repo: import("typeorm").Repository<ClientCredential>,
  companyId: string,
  expiresAt: Date | null,
): Promise<{ credential: ClientCredential; clientSecret: string }> {
  const clientSecret = newSecret(CLIENT_SECRET_PREFIX);
  const credential = repo.create({
    id: newCredentialId(),
    companyId,
    secretHash: hashSecret(clientSecret),
    secretHint: `${clientSecret.slice(0, 8)}…`,
    expiresAt,
    revokedAt: null,
    createdAt: new Date(),
  });
  await repo.insert(credential);
  return { credential, clientSecret };
}
