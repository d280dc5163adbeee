import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * charge.expired and charge.cancelled (CONTRACT §9) are written in the transaction that
 * changes the charge's status, and a status changes once: at most one of each per charge,
 * whatever writes it (the expiry sweep, an expiry found by a payment or a cancel, a cancel).
 */
export class ChargeLifecycleEvents1763905100000 implements MigrationInterface {
  name = "ChargeLifecycleEvents1763905100000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNIQUE INDEX webhook_events_charge_expired_once ON webhook_events(subject_id) WHERE event = 'charge.expired';
      CREATE UNIQUE INDEX webhook_events_charge_cancelled_once ON webhook_events(subject_id) WHERE event = 'charge.cancelled';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP INDEX webhook_events_charge_cancelled_once; DROP INDEX webhook_events_charge_expired_once;");
  }
}
