import { createHash } from "node:crypto";
import type { EntityManager } from "typeorm";
import { validationError } from "./errors";
import { UUID_PATTERN } from "./ids";

/** Idempotency keys are UUIDs, compared in lower case. */
export function checkIdempotencyKey(key: string | null | undefined, required: boolean): string | null {
  if (key === null || key === undefined || key === "") {
    if (required) throw validationError("Idempotency-Key header is required (a UUID)");
    return null;
  }
  if (!UUID_PATTERN.test(key)) throw validationError("Idempotency-Key must be a UUID");
  return key.toLowerCase();
}

/** A stable digest of what a request asked for, to tell a replay from a different request. */
export function requestFingerprint(parts: ReadonlyArray<string | number | bigint | null>): string {
  return createHash("sha256")
    .update(JSON.stringify(parts.map((part) => (typeof part === "bigint" ? part.toString() : part))))
    .digest("hex");
}

/**
 * Serializes requests that carry the same key on one account until the transaction ends,
 * so two simultaneous requests cannot both miss the other's row.
 */
export async function lockIdempotencyKey(
  em: EntityManager,
  scope: string,
  companyId: string,
  key: string,
): Promise<void> {
  await em.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`${scope}:${companyId}:${key}`]);
}
