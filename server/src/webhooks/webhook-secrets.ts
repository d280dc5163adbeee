import { createHmac, randomBytes } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import type { Logger } from "../core/logger";
import { isSealed, type SecretBox, sealedKeyId, secretBoxOf } from "../core/secret-box";
import { queryRows } from "../core/sql";

/**
 * The one way in and out of `companies.webhook_secret`, which holds each account's
 * signing secret sealed by core/secret-box.ts (AES-256-GCM under SECRETS_KEY). Signing
 * needs the secret exactly as shown to the merchant, so it is encrypted, not hashed.
 * Any code reading the column must open it here: a sealed value used as an HMAC key
 * would sign every event wrongly.
 */
type Db = DataSource | EntityManager;

/** Binds a sealed value to its row: it does not open if copied to another account. */
const contextOf = (companyId: string) => `companies.webhook_secret:${companyId}`;

export function sealWebhookSecret(db: Db, companyId: string, secret: string): string {
  return secretBoxOf(db).seal(secret, contextOf(companyId));
}

/**
 * The secret as the merchant was shown it. A row written before encryption (a plain
 * `whsec_...`) is read as it is: the start-up pass below seals it, and until then an
 * older process may still be writing such rows.
 */
export function openWebhookSecret(db: Db, companyId: string, stored: string): string {
  return isSealed(stored) ? secretBoxOf(db).open(stored, contextOf(companyId)) : stored;
}

const endpointContextOf = (endpointId: string) => `webhook_endpoints.webhook_secret:${endpointId}`;

/** An endpoint's own secret (not the account's), sealed bound to the endpoint's id. */
export function sealEndpointSecret(db: Db, endpointId: string, secret: string): string {
  return secretBoxOf(db).seal(secret, endpointContextOf(endpointId));
}

export function openEndpointSecret(db: Db, endpointId: string, stored: string): string {
  return isSealed(stored) ? secretBoxOf(db).open(stored, endpointContextOf(endpointId)) : stored;
}

/** The first characters, to tell which secret is in use (webhookSettings). */
export function webhookSecretHint(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * A new signing secret: `whsec_` and 32 random bytes in standard base64, the form the
 * Standard Webhooks libraries take (they refuse base64url, which older secrets used).
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The key of the Standard Webhooks signature: the bytes after `whsec_`, base64 or base64url. */
export function standardWebhooksKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  // Node's base64 decoder reads both alphabets, with or without padding.
  return Buffer.from(encoded, "base64");
}

/**
 * An older base64url secret in standard base64 (the same bytes), to give to a Standard
 * Webhooks library; null when the secret already is in standard base64.
 */
export function standardBase64Secret(secret: string): string | null {
  const standard = `${WEBHOOK_SECRET_PREFIX}${standardWebhooksKey(secret).toString("base64")}`;
  return standard === secret ? null : standard;
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (standardwebhooks.com). */
export function standardWebhooksSignature(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** service_settings row naming the key this database's secrets are sealed with. */
const DATABASE_KEY_SETTING = "secrets_key_id";
const RESEAL_BATCH = 500;

/**
 * Runs at every start, before the process serves or works:
 * 1. The database remembers the key id its secrets are sealed with. A process whose
 *    SECRETS_KEY does not hold it refuses to start (two processes with different keys
 *    would each seal rows the other cannot open); one whose current key is new but which
 *    still holds the remembered key as an older one is rotating: it records its key.
 * 2. Every row not sealed with the current key (plain rows from before encryption, rows
 *    under an older key) is sealed again with it. Each row is only replaced if it did not
 *    change meanwhile, so several processes may run this at once.
 * Answers how many rows were sealed again.
 */
export async function sealWebhookSecretsAtStart(db: DataSource, box: SecretBox, logger: Logger): Promise<number> {
  await db.query("INSERT INTO service_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
    DATABASE_KEY_SETTING,
    box.currentKeyId,
  ]);
  const [{ value: databaseKeyId }] = await queryRows<{ value: string }>(
    db,
    "SELECT value FROM service_settings WHERE key = $1",
    [DATABASE_KEY_SETTING],
  );
  if (databaseKeyId !== box.currentKeyId) {
    if (!box.keyIds.includes(databaseKeyId)) {
      throw new Error(
        `the webhook secrets in this database are encrypted with key ${databaseKeyId}, which SECRETS_KEY does not ` +
          `hold (it holds ${box.keyIds.join(", ")}). Every process sharing a database needs the same SECRETS_KEY; ` +
          "to change keys, put the new key first and the old one after it, comma-separated.",
      );
    }
    await db.query("UPDATE service_settings SET value = $2 WHERE key = $1", [DATABASE_KEY_SETTING, box.currentKeyId]);
    logger.info("secrets key rotated: sealing the webhook secrets again with the new key", {
      from: databaseKeyId,
      to: box.currentKeyId,
    });
  }
  // The accounts' secrets, then the endpoints' own (an account endpoint's is the company's: NULL here).
  const resealed =
    (await resealTable(db, box, logger, "companies", contextOf)) +
    (await resealTable(db, box, logger, "webhook_endpoints", endpointContextOf));
  if (resealed > 0) logger.info("webhook secrets sealed with the current key", { rows: resealed });
  return resealed;
}

/** Seals again, with the current key, every secret of the table not sealed with it. */
async function resealTable(
  db: DataSource,
  box: SecretBox,
  logger: Logger,
  table: "companies" | "webhook_endpoints",
  context: (id: string) => string,
): Promise<number> {
  const currentPrefix = `v1:${box.currentKeyId}:`;
  let resealed = 0;
  let after = "";
  for (;;) {
    const rows = await queryRows<{ id: string; webhook_secret: string }>(
      db,
      `SELECT id, webhook_secret FROM ${table}
        WHERE id > $1 AND NOT starts_with(webhook_secret, $2) ORDER BY id LIMIT $3`,
      [after, currentPrefix, RESEAL_BATCH],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const unknown = rows.find(
      (row) => isSealed(row.webhook_secret) && !box.keyIds.includes(sealedKeyId(row.webhook_secret) ?? ""),
    );
    if (unknown) {
      throw new Error(
        `the webhook secret of ${unknown.id} is encrypted with key ${sealedKeyId(unknown.webhook_secret)}, which ` +
          "SECRETS_KEY does not hold: add that key after the current one",
      );
    }
    const updates: Array<{ id: string; old: string; sealed: string }> = [];
    for (const row of rows) {
      try {
        const secret = isSealed(row.webhook_secret)
          ? box.open(row.webhook_secret, context(row.id))
          : row.webhook_secret;
        updates.push({ id: row.id, old: row.webhook_secret, sealed: box.seal(secret, context(row.id)) });
      } catch (error) {
        // Altered, or copied from another row: it signs nothing until the secret is rotated.
        logger.error("a webhook secret does not open; rotate it", {
          [table === "companies" ? "companyId" : "endpointId"]: row.id,
          error: (error as Error).message,
        });
      }
    }
    await db.query(
      `UPDATE ${table} c SET webhook_secret = u.sealed
         FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, old, sealed)
        WHERE c.id = u.id AND c.webhook_secret = u.old`,
      [updates.map((u) => u.id), updates.map((u) => u.old), updates.map((u) => u.sealed)],
    );
    resealed += updates.length;
  }
  return resealed;
}
