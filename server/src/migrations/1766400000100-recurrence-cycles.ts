import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pix Automático, the service's own billing schedule and the first payment (CONTRACT §12):
 *
 * - `recurrence_cycles`: one row per cycle of an `auto_charge` recurrence that the service
 *   took in hand, claimed once by its primary key (several workers may sweep at once); it
 *   names the charge made for it, or why none was (`skipped_reason`: the recurrence was no
 *   longer APPROVED, or the cycle came too late for the central bank's 2 days).
 * - a recurrence's first payment (journey 3) is an IMMEDIATE charge with its `recurrence_id`:
 *   `charges_recurring_fields` is replaced so that a recurrence's charge is RECURRING (with its
 *   debit attempt) or IMMEDIATE (the first payment, without one), at most one of the latter.
 * - the indexes the day's failed debits, the schedule's sweep and the completion sweep read.
 */
export class RecurrenceCycles1766400000100 implements MigrationInterface {
  name = "RecurrenceCycles1766400000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charges
        DROP CONSTRAINT charges_recurring_fields,
        ADD CONSTRAINT charges_recurring_fields CHECK (
          (type <> 'RECURRING' OR (recurrence_id IS NOT NULL AND debit_attempt IS NOT NULL))
          AND (recurrence_id IS NULL OR type IN ('RECURRING', 'IMMEDIATE'))
          AND (debit_attempt IS NULL OR type = 'RECURRING')) NOT VALID;
      ALTER TABLE charges VALIDATE CONSTRAINT charges_recurring_fields;
      CREATE UNIQUE INDEX charges_first_payment_of_recurrence ON charges(recurrence_id)
        WHERE recurrence_id IS NOT NULL AND type = 'IMMEDIATE';

      CREATE TABLE recurrence_cycles (
        recurrence_id text NOT NULL REFERENCES recurrences(id),
        due_date date NOT NULL,
        charge_id text REFERENCES charges(id),
        skipped_reason text CHECK (char_length(skipped_reason) BETWEEN 1 AND 140),
        claimed_at timestamptz NOT NULL,
        settled_at timestamptz,
        PRIMARY KEY (recurrence_id, due_date),
        CONSTRAINT recurrence_cycles_outcome CHECK (
          (settled_at IS NULL AND charge_id IS NULL AND skipped_reason IS NULL)
          OR (settled_at IS NOT NULL AND (charge_id IS NULL) <> (skipped_reason IS NULL)))
      );

      CREATE INDEX recurring_debit_attempts_recorded ON recurring_debit_attempts(recorded_at DESC, charge_id DESC);
      CREATE INDEX recurrences_auto_charged ON recurrences(id) WHERE status = 'APPROVED' AND auto_charge;
      CREATE INDEX recurrences_approved_until ON recurrences(end_date) WHERE status = 'APPROVED' AND end_date IS NOT NULL;
    `);
  }

  /** Refused (the restored check fails) while first payment charges exist: their rows are money history. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX recurrences_approved_until;
      DROP INDEX recurrences_auto_charged;
      DROP INDEX recurring_debit_attempts_recorded;
      DROP TABLE recurrence_cycles;
      DROP INDEX charges_first_payment_of_recurrence;
      ALTER TABLE charges
        DROP CONSTRAINT charges_recurring_fields,
        ADD CONSTRAINT charges_recurring_fields CHECK (
          (type = 'RECURRING') = (recurrence_id IS NOT NULL)
          AND (type <> 'RECURRING' OR debit_attempt IS NOT NULL));
    `);
  }
}
