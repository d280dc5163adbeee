import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The request id (X-Request-Id, given or generated) of the request that caused each
 * webhook event, and of the request that asked for a redelivery, kept until its attempt
 * is claimed; each attempt records the id it was sent with (its X-Request-Id header), so
 * one id follows a call from the merchant's request to the receiver's logs.
 */
export class WebhookRequestIds1763800900000 implements MigrationInterface {
  name = "WebhookRequestIds1763800900000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_events ADD COLUMN request_id text, ADD COLUMN redelivery_request_id text;
      ALTER TABLE webhook_attempts ADD COLUMN request_id text;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_attempts DROP COLUMN request_id;
      ALTER TABLE webhook_events DROP COLUMN request_id, DROP COLUMN redelivery_request_id;
    `);
  }
}
