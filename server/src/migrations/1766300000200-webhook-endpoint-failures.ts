import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Failing endpoints (CONTRACT §15): an endpoint counts its failed attempts in a row and
 * since when every one failed; after WEBHOOK_DISABLE_AFTER_H of that it is DISABLED
 * (reason FAILING) and its events are kept as HELD deliveries, sent again, oldest first,
 * when it is enabled again.
 */
export class WebhookEndpointFailures1766300000200 implements MigrationInterface {
  name = "WebhookEndpointFailures1766300000200";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_endpoints
        ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
        ADD COLUMN failing_since timestamptz,
        ADD COLUMN disabled_reason text CHECK (disabled_reason IN ('FAILING', 'MERCHANT')),
        ADD COLUMN disabled_at timestamptz,
        ADD CHECK ((status = 'DISABLED') = (disabled_reason IS NOT NULL));
      UPDATE webhook_endpoints SET disabled_reason = 'MERCHANT' WHERE status = 'DISABLED';
      ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_delivery_status_check,
        ADD CONSTRAINT webhook_events_delivery_status_check
          CHECK (delivery_status IN ('PENDING', 'DELIVERED', 'FAILED', 'NO_URL', 'HELD'));
      CREATE INDEX webhook_events_held ON webhook_events(endpoint_id, sequence) WHERE delivery_status = 'HELD';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX webhook_events_held;
      UPDATE webhook_events SET delivery_status = 'FAILED' WHERE delivery_status = 'HELD';
      ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_delivery_status_check,
        ADD CONSTRAINT webhook_events_delivery_status_check
          CHECK (delivery_status IN ('PENDING', 'DELIVERED', 'FAILED', 'NO_URL'));
      ALTER TABLE webhook_endpoints DROP COLUMN consecutive_failures, DROP COLUMN failing_since,
        DROP COLUMN disabled_reason, DROP COLUMN disabled_at;
    `);
  }
}
