import { createHash } from "node:crypto";
import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from "typeorm";
import { type AppError, validationError } from "./errors";
import { UUID_PATTERN } from "./ids";
import { queryRows } from "./sql";

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
 * One mechanism for every create that takes an Idempotency-Key (charges, withdrawals):
 * the row is inserted with ON CONFLICT DO NOTHING, the account's unique
 * (company_id, idempotency_key) among its arbiters. PostgreSQL decides which of two
 * simultaneous requests creates: the other's insert waits for the first transaction to end,
 * finds the key taken, and that request is answered from the row that won (the same
 * request: a replay) or with 409 (a different one). A request refused before its insert
 * (400, insufficient balance) leaves the key unused. No lock is taken besides the insert's
 * own. The other unique columns (the id) are arbiters too: an insert that finds its key
 * unused and still inserted nothing met a taken id, and the caller tries another id.
 */
export interface IdempotentRow extends ObjectLiteral {
  companyId: string;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
}

/** Inserts `row`; false when its Idempotency-Key is already used on the account, or its id is taken. */
export async function insertUnlessTaken<T extends IdempotentRow>(
  em: EntityManager,
  entity: EntityTarget<T>,
  row: T,
): Promise<boolean> {
  const metadata = em.connection.getMetadata(entity);
  const columns = metadata.columns;
  const inserted = await queryRows<{ inserted: number }>(
    em,
    `INSERT INTO ${em.connection.driver.escape(metadata.tableName)}
            (${columns.map((column) => em.connection.driver.escape(column.databaseName)).join(", ")})
     VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")})
     ON CONFLICT DO NOTHING
     RETURNING 1 AS inserted`,
    columns.map((column) => column.getEntityValue(row, true) ?? null),
  );
  return inserted.length > 0;
}

/**
 * The row first created with this key on the account, when the request is the same one
 * (same fingerprint); IDEMPOTENCY_KEY_REUSED (`reused`) when it is a different request;
 * null when the key is unused.
 */
export async function findOriginalRequest<T extends IdempotentRow>(
  em: EntityManager,
  entity: EntityTarget<T>,
  companyId: string,
  idempotencyKey: string,
  fingerprint: string,
  reused: () => AppError,
): Promise<T | null> {
  const original = await em.getRepository(entity).findOneBy({ companyId, idempotencyKey } as FindOptionsWhere<T>);
  if (!original) return null;
  if (original.requestFingerprint !== fingerprint) throw reused();
  return original;
}
