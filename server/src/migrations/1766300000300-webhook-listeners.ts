import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * `pix-webhooks listen` hears every event of its account, also one no endpoint takes (whose
 * body webhook_events never holds). An open listener's stream, on whichever API process, is a
 * webhook_listeners row, renewed while it is open and gone when it closes (or expired, after
 * a crash); while the account has one, the outbox writes the body of an event no endpoint
 * takes into webhook_listener_events, in the transaction of the change, for the streams to
 * read when its notice arrives. Those rows are pruned after minutes: nothing else reads them.
 */
export class WebhookListeners1766300000300 implements MigrationInterface {
  name = "WebhookListeners1766300000300";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_listeners (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX webhook_listeners_company ON webhook_listeners(company_id, expires_at);
      CREATE TABLE webhook_listener_events (
        id text PRIMARY KEY,
        company_id text NOT NULL,
        event text NOT NULL,
        body text NOT NULL,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhook_listener_events_created ON webhook_listener_events(created_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE webhook_listener_events; DROP TABLE webhook_listeners;");
  }
}
