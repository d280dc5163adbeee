import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Webhook events are their own delivery queue (webhooks/webhook-queue.ts): workers claim
 * due PENDING events with FOR UPDATE SKIP LOCKED instead of running a graphile-worker job
 * per delivery (a row inserted with the event, locked, then deleted).
 *
 * - `webhook_events_due` finds the due events by time. The claim leaves `next_attempt_at`
 *   as it is and leases the event with `leased_until`, a column of no index, so claims
 *   stay HOT updates (1763801000000-webhook-hot-updates); the claim skips the leased rows.
 * - Events claimed by the old workers had `next_attempt_at` cleared: they are due now.
 * - The old delivery jobs no longer have a handler: they are removed (the table is the queue).
 */
export class WebhookEventQueue1763801200000 implements MigrationInterface {
  name = "WebhookEventQueue1763801200000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_events ADD COLUMN leased_until timestamptz;
      UPDATE webhook_events SET next_attempt_at = now() WHERE delivery_status = 'PENDING' AND next_attempt_at IS NULL;
      CREATE INDEX webhook_events_due ON webhook_events(next_attempt_at) WHERE delivery_status = 'PENDING';
      DO $$
      BEGIN
        IF to_regclass('graphile_worker._private_jobs') IS NOT NULL THEN
          DELETE FROM graphile_worker._private_jobs j USING graphile_worker._private_tasks t
           WHERE t.id = j.task_id AND t.identifier = 'webhook_deliver';
        END IF;
      END $$;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX webhook_events_due;
      ALTER TABLE webhook_events DROP COLUMN leased_until;
    `);
  }
}
