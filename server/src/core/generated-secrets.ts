import type { DataSource } from "typeorm";
import { hashSecret, newSecret } from "./secrets";

/**
 * Secrets the operator may leave unset: generated once, at the first start against a
 * database, and kept there, so a restart (or a second process) never changes them.
 * The operator token is kept only as a hash: it is printed once, when generated.
 */
export interface GeneratedSecrets {
  adminTokenHash: string;
  /** The plain operator token, only when this process generated it. */
  newAdminToken: string | null;
  providerWebhookSecret: string;
  newProviderWebhookSecret: boolean;
}

async function keepFirst(db: DataSource, key: string, candidate: string): Promise<{ value: string; created: boolean }> {
  const inserted: unknown[] = await db.query(
    "INSERT INTO service_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key",
    [key, candidate],
  );
  if (inserted.length > 0) return { value: candidate, created: true };
  const rows: Array<{ value: string }> = await db.query("SELECT value FROM service_settings WHERE key = $1", [key]);
  return { value: rows[0].value, created: false };
}

export async function loadGeneratedSecrets(
  db: DataSource,
  config: { adminApiToken: string | undefined; providerWebhookSecret: string | undefined },
): Promise<GeneratedSecrets> {
  let adminTokenHash: string;
  let newAdminToken: string | null = null;
  if (config.adminApiToken) {
    adminTokenHash = hashSecret(config.adminApiToken);
  } else {
    const candidate = newSecret("adm_");
    const kept = await keepFirst(db, "admin_api_token_sha256", hashSecret(candidate));
    adminTokenHash = kept.value;
    if (kept.created) newAdminToken = candidate;
  }
  let providerWebhookSecret: string;
  let newProviderWebhookSecret = false;
  if (config.providerWebhookSecret) {
    providerWebhookSecret = config.providerWebhookSecret;
  } else {
    const kept = await keepFirst(db, "provider_webhook_secret", newSecret("pvs_"));
    providerWebhookSecret = kept.value;
    newProviderWebhookSecret = kept.created;
  }
  return { adminTokenHash, newAdminToken, providerWebhookSecret, newProviderWebhookSecret };
}
