import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each delivery updates its event twice (the claim, then the outcome) and its attempt
 * once. An update that changes no indexed column and finds room on the row's page is a
 * HOT update: PostgreSQL writes no index entry for it. The claim only changed one indexed
 * column, `next_attempt_at` of the partial index of PENDING events, which nothing needs:
 * the only reader of PENDING events by time (the orphaned-delivery sweep) finds them
 * through `webhook_events_status_sequence`. Without it, and with half of each new page
 * left free for the new versions (a fifth was not enough: a third of the updates found
 * room), the claim of an event writes into none of its nine indexes and the outcome of an
 * attempt into neither of its two (docs/benchmarks.md, webhook delivery). The price is
 * pages half full for the rows written from now on.
 */
export class WebhookHotUpdates1763801000000 implements MigrationInterface {
  name = "WebhookHotUpdates1763801000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX webhook_events_pending;
      ALTER TABLE webhook_events SET (fillfactor = 50);
      ALTER TABLE webhook_attempts SET (fillfactor = 50);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_attempts RESET (fillfactor);
      ALTER TABLE webhook_events RESET (fillfactor);
      CREATE INDEX webhook_events_pending ON webhook_events(next_attempt_at) WHERE delivery_status = 'PENDING';
    `);
  }
}
