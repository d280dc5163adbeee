import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes, URL-safe: the entropy of every credential this service issues. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** Client secrets carry 256 bits of entropy, so a fast hash is enough to store them. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function hmacSha256Hex(key: string, payload: string | Buffer): string {
  return createHmac("sha256", key).update(payload).digest("hex");
}

/** Constant-time comparison of two strings of any length (hashing first equalizes lengths). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a, "utf8").digest();
  const right = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
