import type { DataSource } from "typeorm";
import { AppError, notFound, validationError } from "../core/errors";
import { newCredentialId } from "../core/ids";
import { hashSecret, newSecret, safeEqual } from "../core/secrets";
import { ClientCredential } from "./client-credential.entity";
import type { Principal } from "./principal";

export const CLIENT_SECRET_PREFIX = "sk_";

/** Resolves bearer tokens to principals and issues or revokes merchant credentials. */
export class AuthService {
  constructor(
    private readonly db: DataSource,
    private readonly adminTokenHash: string,
  ) {}

  async authenticateBearer(authorization: string | undefined): Promise<Principal | null> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) return null;
    const token = match[1];
    const tokenHash = hashSecret(token);
    if (safeEqual(tokenHash, this.adminTokenHash)) return { kind: "operator" };
    if (!token.startsWith(CLIENT_SECRET_PREFIX)) return null;
    // The hash is the lookup key: a 256-bit secret cannot be guessed through timing of an index.
    const rows: Array<{ id: string; company_id: string }> = await this.db.query(
      `SELECT id, company_id FROM client_credentials
        WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [tokenHash],
    );
    if (rows.length === 0) return null;
    return { kind: "merchant", companyId: rows[0].company_id, credentialId: rows[0].id };
  }

  async issueClientSecret(
    companyId: string,
    expiresAt: Date | null,
  ): Promise<{ credential: ClientCredential; clientSecret: string }> {
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw validationError("expiresAt must be in the future");
    return this.db.transaction(async (em) => {
      const company = await em.query("SELECT id FROM companies WHERE id = $1", [companyId]);
      if (company.length === 0) throw notFound("Company");
      return insertClientCredential(em.getRepository(ClientCredential), companyId, expiresAt);
    });
  }

  async revokeClientSecret(credentialId: string): Promise<ClientCredential> {
    const repo = this.db.getRepository(ClientCredential);
    const credential = await repo.findOneBy({ id: credentialId });
    if (!credential) throw notFound("Credential");
    if (credential.revokedAt) throw new AppError("INVALID_STATE", "Credential is already revoked");
    credential.revokedAt = new Date();
    return repo.save(credential);
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
