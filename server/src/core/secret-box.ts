import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";

/**
 * Encryption at rest of secrets the service must be able to use again (webhook signing
 * keys): AES-256-GCM with a key from SECRETS_KEY.
 *
 * A sealed value is `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts). The key id is
 * derived from the key itself, so SECRETS_KEY can hold the current key followed by older
 * ones (a comma list) and each value is opened with the key it was sealed with. The
 * version, the key id and the caller's context (e.g. the table, column and row id) are
 * authenticated with it: a value copied to another row, or edited, does not open.
 */
export const SEALED_PREFIX = "v1:";
const KEY_BYTES = 32;
const IV_BYTES = 12;

export class SecretBoxError extends Error {}

/** One key of SECRETS_KEY: 32 bytes written as base64, base64url or hex. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, "hex");
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) key = Buffer.from(value.replace(/=$/, ""), "base64url");
  if (!key || key.length !== KEY_BYTES) {
    throw new SecretBoxError("each key must be 32 bytes, as base64 (44 characters) or hex (64 characters)");
  }
  return key;
}

/** SECRETS_KEY: the current key first, then keys still needed to open older values. */
export function parseSecretsKeys(text: string): Buffer[] {
  const keys = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map(parseSecretsKey);
  if (keys.length === 0) throw new SecretBoxError("no key given");
  return keys;
}

/** A short public name of a key: a keyed hash of a constant, which says nothing of the key. */
export function secretsKeyId(key: Buffer): string {
  return createHmac("sha256", key).update("pix secret-box key id").digest().subarray(0, 6).toString("base64url");
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** The key id a sealed value names; null for anything else. */
export function sealedKeyId(stored: string): string | null {
  return isSealed(stored) ? (stored.split(":")[1] ?? null) : null;
}

export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  /** The key id new values are sealed with. */
  readonly currentKeyId: string;

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new SecretBoxError("a secret box needs a key");
    this.keys = new Map(keys.map((key) => [secretsKeyId(key), key]));
    this.currentKeyId = secretsKeyId(keys[0]);
  }

  /** Every key id this box can open, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.keys.get(this.currentKeyId) as Buffer, iv);
    cipher.setAAD(Buffer.from(`${SEALED_PREFIX}${this.currentKeyId}:${context}`, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
    return `${SEALED_PREFIX}${this.currentKeyId}:${parts.join(":")}`;
  }

  open(stored: string, context: string): string {
    const parts = stored.split(":");
    if (parts.length !== 5 || `${parts[0]}:` !== SEALED_PREFIX) throw new SecretBoxError("not a sealed value");
    const [, keyId, iv, tag, ciphertext] = parts;
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`sealed with key ${keyId}, which SECRETS_KEY does not hold`);
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(`${SEALED_PREFIX}${keyId}:${context}`, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretBoxError(`a value sealed with key ${keyId} does not open: altered or moved from another row`);
    }
  }

  /** True when the value is sealed with the current key (nothing to re-encrypt). */
  isCurrent(stored: string): boolean {
    return sealedKeyId(stored) === this.currentKeyId;
  }
}

/**
 * The box of a database's secrets, attached when the process opens it (runtime.ts), so
 * code that reads a sealed column needs only the EntityManager or DataSource it already
 * has. A database opened without one fails loudly rather than sign with a sealed value.
 */
const boxes = new WeakMap<DataSource, SecretBox>();

export function attachSecretBox(db: DataSource, box: SecretBox): void {
  boxes.set(db, box);
}

export function secretBoxOf(runner: DataSource | EntityManager): SecretBox {
  const db = "dataSource" in runner ? runner.dataSource : runner;
  const box = boxes.get(db);
  if (!box) throw new SecretBoxError("no secret box is attached to this database (see core/secret-box.ts)");
  return box;
}
