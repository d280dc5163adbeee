import { Client } from "pg";

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
 * A worker's own connection for its claims (one at a time) and its LISTEN. Bitmap scans
 * are off on it: a claim must walk webhook_events_due in due order and stop at its LIMIT.
 * A planner whose statistics predate a backlog (few due rows expected) otherwise reads
 * and sorts every due event for each claim: 11 ms against 0.5 ms per claim of 100 with
 * 20,000 due.
 */
export async function openQueueConnection(databaseUrl: string, options: QueueConnectionOptions): Promise<Client> {
  const client = new Client({
    connectionString: databaseUrl,
    options: "-c enable_bitmapscan=off",
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
