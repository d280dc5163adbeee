import type { DataSource } from "typeorm";
import { queryRows } from "../../core/sql";

/**
 * Small facts about the bank connection that every process shares and the provider page
 * shows: the webhook's registration, the last notification, the reconciliation's position.
 * One row per key (jsonb), in PostgreSQL, never in memory: several processes serve one
 * service.
 */
export type ProviderStateKey =
  | "webhook_registration"
  | "recurrence_webhook_registration"
  | "last_notification"
  | "reconciled_until";

export async function writeProviderState(db: DataSource, key: ProviderStateKey, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO provider_state (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

export async function readProviderState<T>(db: DataSource, key: ProviderStateKey): Promise<T | null> {
  const rows = await queryRows<{ value: T }>(db, "SELECT value FROM provider_state WHERE key = $1", [key]);
  return rows[0]?.value ?? null;
}
