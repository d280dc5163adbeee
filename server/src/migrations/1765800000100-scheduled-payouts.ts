import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Scheduled payouts (CONTRACT §15).
 *
 * - `scheduled_for`: the day the merchant asked for; null for a payout sent once approved.
 * - `sends_on`: the day it goes to the bank, `scheduled_for` or the next business day.
 * - `released_at`: when the day's job handed it to the bank (claimed once under the row
 *   lock); until then an approved scheduled withdrawal can still be cancelled.
 */
export class ScheduledPayouts1765800000100 implements MigrationInterface {
  name = "ScheduledPayouts1765800000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE withdrawals
        ADD COLUMN scheduled_for date,
        ADD COLUMN sends_on date,
        ADD COLUMN released_at timestamptz;
      ALTER TABLE withdrawals
        ADD CONSTRAINT withdrawals_schedule_shape
          CHECK ((scheduled_for IS NULL AND sends_on IS NULL AND released_at IS NULL)
              OR (scheduled_for IS NOT NULL AND sends_on >= scheduled_for)) NOT VALID;
      ALTER TABLE withdrawals VALIDATE CONSTRAINT withdrawals_schedule_shape;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE withdrawals
        DROP COLUMN scheduled_for,
        DROP COLUMN sends_on,
        DROP COLUMN released_at;
    `);
  }
}
