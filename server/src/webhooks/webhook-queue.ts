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
