import type { Client } from "pg";
import { type DatabaseLocation, targetFor } from "../core/database-target";

/**
 * The webhook_events table is the delivery queue: a PENDING event whose next_attempt_at
 * has come and whose lease (leased_until) is not running is due, and worker processes
 * claim due events with FOR UPDATE SKIP LOCKED (webhook-dispatcher.ts). A statement that
 * makes an event due now also notifies this channel, so that idle workers claim it at
 * once rather than at their next poll; the notification is sent when its transaction
 * commits, and lost ones only cost a poll interval.
 */
export const WEBHOOK_DUE_CHANNEL = "webhook_events_due";

/** The SQL expression that wakes the workers listening (one notification per transaction). */
export const NOTIFY_WEBHOOK_DUE_SQL = `pg_notify('${WEBHOOK_DUE_CHANNEL}', '')`;

export interface QueueConnectionOptions {
  /** The service's STATEMENT_TIMEOUT_MS, as its pool has it (0: none). */
  statementTimeoutMs: number;
}

/**
 * A worker's own connection for its claims (one at a time, one named statement) and its
 * LISTEN. The claim reaches every row it touches by an index, and is planned once per
 * connection (a generic plan), not at each call. Planned each time, it followed the
 * statistics of the moment, and those of a table that grew since the last ANALYZE (a
 * backlog, a new database) made it read and sort every due event (a bitmap scan: 11 ms
 * against 0.5 ms for a claim of 100 with 20,000 due) and scan every attempt row to close
 * unfinished ones (6 ms with 900 attempts, growing with the table), besides 0.4 to 1.3 ms
 * of planning per claim. Bitmap and sequential scans are therefore off on it, and its plan
 * generic (redone by PostgreSQL when an ANALYZE changes the statistics).
 */
export async function openQueueConnection(
  location: DatabaseLocation,
  options: QueueConnectionOptions,
): Promise<Client> {
  const target = targetFor(location);
  const client = new target.Client({
    connectionString: target.url,
    options: "-c enable_bitmapscan=off -c enable_seqscan=off -c plan_cache_mode=force_generic_plan",
    ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${WEBHOOK_DUE_CHANNEL}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
