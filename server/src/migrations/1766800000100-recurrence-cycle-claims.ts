import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pix Automático: each cycle charged once, and a schedule's sweep that reads only what is due.
 *
 * - `charges_recurring_due_once`: a recurrence has at most one charge (not CANCELLED) due on a
 *   day, whoever made it (the merchant twice, or the merchant and the service's schedule).
 * - `recurrences.next_auto_cycle_on`: an `auto_charge` recurrence's next cycle the schedule has
 *   not taken yet (null without `auto_charge`, or once no cycle is left); the sweep reads the
 *   APPROVED ones due within its window by `recurrences_auto_charge_due`, instead of every
 *   APPROVED auto_charge recurrence each run. Until a sweep first reads it, its start date.
 */
export class RecurrenceCycleClaims1766800000100 implements MigrationInterface {
  name = "RecurrenceCycleClaims1766800000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNIQUE INDEX charges_recurring_due_once ON charges(recurrence_id, due_date)
        WHERE type = 'RECURRING' AND status <> 'CANCELLED';
      ALTER TABLE recurrences ADD COLUMN next_auto_cycle_on date
        CHECK (next_auto_cycle_on IS NULL OR auto_charge);
      UPDATE recurrences SET next_auto_cycle_on = start_date WHERE auto_charge AND status IN ('CREATED', 'APPROVED');
      DROP INDEX recurrences_auto_charged;
      CREATE INDEX recurrences_auto_charge_due ON recurrences(next_auto_cycle_on, id)
        WHERE status = 'APPROVED' AND auto_charge AND next_auto_cycle_on IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX recurrences_auto_charge_due;
      CREATE INDEX recurrences_auto_charged ON recurrences(id) WHERE status = 'APPROVED' AND auto_charge;
      ALTER TABLE recurrences DROP COLUMN next_auto_cycle_on;
      DROP INDEX charges_recurring_due_once;
    `);
  }
}
